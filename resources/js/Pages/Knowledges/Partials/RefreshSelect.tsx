import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import Select from '@/Components/Select';
import { refreshLabels } from './format';
import type { RefreshSchedule } from './types';

type RefreshSelectProps = {
  id: string;
  value: RefreshSchedule;
  options: RefreshSchedule[];
  onChange: (value: RefreshSchedule) => void;
  error?: string;
  disabled?: boolean;
  className?: string;
};

/** How often a web page or a sitemap is read again: never, every day, every week. */
export default function RefreshSelect({
  id,
  value,
  options,
  onChange,
  error,
  disabled,
  className,
}: RefreshSelectProps) {
  return (
    <div className={className}>
      <InputLabel htmlFor={id}>Read it again</InputLabel>
      <Select
        id={id}
        className="mt-1 block w-full"
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as RefreshSchedule)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint ${id}-error`}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {refreshLabels[option]}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500">
        Changed content is indexed again; unchanged passages keep their statistics.
      </p>
      <InputError id={`${id}-error`} className="mt-2" message={error} />
    </div>
  );
}

import TextInput from '@/Components/TextInput';

type SearchInputProps = {
  id: string;
  /** Said to screen readers ("Search bots"); the placeholder says what is searched. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  className?: string;
};

/** The search field above a list: a labelled search input, its label for screen readers only. */
export default function SearchInput({ id, label, placeholder, value, onChange, className }: SearchInputProps) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <TextInput
        id={id}
        type="search"
        className={className ?? 'block w-full'}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
      />
    </>
  );
}

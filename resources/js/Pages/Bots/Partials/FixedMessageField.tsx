import TextAreaField from '@/Components/TextAreaField';
import type { BotLanguage } from './types';

type Props = {
  /** The ids of the textareas: `${id}` and `${id}-english`. */
  id: string;
  label: string;
  /** What the message is for, under the first field. */
  hint: string;
  language: BotLanguage;
  value: string;
  english: string;
  onChange: (value: string) => void;
  onEnglishChange: (value: string) => void;
  error?: string;
  englishError?: string;
  disabled: boolean;
};

/**
 * A message the bot says as written (fallback, handoff, offline). A bot that replies in each
 * message's language has it in Indonesian and in English side by side: the engine says the one of
 * the reply's language, and both while a person's language cannot be told yet.
 */
export default function FixedMessageField({
  id,
  label,
  hint,
  language,
  value,
  english,
  onChange,
  onEnglishChange,
  error,
  englishError,
  disabled,
}: Props) {
  const own = { id, value, onChange, error, hint, disabled, maxLength: 2000 };
  if (language !== 'auto') return <TextAreaField {...own} label={label} className="col-span-6" rows={2} />;
  // A row of its own, the two languages side by side.
  return (
    <div className="col-span-6 grid grid-cols-6 gap-6">
      <TextAreaField {...own} label={`${label} (Indonesian)`} className="col-span-6 sm:col-span-3" rows={3} />
      <TextAreaField
        {...own}
        id={`${id}-english`}
        label={`${label} (English)`}
        className="col-span-6 sm:col-span-3"
        rows={3}
        value={english}
        onChange={onEnglishChange}
        error={englishError}
        hint="Said to a customer who writes in English. Empty: the Indonesian message in every language."
      />
    </div>
  );
}

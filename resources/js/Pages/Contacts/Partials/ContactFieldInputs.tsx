import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import Select from '@/Components/Select';
import TextField from '@/Components/TextField';
import { plural } from '@/lib/plural';
import {
  contactFieldLimits,
  exportedFieldValue,
  fieldValueText,
  type AttributeValue,
  type ContactFieldShape,
} from '../../../../../server/domain/contacts/field-values';

export type { ContactFieldShape } from '../../../../../server/domain/contacts/field-values';

/** A contact's values of the team's fields, as a form edits them: text by key ('' for none). */
export function attributeTexts(
  fields: readonly ContactFieldShape[],
  attributes: Record<string, AttributeValue> | undefined,
): Record<string, string> {
  return Object.fromEntries(fields.map((field) => [field.key, exportedFieldValue(field, attributes?.[field.key])]));
}

/** Only the values a person changed: one left as it was is not checked again (a list's retired choice). */
export function changedAttributes(
  before: Record<string, string>,
  after: Record<string, string>,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(after).filter(([key, value]) => value.trim() !== (before[key] ?? '').trim()),
  );
}

/** The contact's values of the team's fields, as the contact card lists them (those with a value). */
export function filledFields<Field extends ContactFieldShape>(
  fields: readonly Field[],
  attributes: Record<string, AttributeValue> | undefined,
): { field: Field; text: string }[] {
  return fields.flatMap((field) => {
    const text = fieldValueText(field, attributes?.[field.key], 'en');
    return text === null ? [] : [{ field, text }];
  });
}

/** An input for each of the team's fields, in a form's grid: the right kind for its type. */
export default function ContactFieldInputs({
  fields,
  values,
  errors,
  onChange,
  idPrefix,
}: {
  fields: readonly ContactFieldShape[];
  values: Record<string, string>;
  /** The form's errors, under `attributes.<key>`. */
  errors: Record<string, string | undefined>;
  onChange: (key: string, value: string) => void;
  idPrefix: string;
}) {
  return (
    <>
      {fields.map((field) => {
        const id = `${idPrefix}-${field.key}`;
        const value = values[field.key] ?? '';
        const error = errors[`attributes.${field.key}`];
        if (field.type === 'list' || field.type === 'yes_no') {
          const choices =
            field.type === 'list'
              ? field.options.map((option) => ({ value: option, label: option }))
              : [
                  { value: 'yes', label: 'Yes' },
                  { value: 'no', label: 'No' },
                ];
          // A value the list no longer offers stays until someone picks another.
          if (value !== '' && !choices.some((choice) => choice.value === value)) {
            choices.unshift({ value, label: `${value} (no longer offered)` });
          }
          return (
            <div key={field.key} className="col-span-6 sm:col-span-3">
              <InputLabel htmlFor={id} value={field.label} />
              <Select
                id={id}
                value={value}
                onChange={(event) => onChange(field.key, event.target.value)}
                className="mt-1 block w-full"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              >
                <option value="">—</option>
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </Select>
              <InputError id={`${id}-error`} className="mt-2" message={error} />
            </div>
          );
        }
        return (
          <TextField
            key={field.key}
            id={id}
            label={field.label}
            className={field.type === 'text' ? 'col-span-6' : 'col-span-6 sm:col-span-3'}
            value={value}
            onChange={(next) => onChange(field.key, next)}
            error={error}
            type={field.type === 'date' ? 'date' : 'text'}
            inputMode={field.type === 'number' ? 'decimal' : undefined}
            autoComplete="off"
            maxLength={field.type === 'text' ? contactFieldLimits.text : 40}
          />
        );
      })}
    </>
  );
}

/** A group of contacts a select offers (server/domain/contacts/fields.ts `segmentOptions`). */
export interface SegmentChoice {
  value: string;
  label: string;
  /** Takes what the person types after `value` (a number's bound, a text). */
  typed?: boolean;
  /** How many contacts are in it, when counted ahead. */
  contacts?: number | null;
}

export interface SegmentField<Choice extends SegmentChoice = SegmentChoice> {
  key: string;
  label: string;
  options: Choice[];
}

/**
 * A select's options for the groups of the team's fields (`key:value`), a group a field, each with
 * how many contacts are in it when counted ahead ("Member tier: Gold (3 contacts)", "Poin: at least…").
 */
export function SegmentOptions({ segments }: { segments: SegmentField[] }) {
  return segments.map((field) => (
    <optgroup key={field.key} label={field.label}>
      {field.options.map((option) => (
        <option key={option.value} value={option.value}>
          {field.label}: {option.label}
          {option.contacts === undefined || option.contacts === null ? '' : ` (${plural(option.contacts, 'contact')})`}
        </option>
      ))}
    </optgroup>
  ));
}

/**
 * A segment (`poin:>=1000`) as the option it was chosen from and what was typed after it
 * (`poin:>=` and `1000`); an option without typing is itself whole. Unknown: neither.
 */
export function segmentParts<Choice extends SegmentChoice>(
  segments: SegmentField<Choice>[],
  segment: string,
): { field: SegmentField<Choice>; option: Choice; typed: string } | null {
  let found: { field: SegmentField<Choice>; option: Choice; typed: string } | null = null;
  for (const field of segments) {
    for (const option of field.options) {
      if (!option.typed && option.value === segment) return { field, option, typed: '' };
      if (
        option.typed &&
        segment.startsWith(option.value) &&
        (!found || option.value.length > found.option.value.length)
      )
        found = { field, option, typed: segment.slice(option.value.length) };
    }
  }
  return found;
}

/** What a typed group's input takes: a number after a bound (`poin:>=`), else a text (`kota:`). */
export function typedValueInput(optionValue: string) {
  const number = /[<>]=$/.test(optionValue);
  return { number, inputMode: number ? ('decimal' as const) : undefined, placeholder: number ? '1000' : 'Bandung' };
}

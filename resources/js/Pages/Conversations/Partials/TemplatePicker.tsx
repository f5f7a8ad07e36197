import { useRef, type FormEvent, type ReactNode } from 'react';
import { useForm } from '@inertiajs/react';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import Select from '@/Components/Select';
import TextField from '@/Components/TextField';
import { formatBytes } from '../../Knowledges/Partials/format';
import type { Template } from './types';

/** A template's key in a picker: its name and language (a template is named once per language). */
export const templateKey = (template: { name: string; language: string }) => `${template.name}|${template.language}`;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** What a media header takes, as the file picker and its label say it. */
const headerFiles = {
  image: { accept: 'image/jpeg,image/png', label: 'Header picture (JPEG or PNG)' },
  document: { accept: 'application/pdf,.pdf', label: 'Header document (PDF)' },
  video: { accept: 'video/mp4,video/3gpp,.mp4,.3gp', label: 'Header video (MP4)' },
} as const;

/** A part's text with the values given so far; a placeholder still empty stays marked. */
function Filled({ text, part, values }: { text: string; part: 'header' | 'body'; values: Record<string, string> }) {
  const pieces: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(PLACEHOLDER)) {
    pieces.push(text.slice(last, match.index));
    const value = values[`${part}_${match[1]}`]?.trim();
    pieces.push(
      value ? (
        <span key={match.index} className="font-medium text-gray-900">
          {value}
        </span>
      ) : (
        <mark key={match.index} className="rounded bg-amber-100 px-0.5 text-amber-900">
          {match[0]}
        </mark>
      ),
    );
    last = match.index + match[0].length;
  }
  pieces.push(text.slice(last));
  return <>{pieces}</>;
}

/** The message as the customer will read it on WhatsApp: header, body, footer and buttons. */
export function Preview({
  template,
  values,
  file,
}: {
  template: Template;
  values: Record<string, string>;
  file: File | null;
}) {
  return (
    <figure className="rounded-lg bg-emerald-50 p-3 ring-1 ring-emerald-100">
      <figcaption className="mb-2 text-xs font-medium text-emerald-800">Preview</figcaption>
      <div className="max-w-md rounded-lg bg-white px-3 py-2 text-sm text-gray-700 shadow-xs">
        {template.header_media && (
          <p className="mb-2 rounded-md bg-gray-100 px-2 py-3 text-center text-xs text-gray-500">
            {file ? `📎 ${file.name}` : `The ${template.header_media} you choose`}
          </p>
        )}
        {template.header_text && (
          <p className="mb-1 font-semibold text-gray-900">
            <Filled text={template.header_text} part="header" values={values} />
          </p>
        )}
        <p className="whitespace-pre-wrap">
          <Filled text={template.body} part="body" values={values} />
        </p>
        {template.footer && <p className="mt-1 text-xs text-gray-500">{template.footer}</p>}
      </div>
      {template.buttons.length > 0 && (
        <ul className="mt-1 flex max-w-md flex-wrap gap-1" aria-label="Buttons">
          {template.buttons.map((button, index) => (
            <li
              key={index}
              className="flex-1 rounded-lg bg-white px-3 py-1.5 text-center text-sm font-medium text-sky-700 shadow-xs"
            >
              {button.text}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}

/** The file a template's media header shows: chosen with a button, named with its size once chosen. */
export function HeaderFileField({
  media,
  file,
  onChange,
  error,
  note,
}: {
  media: keyof typeof headerFiles;
  file: File | null;
  onChange: (file: File | null) => void;
  error?: string;
  /** A line under the button (what the file is used for). */
  note?: ReactNode;
}) {
  const picker = useRef<HTMLInputElement>(null);
  return (
    <div>
      <span className="block text-sm font-medium text-gray-700">{headerFiles[media].label}</span>
      <input
        ref={picker}
        type="file"
        accept={headerFiles[media].accept}
        className="sr-only"
        aria-label={headerFiles[media].label}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          event.target.value = '';
        }}
      />
      <div className="mt-1 flex items-center gap-2">
        <SecondaryButton type="button" onClick={() => picker.current?.click()}>
          {file ? 'Choose another file' : 'Choose a file'}
        </SecondaryButton>
        {file && (
          <span className="truncate text-xs text-gray-600">
            {file.name} · {formatBytes(file.size)}
          </span>
        )}
      </div>
      {note && <p className="mt-1 text-xs text-gray-500">{note}</p>}
      <InputError className="mt-2" message={error} role="alert" />
    </div>
  );
}

/**
 * An approved WhatsApp template: the only reply once the 24-hour window has closed (it opens it again
 * once the customer answers), and a choice beside free text while it is open. The agent fills in the
 * values it asks for (its placeholders, a button's link ending or code, its header's file), watching
 * the message as the customer will read it.
 */
export default function TemplatePicker({
  url,
  templates,
  intro,
  extra = {},
  errorBag,
  onCancel,
}: {
  /** Where the template is posted: a conversation's messages, or a contact's new conversation. */
  url: string;
  templates: Template[];
  /** What the agent is told above the list. */
  intro: string;
  /** Sent with the template (the channel a new conversation starts on). */
  extra?: Record<string, string | number>;
  errorBag?: string;
  /** Back to what was there before (free text while the window is open, a closed dialog). */
  onCancel?: () => void;
}) {
  const form = useForm<{ template: string; language: string; parameters: Record<string, string>; file: File | null }>({
    template: '',
    language: '',
    parameters: {},
    file: null,
  });
  const chosen = templates.find(
    (template) => templateKey(template) === templateKey({ name: form.data.template, language: form.data.language }),
  );
  const errors = form.errors as Record<string, string | undefined>;

  const choose = (key: string) => {
    const template = templates.find((item) => templateKey(item) === key);
    form.clearErrors();
    form.setData({ template: template?.name ?? '', language: template?.language ?? '', parameters: {}, file: null });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen || chosen.unsendable) return;
    form.transform((data) => ({
      ...extra,
      template: data.template,
      language: data.language,
      parameters: data.parameters,
      ...(chosen.header_media && data.file ? { file: data.file } : {}),
    }));
    form.post(url, {
      preserveScroll: true,
      forceFormData: chosen.header_media !== null && form.data.file !== null,
      ...(errorBag ? { errorBag } : {}),
      onSuccess: () => (onCancel ? onCancel() : form.reset()),
    });
  };

  const error = errors.template ?? errors.language ?? errors.channel_id;

  return (
    <form onSubmit={submit} aria-label="Send a template" className="space-y-3">
      <p className="text-sm text-gray-700">{intro}</p>
      {templates.length === 0 ? (
        <p className="text-sm text-gray-500">
          This number has no approved templates yet. Add them in WhatsApp Manager; they appear here once approved and
          synced on the channel&apos;s page.
        </p>
      ) : (
        <>
          <div className="flex gap-2">
            <label htmlFor="composer-template" className="sr-only">
              Template
            </label>
            <Select
              id="composer-template"
              className="block w-full min-w-0 flex-1"
              value={chosen ? templateKey(chosen) : ''}
              onChange={(event) => choose(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby="composer-template-error"
            >
              <option value="">Choose a template…</option>
              {templates.map((template) => (
                <option
                  key={templateKey(template)}
                  value={templateKey(template)}
                  disabled={template.unsendable !== null}
                >
                  {template.name} ({template.language}){template.unsendable ? ' — cannot be sent from Kawan' : ''}
                </option>
              ))}
            </Select>
            <PrimaryButton disabled={!chosen || chosen.unsendable !== null || form.processing}>
              Send template
            </PrimaryButton>
            {onCancel && (
              <SecondaryButton type="button" onClick={onCancel}>
                Cancel
              </SecondaryButton>
            )}
          </div>
          <InputError id="composer-template-error" message={error} role="alert" />
          {templates.some((template) => template.unsendable) && (
            <ul className="space-y-0.5 text-xs text-gray-500" aria-label="Templates Kawan cannot send">
              {templates
                .filter((template) => template.unsendable)
                .map((template) => (
                  <li key={templateKey(template)}>
                    {template.name} ({template.language}): {template.unsendable}
                  </li>
                ))}
            </ul>
          )}
          {chosen && (
            <div className="grid gap-4 lg:grid-cols-2">
              <div className="space-y-3">
                {chosen.fields.length === 0 && !chosen.header_media && (
                  <p className="text-sm text-gray-500">This template asks for no values: it goes as written.</p>
                )}
                {chosen.header_media && (
                  <HeaderFileField
                    media={chosen.header_media}
                    file={form.data.file}
                    onChange={(file) => form.setData('file', file)}
                    error={errors.file}
                  />
                )}
                {chosen.fields.map((field) => (
                  <TextField
                    key={field.key}
                    id={`template-${field.key}`}
                    label={field.label}
                    value={form.data.parameters[field.key] ?? ''}
                    onChange={(value) => form.setData('parameters', { ...form.data.parameters, [field.key]: value })}
                    error={errors[`parameters.${field.key}`]}
                    maxLength={field.max_length}
                    placeholder={field.example ? `e.g. ${field.example}` : undefined}
                    hint={field.hint ?? undefined}
                    required
                  />
                ))}
              </div>
              <Preview template={chosen} values={form.data.parameters} file={form.data.file} />
            </div>
          )}
        </>
      )}
    </form>
  );
}

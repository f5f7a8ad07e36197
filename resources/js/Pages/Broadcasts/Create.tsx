import { Head, Link, useForm, usePage } from '@inertiajs/react';
import Checkbox from '@/Components/Checkbox';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import DialogModal from '@/Components/DialogModal';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import SectionBorder from '@/Components/SectionBorder';
import SectionTitle from '@/Components/SectionTitle';
import Select from '@/Components/Select';
import TextField from '@/Components/TextField';
import TextInput from '@/Components/TextInput';
import { PageHeader } from '@/Layouts/AppLayout';
import { formatDateTime, formatTime } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { formatBytes } from '../Knowledges/Partials/format';
import { HeaderFileField, Preview, templateKey } from '../Conversations/Partials/TemplatePicker';
import { localInputValue } from '../Conversations/Partials/snooze';
import { fillVariables, variableValues } from '../../../../server/domain/conversations/reply-variables';
import { messageLanguage, sampleAttributes } from '../../../../server/domain/contacts/field-values';
import { SegmentOptions, segmentParts, typedValueInput } from '../Contacts/Partials/ContactFieldInputs';
import { JsonRequestError, requestJson } from '@/lib/json-request';
import type { BroadcastsCreateProps } from './Partials/types';
import { megaphone } from './Partials/figures';
import { readFileColumns, type FileColumns } from './Partials/file-columns';

/** The contact the preview is filled in for. */
const sample = { name: 'Rina Wulandari', phone: '+6281234567890', email: 'rina@example.com' };

/** One part of the page: its title and description beside a white card, as Jetstream's forms are. */
function Part({ title, description, children }: { title: string; description: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section className="md:grid md:grid-cols-3 md:gap-6" aria-labelledby={id}>
      <SectionTitle id={id} title={title} description={description} />
      <div className="mt-5 space-y-6 bg-white px-4 py-5 shadow-sm sm:rounded-md sm:p-6 md:col-span-2 md:mt-0">
        {children}
      </div>
    </section>
  );
}

function Choice({
  name,
  checked,
  onChange,
  disabled,
  label,
  hint,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  disabled?: boolean;
  label: ReactNode;
  hint?: ReactNode;
  children?: ReactNode;
}) {
  const hintId = useId();
  return (
    <div>
      <label className="flex items-start gap-3">
        <input
          type="radio"
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={onChange}
          className="mt-0.5 border-gray-300 text-indigo-600 focus:ring-indigo-500 disabled:opacity-50"
          aria-describedby={hint ? hintId : undefined}
        />
        <span className="text-sm">
          <span className="block font-medium text-gray-900">{label}</span>
          {hint && (
            <span id={hintId} className="block text-gray-500">
              {hint}
            </span>
          )}
        </span>
      </label>
      {checked && children && <div className="mt-2 ms-7">{children}</div>}
    </div>
  );
}

/** The select under a choice (which label, which value), named for screen readers, with its message. */
function ChoiceSelect({
  id,
  label,
  value,
  onChange,
  error,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  children: ReactNode;
}) {
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Select
        id={id}
        className="block w-full sm:w-96"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-error`}
      >
        {children}
      </Select>
      <InputError id={`${id}-error`} className="mt-2" message={error} />
    </>
  );
}

/**
 * Broadcasts/Create: one approved WhatsApp template to many contacts at once. The values may hold
 * each contact's own details (`{{contact.first_name | Kak}}`); the preview shows a copy as a contact
 * will read it; the audience says how many it reaches; it goes now or at a time chosen, after a
 * last look at what is about to happen.
 */
export default function Create({
  channels,
  audiences,
  variables,
  contact_fields: contactFields,
  limits,
}: BroadcastsCreateProps) {
  // The copies go out in the author's name: `{{agent.name}}` is theirs.
  const authorName = usePage().props.auth.user?.name ?? null;
  const form = useForm<{
    name: string;
    channel_id: string;
    template: string;
    parameters: Record<string, string>;
    file: File | null;
    audience: 'all' | 'label' | 'file' | 'field';
    label_id: string;
    segment: string;
    list: File | null;
    when: 'now' | 'later';
    send_at: string;
    repeat: boolean;
  }>({
    name: '',
    channel_id: channels.length === 1 ? String(channels[0].id) : '',
    template: '',
    parameters: {},
    file: null,
    audience: 'all',
    label_id: '',
    segment: '',
    list: null,
    when: 'now',
    send_at: '',
    repeat: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [bounds] = useState(() => {
    const now = Date.now();
    return {
      min: localInputValue(new Date(now + 2 * 60_000)),
      max: localInputValue(new Date(now + limits.max_days_ahead * 86_400_000 - 60_000)),
    };
  });
  const lastField = useRef<string | null>(null);
  const errors = form.errors as Record<string, string | undefined>;

  const channel = channels.find((item) => String(item.id) === form.data.channel_id);
  const template = channel?.templates.find((item) => templateKey(item) === form.data.template);
  const label = audiences.labels.find((item) => String(item.id) === form.data.label_id);
  const segment = segmentParts(audiences.segments, form.data.segment);
  // A group that takes a value (a number's bound, a text) is counted once typed.
  const counted = useTypedCount(
    form.data.audience === 'field' && segment?.option.typed && segment.typed.trim() !== '' ? form.data.segment : null,
  );
  const typedCount = segment?.option.typed ? counted : null;
  const reach =
    form.data.audience === 'all'
      ? audiences.all
      : form.data.audience === 'field'
        ? typedCount
          ? (typedCount.contacts ?? 0)
          : (segment?.option.contacts ?? 0)
        : (label?.contacts ?? 0);
  const segmentPhrase = typedCount ? typedCount.phrase : segment?.option.phrase;
  // A date field's "today" may repeat: every day, to that day's contacts (birthdays).
  const daily = form.data.audience === 'field' && segment?.option.value.endsWith(':today') === true;
  const repeating = daily && form.data.repeat;
  const listPicker = useRef<HTMLInputElement>(null);
  const fromFile = useFileColumns(form.data.audience === 'file' ? form.data.list : null, contactFields);
  const sendAt = form.data.when === 'later' && form.data.send_at ? new Date(form.data.send_at) : null;

  if (channels.length === 0) {
    return (
      <>
        <Head title="New broadcast" />
        <PageHeader title="New broadcast" />
        <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
          <EmptyState
            icon={<Icon name={megaphone} className="size-10" />}
            title="Connect WhatsApp first"
            action={
              <Link href={route('channels.create')} className="text-sm font-medium text-indigo-700 underline">
                Connect a WhatsApp number
              </Link>
            }
          >
            Broadcasts go out on a WhatsApp number, as approved message templates.
          </EmptyState>
        </div>
      </>
    );
  }

  const fallbackWord = template?.language.startsWith('id') ? 'Kak' : 'there';
  const values = variableValues(
    { ...sample, attributes: sampleAttributes(contactFields) },
    authorName,
    128,
    contactFields,
    messageLanguage(template?.language),
  );
  // A file's own columns are shown with its first row's values.
  const fileValues = Object.fromEntries(
    Object.entries(fromFile?.sample ?? {}).map(([key, value]) => [`file.${key}`, value]),
  );
  const previewValues = Object.fromEntries(
    Object.entries(form.data.parameters).map(([key, value]) => [
      key,
      fillVariables(value, { ...values, ...fileValues }),
    ]),
  );

  const insert = (variable: string) => {
    const key = lastField.current ?? template?.fields[0]?.key;
    if (!key) return;
    const current = form.data.parameters[key] ?? '';
    const text =
      variable === 'contact.first_name' || variable === 'contact.name' ? `${variable} | ${fallbackWord}` : variable;
    // (A file's column goes without a fallback: its row leaving it empty leaves the contact out.)
    form.setData('parameters', {
      ...form.data.parameters,
      [key]: `${current}${current && !current.endsWith(' ') ? ' ' : ''}{{${text}}}`,
    });
    document.getElementById(`broadcast-${key}`)?.focus();
  };

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setConfirming(true);
  };

  const send = () => {
    form.transform((data) => ({
      name: data.name,
      channel_id: data.channel_id,
      template: template?.name ?? '',
      language: template?.language ?? '',
      parameters: data.parameters,
      audience: data.audience,
      label_id: data.audience === 'label' ? data.label_id : '',
      segment: data.audience === 'field' ? data.segment : '',
      send_at:
        sendAt && !Number.isNaN(sendAt.getTime()) ? sendAt.toISOString() : data.when === 'later' ? data.send_at : '',
      repeat: repeating ? 'daily' : '',
      ...(template?.header_media && data.file ? { file: data.file } : {}),
      ...(data.audience === 'file' && data.list ? { list: data.list } : {}),
    }));
    form.post(route('broadcasts.store'), {
      forceFormData: Boolean(
        (template?.header_media && form.data.file) || (form.data.audience === 'file' && form.data.list),
      ),
      onFinish: () => setConfirming(false),
    });
  };

  const chooseTemplate = (key: string) => {
    form.clearErrors('template', 'file');
    form.setData((data) => ({ ...data, template: key, parameters: {}, file: null }));
    lastField.current = null;
  };

  return (
    <>
      <Head title="New broadcast" />
      <PageHeader title="New broadcast" />
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <form onSubmit={review} aria-label="New broadcast" className="space-y-0">
          <Part title="Broadcast" description="A name for your team: customers never see it.">
            <TextField
              id="broadcast-name"
              label="Name"
              value={form.data.name}
              onChange={(value) => form.setData('name', value)}
              error={errors.name}
              maxLength={120}
              placeholder="e.g. Promo akhir tahun"
              required
              isFocused
            />
          </Part>

          <SectionBorder />

          <Part
            title="Message"
            description="WhatsApp lets a business write first only with a template Meta approved. Each value can carry the contact's own details."
          >
            {channels.length > 1 && (
              <div>
                <InputLabel htmlFor="broadcast-channel" value="WhatsApp number" />
                <Select
                  id="broadcast-channel"
                  className="mt-1 block w-full"
                  value={form.data.channel_id}
                  onChange={(event) => {
                    form.setData((data) => ({ ...data, channel_id: event.target.value, template: '', parameters: {} }));
                  }}
                  aria-invalid={errors.channel_id ? true : undefined}
                  aria-describedby="broadcast-channel-error"
                >
                  <option value="">Choose a number…</option>
                  {channels.map((item) => (
                    <option key={item.id} value={item.id}>
                      {item.name}
                      {item.paused ? ' (paused)' : ''}
                    </option>
                  ))}
                </Select>
                <InputError id="broadcast-channel-error" className="mt-2" message={errors.channel_id} />
              </div>
            )}
            {channels.length === 1 && (
              <p className="text-sm text-gray-700">
                From <span className="font-medium text-gray-900">{channels[0].name}</span>
                {channels[0].paused && ' (paused: the broadcast waits until the channel is active again)'}
              </p>
            )}
            {channels.length === 1 && <InputError message={errors.channel_id} />}

            {channel && (
              <div>
                <InputLabel htmlFor="broadcast-template" value="Template" />
                {channel.templates.length === 0 ? (
                  <p className="mt-1 text-sm text-gray-500">
                    This number has no approved templates yet. Add them in WhatsApp Manager, then sync them on{' '}
                    <Link href={route('channels.show', { channel: channel.id })} className="underline">
                      the channel&apos;s page
                    </Link>
                    .
                  </p>
                ) : (
                  <Select
                    id="broadcast-template"
                    className="mt-1 block w-full"
                    value={form.data.template}
                    onChange={(event) => chooseTemplate(event.target.value)}
                    aria-invalid={errors.template ? true : undefined}
                    aria-describedby="broadcast-template-error"
                  >
                    <option value="">Choose a template…</option>
                    {channel.templates.map((item) => (
                      <option key={templateKey(item)} value={templateKey(item)} disabled={item.unsendable !== null}>
                        {item.name} ({item.language}) · {item.category.toLowerCase()}
                        {item.unsendable ? ' — cannot be sent from Kawan' : ''}
                      </option>
                    ))}
                  </Select>
                )}
                <InputError id="broadcast-template-error" className="mt-2" message={errors.template} />
              </div>
            )}

            {template && (
              <div className="grid gap-6 lg:grid-cols-2">
                <div className="space-y-4">
                  {template.fields.length === 0 && !template.header_media && (
                    <p className="text-sm text-gray-500">This template asks for no values: it goes as written.</p>
                  )}
                  {template.header_media && (
                    <HeaderFileField
                      media={template.header_media}
                      file={form.data.file}
                      onChange={(file) => form.setData('file', file)}
                      error={errors.file}
                      note={`One file for every copy, up to ${formatBytes(limits.max_file_bytes)}.`}
                    />
                  )}
                  {template.fields.map((field) => (
                    <TextField
                      key={field.key}
                      id={`broadcast-${field.key}`}
                      label={field.label}
                      value={form.data.parameters[field.key] ?? ''}
                      onChange={(value) => form.setData('parameters', { ...form.data.parameters, [field.key]: value })}
                      onFocus={() => {
                        lastField.current = field.key;
                      }}
                      error={errors[`parameters.${field.key}`]}
                      placeholder={field.example ? `e.g. ${field.example}` : undefined}
                      hint={field.hint ?? undefined}
                      required
                    />
                  ))}
                  {template.fields.some((field) => field.kind === 'text') && (
                    <div>
                      <p className="text-xs text-gray-600">
                        Put in the contact&apos;s own details (into the value you were last in). After a bar, what goes
                        when a contact has none:{' '}
                        <code className="text-gray-800">{`{{contact.first_name | ${fallbackWord}}}`}</code>. A contact a
                        value stays empty for is left out.
                      </p>
                      <div className="mt-2 flex flex-wrap gap-1.5" role="group" aria-label="Contact details">
                        {variables
                          .filter((variable) => variable.name.startsWith('contact.'))
                          .map((variable) => (
                            <button
                              key={variable.name}
                              type="button"
                              title={variable.description}
                              onClick={() => insert(variable.name)}
                              className="rounded-full bg-gray-100 px-2.5 py-1 text-xs font-medium text-gray-700 hover:bg-gray-200 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
                            >
                              {`{{${variable.name}}}`}
                            </button>
                          ))}
                      </div>
                      {form.data.audience === 'file' && (
                        <FileColumnChips list={form.data.list} columns={fromFile} onInsert={insert} />
                      )}
                    </div>
                  )}
                </div>
                <div>
                  <Preview template={template} values={previewValues} file={form.data.file} />
                  <p className="mt-2 text-xs text-gray-500">As {sample.name} will read it.</p>
                </div>
              </div>
            )}
          </Part>

          <SectionBorder />

          <Part
            title="Recipients"
            description="Contacts with a phone number: their WhatsApp. Who asked for no more broadcasts is left out."
          >
            <fieldset aria-describedby="broadcast-audience-error">
              <legend className="sr-only">Who receives it</legend>
              <div className="space-y-4">
                <Choice
                  name="audience"
                  checked={form.data.audience === 'all'}
                  onChange={() => form.setData('audience', 'all')}
                  label={`All contacts with a phone number (${audiences.all.toLocaleString()})`}
                />
                <Choice
                  name="audience"
                  checked={form.data.audience === 'label'}
                  onChange={() => form.setData('audience', 'label')}
                  disabled={audiences.labels.length === 0}
                  label="Contacts with a label"
                  hint={
                    audiences.labels.length === 0
                      ? 'Your team has no labels yet: label conversations in the inbox to reach their contacts.'
                      : 'Those with a conversation carrying it.'
                  }
                >
                  <ChoiceSelect
                    id="broadcast-label"
                    label="Label"
                    value={form.data.label_id}
                    onChange={(value) => form.setData('label_id', value)}
                    error={errors.label_id}
                  >
                    <option value="">Choose a label…</option>
                    {audiences.labels.map((item) => (
                      <option key={item.id} value={item.id}>
                        {item.name} ({plural(item.contacts, 'contact')})
                      </option>
                    ))}
                  </ChoiceSelect>
                </Choice>
                <Choice
                  name="audience"
                  checked={form.data.audience === 'field'}
                  onChange={() => form.setData('audience', 'field')}
                  disabled={audiences.segments.length === 0}
                  label="Contacts by a field"
                  hint={
                    audiences.segments.length === 0
                      ? 'Add a contact field (Contacts → Fields), such as a member tier, a birthday or points, to reach those who hold one value.'
                      : 'Those whose field holds what you choose: Gold members, December birthdays, at least 1.000 points.'
                  }
                >
                  <ChoiceSelect
                    id="broadcast-segment"
                    label="Field value"
                    value={segment?.option.value ?? ''}
                    onChange={(value) => form.setData('segment', value)}
                    error={segment?.option.typed ? undefined : errors.segment}
                  >
                    <option value="">Choose a value…</option>
                    <SegmentOptions segments={audiences.segments} />
                  </ChoiceSelect>
                  {segment?.option.typed && (
                    <div className="mt-2">
                      <TextInput
                        aria-label={`${segment.field.label} ${segment.option.label.replace('…', '')}`}
                        className="block w-full sm:w-60"
                        value={segment.typed}
                        onChange={(event) => form.setData('segment', segment.option.value + event.target.value)}
                        inputMode={typedValueInput(segment.option.value).inputMode}
                        placeholder={typedValueInput(segment.option.value).placeholder}
                        aria-invalid={errors.segment || typedCount?.error ? true : undefined}
                        aria-describedby="broadcast-segment-typed"
                      />
                      <p id="broadcast-segment-typed" className="mt-1 text-sm text-gray-600" aria-live="polite">
                        {typedCount?.contacts !== null && typedCount?.contacts !== undefined
                          ? `${plural(typedCount.contacts, 'contact')} whose ${segment.field.label} is ${typedCount.phrase}`
                          : ''}
                      </p>
                      <InputError className="mt-1" message={typedCount?.error ?? errors.segment} />
                    </div>
                  )}
                </Choice>
                <Choice
                  name="audience"
                  checked={form.data.audience === 'file'}
                  onChange={() => form.setData('audience', 'file')}
                  label="Contacts in a file"
                  hint="A CSV file or an Excel workbook with a phone column, as Contacts → Import reads it: new people are added to your contacts."
                >
                  <input
                    ref={listPicker}
                    type="file"
                    accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                    className="sr-only"
                    aria-label="Contacts file"
                    onChange={(event) => {
                      form.setData('list', event.target.files?.[0] ?? null);
                      event.target.value = '';
                    }}
                  />
                  <div className="flex items-center gap-2">
                    <SecondaryButton type="button" onClick={() => listPicker.current?.click()}>
                      {form.data.list ? 'Choose another file' : 'Choose a file'}
                    </SecondaryButton>
                    {form.data.list && (
                      <span className="truncate text-xs text-gray-600">
                        {form.data.list.name} · {formatBytes(form.data.list.size)}
                      </span>
                    )}
                  </div>
                  <p className="mt-1 text-xs text-gray-500">
                    Up to {formatBytes(limits.list_bytes)} and {limits.list_rows.toLocaleString()} rows.
                  </p>
                  <InputError className="mt-2" message={errors.list} role="alert" />
                </Choice>
              </div>
            </fieldset>
            <InputError id="broadcast-audience-error" message={errors.audience} />
            {audiences.unsubscribed > 0 && (
              <p className="text-xs text-gray-500">
                {plural(audiences.unsubscribed, 'contact')} asked for no more broadcasts and{' '}
                {audiences.unsubscribed === 1 ? 'is' : 'are'} left out.
              </p>
            )}
          </Part>

          <SectionBorder />

          <Part title="When" description="Now, or at a time you choose, in your own time zone.">
            <fieldset>
              <legend className="sr-only">When it goes</legend>
              <div className="space-y-4">
                <Choice
                  name="when"
                  checked={form.data.when === 'now'}
                  onChange={() => form.setData('when', 'now')}
                  label="Send now"
                />
                <Choice
                  name="when"
                  checked={form.data.when === 'later'}
                  onChange={() => form.setData('when', 'later')}
                  label="Schedule"
                  hint={`Up to ${limits.max_days_ahead} days ahead; cancel it any time before it goes.`}
                >
                  <label htmlFor="broadcast-send-at" className="sr-only">
                    Date and time
                  </label>
                  <TextInput
                    id="broadcast-send-at"
                    type="datetime-local"
                    className="block w-full sm:w-72"
                    value={form.data.send_at}
                    min={bounds.min}
                    max={bounds.max}
                    onChange={(event) => form.setData('send_at', event.target.value)}
                    aria-invalid={errors.send_at ? true : undefined}
                    aria-describedby="broadcast-send-at-error"
                  />
                </Choice>
              </div>
            </fieldset>
            <InputError id="broadcast-send-at-error" message={errors.send_at} />
            {daily && (
              <div className="mt-6 rounded-md bg-gray-50 px-4 py-3">
                <label className="flex items-start gap-3">
                  <Checkbox
                    checked={form.data.repeat}
                    onChange={(event) => form.setData('repeat', event.target.checked)}
                    className="mt-0.5"
                    aria-describedby="broadcast-repeat-hint"
                  />
                  <span className="text-sm">
                    <span className="font-medium text-gray-900">Repeat every day at this time</span>
                    <span id="broadcast-repeat-hint" className="mt-0.5 block text-gray-500">
                      Each day it goes to the contacts whose {segment?.field.label} falls on that day, any year: a
                      birthday greeting. A day with nobody sends nothing; stop it whenever you like.
                    </span>
                  </span>
                </label>
              </div>
            )}
            <InputError message={errors.repeat} />
          </Part>

          <div className="mt-8 flex items-center justify-end gap-3 px-4 sm:px-0">
            <Link href={route('broadcasts.index')} className="text-sm text-gray-600 underline hover:text-gray-900">
              Cancel
            </Link>
            <PrimaryButton disabled={form.processing || !template}>
              {repeating ? 'Start repeating…' : form.data.when === 'later' ? 'Schedule…' : 'Send…'}
            </PrimaryButton>
          </div>
        </form>
      </div>

      <DialogModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title={
          repeating
            ? 'Repeat this broadcast every day?'
            : form.data.when === 'later'
              ? 'Schedule this broadcast?'
              : 'Send this broadcast now?'
        }
        footer={
          <>
            <SecondaryButton onClick={() => setConfirming(false)}>Back</SecondaryButton>
            <PrimaryButton className="ms-3" disabled={form.processing} onClick={send}>
              {repeating
                ? 'Start repeating'
                : form.data.when === 'later'
                  ? 'Schedule'
                  : form.data.audience === 'file'
                    ? 'Send now'
                    : `Send to ${plural(reach, 'contact')}`}
            </PrimaryButton>
          </>
        }
      >
        {repeating ? (
          <p>
            <span className="font-medium">{form.data.name || 'This broadcast'}</span> goes every day at{' '}
            <span className="font-medium">{formatTime(sendAt ?? new Date())}</span>
            {sendAt && !Number.isNaN(sendAt.getTime()) ? `, from ${formatDateTime(sendAt)},` : ', from now,'} to the
            contacts whose {segment?.field.label} falls on that day, any year ({plural(reach, 'contact')} today), each
            with a copy of {template ? `${template.name} (${template.language})` : 'the template'} on{' '}
            {channel?.name ?? 'WhatsApp'}.
          </p>
        ) : (
          <p>
            <span className="font-medium">{form.data.name || 'This broadcast'}</span> goes to{' '}
            {form.data.audience === 'file' ? (
              <>
                the contacts in <span className="font-medium">{form.data.list?.name ?? 'the file'}</span>
              </>
            ) : (
              <>
                about <span className="font-medium">{plural(reach, 'contact')}</span>
                {form.data.audience === 'label' && label ? ` labelled ${label.name}` : ''}
                {form.data.audience === 'field' && segment && segmentPhrase
                  ? ` whose ${segment.field.label} is ${segmentPhrase}`
                  : ''}
              </>
            )}
            {form.data.when === 'later' && sendAt && !Number.isNaN(sendAt.getTime())
              ? ` on ${formatDateTime(sendAt)}`
              : ' now'}
            , each with a copy of {template ? `${template.name} (${template.language})` : 'the template'} on{' '}
            {channel?.name ?? 'WhatsApp'}.
          </p>
        )}
        <p className="mt-3">
          Recipients are counted when it goes. Meta charges your WhatsApp account for each copy delivered; their answers
          arrive in the inbox.
        </p>
      </DialogModal>
    </>
  );
}

/**
 * How many contacts who may receive broadcasts a typed group holds (`poin:>=1000`), asked of
 * broadcasts.audience a moment after the typing stops; what the server calls it ("at least 1,000"),
 * or why it is none. Null while nothing is typed.
 */
/**
 * The contacts file's own columns as values to put in (`{{file.no_pesanan}}`), read from a CSV in
 * the browser; for a workbook, how to name one.
 */
function FileColumnChips({
  list,
  columns,
  onInsert,
}: {
  list: File | null;
  columns: FileColumns | null;
  onInsert: (variable: string) => void;
}) {
  if (!list) {
    return (
      <p className="mt-3 text-xs text-gray-600">
        Each contact&apos;s own row of the file can fill a value too: choose the file below, then put in its columns.
      </p>
    );
  }
  if (!columns || columns.columns.length === 0) {
    return (
      <p className="mt-3 text-xs text-gray-600">
        {columns
          ? `${list.name} has no columns besides the contacts' details and fields.`
          : 'A column of the file goes in as its name in lower case with _ for spaces: “No Pesanan” as {{file.no_pesanan}}.'}
      </p>
    );
  }
  return (
    <>
      <p className="mt-3 text-xs text-gray-600">
        From {list.name}: each contact gets their own row&apos;s value (a row without one leaves them out).
      </p>
      <div className="mt-2 flex flex-wrap gap-1.5" role="group" aria-label="Columns of the file">
        {columns.columns.map((column) => (
          <button
            key={column.key}
            type="button"
            title={column.title}
            onClick={() => onInsert(`file.${column.key}`)}
            className="rounded-full bg-indigo-50 px-2.5 py-1 text-xs font-medium text-indigo-700 hover:bg-indigo-100 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
          >
            {`{{file.${column.key}}}`}
          </button>
        ))}
      </div>
    </>
  );
}

/** The chosen contacts file's own columns and first row, once read (null: none, not read yet, or a workbook). */
function useFileColumns(list: File | null, fields: BroadcastsCreateProps['contact_fields']): FileColumns | null {
  const [read, setRead] = useState<{ list: File; columns: FileColumns | null } | null>(null);
  useEffect(() => {
    if (!list) return;
    let current = true;
    readFileColumns(list, fields)
      .then((columns) => current && setRead({ list, columns }))
      .catch(() => current && setRead({ list, columns: null }));
    return () => {
      current = false;
    };
  }, [list, fields]);
  return read && read.list === list ? read.columns : null;
}

function useTypedCount(segment: string | null) {
  const [result, setResult] = useState<{
    segment: string;
    contacts: number | null;
    phrase: string;
    error: string | null;
  } | null>(null);
  useEffect(() => {
    if (segment === null) return;
    let current = true;
    const timer = setTimeout(() => {
      requestJson<{ contacts: number; phrase: string }>('GET', route('broadcasts.audience', { segment }))
        .then((body) => {
          if (current) setResult({ segment, contacts: body.contacts, phrase: body.phrase, error: null });
        })
        .catch((error: unknown) => {
          if (!current) return;
          const errors =
            error instanceof JsonRequestError ? (error.body as { errors?: { segment?: string[] } }).errors : undefined;
          setResult({
            segment,
            contacts: null,
            phrase: '',
            error: errors?.segment?.[0] ?? 'The contacts could not be counted; try again.',
          });
        });
    }, 300);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [segment]);
  return segment !== null && result?.segment === segment ? result : null;
}

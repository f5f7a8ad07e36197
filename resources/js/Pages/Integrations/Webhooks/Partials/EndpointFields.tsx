import type { InertiaFormProps } from '@inertiajs/react';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { webhookLimits } from '../../../../../../server/domain/webhooks/event-types';
import { URL_PLACEHOLDER } from './format';
import type { WebhookEventTypeView, WebhookFormData } from './types';

export type WebhookForm = InertiaFormProps<WebhookFormData>;

/** The events' message: about the list (`events`), else about the first bad one (`events.N`). */
export function eventsError(errors: Partial<Record<string, string>>): string | undefined {
  if (errors.events) return errors.events;
  const key = Object.keys(errors)
    .filter((name) => /^events\.\d+$/.test(name))
    .sort((a, b) => Number(a.slice(7)) - Number(b.slice(7)))[0];
  return key ? errors[key] : undefined;
}

/**
 * The endpoint's URL, its description, and the events it hears: a checkbox for each type with its
 * description, and "All events" that checks or clears them all (mixed while some are checked).
 * The same for a new endpoint and its settings; `idPrefix` keeps the ids apart.
 */
export default function EndpointFields({
  form,
  idPrefix,
  eventTypes,
  autoFocus = false,
}: {
  form: WebhookForm;
  idPrefix: string;
  eventTypes: WebhookEventTypeView[];
  autoFocus?: boolean;
}) {
  const selected = form.data.events;
  const checkedCount = eventTypes.filter((info) => selected.includes(info.type)).length;
  const all = eventTypes.length > 0 && checkedCount === eventTypes.length;
  const some = checkedCount > 0 && !all;
  const error = eventsError(form.errors as Partial<Record<string, string>>);
  const legendId = `${idPrefix}-events-legend`;
  const errorId = `${idPrefix}-events-error`;

  // Kept in the page's order, whatever the order of the clicks.
  const toggle = (type: string, checked: boolean) =>
    form.setData(
      'events',
      eventTypes
        .filter((info) => (info.type === type ? checked : selected.includes(info.type)))
        .map((info) => info.type),
    );

  const toggleAll = () => form.setData('events', all ? [] : eventTypes.map((info) => info.type));

  return (
    <>
      <TextField
        label="Endpoint URL"
        className="col-span-6"
        {...fieldProps(form, 'url')}
        id={`${idPrefix}-url`}
        type="url"
        inputMode="url"
        placeholder={URL_PLACEHOLDER}
        autoComplete="off"
        spellCheck={false}
        maxLength={webhookLimits.url}
        isFocused={autoFocus}
        hint="An HTTPS address of your system that accepts POST requests with a JSON body."
      />
      <TextField
        label="Description"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'description')}
        id={`${idPrefix}-description`}
        autoComplete="off"
        maxLength={webhookLimits.description}
        hint="Optional: what it is for, for the rest of the team (“CRM sync”, “Ticket tool”)."
      />
      <fieldset
        className="col-span-6"
        aria-labelledby={legendId}
        aria-describedby={error ? errorId : undefined}
        aria-invalid={error ? true : undefined}
      >
        <legend id={legendId} className="block text-sm font-medium text-gray-700">
          Events
        </legend>
        <p className="mt-1 text-xs text-gray-500">Kawan POSTs to this URL when any of these happens.</p>
        <div className="mt-3 flex items-start gap-3 border-b border-gray-100 pb-3">
          <Checkbox
            id={`${idPrefix}-events-all`}
            className="mt-0.5"
            checked={all}
            ref={(input) => {
              if (input) input.indeterminate = some;
            }}
            onChange={toggleAll}
          />
          <label htmlFor={`${idPrefix}-events-all`} className="text-sm font-medium text-gray-900">
            All events
          </label>
        </div>
        <ul className="mt-3 space-y-3">
          {eventTypes.map((info) => {
            const id = `${idPrefix}-event-${info.type.replace(/[^a-z0-9]+/gi, '-')}`;
            return (
              <li key={info.type} className="flex items-start gap-3">
                <Checkbox
                  id={id}
                  name="events[]"
                  value={info.type}
                  className="mt-0.5"
                  checked={selected.includes(info.type)}
                  onChange={(event) => toggle(info.type, event.target.checked)}
                  aria-describedby={`${id}-description`}
                />
                <div className="min-w-0">
                  <label htmlFor={id} className="block text-sm font-medium text-gray-900">
                    {info.label}
                  </label>
                  <p id={`${id}-description`} className="text-sm text-gray-500">
                    {info.description} <code className="font-mono text-xs text-gray-400">{info.type}</code>
                  </p>
                </div>
              </li>
            );
          })}
        </ul>
        <InputError id={errorId} className="mt-2" message={error} />
      </fieldset>
    </>
  );
}

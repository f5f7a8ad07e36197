import { useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import Toggle from '@/Components/Toggle';
import { route } from '@/lib/route';
import EndpointFields from './EndpointFields';
import type { WebhookEndpointView, WebhookEventTypeView, WebhookFormData } from './types';

/**
 * The endpoint's URL, description, events and whether it is on (PUT integrations.webhooks.update).
 * When Kawan turned it off, a red notice says why and that turning it on again clears it.
 */
export default function EndpointSettingsForm({
  endpoint,
  eventTypes,
}: {
  endpoint: WebhookEndpointView;
  eventTypes: WebhookEventTypeView[];
}) {
  const form = useForm<WebhookFormData>({
    url: endpoint.url,
    description: endpoint.description,
    // Only the types the page offers, in its order.
    events: eventTypes.filter((info) => endpoint.events.includes(info.type)).map((info) => info.type),
    enabled: endpoint.enabled,
  });
  const turnedOff = !endpoint.enabled && endpoint.disabled_reason !== null;

  const submit = () =>
    form.put(route('integrations.webhooks.update', { webhook: endpoint.id }), { preserveScroll: true });

  return (
    <FormSection
      title="Settings"
      description="Where Kawan sends the events, which events, and whether it sends them at all."
      onSubmitted={submit}
      actions={
        <>
          {form.hasErrors && !form.processing && (
            <p className="me-auto text-start text-sm text-red-600" role="alert">
              Not saved: check the messages beside the fields.
            </p>
          )}
          <ActionMessage on={form.recentlySuccessful} className="me-3">
            Saved.
          </ActionMessage>
          <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
            Save
          </PrimaryButton>
        </>
      }
    >
      {turnedOff && (
        <div className="col-span-6 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm" role="note">
          <p className="font-medium text-red-800">Kawan turned this endpoint off.</p>
          <p className="mt-1 break-words text-red-700">{endpoint.disabled_reason}</p>
          <p className="mt-1 text-red-700">
            Once your system answers again, turn it on below and save: turning it on again clears this notice.
          </p>
        </div>
      )}
      <div className="col-span-6">
        <Toggle label="Enabled" checked={form.data.enabled} onChange={(enabled) => form.setData('enabled', enabled)} />
        <p className="mt-1 text-xs text-gray-500">
          {form.data.enabled
            ? 'Kawan sends the events below to this URL.'
            : 'Kawan sends this URL nothing until it is turned on again.'}
        </p>
      </div>
      <EndpointFields form={form} idPrefix="webhook" eventTypes={eventTypes} />
    </FormSection>
  );
}

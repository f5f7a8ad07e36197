import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import EndpointFields from './EndpointFields';
import type { WebhookEventTypeView, WebhookFormData } from './types';

const title = 'Add endpoint';
const description =
  'The URL of your system that should hear about conversations, and which events it wants. Kawan shows the endpoint’s signing secret once, after you add it.';

/**
 * A new endpoint (POST integrations.webhooks.store; the server then opens its page, with its
 * secret shown once). Every event is checked to begin with. Once the team has as many endpoints as
 * it may, a note replaces the form.
 */
export default function CreateEndpointForm({
  eventTypes,
  count,
  limit,
}: {
  eventTypes: WebhookEventTypeView[];
  /** How many endpoints the team has. */
  count: number;
  limit: number;
}) {
  const form = useForm<WebhookFormData>({
    url: '',
    description: '',
    events: eventTypes.map((info) => info.type),
    enabled: true,
  });

  if (count >= limit) {
    return (
      <ActionSection title={title} description={description}>
        <p className="text-sm text-gray-700" data-testid="webhook-limit">
          {limit === 0
            ? 'Your team’s plan includes no webhook endpoints.'
            : `Your team has reached its limit of ${plural(limit, 'endpoint')}. Delete one it no longer uses to add another.`}
        </p>
      </ActionSection>
    );
  }

  // Where the messages are after a refusal; at the top of the new endpoint's page after it is added.
  const submit = () => form.post(route('integrations.webhooks.store'), { preserveScroll: 'errors' });

  return (
    <FormSection
      title={title}
      description={description}
      onSubmitted={submit}
      actions={
        <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
          Add endpoint
        </PrimaryButton>
      }
    >
      <EndpointFields form={form} idPrefix="new-webhook" eventTypes={eventTypes} />
    </FormSection>
  );
}

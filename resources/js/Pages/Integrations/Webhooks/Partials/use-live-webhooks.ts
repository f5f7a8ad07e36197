import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';
import { useTeamChannelName } from '../../../Channels/Partials/use-live-channel';

/** What the server broadcasts on `teams.{team}` when an endpoint's delivery log changes. */
export interface WebhookChangedEvent {
  team_id: number;
  webhook_id: number;
}

/**
 * Keeps a Webhooks page current: `WebhookChanged` (a delivery made, retried or given up) for this
 * endpoint, or for any when `webhookId` is left out, reloads `only`, at most once a second.
 */
export function useLiveWebhooks(only: string[], webhookId?: number): void {
  const reload = useThrottled(useLiveReload(only), 1000);
  useChannel(useTeamChannelName(), {
    events: {
      WebhookChanged: (event: WebhookChangedEvent) => {
        if (webhookId === undefined || event.webhook_id === webhookId) reload();
      },
    },
  });
}

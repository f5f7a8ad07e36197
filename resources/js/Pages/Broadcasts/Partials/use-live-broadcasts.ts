import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';
import { useTeamChannelName } from '../../Channels/Partials/use-live-channel';
import type { BroadcastChangedEvent } from './types';

/**
 * Keeps a broadcasts page current: a `BroadcastChanged` on the team's channel (for `broadcastId`,
 * or any when it is omitted) reloads `only`, at most once a second while copies go out.
 */
export function useLiveBroadcasts(only: string[], broadcastId?: number): void {
  const reload = useThrottled(useLiveReload(only), 1000);
  useChannel(useTeamChannelName(), {
    events: {
      BroadcastChanged: (event: BroadcastChangedEvent) => {
        if (broadcastId === undefined || event.broadcast_id === broadcastId) reload();
      },
    },
    onSubscribed: reload,
  });
}

import { router, usePage } from '@inertiajs/react';
import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';
import { route } from '@/lib/route';

/**
 * What the server broadcasts on `teams.{teamId}` when a channel or its event log changes. Not in
 * types.ts (yet): `action` is optional here, and only 'deleted' is acted on.
 */
export interface ChannelChangedEvent {
  team_id?: number;
  channel_id: number;
  action?: string;
}

/** The team's private channel, or null before the user has a current team. */
export function useTeamChannelName(): string | null {
  const teamId = usePage().props.auth.user?.current_team?.id ?? null;
  return teamId === null ? null : `teams.${teamId}`;
}

/**
 * Keeps a channel's page current: `ChannelChanged` for this channel reloads `only` (at most twice
 * a second); the channel deleted elsewhere leads back to the list.
 */
export function useLiveChannel(channelId: number, only: string[]): void {
  const reload = useThrottled(useLiveReload(only), 500);
  useChannel(useTeamChannelName(), {
    events: {
      ChannelChanged: (event: ChannelChangedEvent) => {
        if (event.channel_id !== channelId) return;
        if (event.action === 'deleted') router.visit(route('channels.index'));
        else reload();
      },
    },
  });
}

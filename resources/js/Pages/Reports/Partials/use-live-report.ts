import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';
import { reportEvents } from './types';

/** However often today's figures change, the page asks for them again at most this often. */
export const LIVE_RELOAD_MS = 5000;

/** The props a live reload asks for; the filters, names and definitions do not change with new figures. */
export const liveProps = ['summary', 'sources', 'never_cited', 'people', 'credits_quota'];

/**
 * While the window includes today, listens on the team's private channel for `ReportsUpdated` and
 * reloads the figures (at most every LIVE_RELOAD_MS). A window in the past never changes: no
 * subscription at all.
 */
export function useLiveReport(teamId: number | null, live: boolean): void {
  const reload = useThrottled(useLiveReload(liveProps), LIVE_RELOAD_MS);
  useChannel(live && teamId !== null ? `teams.${teamId}` : null, {
    events: { [reportEvents.updated]: () => reload() },
  });
}

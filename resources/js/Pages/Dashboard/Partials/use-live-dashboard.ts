import { useEffect, useState } from 'react';
import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';
import { conversationEvents } from '../../Conversations/Partials/types';

/** However often the team's events arrive, the dashboard asks for its live state at most this often. */
export const LIVE_RELOAD_MS = 1000;

/** The props a live reload asks for: the team's name, the role and its booleans do not change with events. */
export const liveProps = ['onboarding', 'queue', 'today', 'credits', 'channels', 'feed'];

/**
 * What the dashboard hears on `teams.{team}`: a conversation changed (queued, taken, resolved…) and
 * today's report rollups changed (`App\Events\ReportsUpdated`, server/reports/rollup.ts, broadcast
 * by the workers).
 */
export const dashboardEvents = [conversationEvents.changed, 'ReportsUpdated'] as const;

/**
 * While the dashboard is open, reloads its live state when the team's conversations or today's
 * figures change: at once after a quiet spell, then at most every LIVE_RELOAD_MS, so a newly
 * queued conversation shows at once in the queue and the feed.
 */
export function useLiveDashboard(teamId: number | null): void {
  const reload = useThrottled(useLiveReload(liveProps), LIVE_RELOAD_MS);
  useChannel(teamId === null ? null : `teams.${teamId}`, {
    events: Object.fromEntries(dashboardEvents.map((event) => [event, () => reload()])),
  });
}

/** The current time, moving on every `every` ms (the longest wait grows while the page is open). */
export function useNow(every = 15_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), every);
    return () => window.clearInterval(timer);
  }, [every]);
  return now;
}

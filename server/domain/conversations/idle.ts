import { and, inArray, isNull, lt } from 'drizzle-orm';
import type { Services } from '../../services';
import { conversations } from '../../db/schema/index';
import { channelById } from '../../db/repositories/channel-repository';
import { sendJob, widgetTarget } from '../../channels/pipeline';
import { conversationChanged, systemLine } from './events';
import { askForRating } from './rating';

/**
 * Resolves open conversations nobody has written in for CONVERSATION_IDLE_RESOLVE_HOURS (any
 * team; resolved by 'auto_idle', so reports tell them from people's), with a line in the thread
 * that says why, as a person's resolution has one ("Resolved by Dewi."); the widget hears of the
 * resolution (its rating form). A new message reopens one as usual; a snoozed one is left to its
 * time. Run every minute by the workers; returns how many it resolved.
 */
export async function resolveIdleConversations(
  services: Pick<Services, 'db' | 'config' | 'broadcaster' | 'widgetBroadcaster' | 'route' | 'jobs'>,
  now = new Date(),
  perRun = 500,
): Promise<number> {
  const hours = services.config.channels.idleResolveHours;
  if (hours <= 0) return 0;
  const before = new Date(now.getTime() - hours * 60 * 60 * 1000);
  // A run resolves at most `perRun` (the oldest first); the next minute's run takes the rest.
  const idle = services.db
    .select({ id: conversations.id })
    .from(conversations)
    .where(
      and(
        inArray(conversations.state, ['bot', 'queued', 'human']),
        lt(conversations.lastMessageAt, before),
        // A snoozed conversation waits for its time (snooze.ts), which starts its idle clock again.
        isNull(conversations.snoozedUntil),
      ),
    )
    .orderBy(conversations.lastMessageAt)
    .limit(perRun);
  // A run is one unit of work: the resolutions, their lines, rating questions and webhook events
  // commit together, so a stopped worker leaves none of them half told.
  return services.db.transaction(async (tx) => {
    const inTx = { ...services, db: tx };
    const resolved = await tx
      .update(conversations)
      .set({ state: 'resolved', resolvedAt: now, resolvedBy: 'auto_idle', updatedAt: now })
      .where(
        and(
          inArray(conversations.id, idle),
          inArray(conversations.state, ['bot', 'queued', 'human']),
          lt(conversations.lastMessageAt, before),
          isNull(conversations.snoozedUntil),
        ),
      )
      .returning();
    const text = idleResolutionLine(hours);
    // A run reads each channel once.
    const channels = new Map<number, Promise<Awaited<ReturnType<typeof channelById>>>>();
    for (const row of resolved) {
      if (!channels.has(row.channelId)) channels.set(row.channelId, channelById(tx, row.channelId));
      const channel = await channels.get(row.channelId);
      const widget = channel ? widgetTarget(channel, row.threadId) : undefined;
      await systemLine(inTx, row, text);
      await conversationChanged(inTx, row.teamId, row.id, 'resolved', widget);
      if (channel) await askForRating(inTx, channel, row, sendJob);
    }
    return resolved.length;
  });
}

/** The thread's line for a conversation resolved after `hours` without a message. */
export function idleResolutionLine(hours: number): string {
  return `Resolved automatically: no message for ${hours === 1 ? 'an hour' : `${hours} hours`}.`;
}

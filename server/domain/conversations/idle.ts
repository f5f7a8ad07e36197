import { and, inArray, lt } from 'drizzle-orm';
import type { Services } from '../../services';
import { conversations } from '../../db/schema/index';
import { conversationChanged } from './events';

/**
 * Resolves open conversations nobody has written in for CONVERSATION_IDLE_RESOLVE_HOURS (any
 * team; resolved by 'auto_idle', so reports tell them from people's). A new message reopens one
 * as usual. Run every minute by the workers; returns how many it resolved.
 */
export async function resolveIdleConversations(
  services: Pick<Services, 'db' | 'config' | 'broadcaster' | 'widgetBroadcaster'>,
  now = new Date(),
): Promise<number> {
  const hours = services.config.channels.idleResolveHours;
  if (hours <= 0) return 0;
  const before = new Date(now.getTime() - hours * 60 * 60 * 1000);
  const resolved = await services.db
    .update(conversations)
    .set({ state: 'resolved', resolvedAt: now, resolvedBy: 'auto_idle', updatedAt: now })
    .where(and(inArray(conversations.state, ['bot', 'queued', 'human']), lt(conversations.lastMessageAt, before)))
    .returning({ id: conversations.id, teamId: conversations.teamId });
  for (const row of resolved) await conversationChanged(services, row.teamId, row.id, 'resolved');
  return resolved.length;
}

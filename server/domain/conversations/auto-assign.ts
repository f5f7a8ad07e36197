import { and, count, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Services } from '../../services';
import { conversations, teams, users } from '../../db/schema/index';
import {
  conversationRepository,
  notSnoozedNow,
  type ConversationRow,
} from '../../db/repositories/conversation-repository';
import { userRepository } from '../../db/repositories/user-repository';
import { teamPresenceChannel } from '../notifications/channels';
import { agentsOf } from './notifications';

/**
 * Automatic assignment, as team inboxes do it (Chatwoot's auto-assignment, Intercom's round robin):
 * for a team that turned it on (Teams/Show, `teams.auto_assign`), a conversation handed to a person
 * goes at once to a member who takes conversations (owner, admin, editor, agent) and has Kawan open
 * now (on the team's presence channel, which every signed-in page joins), the one with the fewest
 * conversations in hand (with a person, not snoozed) and below the team's limit, if it set one; among
 * equals, the one with the lower id. Someone online who marked themselves away is passed by. With
 * nobody online, available or free, or the presence unknown, it waits for a person as before.
 */
export async function pickAssignee(
  services: Pick<Services, 'db' | 'broadcaster'>,
  teamId: number,
): Promise<{ id: number; name: string } | undefined> {
  const [team] = await services.db
    .select({ autoAssign: teams.autoAssign, limit: teams.autoAssignLimit })
    .from(teams)
    .where(eq(teams.id, teamId));
  if (!team?.autoAssign) return undefined;
  const online = new Set(await services.broadcaster.presentUserIds(teamPresenceChannel(teamId)));
  const present = (await agentsOf(services.db, teamId)).filter((id) => online.has(id));
  if (present.length === 0) return undefined;
  // Online but marked away (availability.ts): passed by.
  const away = new Set(
    (
      await services.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, present), isNotNull(users.awaySince)))
    ).map((row) => row.id),
  );
  const candidates = present.filter((id) => !away.has(id));
  if (candidates.length === 0) return undefined;
  const loads = await services.db
    .select({ assigneeId: conversations.assigneeId, open: count() })
    .from(conversations)
    .where(
      and(
        eq(conversations.teamId, teamId),
        eq(conversations.state, 'human'),
        inArray(conversations.assigneeId, candidates),
        notSnoozedNow,
      ),
    )
    .groupBy(conversations.assigneeId);
  const load = new Map(loads.map((row) => [row.assigneeId, row.open]));
  // A member at the team's limit is given no more; with everyone there, it waits.
  const [chosen] = candidates
    .filter((id) => team.limit === null || (load.get(id) ?? 0) < team.limit)
    .sort((a, b) => (load.get(a) ?? 0) - (load.get(b) ?? 0) || a - b);
  if (chosen === undefined) return undefined;
  const user = await userRepository(services.db).find(chosen);
  return user ? { id: user.id, name: user.name } : undefined;
}

/**
 * Gives a conversation waiting for a person to `assignee` (when it still waits: someone may have
 * taken it meanwhile). Returns the conversation as it is now, or undefined.
 */
export async function assignWaiting(
  services: Pick<Services, 'db'>,
  conversation: Pick<ConversationRow, 'id' | 'teamId'>,
  assignee: { id: number },
): Promise<ConversationRow | undefined> {
  return conversationRepository(services.db, conversation.teamId).transition(conversation.id, ['queued'], {
    state: 'human',
    assigneeId: assignee.id,
  });
}

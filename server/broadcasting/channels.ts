import { ChannelRegistry, type ChannelActor } from './channel-registry';
import { teamMembershipRepository } from '../db/repositories/team-membership-repository';
import { profilePhotoUrl } from '../presenters/user-presenter';
import { eq } from 'drizzle-orm';
import { conversations } from '../db/schema/index';
import { allows } from '../domain/teams/roles';
import { asRole } from '../domain/teams/team-access';

/**
 * Kawan's realtime channels and who may join them: Laravel's routes/channels.php. Names are
 * without the `private-`/`presence-` prefix: `teams.{team}` authorizes both `private-teams.1`
 * (events such as MembershipChanged) and `presence-teams.1` (who is online).
 */
export const channels = new ChannelRegistry()
  // The user's own channel: notifications (Echo's `.notification()`) and account events.
  .channel('App.Models.User.{id}', (_services, actor, { id }) => String(actor.user.id) === id)

  // A team's members; on the presence channel each one appears with name and photo.
  .channel('teams.{team}', async (services, actor, { team }) => {
    const teamId = positiveId(team);
    if (teamId === undefined) return false;
    if (actor.token && actor.token.teamId !== teamId) return false;
    const membership = await teamMembershipRepository(services.db, actor.user.id).find(teamId);
    return membership ? memberInfo(actor) : false;
  })

  // One conversation of the inbox: its messages as they come (private) and who is viewing it
  // (presence). Members whose role sees conversations, of the conversation's own team only.
  .channel('conversations.{conversation}', async (services, actor, { conversation }) => {
    const conversationId = positiveId(conversation);
    if (conversationId === undefined) return false;
    const [row] = await services.db
      .select({ teamId: conversations.teamId })
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    if (!row || (actor.token && actor.token.teamId !== row.teamId)) return false;
    const membership = await teamMembershipRepository(services.db, actor.user.id).find(row.teamId);
    if (!membership || !allows(asRole(membership.role), 'conversations:view', actor.token?.abilities)) return false;
    return memberInfo(actor);
  });

/** What a presence channel shows of a user (the `user_info` Echo's `here()` lists). */
export function memberInfo({ user }: ChannelActor): { id: number; name: string; profile_photo_url: string } {
  return { id: user.id, name: user.name, profile_photo_url: profilePhotoUrl(user) };
}

function positiveId(value: string): number | undefined {
  if (!/^[0-9]{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

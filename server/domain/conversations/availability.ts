import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { z } from 'zod';
import type { Services } from '../../services';
import { users } from '../../db/schema/users';
import { teamChannel } from '../notifications/channels';
import { authorize, type TeamActor } from '../teams/team-access';
import { validate } from '../shared/validation';
import { conversationPolicy } from './conversation-actions';
import { inboxEvent } from './events';

/** On `private-teams.{team}`: a member marked themselves away or back (the inbox reloads its agents). */
export const availabilityChangedEvent = 'AvailabilityChanged';

const availabilitySchema = z.object({
  away: z.boolean({ error: 'The away field must be true or false.' }),
});

/**
 * A person who answers conversations marks themselves away (lunch, a meeting, the end of a shift
 * with the tab still open) or back. While away, automatic assignment passes them by, though Kawan
 * is open; the inbox shows them as away. It is the person's, not the team's: away in every team.
 */
export async function setAway(
  services: Pick<Services, 'db' | 'broadcaster'>,
  actor: TeamActor,
  input: unknown,
): Promise<void> {
  authorize(conversationPolicy.reply(actor));
  const { away } = validate(availabilitySchema, input);
  // Saying it twice changes nothing and tells nobody again.
  const changed = await services.db
    .update(users)
    .set({ awaySince: away ? new Date() : null })
    .where(and(eq(users.id, actor.userId), away ? isNull(users.awaySince) : isNotNull(users.awaySince)))
    .returning({ id: users.id });
  if (changed.length === 0) return;
  await services.broadcaster.broadcast({
    channels: [teamChannel(actor.teamId)],
    event: inboxEvent(availabilityChangedEvent),
    data: { user_id: actor.userId, away },
  });
}

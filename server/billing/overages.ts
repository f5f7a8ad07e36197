import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { channels } from '../db/schema/index';
import { knowledgeCharsOf, usedOf, type CountedLimit } from './limits';
import type { Plan } from './plans';

const names: Record<CountedLimit, string> = {
  bots: 'bots',
  channels: 'channels',
  members: 'members (with pending invitations)',
  knowledgeSources: 'knowledge sources',
};

/**
 * What the team has beyond a plan's limits, in sentences ("4 bots (Starter allows 2)"): a
 * downgrade waits until this is empty.
 */
export async function overLimits(db: Database, teamId: number, plan: Plan): Promise<string[]> {
  const over: string[] = [];
  for (const limit of ['bots', 'channels', 'members', 'knowledgeSources'] as const) {
    const used = await usedOf(db, teamId, limit);
    const allowed = plan.limits[limit];
    if (used > allowed) over.push(`${used} ${names[limit]} (${plan.name} allows ${allowed})`);
  }
  const types = await db.selectDistinct({ type: channels.type }).from(channels).where(eq(channels.teamId, teamId));
  const excluded = types.map((row) => row.type).filter((type) => !plan.limits.channelTypes.includes(type));
  if (excluded.length > 0) over.push(`${excluded.join(' and ')} channels (${plan.name} does not include them)`);
  const chars = await knowledgeCharsOf(db, teamId);
  if (chars > plan.limits.knowledgeChars) {
    over.push(
      `${chars.toLocaleString('en-US')} characters of knowledge (${plan.name} allows ${plan.limits.knowledgeChars.toLocaleString('en-US')})`,
    );
  }
  return over;
}

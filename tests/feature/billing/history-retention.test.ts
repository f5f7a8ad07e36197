import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { onPlan } from '../../helpers/billing';
import { createOwnedTeam } from '../../factories/teams';
import { createPublishedBot } from '../../factories/bots';
import { createChannel, createConversation } from '../../factories/channels';
import { conversations, messages } from '../../../server/db/schema/index';
import { purgeExpiredHistory } from '../../../server/billing/retention';

/** Conversations older than the team's plan keeps are deleted with their messages; others stay. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function teamWithConversations(plan: 'free' | 'growth', ages: number[]) {
  const { team } = await createOwnedTeam(app.services);
  await onPlan(app, team.id, plan);
  const { bot } = await createPublishedBot(app.services, team.id);
  const channel = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
  const ids: number[] = [];
  for (const days of ages) {
    const { conversation } = await createConversation(app.services, channel);
    await app.services.db
      .update(conversations)
      .set({ lastMessageAt: new Date(Date.now() - days * 86_400_000) })
      .where(eq(conversations.id, conversation.id));
    ids.push(conversation.id);
  }
  return ids;
}

describe('history retention', () => {
  it("deletes what is older than the plan's days, with its messages, and keeps the rest", async () => {
    const free = await teamWithConversations('free', [45, 31, 10]);
    const growth = await teamWithConversations('growth', [45, 300]);
    expect(await purgeExpiredHistory(app.services.db, app.services.config)).toBeGreaterThanOrEqual(2);
    const left = await app.services.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(inArray(conversations.id, [...free, ...growth]));
    expect(left.map((row) => row.id).sort((a, b) => a - b)).toEqual([free[2], ...growth].sort((a, b) => a - b));
    expect(
      await app.services.db
        .select()
        .from(messages)
        .where(inArray(messages.conversationId, free.slice(0, 2))),
    ).toEqual([]);
    // Again: nothing more to delete.
    expect(await purgeExpiredHistory(app.services.db, app.services.config)).toBe(0);
  });
});

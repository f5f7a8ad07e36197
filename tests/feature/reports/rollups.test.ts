import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOwnedTeam } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import {
  conversationActivities,
  conversations,
  messages,
  reportDaily,
  reportDirtyDays,
  teams,
} from '../../../server/db/schema/index';
import { conversationWriter, type ConversationRow } from '../../../server/db/repositories/conversation-repository';
import { computeFigures, parseKey } from '../../../server/reports/compute';
import { loadFacts, processDirtyDays, rebuildTeam, rollupDay, storedFigures } from '../../../server/reports/rollup';
import { emptyFigures, sumFigures, type DailyFigures } from '../../../server/reports/figures';
import type { Services } from '../../../server/services';
import { rowsOf } from '../../../server/db/rows';

/**
 * The rollups the workers maintain as things happen equal a computation from raw rows: random
 * conversations (handed over, handed back, resolved by a person or by inactivity, reopened,
 * rated, spanning midnight) written through the repositories, then the team's time zone changed.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** A small deterministic generator, so that a failure can be replayed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

const MINUTE = 60_000;
const reasons = ['user_request', 'keyword', 'repeated_fallback', 'low_confidence', 'offline'] as const;

async function settle(services: Services) {
  while ((await processDirtyDays(services, { limit: 50 })) > 0);
}

/** Every stored row of the team, as `day|bot|channel` → figures. */
async function stored(services: Services, teamId: number) {
  const rows = await storedFigures(services.db, teamId, { from: '1970-01-01', to: '2999-12-31' });
  return new Map(rows.map((row) => [`${row.day}|${row.botId}|${row.channelId}`, row.figures]));
}

async function fromRaw(services: Services, teamId: number, timeZone: string) {
  const facts = await loadFacts(services.db, teamId, { timeZone });
  return computeFigures(facts.conversations, facts.messages, timeZone);
}

/** Figures compared as JSON, with float sums rounded (they add up in another order). */
function normalised(map: Map<string, DailyFigures>) {
  return Object.fromEntries(
    [...map]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([key, figures]) => [
        key,
        JSON.parse(JSON.stringify({ ...figures, costUsd: Math.round(figures.costUsd * 1e6) })),
      ]),
  );
}

async function generate(services: Services, teamId: number, seed: number) {
  const rng = random(seed);
  const { bot } = await createPublishedBot(services, teamId);
  const web = await createChannel(services, teamId, { type: 'web', botId: bot.id });
  const whatsapp = await createChannel(services, teamId, { type: 'whatsapp', botId: bot.id });
  const human = await createChannel(services, teamId, { type: 'telegram', botId: null });
  const writer = conversationWriter(services.db);
  // Days ago, and a few minutes before midnight Jakarta time (17:00 UTC) now and then.
  const base = Date.UTC(2026, 10, 20, 16, 40);
  for (let index = 0; index < 40; index += 1) {
    const channel = rng.pick([web, whatsapp, human]);
    const contactKey = `c${rng.int(25)}`;
    const contact = await writer.contactFor({
      teamId,
      channelType: channel.type,
      channelId: channel.id,
      externalUserId: contactKey,
    });
    let at = new Date(
      base - rng.int(6) * 86_400_000 + (rng.chance(0.5) ? rng.int(40) * MINUTE : -rng.int(600) * MINUTE),
    );
    const { conversation } = await writer.conversationFor({
      teamId,
      channelId: channel.id,
      botId: channel.botId,
      contactId: contact.id,
      threadId: `${contactKey}-${index}`,
      now: at,
    });
    await services.db.update(conversations).set({ createdAt: at }).where(eq(conversations.id, conversation.id));
    let row: ConversationRow = { ...conversation, createdAt: at };
    const step = () => (at = new Date(at.getTime() + (1 + rng.int(45)) * MINUTE));
    const message = async (
      values: Partial<typeof messages.$inferInsert> & Pick<typeof messages.$inferInsert, 'direction' | 'sender'>,
    ) => {
      step();
      await services.db.insert(messages).values({
        teamId,
        conversationId: row.id,
        channelId: channel.id,
        kind: 'text',
        text: 'x',
        status:
          values.direction === 'inbound' ? 'received' : rng.pick(['sent', 'delivered', 'read', 'failed'] as const),
        createdAt: at,
        ...values,
      });
    };
    const update = async (values: Partial<typeof conversations.$inferInsert>) => {
      [row] = await services.db
        .update(conversations)
        .set({ ...values, updatedAt: at })
        .where(eq(conversations.id, row.id))
        .returning();
    };

    for (let round = 0; round < 1 + rng.int(3); round += 1) {
      await message({ direction: 'inbound', sender: 'contact' });
      if (row.botId && row.state === 'bot') {
        await message({
          direction: 'outbound',
          sender: 'bot',
          feedback: rng.pick([null, null, 1, -1]),
          ai: {
            kind: rng.pick(['answer', 'answer', 'curated', 'fallback'] as const),
            model: rng.pick(['extractive', 'gpt-4o-mini']),
            version: 1,
            promptTokens: 100 + rng.int(500),
            completionTokens: 10 + rng.int(90),
            estimated: false,
            latencyMs: 20,
            costUsd: rng.chance(0.5) ? rng.int(1000) / 1e6 : null,
            citations: rng.chance(0.6)
              ? [{ marker: 1, passage: 1, chunkId: 1 + rng.int(5), sourceId: 1 + rng.int(3), sourceTitle: 'S' }]
              : [],
          },
        });
        if (!row.firstBotReplyAt) await update({ firstBotReplyAt: at });
      }
      if (row.state === 'bot' && rng.chance(0.35)) {
        step();
        await update({ state: 'queued', handoffReason: rng.pick(reasons), handoffAt: at });
      }
      if (row.state === 'queued' && rng.chance(0.7)) {
        step();
        await update({ state: 'human', assigneeId: null });
        await message({ direction: 'outbound', sender: 'agent' });
        if (!row.firstHumanReplyAt) await update({ firstHumanReplyAt: at });
        if (rng.chance(0.3)) await message({ direction: 'outbound', sender: 'agent', kind: 'note' });
        if (rng.chance(0.3)) {
          step();
          await update({ state: 'bot' });
        }
      }
      if (rng.chance(0.6) && row.state !== 'resolved') {
        step();
        const by = row.state === 'human' ? 'human' : rng.pick(['bot', 'auto_idle'] as const);
        await update({ state: 'resolved', resolvedAt: at, resolvedBy: by });
        if (channel.type === 'web' && rng.chance(0.5)) await update({ csatScore: 1 + rng.int(5), csatAt: at });
        if (rng.chance(0.3)) {
          // Reopened by the customer writing again, within the week or well after.
          at = new Date(at.getTime() + (rng.chance(0.5) ? 2 : 9) * 86_400_000);
          await update({
            state: 'bot',
            resolvedAt: null,
            resolvedBy: null,
            handoffAt: null,
            handoffReason: null,
            reopenCount: row.reopenCount + 1,
          });
        }
      }
    }
  }
}

describe('report rollups', () => {
  it('equal a computation from raw rows after random histories, and again after the time zone changes', async () => {
    const { team } = await createOwnedTeam(app.services);
    await generate(app.services, team.id, 20261124);
    await settle(app.services);

    const incremental = await stored(app.services, team.id);
    const raw = await fromRaw(app.services, team.id, 'Asia/Jakarta');
    expect(incremental.size).toBeGreaterThan(10);
    expect(normalised(incremental)).toEqual(normalised(raw));
    const total = sumFigures(incremental.values());
    expect(total.conversations).toBe(40);
    expect(total.handoffs).toBeGreaterThan(0);
    expect(total.autoResolved).toBeGreaterThan(0);
    expect(total.reopened).toBeGreaterThan(0);

    // New York's days are other days: everything is counted again under them.
    await app.services.db.update(teams).set({ timezone: 'America/New_York' }).where(eq(teams.id, team.id));
    await rebuildTeam(app.services.db, team.id);
    const rebuilt = await stored(app.services, team.id);
    expect(normalised(rebuilt)).toEqual(normalised(await fromRaw(app.services, team.id, 'America/New_York')));
    expect(sumFigures(rebuilt.values()).conversations).toBe(40);
    expect([...rebuilt.keys()].map((key) => parseKey(key).day)).not.toEqual(
      [...incremental.keys()].map((key) => parseKey(key).day),
    );
  });

  it('rolls up one day once at a time: the sweep and a rebuild of the same day at once both succeed', async () => {
    const { team } = await createOwnedTeam(app.services);
    await generate(app.services, team.id, 20261204);
    const [busiest] = rowsOf<{ day: string }>(
      await app.services.db.execute(sql`
        select (created_at at time zone 'Asia/Jakarta')::date::text as day from messages
         where team_id = ${team.id} group by 1 order by count(*) desc limit 1`),
    );
    // On a server each call has a connection of its own: before the lock, all of them deleted
    // nothing and every insert after the first broke the (team, day, bot, channel) key.
    const written = await Promise.all(
      Array.from({ length: 6 }, () => rollupDay(app.services.db, team.id, busiest.day, 'Asia/Jakarta')),
    );
    expect(new Set(written).size).toBe(1);
    expect(written[0]).toBeGreaterThan(0);
    const rows = await app.services.db
      .select()
      .from(reportDaily)
      .where(and(eq(reportDaily.teamId, team.id), eq(reportDaily.day, busiest.day)));
    expect(rows).toHaveLength(written[0]);
  });

  it('marks the day of every change in the same transaction, and keeps a trace of each state change', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { bot } = await createPublishedBot(app.services, team.id);
    const web = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
    const writer = conversationWriter(app.services.db);
    const contact = await writer.contactFor({
      teamId: team.id,
      channelType: 'web',
      channelId: web.id,
      externalUserId: 'v1',
    });
    const { conversation } = await writer.conversationFor({
      teamId: team.id,
      channelId: web.id,
      botId: bot.id,
      contactId: contact.id,
      threadId: 'v1',
      now: new Date(),
    });
    const marks = await app.services.db.select().from(reportDirtyDays).where(eq(reportDirtyDays.teamId, team.id));
    expect(marks.length).toBeGreaterThan(0);
    await settle(app.services);
    expect(await app.services.db.select().from(reportDirtyDays).where(eq(reportDirtyDays.teamId, team.id))).toEqual([]);
    const [today] = await storedFigures(app.services.db, team.id, { from: '1970-01-01', to: '2999-12-31' });
    expect(today.figures).toMatchObject({ conversations: 1, newContacts: 1, botHandled: 1, handoffs: 0 });

    // A handoff, a hand-back and a resolution each leave an activity, whatever code wrote them.
    for (const values of [
      { state: 'queued' as const, handoffReason: 'keyword' as const, handoffAt: new Date() },
      { state: 'bot' as const },
      { state: 'resolved' as const, resolvedBy: 'bot' as const, resolvedAt: new Date() },
    ]) {
      await app.services.db
        .update(conversations)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(conversations.id, conversation.id));
    }
    const trail = await app.services.db
      .select({ type: conversationActivities.type, reason: conversationActivities.reason })
      .from(conversationActivities)
      .where(eq(conversationActivities.conversationId, conversation.id))
      .orderBy(conversationActivities.id);
    expect(trail).toEqual([
      { type: 'opened', reason: null },
      { type: 'handoff', reason: 'keyword' },
      { type: 'handed_back', reason: null },
      { type: 'resolved', reason: 'bot' },
    ]);
    await settle(app.services);
    const [after] = await storedFigures(app.services.db, team.id, { from: '1970-01-01', to: '2999-12-31' });
    // Handed over before it was resolved: a handoff, not an auto-resolution.
    expect(after.figures).toMatchObject({
      conversations: 1,
      handoffs: 1,
      handoffReasons: { keyword: 1 },
      autoResolved: 0,
      resolved: 1,
    });
  });

  it('drops the rows of a deleted channel with it', async () => {
    const { team } = await createOwnedTeam(app.services);
    await generate(app.services, team.id, 7);
    await settle(app.services);
    const [channel] = await app.services.db
      .execute(sql`select id from channels where team_id = ${team.id} limit 1`)
      .then((result) => (result as unknown as { rows: { id: number }[] }).rows);
    await app.services.db.execute(sql`delete from channels where id = ${channel.id}`);
    const left = await app.services.db
      .select()
      .from(reportDaily)
      .where(and(eq(reportDaily.teamId, team.id), eq(reportDaily.channelId, channel.id)));
    expect(left).toEqual([]);
    expect(normalised(await stored(app.services, team.id))).toEqual(
      normalised(await fromRaw(app.services, team.id, 'Asia/Jakarta')),
    );
    expect(emptyFigures().conversations).toBe(0);
  });
});

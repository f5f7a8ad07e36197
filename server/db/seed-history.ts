import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import type { Services } from '../services';
import type { TurnResult } from '../bot-engine/turn';
import { gapJob, gapReasonOf, type GapJob } from '../domain/gaps/collect-question';
import { gapRepository } from './repositories/gap-repository';
import { rowsOf } from './rows';
import { channels, contactIdentities, contacts, conversations, messages } from './schema/channels';
import { knowledgeChunks, knowledgeSources } from './schema/knowledge';
import { conversationActivities } from './schema/reports';
import { botRepository } from './repositories/bot-repository';
import { configOf } from '../domain/bots/actions/chat';
import { spokenIn } from '../bot-engine/bot-config';
import type { Language } from '../knowledge/language';
import { teamTimeZone } from '../reports/rollup';
import { cafeFaq } from './seed-data/knowledge/cafe-faq';
import { generateHistory, type HistoryAgent, type HistoryChannel, type HistoryPassage } from './seed-data/history';
import type { Cite } from './seed-data/history-dialogues';

/**
 * Writes the demo team's generated past (server/db/seed-data/history.ts) in a few bulk inserts,
 * with the timestamps of the past: contacts and their identities, conversations (all resolved by
 * now), their messages, and the activities the triggers would have written for each state change
 * (the triggers write 'opened' themselves as the rows go in, and mark every day for the rollups).
 * Citations name the demo knowledge's real sources and chunks; their hit counts go up with them.
 * Ids are drawn from the tables' sequences first, so rows can name one another in one pass. The
 * turns that leave a knowledge gap (a fallback, a handoff, a thumbs-down) queue their question for
 * the gap inbox as the live pipeline does; the caller's drain collects them.
 */
export async function seedDemoHistory(
  services: Pick<Services, 'db' | 'jobs'>,
  input: { teamId: number; botId: number; agents: HistoryAgent[]; now?: Date; days?: number; seed?: number },
): Promise<{ conversations: number; messages: number }> {
  const { db } = services;
  const { teamId } = input;
  const providerKind = 'openai-compatible';
  const timeZone = (await teamTimeZone(db, teamId)) ?? 'Asia/Jakarta';
  const bot = (await botRepository(db, teamId).find(input.botId))!;
  const config = configOf(bot.draft, bot.name);
  const messagesIn = (language: Language) => {
    const said = spokenIn(config, language);
    return { welcome: said.welcomeMessage, fallback: said.fallbackMessage, handoff: said.handoff.message };
  };
  const channelIds = await channelsByType(db, teamId);
  const passage = await passages(db, teamId);

  const history = generateHistory({
    now: input.now ?? new Date(),
    days: input.days ?? 60,
    timeZone,
    seed: input.seed ?? 20261124,
    bot: {
      id: bot.id,
      version: bot.publishedVersion ?? 1,
      messages: {
        id: messagesIn('indonesian'),
        en: messagesIn('english'),
      },
    },
    providerKind,
    agents: input.agents,
    passage,
    curatedAnswer: (question) => {
      const entry = cafeFaq.find((faq) => faq.question === question);
      if (!entry) throw new Error(`No curated answer for "${question}" in the demo FAQ`);
      return entry.answer;
    },
  });

  const conversationId = new Map<number, number>();
  const messageId = new Map<number, number>();
  await db.transaction(async (tx) => {
    const contactIds = await reserve(tx, 'contacts', history.contacts.length);
    const conversationIds = await reserve(tx, 'conversations', history.conversations.length);
    const messageIds = await reserve(tx, 'messages', history.messages.length);
    const contactId = new Map(history.contacts.map((contact, index) => [contact.key, contactIds[index]]));
    history.conversations.forEach((row, index) => conversationId.set(row.key, conversationIds[index]));
    history.messages.forEach((row, index) => messageId.set(row.key, messageIds[index]));

    await insertChunked(
      history.contacts.map((contact) => ({
        id: contactId.get(contact.key)!,
        teamId,
        name: contact.name,
        phoneE164: contact.phoneE164,
        locale: contact.locale,
        firstSeenAt: contact.firstSeenAt,
        lastSeenAt: contact.lastSeenAt,
      })),
      (rows) => tx.insert(contacts).values(rows),
    );
    await insertChunked(
      history.contacts.map((contact) => ({
        teamId,
        contactId: contactId.get(contact.key)!,
        channelType: contact.channel,
        channelId: channelIds[contact.channel],
        externalUserId: contact.externalUserId,
        displayName: contact.name,
        createdAt: contact.firstSeenAt,
      })),
      (rows) => tx.insert(contactIdentities).values(rows),
    );
    await insertChunked(
      history.conversations.map(({ key, contact, channel, ...row }) => ({
        ...row,
        id: conversationId.get(key)!,
        teamId,
        number: sql`next_conversation_number(${teamId})`,
        channelId: channelIds[channel],
        contactId: contactId.get(contact)!,
        state: 'resolved' as const,
        unreadCount: 0,
      })),
      (rows) => tx.insert(conversations).values(rows),
    );
    const channelOf = new Map(history.conversations.map((row) => [row.key, channelIds[row.channel]]));
    await insertChunked(
      history.messages.map(({ key, conversation, inReplyTo, handoff: _handoff, ...row }) => ({
        ...row,
        id: messageId.get(key)!,
        teamId,
        conversationId: conversationId.get(conversation)!,
        channelId: channelOf.get(conversation)!,
        inReplyToId: inReplyTo === null ? null : messageId.get(inReplyTo)!,
      })),
      (rows) => tx.insert(messages).values(rows),
    );
    await insertChunked(
      history.activities.map(({ conversation, ...row }) => ({
        ...row,
        teamId,
        conversationId: conversationId.get(conversation)!,
      })),
      (rows) => tx.insert(conversationActivities).values(rows),
    );
    await countHits(tx, history.messages);
    // Each channel's health shows when its last message came in and its last reply went out, as
    // the live pipeline marks them.
    await tx.execute(sql`
      update ${channels} c
         set last_inbound_at = greatest(c.last_inbound_at, m.inbound), last_outbound_at = greatest(c.last_outbound_at, m.outbound)
        from (select channel_id,
                     max(created_at) filter (where direction = 'inbound') as inbound,
                     max(created_at) filter (where direction = 'outbound') as outbound
                from ${messages} where team_id = ${teamId} group by channel_id) m
       where c.id = m.channel_id and c.team_id = ${teamId}`);
  });

  // The knowledge gaps these turns leave, as server/domain/gaps/collect-question.ts notes them live.
  const gaps = gapRepository(db, teamId);
  for (const reply of history.messages) {
    if (reply.sender !== 'bot' || !reply.ai || reply.inReplyTo === null) continue;
    const gap = gapReasonOf({
      kind: reply.ai.kind,
      handoff: reply.handoff ? { reason: reply.handoff, message: '' } : null,
      trace: { provider: { kind: providerKind, extractive: false, called: true } } as TurnResult['trace'],
    });
    const question = messageId.get(reply.inReplyTo)!;
    if (gap) {
      const asked = gap.previous
        ? await gaps.previousAnswered(conversationId.get(reply.conversation)!, question)
        : question;
      if (asked !== undefined) await queueGap(services, { teamId, messageId: asked, reason: gap.reason });
    }
    if (reply.feedback === -1) await queueGap(services, { teamId, messageId: question, reason: 'thumbs_down' });
  }
  return { conversations: history.conversations.length, messages: history.messages.length };
}

const queueGap = (services: Pick<Services, 'jobs'>, job: GapJob) => services.jobs.send(gapJob, job);

async function channelsByType(db: Database, teamId: number): Promise<Record<HistoryChannel, number>> {
  const rows = await db
    .select({ id: channels.id, type: channels.type })
    .from(channels)
    .where(eq(channels.teamId, teamId))
    .orderBy(asc(channels.id));
  const id = (type: HistoryChannel) => {
    const row = rows.find((channel) => channel.type === type);
    if (!row) throw new Error(`The demo team has no ${type} channel`);
    return row.id;
  };
  return { web: id('web'), telegram: id('telegram'), whatsapp: id('whatsapp') };
}

/** The demo knowledge's passages by source title, and the chunk holding a phrase. */
async function passages(db: Database, teamId: number): Promise<(cite: Cite) => HistoryPassage> {
  const sources = await db
    .select({ id: knowledgeSources.id, title: knowledgeSources.title, knowledgeId: knowledgeSources.knowledgeId })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.teamId, teamId));
  const chunks = await db
    .select({ id: knowledgeChunks.id, sourceId: knowledgeChunks.sourceId, content: knowledgeChunks.content })
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.teamId, teamId), eq(knowledgeChunks.enabled, true)))
    .orderBy(asc(knowledgeChunks.sourceId), asc(knowledgeChunks.position));
  return (cite) => {
    const source = sources.find((candidate) => candidate.title === cite.source);
    const own = chunks.filter((chunk) => chunk.sourceId === source?.id);
    if (!source || own.length === 0) throw new Error(`The demo knowledge has no passage of "${cite.source}"`);
    const phrase = cite.contains?.toLowerCase();
    const chunk = (phrase && own.find((candidate) => candidate.content.toLowerCase().includes(phrase))) || own[0];
    return { sourceId: source.id, chunkId: chunk.id, knowledgeId: source.knowledgeId, sourceTitle: source.title };
  };
}

/** `count` ids from a table's own sequence, ascending. */
async function reserve(db: Database, table: 'contacts' | 'conversations' | 'messages', count: number) {
  if (count === 0) return [];
  const result = await db.execute(
    sql`select nextval(pg_get_serial_sequence(${table}, 'id'))::int as id from generate_series(1, ${count})`,
  );
  return rowsOf<{ id: number }>(result)
    .map((row) => Number(row.id))
    .sort((a, b) => a - b);
}

/** Inserts in statements of `size` rows (PostgreSQL takes at most 65,535 parameters a statement). */
async function insertChunked<Row>(rows: Row[], insert: (rows: Row[]) => Promise<unknown>, size = 500) {
  for (let start = 0; start < rows.length; start += size) await insert(rows.slice(start, start + size));
}

/** Each cited source and chunk counts the replies that cited it as hits. */
async function countHits(db: Database, replies: { ai: { citations: unknown[] } | null; createdAt: Date }[]) {
  const hits = { source: new Map<number, [number, Date]>(), chunk: new Map<number, [number, Date]>() };
  for (const reply of replies) {
    for (const citation of (reply.ai?.citations ?? []) as HistoryPassage[]) {
      for (const [map, id] of [
        [hits.source, citation.sourceId],
        [hits.chunk, citation.chunkId],
      ] as const) {
        const [count, last] = map.get(id) ?? [0, reply.createdAt];
        map.set(id, [count + 1, last > reply.createdAt ? last : reply.createdAt]);
      }
    }
  }
  for (const [id, [count, last]] of hits.source) {
    await db
      .update(knowledgeSources)
      .set({ hitCount: sql`${knowledgeSources.hitCount} + ${count}`, lastHitAt: last })
      .where(eq(knowledgeSources.id, id));
  }
  for (const [id, [count, last]] of hits.chunk) {
    await db
      .update(knowledgeChunks)
      .set({ hitCount: sql`${knowledgeChunks.hitCount} + ${count}`, lastHitAt: last })
      .where(eq(knowledgeChunks.id, id));
  }
}

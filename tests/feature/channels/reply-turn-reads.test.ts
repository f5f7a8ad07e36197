import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { turnTail } from '../../../server/channels/pipeline';
import {
  conversationRepository,
  type MessageRow,
  type NewMessage,
} from '../../../server/db/repositories/conversation-repository';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';

/**
 * A reply turn reads its conversation once (its newest 40 messages) instead of five times; what it
 * derives must be what the five queries answer, in a short conversation and past the window.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Step = Pick<NewMessage, 'direction' | 'sender'> & { kind?: NewMessage['kind']; replyToFirst?: boolean };
const contact: Step = { direction: 'inbound', sender: 'contact' };
const bot: Step = { direction: 'outbound', sender: 'bot' };
const agent: Step = { direction: 'outbound', sender: 'agent' };
const note: Step = { direction: 'outbound', sender: 'agent', kind: 'note' };

/** A conversation whose messages after its first inbound one follow `steps`. */
async function conversationOf(steps: Step[]) {
  const { team } = await createOwnedTeam(app.services);
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const { conversation, message: first } = await createConversation(app.services, channel);
  const repo = conversationRepository(app.services.db, team.id);
  const rows: MessageRow[] = [first];
  for (const [index, step] of steps.entries()) {
    const row = await repo.insertMessage({
      conversationId: conversation.id,
      channelId: channel.id,
      direction: step.direction,
      sender: step.sender,
      kind: step.kind ?? 'text',
      text: `${step.sender} ${index}`,
      status: step.direction === 'inbound' ? 'received' : 'sent',
      ...(step.replyToFirst ? { inReplyToId: first.id } : {}),
    });
    rows.push(row!);
  }
  return { repo, conversation, rows };
}

/** What the turn used to read, one query each. */
async function byQueries(repo: ReturnType<typeof conversationRepository>, conversationId: number, inbound: MessageRow) {
  const reply = await repo.replyTo(inbound.id);
  const lastSpoken = await repo.lastSpoken(conversationId, inbound.id);
  return {
    latestInboundId: (await repo.latestInbound(conversationId))?.id,
    replyId: reply?.id,
    before: (replyId: number) => repo.messages(conversationId, { limit: 30, beforeId: replyId }),
    asked: await repo.inboundAfter(conversationId, lastSpoken?.id ?? 0, inbound.id),
  };
}

async function expectSameReads(steps: Step[], pick: (rows: MessageRow[]) => MessageRow) {
  const { repo, conversation, rows } = await conversationOf(steps);
  const inbound = pick(rows);
  const tail = await turnTail(repo, conversation.id, inbound);
  const expected = await byQueries(repo, conversation.id, inbound);
  expect(tail.latestInboundId).toBe(expected.latestInboundId);
  expect(tail.reply?.id).toBe(expected.replyId);
  const ids = (list: MessageRow[]) => list.map((row) => row.id);
  expect(ids(await tail.asked())).toEqual(ids(expected.asked));
  const replyIds = [rows.at(-1)!.id + 1000, ...(expected.replyId ? [expected.replyId] : [])];
  for (const replyId of replyIds) expect(ids(await tail.before(replyId))).toEqual(ids(await expected.before(replyId)));
  return { tail, expected };
}

const repeat = (step: Step, times: number) => Array.from({ length: times }, () => step);

describe('the reads of a reply turn', () => {
  it('match the queries in a short conversation: several questions since the last answer, a note between', async () => {
    // An agent's note is not something the customer heard: the three questions are asked together.
    const { tail } = await expectSameReads([bot, contact, note, contact, contact], (rows) => rows.at(-1)!);
    expect((await tail.asked()).length).toBe(3);
    const past = await expectSameReads([agent, contact, ...repeat(note, 45), contact], (rows) => rows.at(-1)!);
    expect((await past.tail.asked()).length).toBe(2);
  });

  it('match them when nothing was answered yet, and for a retried turn whose reply was begun', async () => {
    await expectSameReads([contact, contact], (rows) => rows.at(-1)!);
    const { tail } = await expectSameReads([{ ...bot, replyToFirst: true }], (rows) => rows[0]);
    expect(tail.reply).toBeDefined();
  });

  it('match them past the window: a long history, a question asked after many agent messages, an old message', async () => {
    // 60 turns of history before the question: the history is the newest 30 before the reply.
    await expectSameReads([...repeat(contact, 1), ...repeat(bot, 30), ...repeat(contact, 29), bot, contact], (rows) =>
      rows.at(-1)!,
    );
    // Nobody answered for 50 messages: every one of them is asked.
    const { tail } = await expectSameReads([bot, ...repeat(contact, 50)], (rows) => rows.at(-1)!);
    expect((await tail.asked()).length).toBe(50);
    // The question is older than the window (45 agent messages after it): still found.
    await expectSameReads([contact, ...repeat(agent, 45)], (rows) => rows[1]);
    // A message that is not the newest inbound: a newer one's turn answers.
    const old = await expectSameReads([contact, ...repeat(bot, 45), contact], (rows) => rows[1]);
    expect(old.tail.latestInboundId).not.toBe(old.expected.asked.at(-1)?.id);
  });
});

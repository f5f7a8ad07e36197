import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  followingLimit,
  followingMessages,
  historyLimit,
  recentLimit,
  turnReading,
} from '../../../server/channels/pipeline';
import { conversationRepository, type MessageRow } from '../../../server/db/repositories/conversation-repository';
import { createTestApp, type TestApp } from '../../helpers/app';
import { addMessages, createChannel, createConversation, type MessageStep } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';

/**
 * A reply turn reads what followed its inbound message once (server/channels/pipeline.ts
 * followingMessages): whether a newer inbound message came (its own turn answers both) and the
 * bot's reply begun so far. What it finds must be what the two queries it replaces answer
 * (latestInbound, replyTo), within its window of rows and past it.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Step = MessageStep & { answersFirst?: boolean };
const contact: Step = { direction: 'inbound', sender: 'contact' };
const agent: Step = { direction: 'outbound', sender: 'agent' };
/** The bot's reply to the first message, begun (a retried turn finds it). */
const botReply: Step = { direction: 'outbound', sender: 'bot', status: 'composing', answersFirst: true };
const repeat = (step: Step, times: number) => Array.from({ length: times }, () => step);

/** What followed the conversation's first inbound message, read both ways; they must agree. */
async function following(steps: Step[]) {
  const { team } = await createOwnedTeam(app.services);
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const { conversation, message: first } = await createConversation(app.services, channel);
  const repo = conversationRepository(app.services.db, team.id);
  await addMessages(
    app.services,
    channel,
    conversation.id,
    steps.map(({ answersFirst, ...step }) => (answersFirst ? { ...step, inReplyToId: first.id } : step)),
  );
  const found = await followingMessages(repo, conversation.id, first);
  const latest = await repo.latestInbound(conversation.id);
  const reply: MessageRow | undefined = await repo.replyTo(first.id);
  expect(found.newerInbound).toBe(latest !== undefined && latest.id !== first.id);
  expect(found.reply?.id).toBe(reply?.id);
  // The turn's own reading, from one read of the latest messages where they suffice, agrees too,
  // and so does the history it hands the engine (before the begun reply, or a reply begun now).
  const reading = await turnReading(repo, conversation.id, first);
  expect(reading.newerInbound).toBe(found.newerInbound);
  expect(reading.reply?.id).toBe(found.reply?.id);
  const replyId = reply?.id ?? (latest?.id ?? first.id) + 1_000_000;
  const history = await repo.messages(conversation.id, { limit: historyLimit, beforeId: replyId });
  expect((await reading.earlier(replyId)).map((row) => row.id)).toEqual(history.map((row) => row.id));
  return found;
}

describe('what followed the message a reply turn answers', () => {
  it('is nothing for a new question, and the begun reply for a retried turn', async () => {
    expect(await following([])).toEqual({ newerInbound: false, reply: undefined });
    const retried = await following([botReply]);
    expect(retried.newerInbound).toBe(false);
    expect(retried.reply?.status).toBe('composing');
  });

  it('is a newer question when the customer wrote again, with or without a reply begun', async () => {
    expect((await following([contact])).newerInbound).toBe(true);
    expect(await following([botReply, contact])).toMatchObject({ newerInbound: true, reply: { status: 'composing' } });
  });

  it('is read from the latest messages alone when they reach back to the question, and read on when not', async () => {
    // Within the latest messages, with more or less history than the engine reads.
    expect((await following(repeat(agent, historyLimit + 5))).newerInbound).toBe(false);
    expect(await following([...repeat(agent, 10), botReply, ...repeat(agent, 10)])).toMatchObject({
      newerInbound: false,
      reply: { status: 'composing' },
    });
    // The question older than the latest messages; a begun reply with little history after the read.
    expect((await following(repeat(agent, recentLimit + 3))).newerInbound).toBe(false);
    expect((await following([botReply, ...repeat(agent, recentLimit)])).reply).toBeDefined();
  });

  it('is found past its window of rows, by the two queries', async () => {
    // An agent wrote more than the window after the question: nothing newer from the customer.
    expect((await following(repeat(agent, followingLimit + 5))).newerInbound).toBe(false);
    // The customer's newer message and the begun reply lie past the window.
    const past = await following([...repeat(agent, followingLimit + 5), botReply, contact]);
    expect(past.newerInbound).toBe(true);
    expect(past.reply).toBeDefined();
  });
});

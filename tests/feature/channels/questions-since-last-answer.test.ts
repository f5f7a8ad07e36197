import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { askedTogether, historyLimit } from '../../../server/channels/pipeline';
import { createTestApp, type TestApp } from '../../helpers/app';
import { addMessages, createChannel, createConversation, type MessageStep } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';

/**
 * A reply answers together every question the customer sent since they last heard the bot or an
 * agent (server/channels/pipeline.ts askedTogether: found in the history the reply reads, or by
 * lastSpoken then inboundAfter when the history does not reach back that far). An agent's
 * internal note, or an event line, is nothing the customer heard. Each case is checked both ways.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Step = MessageStep;
const contact: Step = { direction: 'inbound', sender: 'contact' };
const bot: Step = { direction: 'outbound', sender: 'bot' };
const agent: Step = { direction: 'outbound', sender: 'agent' };
const note: Step = { direction: 'outbound', sender: 'agent', kind: 'note' };
const event: Step = { direction: 'outbound', sender: 'system', kind: 'event' };
const agentEvent: Step = { direction: 'outbound', sender: 'agent', kind: 'event' };

/** The questions a reply to the conversation's last message answers, as their texts. */
async function askedAfter(steps: Step[]): Promise<string[]> {
  const { team } = await createOwnedTeam(app.services);
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const { conversation, message: first } = await createConversation(app.services, channel, { text: 'contact first' });
  const repo = conversationRepository(app.services.db, team.id);
  const last = (await addMessages(app.services, channel, conversation.id, steps)).at(-1) ?? first;
  // The history a reply to `last` reads (the messages before the reply, `last` among them).
  const earlier = await repo.messages(conversation.id, { limit: historyLimit, beforeId: last.id + 1 });
  const asked = (await askedTogether(repo, conversation.id, last, earlier)).map((row) => row.text);
  const lastSpoken = await repo.lastSpoken(conversation.id, last.id);
  const read = (await repo.inboundAfter(conversation.id, lastSpoken?.id ?? 0, last.id)).map((row) => row.text);
  expect(asked).toEqual(read);
  return asked;
}

describe('the questions a reply answers', () => {
  it('are those since the bot or an agent last spoke', async () => {
    expect(await askedAfter([bot, contact, contact])).toEqual(['contact 1', 'contact 2']);
    expect(await askedAfter([contact, agent, contact])).toEqual(['contact 2']);
    expect(await askedAfter([contact])).toEqual(['contact first', 'contact 0']);
  });

  it('reach past an agent’s note or an event line, which the customer never heard', async () => {
    expect(await askedAfter([bot, contact, note, contact])).toEqual(['contact 1', 'contact 3']);
    expect(await askedAfter([contact, event, agentEvent, note, contact])).toEqual([
      'contact first',
      'contact 0',
      'contact 4',
    ]);
  });

  it('reach back past the history a reply reads, and stop at the last answer inside it', async () => {
    // The bot spoke before the 30 messages the reply reads: the questions are read from the table.
    const many = Array.from({ length: historyLimit + 5 }, () => contact);
    const asked = await askedAfter([bot, ...many]);
    expect(asked).toHaveLength(historyLimit + 5);
    expect(asked[0]).toBe('contact 1');
    // An answer inside the history: only the questions after it.
    expect(await askedAfter([...many, agent, contact, note, contact])).toEqual([
      `contact ${historyLimit + 6}`,
      `contact ${historyLimit + 8}`,
    ]);
    // No answer at all in a conversation longer than the history: every question.
    expect(await askedAfter(many)).toHaveLength(historyLimit + 6);
  });
});

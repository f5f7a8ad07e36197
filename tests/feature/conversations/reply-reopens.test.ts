import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import { conversationRepository, conversationWriter } from '../../../server/db/repositories/conversation-repository';

/**
 * A teammate's reply in a resolved conversation takes it up again, as Reopen does: it is theirs,
 * no longer resolved, counted as reopened, with a line in the thread. When the customer has a newer
 * open conversation on the same thread, the reply is refused (422) and nothing is stored.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function resolvedConversation(resolvedDaysAgo: number) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, { type: 'web', settings: { allowedDomains: ['x.test'] } });
  const { conversation } = await createConversation(app.services, channel, { text: 'Halo' });
  const repo = conversationRepository(app.services.db, team.id);
  await repo.update(conversation.id, {
    state: 'resolved',
    resolvedAt: new Date(Date.now() - resolvedDaysAgo * 86_400_000),
    resolvedBy: 'human',
  });
  const client = await signedIn(app.app, owner);
  const reply = (text: string) =>
    client.send(
      'post',
      `/conversations/${conversation.id}/messages`,
      { text },
      { Referer: `/conversations/${conversation.id}` },
    );
  const errors = async () =>
    (await client.visit(`/conversations/${conversation.id}`)).body.props.errors as Record<string, string>;
  return { owner, team, channel, conversation, repo, reply, errors };
}

describe('a reply in a resolved conversation', () => {
  it('reopens it for the teammate who wrote', async () => {
    const { owner, conversation, repo, reply } = await resolvedConversation(1);
    expect((await reply('Masih ada yang bisa dibantu?')).status).toBe(303);
    expect(await repo.find(conversation.id)).toMatchObject({
      state: 'human',
      assigneeId: owner.id,
      resolvedAt: null,
      resolvedBy: null,
      reopenCount: 1,
    });
    // The thread says who took it up, then their reply.
    const thread = (await repo.messages(conversation.id, { limit: 10 })).map((m) => [m.sender, m.text]);
    expect(thread).toEqual([
      ['contact', 'Halo'],
      ['system', `Reopened by ${owner.name}.`],
      ['agent', 'Masih ada yang bisa dibantu?'],
    ]);
  });

  it('in a conversation waiting for a person says they joined, before their reply', async () => {
    const { owner, conversation, repo, reply } = await resolvedConversation(1);
    await repo.update(conversation.id, { state: 'queued', resolvedAt: null, resolvedBy: null });
    expect((await reply('Halo Kak, saya bantu ya.')).status).toBe(303);
    expect((await repo.messages(conversation.id, { limit: 10 })).map((m) => [m.sender, m.text])).toEqual([
      ['contact', 'Halo'],
      ['system', `${owner.name} joined the conversation.`],
      ['agent', 'Halo Kak, saya bantu ya.'],
    ]);
    expect(await repo.find(conversation.id)).toMatchObject({ state: 'human', assigneeId: owner.id });
  });

  it('is refused when the customer has a newer open conversation, and stores nothing', async () => {
    const { team, channel, conversation, repo, reply, errors } = await resolvedConversation(8);
    const { conversation: newer } = await conversationWriter(app.services.db).conversationFor({
      teamId: team.id,
      channelId: channel.id,
      botId: null,
      contactId: conversation.contactId,
      threadId: conversation.threadId,
      now: new Date(),
    });
    expect(newer.id).not.toBe(conversation.id);
    const before = await repo.messages(conversation.id, { limit: 10 });
    expect((await reply('Halo lagi')).status).toBe(303);
    expect((await errors()).text).toBe('The customer already has a newer open conversation.');
    expect(await repo.messages(conversation.id, { limit: 10 })).toEqual(before);
    expect((await repo.find(conversation.id))?.state).toBe('resolved');
  });
});

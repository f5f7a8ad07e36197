import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOwnedTeam } from '../../factories/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { resolveIdleConversations } from '../../../server/domain/conversations/idle';

/** Open conversations nobody wrote in for CONVERSATION_IDLE_RESOLVE_HOURS are resolved as 'auto_idle'. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { CONVERSATION_IDLE_RESOLVE_HOURS: '24' } });
});
afterAll(() => app.close());

describe('idle conversations', () => {
  it('resolves those quiet for longer than the setting, leaves the others, and tells the inbox', async () => {
    const { team } = await createOwnedTeam(app.services, { current: true });
    const channel = await createChannel(app.services, team.id, {
      type: 'web',
      settings: { allowedDomains: ['a.test'] },
    });
    const quiet = await createConversation(app.services, channel);
    const busy = await createConversation(app.services, channel);
    const repo = conversationRepository(app.services.db, team.id);
    await repo.update(quiet.conversation.id, { lastMessageAt: new Date(Date.now() - 25 * 60 * 60 * 1000) });
    expect(await resolveIdleConversations(app.services)).toBe(1);
    expect(await repo.find(quiet.conversation.id)).toMatchObject({ state: 'resolved', resolvedBy: 'auto_idle' });
    expect((await repo.find(busy.conversation.id))?.state).toBe('bot');
    const told = app.broadcasts.filter((b) => b.event === 'App\\Events\\ConversationChanged');
    expect(told.at(-1)?.data).toMatchObject({ action: 'resolved', conversation: { id: quiet.conversation.id } });
    // The thread says why, as a person's resolution does; an open thread and the widget hear of it.
    const line = 'Resolved automatically: no message for 24 hours.';
    const thread = await repo.messages(quiet.conversation.id, { limit: 10 });
    expect(thread.filter((m) => m.sender === 'system').map((m) => m.text)).toEqual([line]);
    expect(
      app.broadcasts.some(
        (b) =>
          b.event === 'App\\Events\\MessageCreated' &&
          b.channels[0] === `private-conversations.${quiet.conversation.id}` &&
          (b.data as { message: { text: string } }).message.text === line,
      ),
    ).toBe(true);
    expect(
      app.broadcasts.some((b) => b.event === 'conversation.updated' && b.channels[0].startsWith('private-widget.')),
    ).toBe(true);
    expect(await resolveIdleConversations(app.services)).toBe(0);
  });

  it('resolves a bounded number a run, the longest quiet first; the next run takes the rest', async () => {
    const { team } = await createOwnedTeam(app.services, { current: true });
    const channel = await createChannel(app.services, team.id, { type: 'telegram' });
    const older = await createConversation(app.services, channel);
    const newer = await createConversation(app.services, channel);
    const repo = conversationRepository(app.services.db, team.id);
    await repo.update(older.conversation.id, { lastMessageAt: new Date(Date.now() - 50 * 60 * 60 * 1000) });
    await repo.update(newer.conversation.id, { lastMessageAt: new Date(Date.now() - 30 * 60 * 60 * 1000) });
    expect(await resolveIdleConversations(app.services, new Date(), 1)).toBe(1);
    expect((await repo.find(older.conversation.id))?.state).toBe('resolved');
    expect((await repo.find(newer.conversation.id))?.state).toBe('bot');
    expect(await resolveIdleConversations(app.services, new Date(), 1)).toBe(1);
    expect((await repo.find(newer.conversation.id))?.state).toBe('resolved');
  });

  it('does nothing when the setting is 0', async () => {
    const never = await createTestApp({ env: { CONVERSATION_IDLE_RESOLVE_HOURS: '0' } });
    try {
      const { team } = await createOwnedTeam(never.services, { current: true });
      const channel = await createChannel(never.services, team.id, { type: 'web' });
      const { conversation } = await createConversation(never.services, channel);
      await conversationRepository(never.services.db, team.id).update(conversation.id, { lastMessageAt: new Date(0) });
      expect(await resolveIdleConversations(never.services)).toBe(0);
    } finally {
      await never.close();
    }
  });
});

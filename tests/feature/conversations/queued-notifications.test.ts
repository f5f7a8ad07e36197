import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { conversationQueuedType } from '../../../server/domain/conversations/notifications';
import { userChannel } from '../../../server/domain/notifications/channels';

/**
 * A conversation handed to a person rings the bell of everyone who can take it (owner, admins,
 * editors, agents; not viewers), live on their own channel; once someone takes it, the others'
 * notifications are read.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function queued() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const { bot } = await createPublishedBot(app.services, team.id);
  const channel = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
  const { conversation } = await createConversation(app.services, channel, { text: 'Saya mau bicara dengan orang' });
  const moved = await queueForPerson(app.services, conversation, 'user_request');
  expect(moved?.state).toBe('queued');
  // The thread says why, for the team.
  const lines = await conversationRepository(app.services.db, team.id).messages(conversation.id, { limit: 10 });
  expect(lines.filter((line) => line.sender === 'system').map((line) => line.text)).toEqual([
    'Waiting for a person: the customer asked for one.',
  ]);
  return { owner, agent, viewer, team, conversation };
}

const unread = async (userId: number) =>
  (await notificationRepository(app.services.db, userId).page(1, 20)).rows.filter(
    (notification) => notification.type === conversationQueuedType && notification.readAt === null,
  );

describe('a conversation waiting for a person', () => {
  it("rings the bell of the owner and the agents, live, with a link to the conversation; not the viewers'", async () => {
    const { owner, agent, viewer, conversation } = await queued();
    for (const user of [owner, agent]) {
      const [notification] = await unread(user.id);
      expect(notification.data).toMatchObject({
        message: `Conversation #${conversation.number} is waiting for a person: the customer asked for one.`,
        url: app.services.route('conversations.show', { conversation: conversation.id }),
        action: 'Open conversation',
        conversation_id: conversation.id,
      });
      expect(
        app.broadcasts.some(
          (sent) => sent.channels.includes(userChannel(user.id)) && sent.data.type === conversationQueuedType,
        ),
      ).toBe(true);
    }
    expect(await unread(viewer.id)).toEqual([]);
  });

  it("reads everyone's notification once an agent takes it over", async () => {
    const { owner, agent, conversation } = await queued();
    const client = await signedIn(app.app, agent);
    const taken = await client.send('post', `/conversations/${conversation.id}/assign`, { user_id: agent.id });
    expect(taken.status).toBe(303);
    expect(await unread(owner.id)).toEqual([]);
    expect(await unread(agent.id)).toEqual([]);
    expect(
      app.broadcasts.some(
        (sent) => sent.channels.includes(userChannel(owner.id)) && sent.event.endsWith('NotificationsRead'),
      ),
    ).toBe(true);
  });
});

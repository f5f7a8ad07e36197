import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { teams, users } from '../../../server/db/schema/index';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { inboxEvent } from '../../../server/domain/conversations/events';
import { teamChannel } from '../../../server/domain/notifications/channels';

/**
 * Away and back (conversations.availability.update, PUT `{away}`): whoever answers conversations
 * marks themselves away in the inbox; automatic assignment then passes them by though Kawan is
 * open, the inbox lists them as away, and their teammates' inboxes hear it live.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function cafe() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Budi' });
  const editor = await createMember(app.services, team, 'editor', { current: true, name: 'Sari' });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  await app.services.db.update(teams).set({ autoAssign: true }).where(eq(teams.id, team.id));
  const { bot } = await createPublishedBot(app.services, team.id);
  const channel = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
  const handOver = async () => {
    const { conversation } = await createConversation(app.services, channel, { text: 'Saya mau bicara dengan orang' });
    return (await queueForPerson(app.services, conversation, 'user_request'))!;
  };
  app.presence.set(`presence-teams.${team.id}`, [agent.id, editor.id].map(String));
  return { owner, agent, editor, viewer, team, handOver };
}

const awaySince = async (userId: number) =>
  (await app.services.db.select({ awaySince: users.awaySince }).from(users).where(eq(users.id, userId)))[0].awaySince;

describe('away and back', () => {
  it('passes an away agent by in automatic assignment, lists them away, and tells the team live', async () => {
    const { agent, editor, team, handOver } = await cafe();
    const budi = await signedIn(app.app, agent);
    const from = app.broadcasts.length;
    expectRedirect(
      await budi.send(
        'put',
        '/conversations/availability',
        { away: true },
        { Referer: `${app.services.config.app.url}/conversations?state=queued` },
      ),
      `${app.services.config.app.url}/conversations?state=queued`,
    );
    expect(await awaySince(agent.id)).toBeInstanceOf(Date);
    expect(app.broadcasts.slice(from).map((b) => [b.channels, b.event, b.data])).toEqual([
      [[teamChannel(team.id)], inboxEvent('AvailabilityChanged'), { user_id: agent.id, away: true }],
    ]);

    // Budi has none in hand and the lower id, but is away: Sari gets both.
    expect((await handOver()).assigneeId).toBe(editor.id);
    expect((await handOver()).assigneeId).toBe(editor.id);
    const inbox = expectPage(await budi.visit('/conversations'), 'Conversations/Index');
    expect(inbox.props.agents).toEqual(
      expect.arrayContaining([
        { id: agent.id, name: 'Budi', away: true },
        { id: editor.id, name: 'Sari', away: false },
      ]),
    );

    // Back: the next is his. Saying it twice changes nothing and tells nobody again.
    expectRedirect(await budi.send('put', '/conversations/availability', { away: false }), '/conversations');
    const again = app.broadcasts.length;
    expectRedirect(await budi.send('put', '/conversations/availability', { away: false }), '/conversations');
    expect(app.broadcasts.length).toBe(again);
    expect(await awaySince(agent.id)).toBeNull();
    expect((await handOver()).assigneeId).toBe(agent.id);
  });

  it('waits for a person when everyone online is away', async () => {
    const { agent, editor, handOver } = await cafe();
    for (const user of [agent, editor]) {
      expectRedirect(
        await (await signedIn(app.app, user)).send('put', '/conversations/availability', { away: true }),
        '/conversations',
      );
    }
    expect(await handOver()).toMatchObject({ state: 'queued', assigneeId: null });
  });

  it('refuses a viewer, a body that is not true or false, and a referer from elsewhere', async () => {
    const { agent, viewer } = await cafe();
    expect(
      (await (await signedIn(app.app, viewer)).send('put', '/conversations/availability', { away: true })).status,
    ).toBe(403);
    const budi = await signedIn(app.app, agent);
    const wrong = await budi.agent
      .put('/conversations/availability')
      .set({ 'X-XSRF-TOKEN': budi.token, 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' })
      .send({ away: 'yes' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ away: ['The away field must be true or false.'] });
    expectRedirect(
      await budi.send('put', '/conversations/availability', { away: true }, { Referer: 'https://evil.example/phish' }),
      '/conversations',
    );
  });
});

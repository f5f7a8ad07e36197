import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { authUser, teamPage } from '../../helpers/teams';
import { demoLogin, demoMembers, demoTeamName, seedDemo } from '../../../server/db/seed';
import { earlyAccessSignups, users } from '../../../server/db/schema/index';
import type { NotificationsSummary } from '../../../server/presenters/notification-presenter';

// What a newcomer finds after `npm start`: the demo login and a team worth looking around.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const rowCount = async (table: typeof users | typeof earlyAccessSignups) =>
  (await app.services.db.select({ n: count() }).from(table))[0].n;

describe('the demo data', () => {
  it('is created once: a second run changes nothing', async () => {
    expect(await seedDemo(app.services)).toEqual({
      login: demoLogin.email,
      password: demoLogin.password,
      members: demoMembers.map((member) => member.email),
    });
    const before = [await rowCount(users), await rowCount(earlyAccessSignups)];
    expect(await seedDemo(app.services)).toBeNull();
    expect([await rowCount(users), await rowCount(earlyAccessSignups)]).toEqual(before);
  });

  it('signs the demo login in to its team, with members in every role, an invitation and an unread notification', async () => {
    const client = await signedIn(app.app, demoLogin, demoLogin.password);
    const dashboard = expectPage(await client.visit('/dashboard'), 'Dashboard');
    const user = authUser(dashboard);
    expect(user.email_verified_at).not.toBeNull();
    expect(user.current_team?.name).toBe(demoTeamName);

    const notifications = dashboard.props.notifications as NotificationsSummary;
    expect(notifications.unread_count).toBe(1);
    expect(notifications.recent[0].data.message).toBe(`Citra Wijaya joined the ${demoTeamName} team.`);
    expect(notifications.recent.map((notification) => notification.read_at === null)).toEqual([true, false, false]);

    const { team, permissions } = await teamPage(client, user.current_team!.id);
    expect(team.owner.email).toBe(demoLogin.email);
    expect(team.users.map((member) => [member.email, member.membership.role])).toEqual(
      demoMembers.map((member) => [member.email, member.role]),
    );
    expect(team.team_invitations.map((invitation) => [invitation.email, invitation.role])).toEqual([
      ['rizky@warungkopi.example', 'editor'],
    ]);
    expect(permissions.canDeleteTeam).toBe(true);
  });

  it('lets each member sign in with the same password and see the team through their role', async () => {
    const teamId = authUser(expectPage(await (await signedIn(app.app, demoLogin)).visit('/dashboard'), 'Dashboard'))
      .current_team!.id;
    const canAdd: Record<string, boolean> = {};
    for (const member of demoMembers) {
      const client = await signedIn(app.app, member, demoLogin.password);
      canAdd[member.role] = (await teamPage(client, teamId)).permissions.canAddTeamMembers;
    }
    expect(canAdd).toEqual({ admin: true, agent: false, viewer: false });
  });
});

describe('the demo knowledge', () => {
  it('holds the café FAQ and the menu, read by the real pipeline and ready to answer', async () => {
    await seedDemo(app.services); // seeded once, by this or the test above
    const client = await signedIn(app.app, demoLogin, demoLogin.password);
    const index = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    const knowledges = (
      index.props.knowledges as {
        data: Array<{ id: number; name: string; status: string; sources_count: number; chunks_count: number }>;
      }
    ).data;
    expect(knowledges.map((k) => [k.name, k.status]).sort()).toEqual([
      ['FAQ Warung Kopi Nusantara', 'ready'],
      ['Menu & Harga', 'ready'],
    ]);
    const menu = knowledges.find((k) => k.name === 'Menu & Harga')!;
    expect(menu.sources_count).toBe(2);
    expect(menu.chunks_count).toBeGreaterThan(40);

    const faq = knowledges.find((k) => k.name.startsWith('FAQ'))!;
    const answer = await client.agent
      .get(`/knowledges/${faq.id}/search`)
      .query({ q: 'bisa bayar pake qris ga kak?' })
      .set('Accept', 'application/json');
    expect(answer.status).toBe(200);
    expect((answer.body as { chunks: Array<{ content: string }> }).chunks[0].content).toMatch(/QRIS/);
  });
});

describe('the demo bot', () => {
  it('is published with a draft change pending, keeps test questions, and answers from the café knowledge offline', async () => {
    await seedDemo(app.services);
    const client = await signedIn(app.app, demoLogin, demoLogin.password);
    const index = expectPage(await client.visit('/bots'), 'Bots/Index');
    const [bot] = (
      index.props.bots as {
        data: Array<{
          id: number;
          name: string;
          published_version: number;
          has_draft_changes: boolean;
          knowledge_count: number;
          status: string;
        }>;
      }
    ).data;
    expect(bot).toMatchObject({
      name: 'Asisten Warung Kopi',
      published_version: 1,
      has_draft_changes: true,
      knowledge_count: 2,
      status: 'active',
    });
    const edit = expectPage(await client.visit(`/bots/${bot.id}/edit`), 'Bots/Edit');
    expect(edit.props.test_questions).toHaveLength(5);

    const ask = async (message: string) =>
      (
        await client.agent
          .post(`/bots/${bot.id}/chat`)
          .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
          .send({ message })
      ).body as { turn: { kind: string; reply: string } };
    const qris = await ask('bisa bayar pake qris ga kak?');
    expect(qris.turn.kind).not.toBe('fallback');
    expect(qris.turn.reply).toMatch(/QRIS/);
    const price = await ask('Berapa harga kopi susu gula aren?');
    expect(price.turn.kind).toBe('answer');
    expect(price.turn.reply).toMatch(/Rp|\d{2}\.?000/);
  });
});

describe('the demo channels and inbox', () => {
  it('has a web widget with a preview page, Telegram and WhatsApp channels whose health is honest, and conversations in every state', async () => {
    await seedDemo(app.services);
    const client = await signedIn(app.app, demoLogin, demoLogin.password);
    const channels = (
      expectPage(await client.visit('/channels'), 'Channels/Index').props.channels as {
        data: Array<{ id: number; type: string; health: string }>;
      }
    ).data;
    expect(channels.map((channel) => channel.type).sort()).toEqual(['telegram', 'web', 'whatsapp']);
    expect(channels.filter((channel) => channel.type !== 'web').map((channel) => channel.health)).toEqual([
      'error',
      'error',
    ]);
    const web = channels.find((channel) => channel.type === 'web')!;
    const show = expectPage(await client.visit(`/channels/${web.id}`), 'Channels/Show');
    const preview = (show.props.setup as { preview_url: string }).preview_url;
    const page = await client.agent.get(preview);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(/<script src="[^"]+\/widget\.js" data-channel="[\w-]+" async><\/script>/);

    const inbox = expectPage(await client.visit('/conversations'), 'Conversations/Index');
    const rows = (inbox.props.conversations as { data: Array<{ state: string; channel: { type: string } }> }).data;
    expect(new Set(rows.map((row) => row.state))).toEqual(new Set(['bot', 'queued', 'human', 'resolved']));
    // The WhatsApp number has no bot: its conversation waits for a person from the first message.
    expect(rows.find((row) => row.channel.type === 'whatsapp')?.state).toBe('queued');
    // The widget's messages count as the channel's inbound traffic.
    expect((show.props.channel as { health: string }).health).toBe('healthy');
  });
});

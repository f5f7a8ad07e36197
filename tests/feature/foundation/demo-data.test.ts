import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createOwnedTeam } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { authUser, teamPage } from '../../helpers/teams';
import { demoLogin, demoMembers, demoTeamName, seedDemo } from '../../../server/db/seed';
import {
  conversations,
  earlyAccessSignups,
  knowledgeGaps,
  messages,
  teams,
  users,
} from '../../../server/db/schema/index';
import { rowsOf } from '../../../server/db/rows';
import { storedFigures } from '../../../server/reports/rollup';
import { sumFigures } from '../../../server/reports/figures';
import { dayAndHour } from '../../../server/reports/compute';
import { daysBetween } from '../../../server/reports/summary';
import type { NotificationsSummary } from '../../../server/presenters/notification-presenter';
import { teamNotificationTypes } from '../../../server/domain/notifications/team-events';
import { conversationMentionedType, conversationQueuedType } from '../../../server/domain/conversations/notifications';

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
    const joined = notifications.recent.filter(
      (notification) => notification.type === teamNotificationTypes.memberJoined,
    );
    expect(joined[0].data.message).toBe(`Citra Wijaya joined the ${demoTeamName} team.`);
    expect(joined.map((notification) => notification.read_at === null)).toEqual([true, false, false]);
    // Today's two conversations waiting for a person (the web one and the WhatsApp one) ring the bell too.
    const waiting = notifications.recent.filter((notification) => notification.type === conversationQueuedType);
    expect(waiting.map((notification) => notification.read_at === null)).toEqual([true, true]);
    // The agent asked the owner about Joko's order in a note.
    const mentioned = notifications.recent.filter((notification) => notification.type === conversationMentionedType);
    expect(mentioned.map((notification) => notification.data.message)).toEqual([
      expect.stringMatching(/^Budi .* mentioned you in conversation #\d+ with Joko: “@.* pesanan Joko belum sampai/),
    ]);
    expect(notifications.unread_count).toBe(4);

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

  it("gives the agent the team's saved replies for the reply box", async () => {
    const agent = demoMembers.find((member) => member.role === 'agent')!;
    const client = await signedIn(app.app, agent, demoLogin.password);
    const replies = expectPage(await client.visit('/conversations/saved-replies'), 'Conversations/SavedReplies').props
      .replies as Array<{ shortcut: string }>;
    expect(replies.map((reply) => reply.shortcut)).toEqual([
      'cek-pesanan',
      'jam-buka',
      'penutup',
      'poin',
      'reservasi',
      'salam',
    ]);
  });

  it('sorts the inbox with automation rules: complaints to a person, Gold members to Ayu, missed reply targets made urgent', async () => {
    const client = await signedIn(app.app, demoLogin, demoLogin.password);
    const page = expectPage(await client.visit('/conversations/automations'), 'Conversations/Automations');
    const rules = page.props.rules as Array<{ name: string; trigger: string; enabled: boolean; actions: unknown[] }>;
    expect(rules.map((rule) => [rule.name, rule.trigger, rule.enabled])).toEqual([
      ['Keluhan ke petugas', 'customer_message', true],
      ['Member Gold ke Ayu', 'conversation_queued', true],
      ['Lewat target balasan', 'reply_target_missed', true],
    ]);
    // Each names what the team has: the label Keluhan, Ayu.
    const options = page.props.options as {
      labels: Array<{ id: number; name: string }>;
      members: Array<{ id: number; name: string }>;
    };
    const keluhan = options.labels.find((label) => label.name === 'Keluhan')!;
    const ayu = options.members.find((member) => member.name === 'Ayu Lestari')!;
    expect(rules[0].actions).toContainEqual({ type: 'add_labels', label_ids: [keluhan.id] });
    expect(rules[1].actions).toContainEqual({ type: 'assign', user_id: ayu.id });
  });

  it("keeps the café's own contact fields, filled in for its customers", async () => {
    const client = await signedIn(app.app, demoLogin, demoLogin.password);
    const page = expectPage(await client.visit('/contacts/fields'), 'Contacts/Fields');
    const fields = page.props.fields as Array<{ key: string; contacts: number; bot_readable: boolean }>;
    expect(fields.map((field) => field.key)).toEqual(['kota', 'member_tier', 'poin', 'tanggal_lahir']);
    // The bots may tell a customer their tier and points.
    expect(fields.filter((field) => field.bot_readable).map((field) => field.key)).toEqual(['member_tier', 'poin']);
    expect(fields.every((field) => field.contacts > 0)).toBe(true);
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
    // Its own styles carry the response's nonce: the policy allows no other inline style.
    const nonce = /style-src 'self' 'nonce-([^']+)'/.exec(page.headers['content-security-policy'] ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(page.text).toContain(`<style nonce="${nonce}">`);
    // Its icon is the app's: without a link the browser asks for /favicon.ico, a 404.
    expect(page.text).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    // The README sends a newcomer to /demo/widget: it opens the demo team's widget.
    const bare = await request(app.app).get('/demo/widget');
    expect(bare.status).toBe(302);
    expect(bare.headers.location).toBe(preview);
    // Signed in, it opens the widget of the user's own team.
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const own = await createChannel(app.services, team.id, { type: 'web' });
    const mine = await (await signedIn(app.app, owner)).agent.get('/demo/widget');
    expect(mine.headers.location).toBe(`/demo/widget?channel=${own.publicKey}`);

    const inbox = expectPage(await client.visit('/conversations'), 'Conversations/Index');
    const rows = (
      inbox.props.conversations as {
        data: Array<{ state: string; channel: { type: string }; snoozed_until: string | null }>;
      }
    ).data;
    expect(new Set(rows.map((row) => row.state))).toEqual(new Set(['bot', 'queued', 'human', 'resolved']));
    // One the agent snoozed until the customer's transfer is due, next morning in Jakarta.
    const snoozed = rows.filter((row) => row.snoozed_until !== null);
    expect(snoozed).toHaveLength(1);
    expect(snoozed[0].state).toBe('human');
    expect(new Date(snoozed[0].snoozed_until!).getUTCHours()).toBe(2);
    expect((inbox.props.counts as { snoozed: number }).snoozed).toBe(1);
    // Maya wrote again after Budi's reply, and Joko waits to be taken: the inbox shows since when
    // each has waited for a person; nobody owes the others a reply.
    const waiting = (
      inbox.props.conversations as {
        data: Array<{ state: string; contact: { name: string | null }; waiting_since: string | null }>;
      }
    ).data
      .filter((row) => row.waiting_since !== null)
      .map((row) => [row.contact.name, row.state])
      .sort();
    expect(waiting).toEqual([
      ['Joko', 'queued'],
      ['Maya', 'human'],
      ['Sari', 'queued'],
    ]);
    // …against the café's reply targets: the first reply within 15 minutes, each next within 30.
    expect(inbox.props.reply_targets).toEqual({ first: 15, next: 30 });
    // The owner's Mentions tab holds Joko's conversation.
    const mentions = expectPage(await client.visit('/conversations?mentioned=me'), 'Conversations/Index');
    expect(
      (mentions.props.conversations as { data: Array<{ contact: { name: string | null } }> }).data.map(
        (row) => row.contact.name,
      ),
    ).toEqual(['Joko']);
    // Beside Joko's conversation, the team's note about him.
    const jokoId = (mentions.props.conversations as { data: Array<{ id: number }> }).data[0].id;
    const joko = expectPage(await client.visit(`/conversations/${jokoId}`), 'Conversations/Show');
    expect((joko.props.contact_notes as Array<{ text: string; author: { name: string } }>)[0]).toMatchObject({
      text: expect.stringContaining('Pelanggan kantor'),
      author: { name: 'Budi Hartono' },
    });
    // The lost order is marked high, the large booking medium.
    const marked = (
      inbox.props.conversations as { data: Array<{ priority: string | null; last_preview: string }> }
    ).data
      .filter((row) => row.priority !== null)
      .map((row) => row.priority)
      .sort();
    expect(marked).toEqual(['high', 'medium']);
    // Sari wrote on the website and on WhatsApp with the same number: her pages offer the merge.
    const contacts = expectPage(await client.visit('/contacts?search=081398765432'), 'Contacts/Index').props
      .contacts as {
      data: Array<{ id: number; channel_types: string[] }>;
    };
    expect(contacts.data.map((contact) => contact.channel_types).sort()).toEqual([['web'], ['whatsapp']]);
    const sari = expectPage(await client.visit(`/contacts/${contacts.data[0].id}`), 'Contacts/Show');
    expect((sari.props.duplicates as Array<{ id: number }>).map((contact) => contact.id)).toEqual([
      contacts.data[1].id,
    ]);
    // The WhatsApp number has no bot: its conversation waits for a person from the first message.
    expect(rows.find((row) => row.channel.type === 'whatsapp')?.state).toBe('queued');
    // The widget's messages count as the channel's inbound traffic.
    expect((show.props.channel as { health: string }).health).toBe('healthy');
    // The history's messages came in and went out on Telegram: its health says when, and still
    // shows the credentials nothing answers.
    const telegram = channels.find((channel) => channel.type === 'telegram')!;
    const shown = expectPage(await client.visit(`/channels/${telegram.id}`), 'Channels/Show').props.channel as {
      health: string;
      last_inbound_at: string | null;
      last_outbound_at: string | null;
    };
    expect(shown.health).toBe('error');
    expect(Date.parse(shown.last_inbound_at ?? '')).toBeGreaterThan(Date.now() - 7 * 24 * 3600_000);
    expect(Date.parse(shown.last_outbound_at ?? '')).toBeGreaterThan(Date.now() - 7 * 24 * 3600_000);

    // Its event log shows the history's latest deliveries and sends, as the providers and Kawan
    // would have logged them: each inbound one the update its message came in.
    for (const type of ['telegram', 'whatsapp'] as const) {
      const channel = channels.find((each) => each.type === type)!;
      const page = expectPage(await client.visit(`/channels/${channel.id}`), 'Channels/Show');
      const events = (page.props.events as { data: EventShown[]; meta: { total: number } }).data;
      const inbound = events.filter((event) => event.direction === 'inbound');
      const outbound = events.filter((event) => event.direction === 'outbound');
      expect(inbound.length).toBeGreaterThan(0);
      expect(outbound.length).toBeGreaterThan(0);
      for (const event of inbound) {
        expect(event).toMatchObject({ signature: 'valid', status: 'processed', duplicates: 0 });
        expect(event.summary).toMatch(/^Text from .+: ./);
        expect(event.conversation_url).toMatch(/^\/conversations\/\d+$/);
        expect(event.replayable).toBe(true);
      }
      for (const event of outbound) {
        expect(event).toMatchObject({ signature: 'none', status: 'delivered' });
        expect(event.summary).toMatch(type === 'telegram' ? /^(Bot|Agent) reply: / : /^Agent reply: /);
        expect(event.summary).not.toMatch(/\[\d+\]/);
      }
    }
  });
});

interface EventShown {
  direction: string;
  signature: string;
  status: string;
  summary: string;
  duplicates: number;
  conversation_url: string | null;
  replayable: boolean;
}

describe('the demo broadcasts', () => {
  it('has one sent on WhatsApp, with reads, two answers and a failed copy, and one scheduled for the VIPs', async () => {
    await seedDemo(app.services);
    const client = await signedIn(app.app, demoLogin);
    const index = expectPage(await client.visit('/broadcasts'), 'Broadcasts/Index').props.broadcasts as {
      data: { id: number; name: string; status: string; audience: { kind: string; label: { name: string } | null } }[];
    };
    const [scheduled, sent] = index.data;
    expect(scheduled).toMatchObject({ status: 'scheduled', audience: { kind: 'label', label: { name: 'VIP' } } });
    const show = expectPage(await client.visit(`/broadcasts/${sent.id}`), 'Broadcasts/Show');
    expect(show.props.broadcast).toMatchObject({
      name: 'Menu baru: Es Kopi Pandan',
      status: 'sent',
      counts: { total: 10, read: 6, delivered: 2, sent: 1, failed: 1, replied: 2, queued: 0, pending: 0 },
    });
    // A copy's conversation shows it, with the customer's answer and the agent's reply.
    const [answered] = (
      expectPage(await client.visit(`/broadcasts/${sent.id}?status=replied`), 'Broadcasts/Show').props.recipients as {
        data: { conversation_id: number }[];
      }
    ).data;
    const thread = expectPage(await client.visit(`/conversations/${answered.conversation_id}`), 'Conversations/Show');
    const said = (thread.props.messages as { text: string; broadcast_id: number | null; direction: string }[]).map(
      (message) => [message.direction, message.broadcast_id !== null],
    );
    expect(said).toEqual([
      ['outbound', true],
      ['inbound', false],
      ['outbound', false],
    ]);
  });
});

describe('the demo history', () => {
  it('gives Reports 60 days of rollups at once, with handoffs, ratings, fallbacks and every channel', async () => {
    await seedDemo(app.services);
    const [team] = await app.services.db.select().from(teams).where(eq(teams.name, demoTeamName));
    const today = dayAndHour(new Date(), team.timezone).day;
    const from = daysBetween('2000-01-01', today).at(-60)!;
    const rows = await storedFigures(app.services.db, team.id, { from: '1970-01-01', to: '2999-12-31' });
    const days = new Set(rows.map((row) => row.day));
    expect(days.size).toBe(60);
    expect([...days].sort()[0]).toBe(from);
    expect(days.has(today)).toBe(true);

    const total = sumFigures(rows.map((row) => row.figures));
    expect(total.conversations).toBeGreaterThan(300);
    expect(total.conversations).toBeLessThan(700);
    expect(total.handoffs).toBeGreaterThan(20);
    expect(Object.keys(total.handoffReasons).sort()).toEqual(['keyword', 'repeated_fallback', 'user_request']);
    expect(total.autoResolved).toBeGreaterThan(total.handoffs);
    expect(total.autoResolvedReopened).toBeGreaterThan(0);
    expect(total.csatResponses).toBeGreaterThan(10);
    expect(total.fallbacks).toBeGreaterThan(10);
    expect(total.curated).toBeGreaterThan(0);
    expect(total.thumbsUp + total.thumbsDown).toBeGreaterThan(10);
    expect(total.whatsapp.read).toBeGreaterThan(0);
    expect(total.whatsapp.failed).toBeGreaterThan(0);
    expect(Object.keys(total.models)).toEqual(expect.arrayContaining(['gpt-4o-mini', 'gpt-4.1-mini']));
    expect(total.costUsd).toBeGreaterThan(0);
    expect(Object.keys(total.sources).length).toBeGreaterThan(10);
    // Busier in the afternoon than at night.
    expect(total.inboundByHour[15]).toBeGreaterThan(total.inboundByHour[3] * 5);
    // Every channel has its days; nothing waits to be rolled up.
    expect(new Set(rows.map((row) => row.channelId)).size).toBe(3);
    const [{ marks }] = rowsOf<{ marks: number }>(
      await app.services.db.execute(
        sql`select count(*)::int as marks from report_dirty_days where team_id = ${team.id}`,
      ),
    );
    expect(marks).toBe(0);
  });

  it('holds knowledge gaps: questions the bot fell back on that an agent then answered', async () => {
    await seedDemo(app.services);
    const [team] = await app.services.db.select().from(teams).where(eq(teams.name, demoTeamName));
    const answered = rowsOf<{ question: string; reply: string }>(
      await app.services.db.execute(sql`
        select q.text as question, (
          select a.text from messages a
          where a.conversation_id = q.conversation_id and a.sender = 'agent' and a.kind = 'text' and a.id > r.id
          order by a.id limit 1
        ) as reply
        from messages r join messages q on q.id = r.in_reply_to_id
        where r.team_id = ${team.id} and r.sender = 'bot' and r.ai->>'kind' = 'fallback'`),
    ).filter((row) => row.reply);
    const questions = answered.map((row) => row.question);
    expect(questions).toEqual(expect.arrayContaining([expect.stringMatching(/biji kopi|beans/i)]));
    expect(answered.filter((row) => /paylater|kredivo|akulaku/i.test(row.question)).length).toBeGreaterThan(0);
    expect(new Set(answered.map((row) => row.reply)).size).toBeGreaterThanOrEqual(5);

    // The gap inbox collected them as the live pipeline would: grouped, each asked more than once.
    const gaps = await app.services.db
      .select({ title: knowledgeGaps.title, conversations: knowledgeGaps.conversationCount })
      .from(knowledgeGaps)
      .where(eq(knowledgeGaps.teamId, team.id));
    const beans = gaps.filter((gap) => /biji kopi|beans|kopi bubuk/i.test(gap.title));
    expect(beans.reduce((sum, gap) => sum + gap.conversations, 0)).toBeGreaterThanOrEqual(3);
    expect(gaps.filter((gap) => gap.conversations >= 2).length).toBeGreaterThanOrEqual(5);

    // History is in the past and resolved; today's demo conversations stay the newest in the inbox.
    const [{ open }] = await app.services.db
      .select({ open: count() })
      .from(conversations)
      .where(and(eq(conversations.teamId, team.id), sql`${conversations.state} <> 'resolved'`));
    expect(open).toBe(6);
    const [{ future }] = await app.services.db
      .select({ future: count() })
      .from(messages)
      .where(and(eq(messages.teamId, team.id), sql`${messages.createdAt} > now()`));
    expect(future).toBe(0);
  });
});

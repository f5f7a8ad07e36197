import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import {
  automationRules,
  contactFields,
  conversationLabels,
  knowledgeSources,
  savedReplies,
  users,
  type LabelColor,
} from './schema/index';
import type { Database } from './client';
import { readFile } from 'node:fs/promises';
import type { Services } from '../services';
import { earlyAccessRepository } from './repositories/early-access-repository';
import { userRepository } from './repositories/user-repository';
import { teamRepository } from './repositories/team-repository';
import { inviteeInvitationRepository, teamInvitationRepository } from './repositories/team-invitation-repository';
import { notificationRepository } from './repositories/notification-repository';
import { hashPassword } from '../support/passwords';
import { createAccount } from '../domain/auth/personal-team';
import { memberJoinedData, teamNotificationTypes } from '../domain/notifications/team-events';
import type { AssignableRole } from '../domain/teams/roles';
import { createKnowledge } from '../domain/knowledges/actions/create-knowledge';
import { addSource } from '../domain/knowledges/actions/add-source';
import { UploadedFile } from '../http/middleware/body';
import { demoKnowledges } from './seed-data/knowledge/index';
import { demoWhatsappTemplates } from './seed-data/whatsapp-templates';
import { seedDemoEventLog } from './seed-event-log';
import { knowledgeRepository } from './repositories/knowledge-repository';
import { botRepository } from './repositories/bot-repository';
import { createBot } from '../domain/bots/actions/create-bot';
import { publishBot } from '../domain/bots/actions/publish-bot';
import { updateBot } from '../domain/bots/actions/update-bot';
import { configOf } from '../domain/bots/actions/chat';
import { randomBytes } from 'node:crypto';
import { channelRepository } from './repositories/channel-repository';
import { conversationRepository } from './repositories/conversation-repository';
import { acceptInbound } from '../channels/pipeline';
import { addNote, replyAsAgent, resolve } from '../domain/conversations/conversation-actions';
import { addContactNote } from '../domain/contacts/notes';
import { snooze } from '../domain/conversations/snooze';
import { defaultBotConfig } from '../bot-engine/bot-config';
import { allows } from '../domain/teams/roles';
import { asRole } from '../domain/teams/team-access';
import { teamMembershipRepository } from './repositories/team-membership-repository';
import { rebuildTeam } from '../reports/rollup';
import { seedDemoHistory } from './seed-history';
import { seedDemoBroadcasts } from './seed-broadcasts';
import { seedDemoBilling, seedDemoUsage } from './seed-billing';

/** The demo login written in the README and printed at start-up. */
export const demoLogin = { email: 'demo@kawan.test', password: 'password' };

/** The demo team's other members (same password), to look at Kawan through each role. */
export const demoMembers: { name: string; email: string; role: AssignableRole; joinedHoursAgo: number }[] = [
  { name: 'Ayu Lestari', email: 'ayu@kawan.test', role: 'admin', joinedHoursAgo: 24 * 90 },
  { name: 'Budi Hartono', email: 'budi@kawan.test', role: 'agent', joinedHoursAgo: 24 * 64 },
  { name: 'Citra Wijaya', email: 'citra@kawan.test', role: 'viewer', joinedHoursAgo: 2 },
];

export const demoTeamName = 'Warung Kopi Nusantara';

/**
 * Demo data for a newcomer, created on first start and safe to run again: a verified demo account
 * owning a team with an admin, an agent and a viewer (each can sign in too, and starts in that
 * team), a pending invitation, the owner's "joined" notifications (one still unread), and a few
 * entries on the early-access list. Memberships go through the same invitation rows (and the same
 * accepting) a real invitation uses.
 */
/** The demo team's saved replies (Conversations/SavedReplies). */
const demoSavedReplies = [
  {
    shortcut: 'salam',
    text: 'Halo Kak {{contact.first_name}}, saya {{agent.first_name}} dari Warung Kopi Nusantara. Ada yang bisa kami bantu?',
  },
  {
    shortcut: 'jam-buka',
    text: 'Outlet Jakarta (Kemang dan Tebet) buka Senin–Jumat pukul 07.00–22.00, Sabtu–Minggu pukul 08.00–23.00.',
  },
  {
    shortcut: 'cek-pesanan',
    text: 'Boleh dibantu nomor pesanan dan nama pemesannya, Kak? Kami cek ke kurir sekarang.',
  },
  {
    shortcut: 'reservasi',
    text:
      'Untuk reservasi, sebutkan outlet, tanggal, jam, jumlah orang dan nama pemesan ya, Kak. ' +
      'Untuk 9–20 orang kami minta deposit Rp 500.000, paling lambat H-2.',
  },
  { shortcut: 'penutup', text: 'Terima kasih, Kak {{contact.first_name}}. Semoga harinya menyenangkan! ☕' },
];

export async function seedDemo(services: Services): Promise<Record<string, unknown> | null> {
  if (await userRepository(services.db).findByEmail(demoLogin.email)) return null;
  const password = await hashPassword(demoLogin.password);

  await services.db.transaction(async (tx) => {
    const owner = await createAccount(
      tx,
      { name: 'Dewi Santoso', email: demoLogin.email, password, emailVerifiedAt: new Date() },
      demoTeamName,
    );
    const team = (await teamRepository(tx).personalTeamOf(owner.id))!;
    const invitations = teamInvitationRepository(tx, owner.id);

    for (const [index, member] of demoMembers.entries()) {
      const user = await createAccount(tx, {
        name: member.name,
        email: member.email,
        password,
        emailVerifiedAt: new Date(),
      });
      const invitation = (await invitations.create(team.id, { email: member.email, role: member.role }))!;
      // Accepting makes the team the member's current one: signing in shows it through their role at once.
      await inviteeInvitationRepository(tx, user).accept(invitation.id);
      const notification = await notificationRepository(tx, owner.id).create(
        teamNotificationTypes.memberJoined,
        memberJoinedData(services, team, user),
        new Date(Date.now() - member.joinedHoursAgo * 60 * 60 * 1000),
      );
      // The newest "joined" stays unread so that the bell has something to show.
      if (index < demoMembers.length - 1) await notificationRepository(tx, owner.id).markRead(notification.id);
    }
    await invitations.create(team.id, { email: 'rizky@warungkopi.example', role: 'editor' });
    // The café answers a customer handed to a person within 15 minutes, and each next message within 30.
    await teamMembershipRepository(tx, owner.id).setReplyTargets(team.id, { first: 15, next: 30 });
    await seedDemoBilling(tx, team.id);
    // What the café's people type again and again, for the reply box's "/".
    await tx
      .insert(savedReplies)
      .values(demoSavedReplies.map((reply) => ({ ...reply, teamId: team.id, createdBy: owner.id })));

    const waitingList = earlyAccessRepository(tx);
    const examples = [
      {
        name: 'Ayu Lestari',
        email: 'ayu@warungkopi.example',
        company: 'Warung Kopi Nusantara',
        useCase: 'Answer WhatsApp orders and opening-hours questions for our twelve cafés.',
      },
      {
        name: 'Daniel Osei',
        email: 'daniel@clinicdesk.example',
        company: 'ClinicDesk',
        useCase: 'A website assistant that books appointments and hands over to a nurse.',
      },
    ];
    for (const example of examples) await waitingList.addIfAbsent({ ...example, ipAddress: null });
  });
  await seedDemoKnowledge(services);
  const owner = (await userRepository(services.db).findByEmail(demoLogin.email))!;
  await seedDemoUsage(services.db, (await teamRepository(services.db).personalTeamOf(owner.id))!.id);
  // Planner statistics for the rows just written: without them PostgreSQL guesses a row or two per
  // table and nests loops (the dashboard's activity feed took 167 ms instead of 0.7 ms). A server's
  // autovacuum would get there within minutes; PGlite has no autovacuum.
  await services.database.execute('analyze');
  return { login: demoLogin.email, password: demoLogin.password, members: demoMembers.map((member) => member.email) };
}

/**
 * The demo team's knowledge bases, made the way a user makes them (the actions) and read by the
 * real ingest pipeline: a café FAQ of Q&A pairs with an "about us" text, and a menu PDF with a CSV
 * price list. The jobs run here, so the demo is searchable as soon as the server answers.
 */
/**
 * Waits until every source of the team is read: the jobs are drained here, and a worker running
 * in this process may have taken one of them first (the history needs every passage).
 */
async function ingested(services: Services, teamId: number): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    await services.jobs.drain();
    const [pending] = await services.db
      .select({ count: count() })
      .from(knowledgeSources)
      .where(and(eq(knowledgeSources.teamId, teamId), notInArray(knowledgeSources.status, ['ready', 'error'])));
    if (Number(pending?.count ?? 0) === 0 || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function seedDemoKnowledge(services: Services): Promise<void> {
  const owner = (await userRepository(services.db).findByEmail(demoLogin.email))!;
  const team = (await teamRepository(services.db).personalTeamOf(owner.id))!;
  const actor = { userId: owner.id, teamId: team.id, role: 'owner' as const };
  for (const demo of demoKnowledges) {
    const knowledge = await createKnowledge(services, actor, {
      name: demo.name,
      description: demo.description,
      language: demo.language,
    });
    for (const source of demo.sources) {
      if (source.type === 'file') {
        const bytes = await readFile(source.path);
        await addSource(services, actor, knowledge.id, {
          type: 'file',
          title: source.title,
          file: new UploadedFile('file', source.filename, source.mime, bytes),
        });
      } else if (source.type === 'qa') {
        await addSource(services, actor, knowledge.id, {
          type: 'qa',
          question: source.question,
          alternatives: source.alternatives,
          answer: source.answer,
        });
      } else {
        await addSource(services, actor, knowledge.id, { type: 'text', title: source.title, text: source.text });
      }
    }
  }
  await ingested(services, team.id);
  const botId = await seedDemoBot(services, actor);
  await seedDemoChannels(services, actor, botId);
}

/**
 * The demo bot, "Asisten Warung Kopi": linked to both knowledge bases, version 1 published, a draft
 * change pending (a warmer persona) and saved test questions to replay before publishing it.
 */
async function seedDemoBot(
  services: Services,
  actor: { userId: number; teamId: number; role: 'owner' },
): Promise<number> {
  const knowledges = await knowledgeRepository(services.db, actor.teamId).all();
  const bot = await createBot(
    services,
    actor,
    {
      name: 'Asisten Warung Kopi',
      description: 'Menjawab pelanggan tentang jam buka, menu dan harga, pesan antar, reservasi dan pembayaran.',
      avatar_color: 'emerald',
      knowledge_ids: knowledges.map((knowledge) => knowledge.id),
    },
    {
      instructions:
        'Kamu adalah Asisten Warung Kopi Nusantara. Jawab singkat, ramah dan jelas, sapa pelanggan dengan "Kak". ' +
        'Gunakan hanya informasi dari pengetahuan yang diberikan; harga selalu dalam Rupiah.',
      welcomeMessage: 'Halo Kak! Saya Asisten Warung Kopi Nusantara. Mau tanya jam buka, menu, atau pesan antar?',
      suggestedQuestions: [
        'Jam buka outlet Kemang?',
        'Berapa harga kopi susu gula aren?',
        'Do you deliver to Bandung?',
      ],
      handoff: { ...defaultBotConfig('Asisten Warung Kopi').handoff, keywords: ['komplain', 'refund'] },
      english: {
        ...defaultBotConfig('Asisten Warung Kopi').english,
        welcomeMessage:
          'Hi! I’m the Warung Kopi Nusantara assistant. Ask me about opening hours, the menu or delivery.',
      },
    },
  );
  await publishBot(services, actor, bot.id, { note: 'Versi pertama' });
  const draft = configOf((await botRepository(services.db, actor.teamId).find(bot.id))!.draft, bot.name);
  await updateBot(services, actor, bot.id, {
    name: bot.name,
    description: bot.description,
    avatar_color: bot.avatarColor,
    test_questions: [
      'jam brp buka kak?',
      'bisa bayar pake qris ga?',
      'ongkir ke bandung berapa?',
      'Is there a vegan option?',
      'mau bicara dengan admin',
    ].join('\n'),
    config: {
      ...draft,
      instructions: `${draft.instructions} Tutup jawaban dengan tawaran bantuan lain.`,
    },
  });
  return bot.id;
}

/**
 * The demo team's channels and inbox: a web widget (its preview page embeds it, so a newcomer can
 * chat with the bot at once), Telegram and WhatsApp channels configured against nothing reachable
 * (their health says so), 60 days of history on them (generated, written in bulk: see
 * seed-history.ts), and today's conversations in every state, made through the real pipeline.
 * The reports are then rebuilt from all of it, so Reports and the Dashboard show it at once.
 */
async function seedDemoChannels(
  services: Services,
  actor: { userId: number; teamId: number },
  botId: number,
): Promise<void> {
  const channels = channelRepository(services.db, actor.teamId);
  const key = () => randomBytes(15).toString('base64url');
  const secrets = (value: Record<string, string>) => services.encrypter.encrypt(JSON.stringify(value));
  const web = await channels.create({
    type: 'web',
    name: 'Website Warung Kopi',
    botId,
    publicKey: key(),
    displayIdentifier: 'warungkopi.example',
    settings: {
      allowedDomains: ['warungkopi.example', 'localhost', '127.0.0.1'],
      color: '#059669',
      title: 'Warung Kopi Nusantara',
      position: 'right',
      avatarUrl: '',
      launcherText: 'Tanya kami',
      // None of its own: the bot's welcome, in each visitor's language.
      welcomeMessage: '',
      suggestedQuestions: ['Jam buka outlet Kemang?', 'Berapa harga kopi susu gula aren?', 'Bisa bayar pakai QRIS?'],
      proactiveMessage: 'Halo Kak! Mau tanya menu, jam buka, atau pesan antar?',
      proactiveDelaySeconds: 6,
      collectCsat: true,
      identityVerification: false,
    },
    secrets: secrets({ identitySecret: randomBytes(24).toString('base64url') }),
    createdBy: actor.userId,
  });
  const unreachable = {
    ok: false,
    detail: 'Demo credentials: no provider answers them (connect a real account to use it).',
    at: new Date().toISOString(),
  };
  await channels.create({
    type: 'telegram',
    name: 'Telegram @warungkopi_demo_bot',
    botId,
    publicKey: key(),
    displayIdentifier: '@warungkopi_demo_bot',
    settings: { botUsername: 'warungkopi_demo_bot' },
    secrets: secrets({
      botToken: '000000000:AAdemoDemoDemoDemoDemoDemoDemo',
      webhookSecret: randomBytes(24).toString('base64url'),
    }),
    credentialCheck: unreachable,
    lastError: unreachable.detail,
    lastErrorAt: new Date(),
    createdBy: actor.userId,
  });
  const whatsapp = await channels.create({
    type: 'whatsapp',
    name: 'WhatsApp +62 812-3456-7890',
    botId: null,
    publicKey: key(),
    displayIdentifier: '+6281234567890',
    settings: { phoneNumberId: '100000000000001', wabaId: '100000000000002', displayPhone: '+6281234567890' },
    secrets: secrets({ accessToken: 'demo-token', appSecret: 'demo-app-secret', verifyToken: 'demo-verify-token' }),
    credentialCheck: unreachable,
    lastError: unreachable.detail,
    lastErrorAt: new Date(),
    createdBy: actor.userId,
  });
  // Its templates as if synced from WhatsApp Manager, so that the inbox's template picker has some.
  await channels.replaceTemplates(whatsapp.id, demoWhatsappTemplates);

  // Who answered customers over those 60 days: every member who may reply, the agent most.
  const team = teamMembershipRepository(services.db, actor.userId);
  const people = [{ ...(await team.owner(actor.teamId))!, role: 'owner' }, ...(await team.members(actor.teamId))];
  const agents = people
    .filter((member) => allows(asRole(member.role), 'conversations:reply'))
    .map((member) => ({
      id: member.id,
      name: member.name,
      weight: member.role === 'agent' ? 0.55 : member.role === 'owner' ? 0.15 : 0.3,
    }));
  await seedDemoHistory(services, { teamId: actor.teamId, botId, agents });
  await seedDemoEventLog(services.db, actor.teamId);

  const say = async (channel: typeof web, visitor: string, text: string, name?: string) => {
    const result = await acceptInbound(services, channel, {
      externalId: `demo:${randomBytes(6).toString('hex')}`,
      externalUserId: visitor,
      threadId: visitor,
      name,
      kind: 'text',
      text,
      attachments: [],
      sentAt: new Date(),
      ...(channel.type === 'whatsapp' ? { phoneE164: `+${visitor}` } : {}),
    });
    await services.jobs.drain();
    return result.conversation;
  };
  // Answered by the bot.
  await say(web, 'demo-visitor-rina', 'Jam buka outlet Kemang?', 'Rina');
  await say(web, 'demo-visitor-rina', 'bisa bayar pake qris ga?');
  // Waiting for a person.
  const queued = await say(web, 'demo-visitor-joko', 'Pesanan saya belum sampai, mau bicara dengan admin', 'Joko');
  // Taken over by the agent, who replied.
  const human = await say(web, 'demo-visitor-maya', 'mau bicara dengan manusia dong', 'Maya');
  const agent = (await userRepository(services.db).findByEmail(demoMembers.find((m) => m.role === 'agent')!.email))!;
  const agentActor = { userId: agent.id, teamId: actor.teamId, role: 'agent' as const };
  await replyAsAgent(services, agentActor, human.id, { text: 'Halo Kak Maya, saya Budi. Ada yang bisa saya bantu?' });
  // …and whom Maya has written since: the inbox shows how long she has waited for Budi's reply.
  await say(web, 'demo-visitor-maya', 'Kak, pesanan saya kemarin kurang satu kopi susu, bisa dikirim ulang?');
  // The agent asks the owner about Joko's order in a note: the owner's bell and Mentions tab have it.
  const owner = (await userRepository(services.db).find(actor.userId))!;
  await addNote(services, agentActor, queued.id, {
    text: `@${owner.name} pesanan Joko belum sampai, bisa bantu cek ke kurir? Saya pegang chat Maya dulu.`,
    mentions: [owner.id],
  });
  // What the team knows of Joko that no field holds: on his contact, beside each of his conversations.
  await addContactNote(services, agentActor, queued.contactId, {
    text: 'Pelanggan kantor: pesan 5 kg kopi susu tiap awal bulan, minta faktur atas nama PT Sinar Jaya.',
  });
  // Snoozed by the agent until the customer's transfer is due: next 09:00 in Jakarta (UTC+7).
  const snoozed = await say(
    web,
    'demo-visitor-dewi',
    'Kak, saya transfer besok pagi ya, nanti bukti transfernya saya lampirkan di sini',
    'Dewi',
  );
  await replyAsAgent(services, agentActor, snoozed.id, {
    text: 'Baik Kak Dewi, kami tunggu bukti transfernya besok ya. Terima kasih!',
  });
  const morning = new Date();
  morning.setUTCHours(2, 0, 0, 0);
  if (morning.getTime() < Date.now() + 60 * 60 * 1000) morning.setUTCDate(morning.getUTCDate() + 1);
  await snooze(services, agentActor, snoozed.id, { until: morning.toISOString() });
  // Resolved and rated.
  const resolved = await say(web, 'demo-visitor-andi', 'Berapa harga kopi susu gula aren?', 'Andi');
  await resolve(services, { userId: actor.userId, teamId: actor.teamId, role: 'owner' }, resolved.id);
  await conversationRepository(services.db, actor.teamId).update(resolved.id, {
    csatScore: 5,
    csatComment: 'Cepat dan jelas!',
    csatAt: new Date(),
  });
  // A WhatsApp customer on a number without a bot: stored, waiting for a person to open it.
  const booking = await say(whatsapp, '6281398765432', 'Halo, apakah bisa pesan untuk acara kantor 50 orang?', 'Sari');
  // Marked by the team: a lost order comes first, a large booking soon after.
  const inbox = conversationRepository(services.db, actor.teamId);
  await inbox.update(queued.id, { priority: 'high' });
  await inbox.update(booking.id, { priority: 'medium' });
  // Sari asked on the website too and left her WhatsApp number: either contact's page offers to
  // merge the two.
  const sariOnline = await say(web, 'demo-visitor-sari', 'Ada ruang meeting untuk 50 orang?', 'Sari');
  await inbox.setContactDetails(sariOnline.contactId, { phoneE164: '+6281398765432' });
  await services.jobs.drain();
  await seedDemoLabels(services.db, actor.teamId);
  await seedDemoContactFields(services.db, actor.teamId, actor.userId);
  await seedDemoAutomations(services.db, actor.teamId, actor.userId);
  await seedDemoBroadcasts(services.db, {
    teamId: actor.teamId,
    channelId: whatsapp.id,
    ownerId: actor.userId,
    agent: { id: agent.id, name: agent.name },
  });
  await rebuildTeam(services.db, actor.teamId);
}

/**
 * The demo café's own contact fields (city, loyalty tier and points, birthday), filled in for its
 * named customers as a team that has kept them a while would have them (the bots may tell a
 * customer their tier and points), and a saved reply that writes two of them in.
 */
async function seedDemoContactFields(db: Database, teamId: number, ownerId: number): Promise<void> {
  await db.insert(contactFields).values([
    { teamId, key: 'kota', label: 'Kota', type: 'text', createdBy: ownerId },
    {
      teamId,
      key: 'member_tier',
      label: 'Member tier',
      type: 'list',
      options: ['Gold', 'Silver', 'Bronze'],
      botReadable: true,
      createdBy: ownerId,
    },
    { teamId, key: 'poin', label: 'Poin', type: 'number', botReadable: true, createdBy: ownerId },
    { teamId, key: 'tanggal_lahir', label: 'Tanggal lahir', type: 'date', createdBy: ownerId },
  ]);
  // Spread over the customers by their id: every one a city, a third of them members with points,
  // a quarter a birthday.
  await db.execute(sql`
    update contacts set attributes = attributes || jsonb_strip_nulls(jsonb_build_object(
      'kota', (array['Jakarta', 'Bandung', 'Surabaya', 'Yogyakarta', 'Medan'])[1 + id % 5],
      'member_tier', case when id % 3 = 0 then (array['Gold', 'Silver', 'Bronze'])[1 + (id % 9) / 3] end,
      'poin', case when id % 3 = 0 then (id * 37) % 900 * 10 end,
      'tanggal_lahir', case when id % 4 = 0 then to_char(date '1985-01-01' + (id * 53) % 6000, 'YYYY-MM-DD') end))
     where team_id = ${teamId} and name is not null`);
  await db.insert(savedReplies).values({
    teamId,
    shortcut: 'poin',
    text: 'Poin Sahabat Nusantara Kak {{contact.first_name}} sekarang {{contact.poin | 0}}. Bisa ditukar di outlet {{contact.kota | terdekat}} ya!',
    createdBy: ownerId,
  });
}

/**
 * The demo team's automation rules (Conversations/Automations): a complaint goes to a person,
 * urgent and labelled, with a note of what to ask; a Gold member's handoff goes to Ayu; a
 * customer left past the café's reply targets (15 minutes for the first reply, 30 for the next) is
 * made urgent, with a note. Made after the demo's conversations, so they have not acted yet: write
 * "mau komplain" to the demo widget, or leave the waiting ones be.
 */
async function seedDemoAutomations(db: Database, teamId: number, ownerId: number): Promise<void> {
  const [keluhan] = await db
    .select({ id: conversationLabels.id })
    .from(conversationLabels)
    .where(and(eq(conversationLabels.teamId, teamId), eq(conversationLabels.name, 'Keluhan')));
  const [ayu] = await db.select({ id: users.id }).from(users).where(eq(users.email, 'ayu@kawan.test'));
  await db.insert(automationRules).values([
    {
      teamId,
      name: 'Keluhan ke petugas',
      trigger: 'customer_message',
      position: 1,
      conditions: [{ type: 'message_contains', words: ['komplain', 'kecewa', 'refund', 'tumpah', 'salah kirim'] }],
      actions: [
        { type: 'set_priority', priority: 'urgent' },
        ...(keluhan ? [{ type: 'add_labels' as const, label_ids: [keluhan.id] }] : []),
        { type: 'add_note', text: 'Minta foto pesanan dan nomor order; tawarkan ganti baru atau refund.' },
        { type: 'hand_off' },
      ],
      createdBy: ownerId,
    },
    ...(ayu
      ? [
          {
            teamId,
            name: 'Member Gold ke Ayu',
            trigger: 'conversation_queued' as const,
            position: 2,
            conditions: [
              { type: 'contact_field' as const, key: 'member_tier', operator: 'is' as const, value: 'Gold' },
            ],
            actions: [
              { type: 'assign' as const, user_id: ayu.id },
              { type: 'set_priority' as const, priority: 'high' as const },
            ],
            createdBy: ownerId,
          },
        ]
      : []),
    {
      teamId,
      name: 'Lewat target balasan',
      trigger: 'reply_target_missed',
      position: 3,
      conditions: [],
      actions: [
        { type: 'set_priority', priority: 'urgent' },
        {
          type: 'add_note',
          text: 'Lewat target balasan tim: balas sekarang, atau minta teman shift mengambil alih.',
        },
      ],
      createdBy: ownerId,
    },
  ]);
}

/**
 * The demo team's labels, on the conversations they fit: those whose customer wrote about what a
 * label is for (a word of it in one of their messages), and a regular customer's.
 */
async function seedDemoLabels(db: Database, teamId: number): Promise<void> {
  const labels: Array<{ name: string; color: LabelColor; description: string; words: string }> = [
    {
      name: 'Pesan antar',
      color: 'sky',
      description: 'Delivery, ongkir and couriers',
      words: 'antar|ongkir|kirim|deliver',
    },
    {
      name: 'Reservasi',
      color: 'violet',
      description: 'Tables and events',
      words: 'reservasi|booking|acara|meja|reserv',
    },
    {
      name: 'Keluhan',
      color: 'red',
      description: 'Something went wrong for the customer',
      words: 'komplain|belum sampai|salah|kecewa|refund',
    },
    { name: 'Pembayaran', color: 'green', description: 'How to pay', words: 'bayar|qris|transfer|pay' },
  ];
  for (const label of labels) {
    const [row] = await db
      .insert(conversationLabels)
      .values({ teamId, name: label.name, color: label.color, description: label.description })
      .returning({ id: conversationLabels.id });
    await db.execute(sql`
      update conversations c set label_ids = array_append(c.label_ids, ${row.id}::int)
       where c.team_id = ${teamId}
         and exists (select 1 from messages m where m.conversation_id = c.id and m.direction = 'inbound'
                       and m.text ~* ${label.words})`);
  }
  const [vip] = await db
    .insert(conversationLabels)
    .values({ teamId, name: 'VIP', color: 'amber', description: 'Regular customers' })
    .returning({ id: conversationLabels.id });
  await db.execute(sql`
    update conversations set label_ids = array_append(label_ids, ${vip.id}::int)
     where team_id = ${teamId} and contact_id = (
       select contact_id from conversations where team_id = ${teamId} group by contact_id order by count(*) desc, contact_id limit 1)`);
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { actionPath } from '../../helpers/mail';
import { createChannel, createConversation } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { contacts, notifications, users } from '../../../server/db/schema/index';
import { queueForPerson } from '../../../server/domain/conversations/queue';
import { mailUnread, notificationMailJob } from '../../../server/domain/notifications/unread-mail';
import type { StoredMail } from '../../../server/support/mail/mailbox';

/**
 * A conversation notification still unread on the bell NOTIFICATION_MAIL_DELAY_MINUTES later is
 * e-mailed to whoever asked for its kind (assigned and mentioned by default, waiting on request),
 * once, all of them in one mail; read in Kawan meanwhile, or while the person has the team's Kawan
 * open and is available, it is not. Here the delay is 0, so the job is due at once.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { NOTIFICATION_MAIL_DELAY_MINUTES: '0' } });
});
afterAll(() => app.close());

async function team() {
  const { owner, team } = await createOwnedTeam(app.services, {
    current: true,
    name: 'Kopi Senja',
    owner: { name: 'Dewi Santoso' },
  });
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Budi Hartono' });
  const { bot } = await createPublishedBot(app.services, team.id);
  const channel = await createChannel(app.services, team.id, { type: 'web', botId: bot.id });
  const conversation = async (name: string) => {
    const made = await createConversation(app.services, channel, { text: 'Pesanan saya belum sampai' });
    await app.services.db.update(contacts).set({ name }).where(eq(contacts.id, made.contact.id));
    return made.conversation;
  };
  return { owner, agent, team, channel, conversation };
}

const mailsTo = (email: string) => app.mailbox.to(email);
const unmailed = async (userId: number) =>
  app.services.db
    .select({ id: notifications.id, type: notifications.type })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), sql`${notifications.mailedAt} is null`));
const choose = (userId: number, mail: string[]) =>
  app.services.db.update(users).set({ mailNotifications: mail }).where(eq(users.id, userId));

function links(mail: StoredMail): string[] {
  return [...mail.text.matchAll(/https?:\/\/[^/\s]+(\/user\/notifications\/[0-9a-f-]+\/open)/g)].map(
    (match) => match[1],
  );
}

describe('a conversation given to someone who is not looking', () => {
  it('is e-mailed to them once, with a link that opens it, and not to whoever gave it', async () => {
    const { owner, agent, conversation } = await team();
    const joko = await conversation('Joko');
    const client = await signedIn(app.app, owner);
    await client.send('post', `/conversations/${joko.id}/assign`, { user_id: agent.id });
    await app.services.jobs.drain();

    const [mail, ...more] = mailsTo(agent.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('[Kopi Senja] A conversation was given to you');
    expect(mail.text).toContain('Hello Budi!');
    expect(mail.text).toContain(`Dewi Santoso assigned conversation #${joko.number} with Joko to you.`);
    expect(mail.text).toContain('Choose what Kawan e-mails you about on your profile: http://127.0.0.1/user/profile');
    expect(mail.html).toContain('Open conversation');
    expect(mailsTo(owner.email)).toEqual([]);
    expect(await unmailed(agent.id)).toEqual([]);

    // A second run (a retry, another notification's job) mails nothing again.
    await app.services.jobs.drain();
    expect(await mailUnread(app.services, agent.id)).toBe(0);
    expect(mailsTo(agent.email)).toHaveLength(1);

    // The button opens the conversation, read.
    const agentClient = await signedIn(app.app, agent);
    expectRedirect(await agentClient.visit(actionPath(mail, 'Open conversation')), `/conversations/${joko.id}`, 302);
    const [notification] = await app.services.db.select().from(notifications).where(eq(notifications.userId, agent.id));
    expect(notification.readAt).not.toBeNull();
  });

  it('is not e-mailed when they read it in Kawan first', async () => {
    const { owner, agent, conversation } = await team();
    const joko = await conversation('Joko');
    await (await signedIn(app.app, owner)).send('post', `/conversations/${joko.id}/assign`, { user_id: agent.id });
    expectPage(await (await signedIn(app.app, agent)).visit(`/conversations/${joko.id}`), 'Conversations/Show');
    await app.services.jobs.drain();
    expect(mailsTo(agent.email)).toEqual([]);
  });

  it('is not e-mailed while they have the team’s Kawan open and are available; it is once they are away', async () => {
    const { owner, agent, team: kopi, conversation } = await team();
    app.presence.set(`presence-teams.${kopi.id}`, [String(agent.id), String(owner.id)]);
    const client = await signedIn(app.app, owner);
    await client.send('post', `/conversations/${(await conversation('Joko')).id}/assign`, { user_id: agent.id });
    await app.services.jobs.drain();
    expect(mailsTo(agent.email)).toEqual([]);

    // Away with the tab open: the next notification's mail names both, the unread earlier one too.
    await app.services.db.update(users).set({ awaySince: new Date() }).where(eq(users.id, agent.id));
    await client.send('post', `/conversations/${(await conversation('Sari')).id}/assign`, { user_id: agent.id });
    await app.services.jobs.drain();
    const [mail] = mailsTo(agent.email);
    expect(mail.subject).toBe('[Kopi Senja] 2 notifications you have not read');
    expect(mail.text.indexOf('with Sari')).toBeLessThan(mail.text.indexOf('with Joko'));
    expect(links(mail)).toHaveLength(2);
    app.presence.delete(`presence-teams.${kopi.id}`);
  });

  it('is not e-mailed to someone who turned it off, nor about a team they left', async () => {
    const { owner, agent, team: kopi, conversation } = await team();
    await choose(agent.id, []);
    const client = await signedIn(app.app, owner);
    await client.send('post', `/conversations/${(await conversation('Joko')).id}/assign`, { user_id: agent.id });
    expect(await queuedMailJobs(agent.id)).toBe(0);

    await choose(agent.id, ['assigned']);
    await client.send('post', `/conversations/${(await conversation('Sari')).id}/assign`, { user_id: agent.id });
    await client.send('delete', `/teams/${kopi.id}/members/${agent.id}`, {});
    await app.services.jobs.drain();
    expect(mailsTo(agent.email)).toEqual([]);
  });
});

async function queuedMailJobs(userId: number): Promise<number> {
  const { rows } = await app.services.database.execute(
    `select count(*)::int as count from pgboss.job where name = $1 and data->>'userId' = $2`,
    [notificationMailJob, String(userId)],
  );
  return (rows[0] as { count: number }).count;
}

describe('conversations waiting for a person', () => {
  it('are e-mailed only to those who asked, together, leaving out the ones a teammate took', async () => {
    const { owner, agent, conversation } = await team();
    await choose(agent.id, ['waiting', 'mentioned']);
    const waiting = [];
    for (const name of ['Joko', 'Sari', 'Rina']) {
      const made = await conversation(name);
      await queueForPerson(app.services, made, 'user_request');
      waiting.push(made);
    }
    // The owner takes Sari's before the mail goes out.
    const client = await signedIn(app.app, owner);
    await client.send('post', `/conversations/${waiting[1].id}/assign`, { user_id: owner.id });
    await app.services.jobs.drain();

    // The owner did not ask for waiting conversations (the default).
    expect(mailsTo(owner.email)).toEqual([]);
    const [mail, ...more] = mailsTo(agent.email);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('[Kopi Senja] 2 notifications you have not read');
    expect(mail.text).toContain(`Conversation #${waiting[2].number} with Rina is waiting for a person`);
    expect(mail.text).toContain(`Conversation #${waiting[0].number} with Joko is waiting for a person`);
    expect(mail.text).not.toContain('with Sari');
  });
});

describe('a mention in a note', () => {
  it('is e-mailed to the named teammate; a mail server that refuses marks nothing, and the retry sends it', async () => {
    const { owner, agent, conversation } = await team();
    const joko = await conversation('Joko');
    const client = await signedIn(app.app, owner);
    await client.send('post', `/conversations/${joko.id}/notes`, {
      text: '@Budi Hartono tolong cek resi Joko',
      mentions: [agent.id],
    });
    await expect(app.mailbox.failing(() => mailUnread(app.services, agent.id))).rejects.toThrow('ECONNREFUSED');
    expect(await unmailed(agent.id)).toHaveLength(1);
    await app.services.jobs.drain();
    const [mail] = mailsTo(agent.email);
    expect(mail.subject).toBe('[Kopi Senja] You were mentioned in a conversation');
    expect(mail.text).toContain(
      `Dewi Santoso mentioned you in conversation #${joko.number} with Joko: “@Budi Hartono tolong cek resi Joko”`,
    );
    expect(await unmailed(agent.id)).toEqual([]);
  });
});

describe('the delay', () => {
  it('queues the mail job NOTIFICATION_MAIL_DELAY_MINUTES after the notification', async () => {
    const later = await createTestApp({ env: { NOTIFICATION_MAIL_DELAY_MINUTES: '5' } });
    try {
      const { owner, team: kopi } = await createOwnedTeam(later.services, { current: true });
      const agent = await createMember(later.services, kopi, 'agent', { current: true });
      const channel = await createChannel(later.services, kopi.id, { type: 'web' });
      const { conversation } = await createConversation(later.services, channel);
      const before = Date.now();
      await (
        await signedIn(later.app, owner)
      ).send('post', `/conversations/${conversation.id}/assign`, {
        user_id: agent.id,
      });
      const { rows } = await later.services.database.execute(
        `select start_after from pgboss.job where name = $1 and data->>'userId' = $2`,
        [notificationMailJob, String(agent.id)],
      );
      expect(rows).toHaveLength(1);
      const startAfter = new Date((rows[0] as { start_after: string | Date }).start_after).getTime();
      expect(startAfter).toBeGreaterThanOrEqual(before + 5 * 60_000 - 1000);
      expect(startAfter).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
      // Not due yet: nothing is mailed now.
      await later.services.jobs.drain();
      expect(later.mailbox.to(agent.email)).toEqual([]);
    } finally {
      await later.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { currentTeamId, expectRedirect } from '../../helpers/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { addMember, createOwnedTeam, createTeam } from '../../factories/teams';
import { createUser } from '../../factories/users';
import { notificationRepository } from '../../../server/db/repositories/notification-repository';
import { notify } from '../../../server/domain/notifications/notify';
import { notificationsReadEvent } from '../../../server/domain/notifications/notifications-read';
import { conversationLink } from '../../../server/domain/conversations/notifications';

/**
 * Following a notification (`notifications.open`, the bell's links and the e-mails'): it is read,
 * its team becomes the current one when the person belongs to it, and the answer redirects to
 * where it leads, a path on this site only. Someone else's notification is a 404.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const open = (id: string) => `/user/notifications/${id}/open`;

describe('following a notification', () => {
  it('opens a conversation of another of the person’s teams in that team, read', async () => {
    // Budi works in two teams and is looking at the second when the first's conversation is given to him.
    const { team: kopi } = await createOwnedTeam(app.services, { name: 'Kopi Senja' });
    const budi = await createUser(app.services, { name: 'Budi' });
    await addMember(app.services, kopi, budi, 'agent');
    const roti = await createTeam(app.services, budi, { name: 'Roti Bakar', current: true });
    expect(await currentTeamId(app.services, budi.id)).toBe(roti.id);
    const channel = await createChannel(app.services, kopi.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, channel);
    const notice = await notify(app.services, budi.id, 'conversation-assigned', {
      message: 'Conversation #1 was assigned to you.',
      ...conversationLink(app.services, conversation),
    });

    const client = await signedIn(app.app, budi);
    // Before, in the other team, the conversation is not there to see.
    expect((await client.visit(`/conversations/${conversation.id}`)).status).toBe(404);
    app.broadcasts.length = 0;
    expectRedirect(await client.visit(open(notice.id)), `/conversations/${conversation.id}`, 302);
    expect(await currentTeamId(app.services, budi.id)).toBe(kopi.id);
    expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect((await notificationRepository(app.services.db, budi.id).find(notice.id))?.readAt).not.toBeNull();
    // The bell of every tab hears it was read.
    expect(app.broadcasts.map((sent) => sent.event)).toContain(notificationsReadEvent);

    // Opening it again leads there again, without a second read.
    app.broadcasts.length = 0;
    expectRedirect(await client.visit(open(notice.id)), `/conversations/${conversation.id}`, 302);
    expect(app.broadcasts.map((sent) => sent.event)).not.toContain(notificationsReadEvent);
  });

  it('keeps the current team for a team the person no longer belongs to', async () => {
    const { team: kopi } = await createOwnedTeam(app.services, { name: 'Kopi Senja' });
    const budi = await createUser(app.services);
    const roti = await createTeam(app.services, budi, { current: true });
    const notice = await notify(app.services, budi.id, 'conversation-assigned', {
      message: 'Conversation #1 was assigned to you.',
      url: '/conversations/1',
      team_id: kopi.id,
    });
    const client = await signedIn(app.app, budi);
    expectRedirect(await client.visit(open(notice.id)), '/conversations/1', 302);
    expect(await currentTeamId(app.services, budi.id)).toBe(roti.id);
  });

  it('leads to the dashboard when the notification has no path on this site', async () => {
    const user = await createUser(app.services);
    await createTeam(app.services, user, { current: true });
    const client = await signedIn(app.app, user);
    for (const url of [undefined, 'https://evil.test/phish', '//evil.test/phish', '/\\evil.test']) {
      const notice = await notify(app.services, user.id, 'test', { message: 'Hi', ...(url ? { url } : {}) });
      expectRedirect(await client.visit(open(notice.id)), '/dashboard', 302);
    }
  });

  it('is a 404 for someone else’s notification, and asks a signed-out visitor to sign in first', async () => {
    const owner = await createUser(app.services);
    const other = await createUser(app.services);
    const notice = await notify(app.services, owner.id, 'test', { message: 'Hi', url: '/dashboard' });
    expect((await (await signedIn(app.app, other)).visit(open(notice.id))).status).toBe(404);
    expect((await notificationRepository(app.services.db, owner.id).find(notice.id))?.readAt).toBeNull();
    expect((await (await signedIn(app.app, other)).visit('/user/notifications/not-a-uuid/open')).status).toBe(404);

    const guest = await (await import('../../helpers/app')).browser(app.app);
    const res = await guest.visit(open(notice.id));
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/login');
  });
});

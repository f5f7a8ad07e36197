import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { notifications } from '../../../server/db/schema/index';
import { notify, notificationCreatedEvent } from '../../../server/domain/notifications/notify';
import type { NotificationsSummary, NotificationPage } from '../../../server/presenters/notification-presenter';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const json = { Accept: 'application/json' };

async function notifyMany(userId: number, count: number) {
  const rows = [];
  for (let index = 1; index <= count; index++) {
    rows.push(await notify(app.services, userId, 'test', { message: `Message ${index}`, url: '/dashboard' }));
  }
  return rows;
}

describe('notify()', () => {
  it('stores the notification and broadcasts it on the user’s private channel as BroadcastNotificationCreated', async () => {
    app.broadcasts.length = 0;
    const user = await createUser(app.services);
    const row = await notify(app.services, user.id, 'team-invitation', { message: 'You are invited', team_id: 7 });
    const [stored] = await app.services.db.select().from(notifications).where(eq(notifications.id, row.id));
    expect(stored).toMatchObject({ userId: user.id, type: 'team-invitation', readAt: null });
    expect(stored.data).toEqual({ message: 'You are invited', team_id: 7 });
    expect(app.broadcasts).toEqual([
      {
        channels: [`private-App.Models.User.${user.id}`],
        event: notificationCreatedEvent,
        data: { message: 'You are invited', team_id: 7, id: row.id, type: 'team-invitation' },
      },
    ]);
    expect(notificationCreatedEvent).toBe('Illuminate\\Notifications\\Events\\BroadcastNotificationCreated');
  });
});

describe('the bell’s shared props', () => {
  it('gives signed-in users the unread count, the ten newest and the realtime endpoint', async () => {
    const user = await createUser(app.services);
    const rows = await notifyMany(user.id, 12);
    const page = expectPage(await (await signedIn(app.app, user)).visit('/dashboard'), 'Dashboard');
    const summary = page.props.notifications as NotificationsSummary;
    expect(summary.unread_count).toBe(12);
    expect(summary.has_more).toBe(true);
    expect(summary.recent.map((item) => item.data.message)).toEqual(
      rows
        .slice(2)
        .reverse()
        .map((row) => row.data.message),
    );
    expect(Object.keys(summary.recent[0]).sort()).toEqual(['created_at', 'data', 'id', 'read_at', 'type']);
    expect(page.props.realtime).toEqual({ key: 'test-app-key', host: 'localhost', port: 8080, scheme: 'http' });
  });

  it('gives guests neither notifications nor a realtime endpoint', async () => {
    const page = expectPage(await (await browser(app.app)).visit('/login'), 'Auth/Login');
    expect(page.props).not.toHaveProperty('notifications');
    expect(page.props).not.toHaveProperty('realtime');
  });

  it('sends only the notifications on a partial reload asking for them', async () => {
    const user = await createUser(app.services);
    await notifyMany(user.id, 1);
    const client = await signedIn(app.app, user);
    const res = await client.visit('/dashboard', {
      'X-Inertia-Partial-Component': 'Dashboard',
      'X-Inertia-Partial-Data': 'notifications',
    });
    const page = expectPage(res, 'Dashboard');
    expect(Object.keys(page.props).sort()).toEqual(['errors', 'notifications']);
    expect((page.props.notifications as NotificationsSummary).unread_count).toBe(1);
  });

  it('tells clients to connect with TLS to REVERB_PORT when the realtime scheme is https, 443 unless set', async () => {
    const cases: [Record<string, string>, number][] = [
      [{ REVERB_SCHEME: 'https', REVERB_HOST: 'ws.kawan.test' }, 443],
      [{ REVERB_SCHEME: 'https', REVERB_HOST: 'ws.kawan.test', REVERB_PORT: '8443' }, 8443],
    ];
    for (const [env, port] of cases) {
      const secure = await createTestApp({ env });
      try {
        const user = await createUser(secure.services);
        const page = expectPage(await (await signedIn(secure.app, user)).visit('/dashboard'), 'Dashboard');
        expect(page.props.realtime).toEqual({ key: 'test-app-key', host: 'ws.kawan.test', port, scheme: 'https' });
      } finally {
        await secure.close();
      }
    }
  });
});

describe('GET /user/notifications', () => {
  it('lists the user’s notifications newest first, ten a page, as JSON', async () => {
    const user = await createUser(app.services);
    const other = await createUser(app.services);
    const rows = await notifyMany(user.id, 12);
    await notifyMany(other.id, 1);
    const client = await signedIn(app.app, user);
    const first = await client.agent.get('/user/notifications').set(json);
    expect(first.status).toBe(200);
    const body = first.body as NotificationPage;
    expect(body.data.map((item) => item.id)).toEqual(
      rows
        .slice(2)
        .reverse()
        .map((row) => row.id),
    );
    expect(body).toMatchObject({ current_page: 1, per_page: 10, prev_page_url: null, unread_count: 12 });
    expect(body.next_page_url).toBe('/user/notifications?page=2');
    const second = (await client.agent.get(body.next_page_url!).set(json)).body as NotificationPage;
    expect(second.data.map((item) => item.id)).toEqual([rows[1].id, rows[0].id]);
    expect(second.next_page_url).toBeNull();
    expect(second.prev_page_url).toBe('/user/notifications?page=1');
  });

  it('keeps the order they were made in when they share a timestamp (one transaction, one now())', async () => {
    const user = await createUser(app.services);
    const rows = await app.services.db.transaction(async (tx) => {
      const made = [];
      for (let index = 1; index <= 15; index++) {
        made.push(await notify({ ...app.services, db: tx }, user.id, 'test', { message: `Batch ${index}` }));
      }
      return made;
    });
    expect(new Set(rows.map((row) => row.createdAt.getTime())).size).toBe(1);
    const client = await signedIn(app.app, user);
    const first = (await client.agent.get('/user/notifications').set(json)).body as NotificationPage;
    const second = (await client.agent.get(first.next_page_url!).set(json)).body as NotificationPage;
    expect([...first.data, ...second.data].map((item) => item.data.message)).toEqual(
      rows.map((row) => row.data.message).reverse(),
    );
  });

  it('is for signed-in users only (401 for a JSON guest)', async () => {
    const guest = await browser(app.app);
    expect((await guest.agent.get('/user/notifications').set(json)).status).toBe(401);
  });
});

describe('marking notifications read', () => {
  it('marks one read, going back to the page with only the bell’s prop for an Inertia visit', async () => {
    const user = await createUser(app.services);
    const [first, second] = await notifyMany(user.id, 2);
    const client = await signedIn(app.app, user);
    app.broadcasts.length = 0;
    const res = await client.send(
      'put',
      `/user/notifications/${first.id}`,
      {},
      {
        Referer: '/dashboard',
        'X-Inertia-Partial-Component': 'Dashboard',
        'X-Inertia-Partial-Data': 'notifications',
        'X-Socket-ID': '111.222',
      },
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/dashboard');
    const [row] = await app.services.db.select().from(notifications).where(eq(notifications.id, first.id));
    expect(row.readAt).toBeInstanceOf(Date);
    const [untouched] = await app.services.db.select().from(notifications).where(eq(notifications.id, second.id));
    expect(untouched.readAt).toBeNull();
    // The user's other tabs hear of it; the tab that asked (its X-Socket-Id) is left out.
    expect(app.broadcasts).toEqual([
      {
        channels: [`private-App.Models.User.${user.id}`],
        event: 'App\\Events\\NotificationsRead',
        data: { ids: [first.id], unread_count: 1 },
        exceptSocketId: '111.222',
      },
    ]);
  });

  it('answers JSON clients with the unread count left, and keeps the first read time', async () => {
    const user = await createUser(app.services);
    const [first] = await notifyMany(user.id, 2);
    const client = await signedIn(app.app, user);
    const res = await client.agent.put(`/user/notifications/${first.id}`).set(json).set('X-XSRF-TOKEN', client.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ unread_count: 1 });
    const [before] = await app.services.db.select().from(notifications).where(eq(notifications.id, first.id));
    await client.agent.put(`/user/notifications/${first.id}`).set(json).set('X-XSRF-TOKEN', client.token);
    const [after] = await app.services.db.select().from(notifications).where(eq(notifications.id, first.id));
    expect(after.readAt).toEqual(before.readAt);
  });

  it('is a 404 for someone else’s notification or an unknown id, which stays unread', async () => {
    const owner = await createUser(app.services);
    const [theirs] = await notifyMany(owner.id, 1);
    const client = await signedIn(app.app, await createUser(app.services));
    const put = (id: string) =>
      client.agent.put(`/user/notifications/${id}`).set(json).set('X-XSRF-TOKEN', client.token);
    expect((await put(theirs.id)).status).toBe(404);
    expect((await put('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await put('not-a-uuid')).status).toBe(404);
    const [row] = await app.services.db.select().from(notifications).where(eq(notifications.id, theirs.id));
    expect(row.readAt).toBeNull();
  });

  it('marks all of the user’s notifications read, and nobody else’s', async () => {
    const user = await createUser(app.services);
    const other = await createUser(app.services);
    await notifyMany(user.id, 3);
    const [othersRow] = await notifyMany(other.id, 1);
    const client = await signedIn(app.app, user);
    app.broadcasts.length = 0;
    const res = await client.send('put', '/user/notifications/read-all', {}, { Referer: '/dashboard' });
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect((page.props.notifications as NotificationsSummary).unread_count).toBe(0);
    const [untouched] = await app.services.db.select().from(notifications).where(eq(notifications.id, othersRow.id));
    expect(untouched.readAt).toBeNull();
    expect(app.broadcasts).toHaveLength(1);
    expect(app.broadcasts[0].data).toMatchObject({ unread_count: 0 });
    expect((app.broadcasts[0].data.ids as string[]).length).toBe(3);
    expect(app.broadcasts[0].exceptSocketId).toBeUndefined();
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { eq } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { createTestApp, expectPage, testVersion, xsrfFrom, type TestApp } from '../../helpers/app';
import { authUser } from '../../helpers/teams';
import { createOwnedTeam, createMember } from '../../factories/teams';
import { openDatabase } from '../../../server/db/client';
import { users } from '../../../server/db/schema/index';
import { closeRedis, connectRedis } from '../../../server/support/redis';
import { createLogger } from '../../../server/support/logger';
import { notify } from '../../../server/domain/notifications/notify';

// The session, the signed-in user, their teams and the bell are read from memory on a page visit
// (server/cache): every change to them must show on the very next request, made through the app,
// written straight to the database, or (with Redis) made by another process.

type Cookies = Map<string, string>;

const header = (cookies: Cookies) => [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');

function keep(cookies: Cookies, res: supertest.Response): void {
  for (const line of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
    const [pair] = line.split(';');
    const at = pair.indexOf('=');
    cookies.set(pair.slice(0, at), pair.slice(at + 1));
  }
}

/** A browser's cookies after signing in through `app`: they work on any app sharing its data. */
async function signIn(app: TestApp['app'], email: string): Promise<Cookies> {
  const cookies: Cookies = new Map();
  keep(cookies, await supertest(app).get('/login'));
  const res = await send(app, cookies, 'post', '/login', { email, password: 'password' });
  expect(res.status).toBe(303);
  return cookies;
}

async function send(app: TestApp['app'], cookies: Cookies, method: 'post' | 'put', url: string, body: object) {
  const xsrf = decodeURIComponent(cookies.get('XSRF-TOKEN') ?? '');
  const agent = supertest(app);
  const res = await agent[method](url)
    .set({ Cookie: header(cookies), 'X-XSRF-TOKEN': xsrf, 'X-Requested-With': 'XMLHttpRequest', 'X-Inertia': 'true' })
    .send(body);
  keep(cookies, res);
  return res;
}

async function visit(app: TestApp['app'], cookies: Cookies, url = '/dashboard') {
  const res = await supertest(app)
    .get(url)
    .set({
      Cookie: header(cookies),
      'X-Inertia': 'true',
      'X-Inertia-Version': testVersion,
      'X-Requested-With': 'XMLHttpRequest',
    });
  keep(cookies, res);
  return res;
}

/** Sent to sign in: the request was a guest's. */
function expectGuest(res: supertest.Response): void {
  expect(res.status).toBe(302);
  expect(new URL(res.headers.location as string, 'http://x').pathname).toBe('/login');
}

const roleOn = async (app: TestApp['app'], cookies: Cookies) =>
  authUser(expectPage(await visit(app, cookies), 'Dashboard')).current_team?.role_name;

describe('one process', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('a repeated visit is answered from memory', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const cookies = await signIn(app.app, owner.email);
    await visit(app.app, cookies);
    const before = { ...app.services.cache.stats };
    expectPage(await visit(app.app, cookies), 'Dashboard');
    expect(app.services.cache.stats.misses).toBe(before.misses);
    expect(app.services.cache.stats.hits).toBeGreaterThanOrEqual(before.hits + 4); // session, user, teams, bell
  });

  it('a role change shows on the member’s next request', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const member = await createMember(app.services, team, 'editor', { current: true });
    const memberCookies = await signIn(app.app, member.email);
    expect(await roleOn(app.app, memberCookies)).toBe('Editor');
    const ownerCookies = await signIn(app.app, owner.email);
    const res = await send(app.app, ownerCookies, 'put', `/teams/${team.id}/members/${member.id}`, { role: 'viewer' });
    expect(res.status).toBe(303);
    expect(await roleOn(app.app, memberCookies)).toBe('Viewer');
  });

  it('a change written straight to the database shows at once', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const cookies = await signIn(app.app, owner.email);
    await visit(app.app, cookies);
    await app.services.db.update(users).set({ name: 'Nama Baru' }).where(eq(users.id, owner.id));
    expect(authUser(expectPage(await visit(app.app, cookies), 'Dashboard')).name).toBe('Nama Baru');
  });

  it('a new notification shows in the bell of the next page', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const cookies = await signIn(app.app, owner.email);
    const unread = async () =>
      (expectPage(await visit(app.app, cookies), 'Dashboard').props.notifications as { unread_count: number })
        .unread_count;
    const before = await unread();
    await notify(app.services, owner.id, 'test', { message: 'Halo' });
    expect(await unread()).toBe(before + 1);
  });

  it('after logging out, the old session cookie is a guest', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const cookies = await signIn(app.app, owner.email);
    const stolen = new Map(cookies);
    await visit(app.app, cookies);
    expect((await send(app.app, cookies, 'post', '/logout', {})).status).toBe(303);
    expectGuest(await visit(app.app, stolen));
  });
});

const redisUrl = process.env.REDIS_URL;
const serverDatabase = process.env.TEST_DATABASE_URL;

describe.runIf(redisUrl && serverDatabase)('two processes on one PostgreSQL server and one Redis', () => {
  let first: TestApp;
  let second: TestApp;
  const clients: Redis[] = [];
  beforeAll(async () => {
    const logger = createLogger('silent');
    clients.push(await connectRedis(redisUrl!, logger), await connectRedis(redisUrl!, logger));
    first = await createTestApp({ redis: clients[0] });
    // The second process: its own pool on the same database, its own cache.
    second = await createTestApp({ redis: clients[1], database: await openDatabase({ url: first.database.url }) });
    // Both subscribed before the test begins.
    for (let i = 0; i < 100 && !(first.services.cache.enabled && second.services.cache.enabled); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  afterAll(async () => {
    await second?.services.closeCache();
    await first?.services.closeCache();
    await second?.database.close();
    await first?.close();
    for (const client of clients) await closeRedis(client);
  });

  it('a role change made on one process holds on the next request on the other', async () => {
    const { owner, team } = await createOwnedTeam(first.services, { current: true });
    const member = await createMember(first.services, team, 'editor', { current: true });
    const memberCookies = await signIn(first.app, member.email);
    expect(await roleOn(second.app, memberCookies)).toBe('Editor');
    expect(await roleOn(second.app, memberCookies)).toBe('Editor'); // now cached there
    const ownerCookies = await signIn(first.app, owner.email);
    const res = await send(first.app, ownerCookies, 'put', `/teams/${team.id}/members/${member.id}`, {
      role: 'viewer',
    });
    expect(res.status).toBe(303);
    expect(await roleOn(second.app, memberCookies)).toBe('Viewer');
  });

  it('logging out on one process ends the session on the other', async () => {
    const { owner } = await createOwnedTeam(first.services, { current: true });
    const cookies = await signIn(first.app, owner.email);
    const stolen = new Map(cookies);
    expectPage(await visit(second.app, stolen), 'Dashboard');
    expectPage(await visit(second.app, stolen), 'Dashboard');
    expect((await send(first.app, cookies, 'post', '/logout', {})).status).toBe(303);
    expectGuest(await visit(second.app, stolen));
  });
});

// Without this the file would report no test on a run without both servers.
it('runs the two-process half when REDIS_URL and TEST_DATABASE_URL are set', () => {
  expect(typeof xsrfFrom).toBe('function');
});

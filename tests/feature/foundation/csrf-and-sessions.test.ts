import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { sign } from 'cookie-signature';
import { eq } from 'drizzle-orm';
import { browser, createTestApp, signedIn, testVersion, type TestApp } from '../../helpers/app';
import { passwordFingerprint } from '../../../server/http/auth/session-guard';
import { userRepository } from '../../../server/db/repositories/user-repository';
import { createUser } from '../../factories/users';
import { createOwnedTeam } from '../../factories/teams';
import { teamRepository } from '../../../server/db/repositories/team-repository';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { sessions } from '../../../server/db/schema/index';
import { regenerateSession, rememberDevice } from '../../../server/http/middleware/session';

function testRoutes(routes: RouteRegistry) {
  routes.post('/t/echo', (req, res) => res.json({ ok: true, body: req.body })).name('test.echo');
  routes.post('/t/whoami', (req, res) => res.json({ userId: req.user?.id ?? null })).name('test.whoami');
  routes
    .get('/t/remember', (req, res) => {
      rememberDevice(req);
      res.json({ id: req.session.id, userId: req.session.userId ?? null });
    })
    .name('test.remember');
  routes
    .post('/t/regenerate', async (req, res) => {
      const before = req.session.id;
      regenerateSession(req);
      res.json({ before, after: req.session.id, userId: req.session.userId });
    })
    .name('test.regenerate');
  routes
    .get('/t/unsavable', (req, res) => {
      // Past the column's 45 characters: the session's write fails after the handler answered.
      req.session.ip = 'x'.repeat(100);
      // ?large: past the compression threshold, so that a client accepting gzip gets it compressed.
      res.json({ ok: true, ...(req.query.large ? { padding: 'kawan '.repeat(2000) } : {}) });
    })
    .name('test.unsavable');
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ routes: [testRoutes] });
});
afterAll(() => app.close());

describe('CSRF', () => {
  it('sets a readable XSRF-TOKEN cookie on every response', async () => {
    const res = await supertest(app.app).get('/');
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('HttpOnly');
  });

  it('refuses a state-changing request without a token with 419', async () => {
    const client = await browser(app.app);
    const res = await client.agent.post('/t/echo').send({ a: 1 });
    expect(res.status).toBe(419);
  });

  it('refuses a wrong token with 419', async () => {
    const client = await browser(app.app);
    const res = await client.agent.post('/t/echo').set('X-XSRF-TOKEN', 'nope').send({});
    expect(res.status).toBe(419);
  });

  it.each([
    ['X-XSRF-TOKEN header', (token: string) => ({ headers: { 'X-XSRF-TOKEN': token }, body: {} })],
    ['X-CSRF-TOKEN header', (token: string) => ({ headers: { 'X-CSRF-TOKEN': token }, body: {} })],
    ['_token field', (token: string) => ({ headers: {}, body: { _token: token } })],
  ])('accepts the session token as %s', async (_label, build) => {
    const client = await browser(app.app);
    const { headers, body } = build(client.token);
    const res = await client.agent.post('/t/echo').set(headers).send(body);
    expect(res.status).toBe(200);
  });

  it('renders the Error page with 419 on Inertia visits', async () => {
    const client = await browser(app.app);
    const res = await client.agent.post('/t/echo').set({ 'X-Inertia': 'true' }).send({});
    expect(res.status).toBe(419);
    expect(res.body.component).toBe('Error');
    expect(res.body.props.title).toBe('Page expired');
  });

  it('does not ask a bearer-token client for a CSRF token', async () => {
    const client = await browser(app.app);
    const res = await client.agent.post('/t/echo').set('Authorization', 'Bearer kawan_token').send({});
    expect(res.status).toBe(200);
  });

  describe('a bearer header on a request the session would authenticate', () => {
    it('PUT /teams/{team} with the session cookie and "Bearer garbage" renames nothing', async () => {
      const { owner, team } = await createOwnedTeam(app.services, { name: 'Toko Lama', current: true });
      const client = await signedIn(app.app, owner);
      const res = await client.agent
        .put(`/teams/${team.id}`)
        .set({ Authorization: 'Bearer garbage', 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
        .send({ name: 'Dibajak' });
      // Only the token could authenticate it, and it is no token: a guest, sent to sign in.
      expect(res.status).toBe(303);
      expect(new URL(res.headers.location as string, 'http://x').pathname).toBe('/login');
      expect((await teamRepository(app.services.db).findForUser(owner.id, team.id))?.name).toBe('Toko Lama');
      // The same browser, with its CSRF token and no bearer header, still may.
      const own = await client.send('put', `/teams/${team.id}`, { name: 'Toko Baru' });
      expect(own.status).toBe(303);
      expect((await teamRepository(app.services.db).findForUser(owner.id, team.id))?.name).toBe('Toko Baru');
    });

    it('is authenticated by its token alone: the session and remember-me cookie sign nobody in', async () => {
      const user = await createUser(app.services);
      const client = await browser(app.app);
      const login = await client.send('post', '/login', { email: user.email, password: 'password', remember: true });
      expect(login.status).toBe(303);
      const res = await client.agent
        .post('/t/whoami')
        .set({ Authorization: 'Bearer garbage', Accept: 'application/json' })
        .send({});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ userId: null });
      // Without the header the session is who it always was.
      expect((await client.send('post', '/t/whoami', {}, { Accept: 'application/json' })).body).toEqual({
        userId: user.id,
      });
    });
  });

  it('never checks GET, HEAD or OPTIONS', async () => {
    expect((await supertest(app.app).get('/')).status).toBe(200);
    expect((await supertest(app.app).head('/')).status).toBe(200);
    expect((await supertest(app.app).options('/t/echo')).status).not.toBe(419);
  });

  describe('in a multipart body (read only for a signed-in user)', () => {
    const multipart = async (token: string | undefined, headers: Record<string, string> = {}) => {
      const client = await signedIn(app.app, await createUser(app.services));
      let request = client.agent.post('/t/echo').set(headers).field('name', 'Ayu');
      if (token !== undefined) request = request.field('_token', token === 'session' ? client.token : token);
      return request.attach('file', Buffer.from('hello'), 'hello.txt');
    };

    it('accepts the session token as the _token field', async () => {
      const res = await multipart('session');
      expect(res.status, res.text.slice(0, 200)).toBe(200);
      expect(res.body.body.name).toBe('Ayu');
    });

    it('refuses a wrong or missing _token with 419, before the route runs', async () => {
      for (const token of ['nope', undefined]) {
        const res = await multipart(token);
        expect(res.status).toBe(419);
        expect(res.body.ok).toBeUndefined();
      }
    });

    it('checks a token header when one is sent, whatever the body says', async () => {
      const client = await signedIn(app.app, await createUser(app.services));
      const res = await client.agent
        .post('/t/echo')
        .set('X-XSRF-TOKEN', 'wrong')
        .field('_token', client.token)
        .attach('file', Buffer.from('x'), 'x.txt');
      expect(res.status).toBe(419);
    });
  });
});

describe('sessions', () => {
  it('keeps sessions in the database with user, IP, user agent and last activity', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await client.agent.get('/t/remember').set('User-Agent', 'KawanTest/1.0');
    expect(res.body.userId).toBe(user.id);
    const [row] = await app.services.db.select().from(sessions).where(eq(sessions.id, res.body.id));
    expect(row).toMatchObject({ userId: user.id, userAgent: 'KawanTest/1.0' });
    expect(row.ipAddress).toMatch(/127\.0\.0\.1/);
    expect(row.lastActivity).toBeGreaterThan(Date.now() / 1000 - 60);
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('kawan_session='))!;
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
  });

  it('regenerates the id keeping the data and forgets the old row', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    const res = await client.agent.post('/t/regenerate').set('X-XSRF-TOKEN', client.token);
    expect(res.body.after).not.toBe(res.body.before);
    expect(res.body.userId).toBe(user.id);
    const old = await app.services.db.select().from(sessions).where(eq(sessions.id, res.body.before));
    expect(old).toHaveLength(0);
  });

  it('keeps an address a proxy forwarded only when it is one', async () => {
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    for (const [forwarded, kept] of [
      ['203.0.113.9', '203.0.113.9'],
      ['x'.repeat(100), ''],
    ]) {
      const res = await client.agent.get('/t/remember').set('X-Forwarded-For', forwarded);
      expect(res.status).toBe(200);
      const [row] = await app.services.db.select().from(sessions).where(eq(sessions.id, res.body.id));
      expect(row.ipAddress).toBe(kept);
    }
  });

  it('honours a session kept by express-session (its cookie attributes in the payload) and drops them', async () => {
    const user = await createUser(app.services);
    const id = 'legacySessionIdFromExpressSession';
    const now = Math.floor(Date.now() / 1000);
    await app.services.db.insert(sessions).values({
      id,
      userId: user.id,
      ipAddress: '127.0.0.1',
      userAgent: 'KawanTest/1.0',
      payload: {
        cookie: { originalMaxAge: 7_200_000, expires: new Date().toISOString(), httpOnly: true, path: '/' },
        _token: 'legacy-token-0123456789012345678901234567',
        userId: user.id,
        ip: '127.0.0.1',
        userAgent: 'KawanTest/1.0',
        passwordFingerprint: passwordFingerprint((await userRepository(app.services.db).find(user.id))!),
      },
      lastActivity: now,
    });
    const secret = app.services.config.app.key.toString('base64');
    const cookie = `kawan_session=${encodeURIComponent(`s:${sign(id, secret)}`)}`;
    const res = await supertest(app.app).get('/t/remember').set({ Cookie: cookie, 'User-Agent': 'KawanTest/1.0' });
    expect(res.body).toEqual({ id, userId: user.id });
    const [row] = await app.services.db.select().from(sessions).where(eq(sessions.id, id));
    expect(row.payload).not.toHaveProperty('cookie');
    expect(row.payload).toMatchObject({ _token: 'legacy-token-0123456789012345678901234567', userId: user.id });
    // A forged signature is a new guest session.
    const forged = await supertest(app.app)
      .get('/t/remember')
      .set('Cookie', `kawan_session=${encodeURIComponent(`s:${id}.forged`)}`);
    expect(forged.body.id).not.toBe(id);
    expect(forged.body.userId).toBeNull();
  });

  it.each([
    ['a client that accepts gzip', '/t/unsavable', 'gzip, deflate'],
    ['a compressed answer', '/t/unsavable?large=1', 'gzip'],
    ['a client that accepts no encoding', '/t/unsavable?large=1', undefined],
  ])(
    'answers with the error page, not a hang or half an answer, when the session cannot be written (%s)',
    async (_label, path, encoding) => {
      const client = await signedIn(app.app, await createUser(app.services));
      const visit = client.agent
        .get(path)
        .set({ 'X-Inertia': 'true', 'X-Inertia-Version': testVersion, 'X-Requested-With': 'XMLHttpRequest' });
      const res = await (encoding === undefined
        ? visit.unset('Accept-Encoding')
        : visit.set('Accept-Encoding', encoding));
      expect(res.status).toBe(500);
      expect(res.body.component).toBe('Error');
      expect(res.body.ok).toBeUndefined();
      // The session as it was is still there.
      expect((await client.agent.get('/t/remember')).body.userId).not.toBeNull();
    },
  );

  it('marks the session cookie Secure when APP_URL is https', async () => {
    const secure = await createTestApp({ routes: [testRoutes], env: { APP_URL: 'https://kawan.example' } });
    try {
      // As behind a TLS-terminating proxy on loopback.
      const res = await supertest(secure.app).get('/t/remember').set('X-Forwarded-Proto', 'https');
      const cookies = ([] as string[]).concat(res.headers['set-cookie']);
      expect(cookies.find((c) => c.startsWith('kawan_session='))).toContain('Secure');
      expect(cookies.find((c) => c.startsWith('XSRF-TOKEN='))).toContain('Secure');
    } finally {
      await secure.close();
    }
  });
});

describe('session upkeep', () => {
  it('writes last_activity at most once a minute and prunes expired rows', async () => {
    const agent = supertest.agent(app.app);
    const first = await agent.get('/t/remember');
    const id = first.body.id as string;
    // Pretend the session was last active two minutes ago: the next request refreshes it.
    const twoMinutesAgo = Math.floor(Date.now() / 1000) - 120;
    await app.services.db.update(sessions).set({ lastActivity: twoMinutesAgo }).where(eq(sessions.id, id));
    await agent.get('/up');
    const [refreshed] = await app.services.db.select().from(sessions).where(eq(sessions.id, id));
    expect(refreshed.lastActivity).toBeGreaterThan(twoMinutesAgo);

    // A session idle for longer than SESSION_LIFETIME is not honoured (its user is signed out),
    // and expired rows get pruned.
    const user = await createUser(app.services);
    const client = await signedIn(app.app, user);
    expect((await client.agent.get('/t/remember')).body.userId).toBe(user.id);
    const [row] = await app.services.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const expired = Math.floor(Date.now() / 1000) - (app.services.config.session.lifetimeMinutes * 60 + 10);
    await app.services.db.update(sessions).set({ lastActivity: expired }).where(eq(sessions.id, row.id));
    await app.services.db.update(sessions).set({ lastActivity: expired }).where(eq(sessions.id, id));
    expect((await client.agent.get('/t/remember')).body.userId).toBeNull();
    const { DatabaseSessionStore } = await import('../../../server/http/middleware/session');
    const { sessionRepository } = await import('../../../server/db/repositories/session-repository');
    const store = new DatabaseSessionStore(sessionRepository(app.services.db), 60, undefined, 1);
    await store.save('prune-trigger', {});
    expect(await app.services.db.select().from(sessions).where(eq(sessions.id, id))).toHaveLength(0);
  });

  it('a guest who only looks gets a session cookie and a working CSRF token, but no row', async () => {
    const before = (await app.services.db.select().from(sessions)).length;
    const client = await browser(app.app);
    for (const url of ['/', '/login', '/register']) expect((await client.load(url)).status).toBe(200);
    expect((await app.services.db.select().from(sessions)).length).toBe(before);
    // The token bound to that cookie is accepted, and the first thing kept makes the row.
    const res = await client.send('post', '/login', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(res.status).toBe(303);
    expect((await app.services.db.select().from(sessions)).length).toBe(before + 1);
    // Another browser's cookie-less request never sees that token work for it.
    const stranger = await browser(app.app);
    const forged = await stranger.agent
      .post('/t/echo')
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Requested-With': 'XMLHttpRequest' })
      .send({});
    expect(forged.status).toBe(419);
  });
});

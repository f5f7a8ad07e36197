import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { browser, createTestApp, expectPage, pageOf, testVersion, type TestApp } from '../../helpers/app';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { defer, optional } from '../../../server/http/inertia/props';
import { HttpError } from '../../../server/support/errors';

const nasty = `</script><script>alert(1)</script>&amp;"'\u2028`;

function testRoutes(routes: RouteRegistry) {
  routes.get('/t/users', (req) => req.inertia.render('Users/Index', { users: ['ayu'], nasty, page: req.query.page ?? null })).name('test.users');
  routes.get('/t/deferred', (req) =>
    req.inertia.render('Users/Index', { users: ['ayu'], stats: defer(() => ({ total: 1 })), extra: optional(() => 'x') }),
  ).name('test.deferred');
  routes.put('/t/users/{user}', (_req, res) => res.redirect('/t/users')).name('test.users.update');
  routes.patch('/t/users/{user}', (_req, res) => res.redirect('/t/users')).name('test.users.patch');
  routes.delete('/t/users/{user}', (_req, res) => res.redirect('/t/users')).name('test.users.destroy');
  routes.post('/t/users', (_req, res) => res.redirect('/t/users')).name('test.users.store');
  routes.post('/t/fragment', (_req, res) => res.redirect('/t/users#top')).name('test.fragment');
  routes.get('/t/external', (req) => req.inertia.location('https://example.com/pay')).name('test.external');
  routes.post('/t/empty', () => undefined).name('test.empty');
  routes.get('/t/boom', () => {
    throw new Error('database password is hunter2');
  }).name('test.boom');
  routes.post('/t/flash', (req, res) => {
    req.inertia.flash('banner', 'Saved.');
    res.redirect('/t/users');
  }).name('test.flash');
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ routes: [testRoutes] });
});
afterAll(() => app.close());

describe('first load (HTML)', () => {
  it('answers HTML with the page in a script element before #app, Vary and no X-Inertia', async () => {
    const res = await supertest(app.app).get('/t/users?page=2&sort=name');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['x-inertia']).toBeUndefined();
    expect(res.headers.vary).toContain('X-Inertia');
    expect(res.text.match(/<script data-page="app" type="application\/json">/g)).toHaveLength(1);
    expect(res.text).toMatch(/<script data-page="app" type="application\/json">[^<]*<\/script>\s*<div id="app"><\/div>/);
    const page = pageOf(res);
    expect(page).toMatchObject({ component: 'Users/Index', url: '/t/users?page=2&sort=name', version: testVersion });
    expect(page.props.errors).toEqual({});
    expect(page.props.nasty).toBe(nasty);
  });

  it('never lets a prop close the script element', async () => {
    const res = await supertest(app.app).get('/t/users');
    const json = /<script data-page="app" type="application\/json">([\s\S]*?)<\/script>/.exec(res.text)![1];
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<');
  });

  it('carries the csrf-token meta tag equal to the session token and the asset tags', async () => {
    const res = await supertest(app.app).get('/t/users');
    const meta = /<meta name="csrf-token" content="([^"]+)">/.exec(res.text)![1];
    const cookie = ([] as string[]).concat(res.headers['set-cookie']).find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(decodeURIComponent(cookie.split(';')[0].split('=')[1])).toBe(meta);
    expect(res.text).toContain('<script type="module" src="/build/test.js"></script>');
  });
});

describe('Inertia visits (JSON)', () => {
  it('answers JSON with X-Inertia and Vary, never HTML, whatever Accept says', async () => {
    const client = await browser(app.app);
    const res = await client.visit('/t/users?page=2');
    expect(res.headers['x-inertia']).toBe('true');
    expect(res.headers.vary).toContain('X-Inertia');
    expect(res.headers['content-type']).toContain('application/json');
    const page = expectPage(res, 'Users/Index');
    expect(page.url).toBe('/t/users?page=2');
    expect(page).not.toHaveProperty('encryptHistory');
    expect(page).not.toHaveProperty('clearHistory');
  });

  it('keeps a trailing slash in page.url', async () => {
    const client = await browser(app.app);
    expect(expectPage(await client.visit('/t/users/'), 'Users/Index').url).toBe('/t/users/');
  });

  it('treats the header case-insensitively', async () => {
    const res = await supertest(app.app).get('/t/users').set('x-inertia', 'true').set('x-inertia-version', testVersion);
    expect(res.headers['x-inertia']).toBe('true');
  });

  it('leaves deferred and optional props out of a full response and announces only the deferred ones', async () => {
    const client = await browser(app.app);
    const page = expectPage(await client.visit('/t/deferred'), 'Users/Index');
    expect(page.props).not.toHaveProperty('stats');
    expect(page.props).not.toHaveProperty('extra');
    expect(page.deferredProps).toEqual({ default: ['stats'] });
    const partial = await client.visit('/t/deferred', {
      'X-Inertia-Partial-Component': 'Users/Index',
      'X-Inertia-Partial-Data': 'stats,extra',
    });
    const reloaded = expectPage(partial, 'Users/Index');
    expect(reloaded.props).toEqual({ stats: { total: 1 }, extra: 'x', errors: {} });
    expect(reloaded).not.toHaveProperty('deferredProps');
  });

  it('ignores partial headers naming another component', async () => {
    const client = await browser(app.app);
    const page = expectPage(
      await client.visit('/t/users', { 'X-Inertia-Partial-Component': 'Other', 'X-Inertia-Partial-Data': 'nothing' }),
      'Users/Index',
    );
    expect(page.props.users).toEqual(['ayu']);
  });
});

describe('asset versioning', () => {
  it('answers a stale GET visit with 409 and the absolute location, without X-Inertia', async () => {
    const res = await supertest(app.app)
      .get('/t/users?page=2')
      .set('X-Inertia', 'true')
      .set('X-Inertia-Version', 'old');
    expect(res.status).toBe(409);
    expect(res.text).toBe('');
    expect(res.headers['x-inertia']).toBeUndefined();
    expect(res.headers['x-inertia-location']).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/t\/users\?page=2$/);
    expect(res.headers['x-inertia-version']).toBe(testVersion);
  });

  it('treats a missing version header as stale', async () => {
    const res = await supertest(app.app).get('/t/users').set('X-Inertia', 'true');
    expect(res.status).toBe(409);
  });

  it('processes a POST with a stale version and lets the following GET reload', async () => {
    const client = await browser(app.app);
    const res = await client.send('post', '/t/users', {}, { 'X-Inertia-Version': 'old' });
    expect(res.status).toBe(302);
  });

  it('keeps flashed data across a version reload', async () => {
    const client = await browser(app.app);
    await client.send('post', '/t/flash', {});
    const stale = await client.agent.get('/t/users').set({ 'X-Inertia': 'true', 'X-Inertia-Version': 'old' });
    expect(stale.status).toBe(409);
    const page = pageOf(await client.load('/t/users'));
    expect(page.flash).toEqual({ banner: 'Saved.' });
  });
});

describe('redirects', () => {
  it.each(['put', 'patch', 'delete'] as const)('answers %s with 303', async (method) => {
    const client = await browser(app.app);
    const res = await client.send(method, '/t/users/5', {});
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/t/users');
  });

  it('answers 303 to PUT without Inertia too', async () => {
    const client = await browser(app.app);
    const res = await client.agent.put('/t/users/5').set('X-XSRF-TOKEN', client.token);
    expect(res.status).toBe(303);
  });

  it('turns an external location into 409 for Inertia and 302 otherwise', async () => {
    const client = await browser(app.app);
    const inertia = await client.visit('/t/external');
    expect(inertia.status).toBe(409);
    expect(inertia.headers['x-inertia-location']).toBe('https://example.com/pay');
    const plain = await client.load('/t/external');
    expect(plain.status).toBe(302);
    expect(plain.headers.location).toBe('https://example.com/pay');
  });

  it('redirects to a fragment through 409 X-Inertia-Redirect', async () => {
    const client = await browser(app.app);
    const res = await client.send('post', '/t/fragment', {});
    expect(res.status).toBe(409);
    expect(res.headers['x-inertia-redirect']).toMatch(/\/t\/users#top$/);
    expect(res.headers['x-inertia']).toBeUndefined();
  });

  it('sends an Inertia request that got no response back to the referring page', async () => {
    const client = await browser(app.app);
    const res = await client.send('post', '/t/empty', {}, { Referer: 'http://127.0.0.1/t/users' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('http://127.0.0.1/t/users');
  });
});

describe('errors', () => {
  it('renders the Error page for an unknown URL on Inertia and HTML visits alike', async () => {
    const client = await browser(app.app);
    const json = expectPage(await client.visit('/no/such/page'), 'Error', 404);
    expect(json.props).toMatchObject({ status: 404, title: 'Page not found' });
    const html = expectPage(await client.load('/no/such/page'), 'Error', 404);
    expect(html.props.title).toBe('Page not found');
  });

  it('answers JSON requests and /api with JSON errors', async () => {
    const res = await supertest(app.app).get('/no/such/page').set('Accept', 'application/json');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Not found.' });
    const api = await supertest(app.app).get('/api/nothing');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ message: 'Not found.' });
  });

  it('answers 405 with Allow for a known path and a wrong method', async () => {
    const client = await browser(app.app);
    const res = await client.send('patch', '/t/users', {});
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('GET, HEAD, POST');
  });

  it('hides the details of a 500 outside development', async () => {
    const client = await browser(app.app);
    const res = await client.visit('/t/boom');
    const page = expectPage(res, 'Error', 500);
    expect(JSON.stringify(page)).not.toContain('hunter2');
    expect(page.props).not.toHaveProperty('trace');
    const json = await supertest(app.app).get('/t/boom').set('Accept', 'application/json');
    expect(json.status).toBe(500);
    expect(json.text).not.toContain('hunter2');
  });

  it('answers malformed JSON bodies with 400, never 500', async () => {
    const client = await browser(app.app);
    const res = await client.agent
      .post('/t/users')
      .set({ 'Content-Type': 'application/json', 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true' })
      .send('{"broken":');
    expect(res.status).toBe(400);
    expect(pageOf(res).component).toBe('Error');
  });
});

describe('history and other statuses', () => {
  it('marks a page for history encryption only when asked', async () => {
    const local = await createTestApp({
      routes: [
        (routes) => {
          routes.get('/t/secret', (req) => req.inertia.encryptHistory().render('Secret')).name('test.secret');
          routes.get('/t/forbidden', () => {
            throw new HttpError(403);
          }).name('test.forbidden');
          routes.get('/t/maintenance', () => {
            throw new HttpError(503);
          }).name('test.maintenance');
        },
      ],
    });
    try {
      const client = await browser(local.app);
      expect(expectPage(await client.visit('/t/secret'), 'Secret').encryptHistory).toBe(true);
      expect(expectPage(await client.visit('/t/forbidden'), 'Error', 403).props).toMatchObject({ status: 403, title: 'Forbidden' });
      expect(expectPage(await client.load('/t/maintenance'), 'Error', 503).props).toMatchObject({ status: 503, title: 'Service unavailable' });
    } finally {
      await local.close();
    }
  });
});

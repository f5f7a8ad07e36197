import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { browser, createTestApp, expectPage, testVersion, type TestApp } from '../../helpers/app';

// Headers are client input: whatever they say, the answer is a 2xx or a 4xx, and the process is
// unharmed for the next request.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('partial reload paths', () => {
  it.each([
    ['X-Inertia-Partial-Except', 'auth.__proto__.hasOwnProperty'],
    ['X-Inertia-Partial-Except', 'auth.constructor.prototype.toString'],
    ['X-Inertia-Partial-Except', '__proto__.valueOf'],
    ['X-Inertia-Partial-Data', 'auth.__proto__.hasOwnProperty'],
    ['X-Inertia-Partial-Data', 'auth.constructor.name,errors'],
  ])('%s: %s names nothing; Object.prototype is untouched', async (header, paths) => {
    const client = await browser(app.app);
    const res = await client.visit('/login', { 'X-Inertia-Partial-Component': 'Auth/Login', [header]: paths });
    const page = expectPage(res, 'Auth/Login');
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'hasOwnProperty')).toBe(true);
    expect(typeof Object.prototype.toString).toBe('function');
    expect(typeof Object.prototype.valueOf).toBe('function');
    expect(JSON.stringify(page.props)).not.toContain('function');
    // The next visitor is served as usual.
    expectPage(await (await browser(app.app)).visit('/login'), 'Auth/Login');
  });
});

describe('the Host header', () => {
  it.each(['bad host', 'a:b:c', '%', '[::1', 'exa mple.com:80'])('"%s" is a 400, not a 500', async (host) => {
    for (const headers of [{}, { 'X-Inertia': 'true', 'X-Inertia-Version': testVersion }]) {
      const res = await supertest(app.app).get('/').set({ ...headers, Host: host });
      expect(res.status, res.text.slice(0, 200)).toBe(400);
    }
  });

  it('serves a well-formed host that is not APP_URL as usual (links are built from APP_URL)', async () => {
    const res = await supertest(app.app).get('/login').set('Host', 'other.example:8443');
    expect(res.status).toBe(200);
  });
});

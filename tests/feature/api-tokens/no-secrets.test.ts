import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, pageOf } from '../../helpers/app';
import { createLoggingTestApp, expectNoSecretIn, storedSessions, type LoggingTestApp } from '../../helpers/leaks';
import { api, storedToken } from '../../helpers/api-tokens';
import { createUser } from '../../factories/users';
import { sha256 } from '../../../server/support/crypto';

let app: LoggingTestApp;
beforeAll(async () => {
  app = await createLoggingTestApp();
});
afterAll(() => app.close());

describe('token secrets stay out of pages, API output, sessions and logs', () => {
  it('shows the plain token only in the one flash after creation, and the hash nowhere', async () => {
    const { services } = app;
    const user = await createUser(services);
    const client = await browser(app.app);
    await client.send('post', '/login', { email: user.email, password: 'password' });

    const pages: string[] = [];
    pages.push((await client.load('/user/api-tokens')).text);
    const created = await client.send(
      'post',
      '/user/api-tokens',
      { name: 'Leak check', permissions: ['read', 'update'], expiration: '30' },
      { Referer: '/user/api-tokens' },
    );
    expect(created.status).toBe(303);

    // Between the POST and the page it redirects to, the flash waits in the session row.
    const flashPage = pageOf(await client.visit('/user/api-tokens'));
    const plainText = flashPage.flash?.token as string;
    expect(plainText).toMatch(/^kawan_/);
    const { id } = (flashPage.props.tokens as { id: number }[])[0];
    const hash = (await storedToken(services, id)).token;
    expect(hash).toBe(sha256(plainText));
    const withoutFlash = JSON.stringify({ ...flashPage, flash: undefined });
    expect(withoutFlash).not.toContain(plainText);
    expect(JSON.stringify(flashPage)).not.toContain(hash);
    expect(withoutFlash).not.toMatch(/"(token|tokenHash|token_hash|hash)"\s*:/);

    // The token is used, edited and listed; then a first page load (HTML) and an Inertia visit.
    const responses: string[] = [];
    responses.push((await api(app.app, '/api/user', plainText)).text);
    responses.push((await api(app.app, '/api/team', plainText)).text);
    responses.push((await api(app.app, '/api/team', `${id}|${plainText}`)).text);
    responses.push((await api(app.app, '/api/user', `${plainText.slice(0, -1)}0`)).text);
    await client.send('put', `/user/api-tokens/${id}`, { permissions: ['create'] }, { Referer: '/user/api-tokens' });
    responses.push((await api(app.app, '/api/user', plainText)).text); // 403: no read any more
    pages.push((await client.load('/user/api-tokens')).text);
    pages.push((await client.visit('/user/api-tokens')).text);
    pages.push((await client.visit('/dashboard')).text);

    // Once shown, the flash is gone from the session table too.
    expectNoSecretIn({ pages, responses, sessions: await storedSessions(services) }, [plainText, hash]);

    await client.send('delete', `/user/api-tokens/${id}`, {}, { Referer: '/user/api-tokens' });
    await api(app.app, '/api/user', plainText);

    const logs = app.logs();
    expect(logs).toContain('api token created');
    expect(logs).toContain('api token revoked');
    expect(logs).toContain('"authorization":"[redacted]"');
    expectNoSecretIn({ logs }, [plainText, plainText.slice(6, 46), hash]);
  });
});

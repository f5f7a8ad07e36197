import type { Request, Response } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import type { RouteRegistry } from '../../../server/http/router/registry';

/** A page and an endpoint behind `password.confirm`, and a way to age the confirmation. */
function testRoutes(routes: RouteRegistry): void {
  routes.group({ prefix: '/__test', as: 'test.', exposed: false, middleware: ['auth'] }, () => {
    routes
      .get('/secure-page', (req: Request) => req.inertia.render('Dashboard', { secret: 'shown' }))
      .name('secure-page')
      .middleware('password.confirm');
    routes
      .get('/secure-data', (_req: Request, res: Response) => res.json({ secret: 'shown' }))
      .name('secure-data')
      .middleware('password.confirm');
    routes
      .get('/confirmed-ago/{seconds}', (req: Request, res: Response) => {
        req.session.passwordConfirmedAt = Math.floor(Date.now() / 1000) - Number(req.params.seconds);
        res.status(204).end();
      })
      .name('confirmed-ago');
  });
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ routes: [testRoutes] });
});
afterAll(() => app.close());

type Client = Awaited<ReturnType<typeof browser>>;
const xhr = (client: Client) => ({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest', 'X-XSRF-TOKEN': client.token });
const confirmationStatus = (client: Client, query = '') => client.agent.get(`/user/confirmed-password-status${query}`).set(xhr(client));

describe('password confirmation', () => {
  it('reports an unconfirmed session and answers protected JSON endpoints with 423', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const status = await confirmationStatus(client);
    expect(status.status).toBe(200);
    expect(status.body).toEqual({ confirmed: false });
    expect(status.headers['x-retry-after']).toBeUndefined();

    const data = await client.agent.get('/__test/secure-data').set(xhr(client));
    expect(data.status).toBe(423);
    expect(data.body).toEqual({ message: 'Password confirmation required.' });
  });

  it('answers a wrong password with 422 and a right one with 201, then counts as confirmed', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const wrong = await client.agent.post('/user/confirm-password').set(xhr(client)).send({ password: 'wrong-password' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.password[0]).toBe('The provided password was incorrect.');
    const empty = await client.agent.post('/user/confirm-password').set(xhr(client)).send({});
    expect(empty.status).toBe(422);
    expect(empty.body.errors.password[0]).toBe('The provided password was incorrect.');
    expect((await confirmationStatus(client)).body).toEqual({ confirmed: false });

    const right = await client.agent.post('/user/confirm-password').set(xhr(client)).send({ password: 'password' });
    expect(right.status).toBe(201);
    expect((await confirmationStatus(client)).body).toEqual({ confirmed: true });
    const data = await client.agent.get('/__test/secure-data').set(xhr(client));
    expect(data.status).toBe(200);
    expect(data.body).toEqual({ secret: 'shown' });
  });

  it('guards the two-factor endpoints', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const before = await client.agent.get('/user/two-factor-qr-code').set(xhr(client));
    expect(before.status).toBe(423);
    expect(before.body).toEqual({ message: 'Password confirmation required.' });
    await client.agent.post('/user/confirm-password').set(xhr(client)).send({ password: 'password' });
    expect((await client.agent.get('/user/two-factor-qr-code').set(xhr(client))).status).toBe(200);
  });

  it('lasts three hours', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    await client.visit('/__test/confirmed-ago/10790');
    const status = await confirmationStatus(client);
    expect(status.body).toEqual({ confirmed: true });
    expect(Number(status.headers['x-retry-after'])).toBeGreaterThanOrEqual(10790);
    expect((await client.agent.get('/__test/secure-data').set(xhr(client))).status).toBe(200);

    await client.visit('/__test/confirmed-ago/10801');
    expect((await confirmationStatus(client)).body).toEqual({ confirmed: false });
    expect((await client.agent.get('/__test/secure-data').set(xhr(client))).status).toBe(423);
  });

  it('narrows the window with ?seconds=', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    await client.visit('/__test/confirmed-ago/100');
    expect((await confirmationStatus(client, '?seconds=50')).body).toEqual({ confirmed: false });
    const wide = await confirmationStatus(client, '?seconds=200');
    expect(wide.body).toEqual({ confirmed: true });
    expect(Number(wide.headers['x-retry-after'])).toBeGreaterThanOrEqual(100);
  });

  it('sends a page visit to the confirmation form, then back to the page', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const res = await client.visit('/__test/secure-page');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/user/confirm-password');
    const form = expectPage(await client.visit('/user/confirm-password'), 'Auth/ConfirmPassword');
    // Nothing but the shared props and errors: no password or secret reaches this page.
    expect(Object.keys(form.props).sort()).toEqual([...(form.sharedProps ?? []), 'errors'].sort());

    await client.send('post', '/user/confirm-password', { password: 'nope' }, { Referer: '/user/confirm-password' });
    const failed = expectPage(await client.visit('/user/confirm-password'), 'Auth/ConfirmPassword');
    expect(failed.props.errors).toEqual({ password: 'The provided password was incorrect.' });

    const confirmed = await client.send('post', '/user/confirm-password', { password: 'password' }, { Referer: '/user/confirm-password' });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.location).toBe('/__test/secure-page');
    expect(expectPage(await client.visit('/__test/secure-page'), 'Dashboard').props.secret).toBe('shown');
  });

  it('goes to the dashboard after confirming when nothing was intended', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const res = await client.send('post', '/user/confirm-password', { password: 'password' }, { Referer: '/user/confirm-password' });
    expect(res.headers.location).toBe('/dashboard');
  });

  it('is for signed-in users only', async () => {
    const client = await browser(app.app);
    const page = await client.visit('/user/confirm-password');
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe('/login');
    expect((await confirmationStatus(client)).status).toBe(401);
  });
});

/**
 * An in-page login (an Inertia visit, no reload) rotates the session's CSRF token while the page's
 * meta tag keeps the guest's. The app's own client (resources/js/lib/echo.ts, wired as
 * resources/js/app.tsx wires it) must still authorize its channels and sign in: its auth requests
 * carry the session's current token (the XSRF-TOKEN cookie, read at each request) and
 * X-Requested-With (seed.md §7). Runs the real @inertiajs/core, laravel-echo and pusher-js's web
 * build in jsdom against the app and its realtime server.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../factories/users';
import { bootRouter, loadCore, openBrowser, type Browser, type InertiaHarness } from '../../helpers/inertia-client';
import { csrfMeta, startStack, waitFor, type RealtimeStack } from './support';
import type * as EchoModule from '../../../resources/js/lib/echo';

// The app imports pusher-js; in a browser that is the web build, whose XHRs are the page's own
// (same-origin, with its cookies). Node would resolve the node build, which has no cookie jar.
vi.mock('pusher-js', () => ({ default: (globalThis as unknown as { window: { Pusher: unknown } }).window.Pusher }));

const require = createRequire(import.meta.url);
const pusherSource = readFileSync(require.resolve('pusher-js/dist/web/pusher.js'), 'utf8');

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  status: number;
}

let stack: RealtimeStack;
let page: Browser;
let inertia: InertiaHarness;
let lib: typeof EchoModule;
const received: Received[] = [];

/** What the app's server received on the realtime auth endpoints, with the status it answered. */
function recordAuthRequests(req: IncomingMessage, res: ServerResponse) {
  if (!req.url?.startsWith('/broadcasting/')) return;
  res.on('finish', () => received.push({ url: req.url!, headers: req.headers, status: res.statusCode }));
}

beforeAll(async () => {
  stack = await startStack();
  stack.http.server.on('request', recordAuthRequests);
  page = await openBrowser(stack.origin, '/login');
  page.window.eval(pusherSource);
  const core = await loadCore();
  lib = await import('../../../resources/js/lib/echo');
  // As resources/js/app.tsx does.
  core.http.onRequest(lib.socketIdHeader);
  core.router.on('navigate', (event) => lib.syncEcho(event.detail.page.props as never));
  inertia = await bootRouter(core);
  lib.syncEcho(inertia.current().props as never);
});

afterAll(async () => {
  stack?.http.server.off('request', recordAuthRequests);
  lib?.disconnectEcho();
  inertia?.dispose();
  await page?.close();
  await stack?.close();
});

/* eslint-disable @typescript-eslint/no-explicit-any -- Echo channels from the jsdom realm */
describe('Echo after an in-page login', () => {
  it('authorizes the user’s private channel and signs in with the session’s new token', async () => {
    const user = await createUser(stack.app.services);
    expect(lib.currentEcho()).toBeNull();
    const guestToken = csrfMeta(page.html);

    await new Promise<void>((resolve, reject) =>
      inertia.router.post(
        '/login',
        { email: user.email, password: 'password' },
        { onSuccess: () => resolve(), onError: (errors) => reject(new Error(JSON.stringify(errors))) },
      ),
    );
    expect(inertia.current().component).toBe('Dashboard');
    // No reload: the document (and its meta tag) is still the guest's login page.
    expect(page.document.querySelector('meta[name="csrf-token"]')?.getAttribute('content')).toBe(guestToken);

    const echo = lib.currentEcho()!;
    expect(echo).not.toBeNull();
    const outcome = await new Promise<string>((resolve) => {
      const channel: any = echo.private(`App.Models.User.${user.id}`);
      channel.subscribed(() => resolve('subscribed'));
      channel.error((error: any) => resolve(`error ${error?.status}`));
    });
    expect(outcome).toBe('subscribed');

    const [auth] = received.filter((request) => request.url === '/broadcasting/auth');
    expect(auth).toMatchObject({ status: 200, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    expect(auth.headers['x-xsrf-token']).not.toBe(guestToken);
    expect(auth.headers['x-csrf-token']).toBeUndefined();

    // Pusher user authentication (Echo's connector.signin()) goes through the same headers.
    echo.connector.signin();
    const pusher = echo.connector.pusher as any;
    const userAuth = await vi.waitFor(() => {
      const found = received.find((request) => request.url === '/broadcasting/user-auth');
      if (!found) throw new Error('no user-auth request yet');
      return found;
    });
    expect(userAuth).toMatchObject({ status: 200, headers: { 'x-requested-with': 'XMLHttpRequest' } });
    await waitFor(() => pusher.user.user_data !== null, 5000, 'pusher:signin_success');
    expect(pusher.user.user_data).toMatchObject({ id: String(user.id) });
  });
});
/* eslint-enable @typescript-eslint/no-explicit-any */

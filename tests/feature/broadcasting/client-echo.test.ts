/**
 * The app's own client code (resources/js/lib/echo.ts) driven with the real @inertiajs/core in a
 * signed-in jsdom page: Echo is configured from the `realtime` shared prop with the
 * specification's constants, connects (J54), goes away for guests, and the http.onRequest hook
 * puts the connection's socket id on Inertia requests so that the server leaves this tab out (J53).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createUser } from '../../factories/users';
import { notify } from '../../../server/domain/notifications/notify';
import {
  bootRouter,
  loadCore,
  openBrowser,
  type Browser,
  type Core,
  type InertiaHarness,
} from '../../helpers/inertia-client';
import { startStack, waitFor, type RealtimeStack } from './support';
import type * as EchoModule from '../../../resources/js/lib/echo';

type EchoLib = typeof EchoModule;

let stack: RealtimeStack;
let page: Browser;
let core: Core;
let inertia: InertiaHarness;
let lib: EchoLib;
let user: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  stack = await startStack();
  user = await createUser(stack.app.services);
  page = await openBrowser(stack.origin, '/dashboard', { signIn: { email: user.email, password: 'password' } });
  core = await loadCore();
  lib = await import('../../../resources/js/lib/echo');
  // As resources/js/app.tsx does, before the app starts.
  core.http.onRequest(lib.socketIdHeader);
  inertia = await bootRouter(core);
});

afterAll(async () => {
  lib?.disconnectEcho();
  inertia?.dispose();
  await page?.close();
  await stack?.close();
});

describe('Echo from the realtime shared prop', () => {
  it('builds the options from the server’s endpoint and the specification’s constants', () => {
    const props = inertia.current().props as unknown as {
      realtime: { key: string; host: string; port: number; scheme: 'http' | 'https' };
    };
    expect(props.realtime).toEqual({
      key: 'test-app-key',
      host: '127.0.0.1',
      port: stack.realtimePort,
      scheme: 'http',
    });
    const options = lib.pusherOptions(props.realtime);
    expect(options).toMatchObject({
      cluster: '',
      wsHost: '127.0.0.1',
      wsPort: stack.realtimePort,
      wssPort: stack.realtimePort,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
      channelAuthorization: { endpoint: `${stack.origin}/broadcasting/auth`, transport: 'ajax' },
      userAuthentication: { endpoint: `${stack.origin}/broadcasting/user-auth`, transport: 'ajax' },
    });
    // Auth headers are built per request (the session's current token), never a fixed copy.
    expect(options.channelAuthorization).not.toHaveProperty('headers');
    expect(options.userAuthentication).not.toHaveProperty('headers');
    const secure = lib.pusherOptions({ key: 'k', host: 'ws.kawan.test', port: 443, scheme: 'https' });
    expect(secure).toMatchObject({ forceTLS: true, wsPort: 443, wssPort: 443, wsHost: 'ws.kawan.test' });
  });

  it('connects for a signed-in user (J54) and adds X-Socket-ID to Inertia requests, which the server leaves out (J53)', async () => {
    lib.syncEcho(inertia.current().props as never);
    const echo = lib.currentEcho()!;
    expect(echo).not.toBeNull();
    expect(echo.options).toMatchObject({ broadcaster: 'reverb', namespace: 'App.Events', withoutInterceptors: true });
    expect(echo.connector.pusher.key).toBe('test-app-key');
    await waitFor(() => echo.connectionStatus() === 'connected', 5000, 'the connection');
    const socketId = lib.socketId()!;
    expect(socketId).toMatch(/^\d+\.\d+$/);

    const row = await notify(stack.app.services, user.id, 'test', { message: 'Read me' });
    const publish = vi.spyOn(stack.realtime, 'publish');
    inertia.clear();
    await new Promise<void>((resolve, reject) =>
      inertia.router.put(
        `/user/notifications/${row.id}`,
        {},
        { only: ['notifications'], onSuccess: () => resolve(), onError: reject },
      ),
    );
    expect(inertia.requests[0].headers['x-socket-id']).toBe(socketId);
    expect(publish).toHaveBeenCalledWith(
      '100001',
      [`private-App.Models.User.${user.id}`],
      'App\\Events\\NotificationsRead',
      JSON.stringify({ ids: [row.id], unread_count: 0 }),
      { exceptSocketId: socketId },
    );
    publish.mockRestore();
  });

  it('keeps one connection across visits of the same user and drops it for a guest page', async () => {
    const echo = lib.currentEcho();
    lib.syncEcho(inertia.current().props as never);
    expect(lib.currentEcho()).toBe(echo);
    const props = inertia.current().props as Record<string, unknown>;
    lib.syncEcho({ ...props, auth: { user: null }, realtime: null } as never);
    expect(lib.currentEcho()).toBeNull();
    expect(lib.socketId()).toBeUndefined();
    inertia.clear();
    await new Promise<void>((resolve) => inertia.router.reload({ onFinish: () => resolve() }));
    expect(inertia.requests[0].headers['x-socket-id']).toBeUndefined();
  });
});

/**
 * Conformance harness: the realtime server on a loopback port, the real pusher-js (web build in a
 * jsdom window, so WebSocket and XHR behave like a browser's, Origin header included), the real
 * `pusher` server SDK, a small auth endpoint signing like the app's /broadcasting/auth would, and
 * a raw `ws` client for what pusher-js cannot show.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { JSDOM } from 'jsdom';
import Pusher from 'pusher';
import pino from 'pino';
import { WebSocket } from 'ws';
import type { RealtimeApp } from '../../../../server/realtime/apps';
import { RealtimeServer, type RealtimeServerOptions } from '../../../../server/realtime/realtime-server';
import { sleep, waitFor } from '../../../helpers/wait';

export { sleep, waitFor };

const require = createRequire(import.meta.url);
const pusherSource = readFileSync(require.resolve('pusher-js/dist/web/pusher.js'), 'utf8');
const encryptedPusherSource = readFileSync(require.resolve('pusher-js/dist/web/pusher-with-encryption.js'), 'utf8');

export const testApp: RealtimeApp = { id: '424242', key: 'conformance-key', secret: 'conformance-secret-0123456789' };
export const masterKey = Buffer.alloc(32, 7).toString('base64');

/** Everything a test starts, stopped by cleanup() (call it in afterEach). */
const open: (() => unknown)[] = [];

export async function cleanup(): Promise<void> {
  const closers = open.splice(0).reverse();
  for (const close of closers) {
    try {
      await close();
    } catch {
      // already closed
    }
  }
}

export const silentLogger = pino({ level: 'silent' });

export interface TestServer {
  server: RealtimeServer;
  port: number;
  app: RealtimeApp;
  sdk: Pusher;
}

export async function startRealtime(
  options: Partial<RealtimeServerOptions> & { app?: Partial<RealtimeApp>; port?: number } = {},
): Promise<TestServer> {
  const { app: appOverrides, port: wanted, ...serverOptions } = options;
  const app = { ...testApp, ...appOverrides };
  const server = new RealtimeServer({ apps: [app], logger: silentLogger, ...serverOptions });
  const { port } = await server.listen(wanted ?? 0, '127.0.0.1');
  open.push(() => server.close());
  return { server, port, app, sdk: sdkFor(port, app) };
}

export function sdkFor(port: number, app: RealtimeApp = testApp): Pusher {
  return new Pusher({
    appId: app.id,
    key: app.key,
    secret: app.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
    encryptionMasterKeyBase64: masterKey,
  });
}

export interface AuthServer {
  origin: string;
  /** Channel auth requests received (channel names). */
  requests: string[];
}

/**
 * Stands in for the app's /broadcasting/auth and /broadcasting/user-auth: the user is whoever the
 * client names in `auth.params.user` (presence user_id is the number when numeric, like Laravel's);
 * channels in `deny` answer 403. Signatures come from the `pusher` SDK with the app secret.
 */
export async function startAuthServer(app: RealtimeApp, options: { deny?: string[] } = {}): Promise<AuthServer> {
  const signer = sdkFor(1, app);
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    void readForm(request).then((form) => {
      const user = form.get('user') ?? '1';
      const name = form.get('name') ?? `User ${user}`;
      const socketId = form.get('socket_id') ?? '';
      const json = (status: number, body: unknown) => {
        response.writeHead(status, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/broadcasting/auth') {
        const channel = form.get('channel_name') ?? '';
        requests.push(channel);
        if (options.deny?.includes(channel)) return json(403, { message: 'Forbidden' });
        if (channel.startsWith('presence-')) {
          const userId = /^\d+$/.test(user) ? Number(user) : user;
          return json(
            200,
            signer.authorizeChannel(socketId, channel, { user_id: userId as unknown as string, user_info: { name } }),
          );
        }
        return json(200, signer.authorizeChannel(socketId, channel));
      }
      if (request.url === '/broadcasting/user-auth') {
        return json(200, signer.authenticateUser(socketId, { id: user, name }));
      }
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.end('<!doctype html><title>auth</title>');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(() => new Promise((resolve) => server.close(resolve)));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

/** A realtime server (startRealtime) and an auth endpoint (startAuthServer) signing for its app. */
export async function startRealtimeWithAuth(
  options: Parameters<typeof startRealtime>[0] = {},
  authOptions: { deny?: string[] } = {},
): Promise<TestServer & { auth: AuthServer }> {
  const realtime = await startRealtime(options);
  return { ...realtime, auth: await startAuthServer(realtime.app, authOptions) };
}

function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString())));
  });
}

/* eslint-disable @typescript-eslint/no-explicit-any -- pusher-js lives in the jsdom realm, untyped */
export type PusherClient = any;
export type BrowserWindow = any;

/** A jsdom window at `origin` with pusher-js loaded (`window.Pusher`). */
export function browser(origin: string, options: { encryption?: boolean } = {}): BrowserWindow {
  const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
    url: `${origin}/`,
    runScripts: 'outside-only',
  });
  dom.window.eval(options.encryption ? encryptedPusherSource : pusherSource);
  open.push(() => dom.window.close());
  return dom.window;
}

export interface ClientOptions {
  /** App key (the test app's by default). */
  key?: string;
  user?: string | number;
  name?: string;
  origin?: string;
  encryption?: boolean;
  [option: string]: unknown;
}

/** A pusher-js client in its own jsdom window, configured like Echo's reverb broadcaster does. */
export function pusherClient(port: number, auth: AuthServer | undefined, options: ClientOptions = {}): PusherClient {
  const { key, user, name, origin, encryption, ...rest } = options;
  const window = browser(origin ?? auth?.origin ?? 'http://127.0.0.1', { encryption });
  const params = { user: String(user ?? '1'), name: name ?? `User ${user ?? '1'}` };
  const client = new window.Pusher(key ?? testApp.key, {
    cluster: '',
    wsHost: '127.0.0.1',
    wsPort: port,
    forceTLS: false,
    enabledTransports: ['ws'],
    authEndpoint: `${auth?.origin ?? ''}/broadcasting/auth`,
    auth: { params, headers: {} },
    userAuthentication: { endpoint: `${auth?.origin ?? ''}/broadcasting/user-auth`, transport: 'ajax', params },
    ...rest,
  });
  open.push(() => client.disconnect());
  return client;
}
/* eslint-enable @typescript-eslint/no-explicit-any */

/** Resolves with the first payload of `event` on a pusher-js channel / connection / client. */
export function once<T = unknown>(
  target: {
    bind(event: string, callback: (data: T) => void): unknown;
    unbind(event: string, callback: (data: T) => void): unknown;
  },
  event: string,
  timeout = 5000,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${timeout} ms`)), timeout);
    const handler = (data: T) => {
      clearTimeout(timer);
      target.unbind(event, handler);
      resolve(data);
    };
    target.bind(event, handler);
  });
}

export async function connected(client: PusherClient): Promise<string> {
  if (client.connection.state !== 'connected') await once(client.connection, 'connected');
  return client.connection.socket_id as string;
}

export async function subscribed(client: PusherClient, name: string): Promise<PusherClient> {
  const channel = client.subscribe(name);
  if (!channel.subscribed) await once(channel, 'pusher:subscription_succeeded');
  return channel;
}

export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: unknown;
}

/** A bare `ws` client speaking the protocol by hand. */
export class RawClient {
  readonly frames: Frame[] = [];
  readonly texts: string[] = [];
  closed?: { code: number; reason: string };
  readonly ws: WebSocket;
  socketId = '';

  private constructor(url: string, options: { origin?: string; autoPong?: boolean }) {
    this.ws = new WebSocket(url, { origin: options.origin, autoPong: options.autoPong ?? true });
    this.ws.on('message', (data) => {
      const text = data.toString();
      this.texts.push(text);
      this.frames.push(JSON.parse(text) as Frame);
    });
    this.ws.on('close', (code, reason) => (this.closed = { code, reason: reason.toString() }));
    this.ws.on('error', () => {});
    open.push(() => this.ws.terminate());
  }

  static async connect(
    port: number,
    options: { key?: string; query?: string; origin?: string; autoPong?: boolean } = {},
  ): Promise<RawClient> {
    const query = options.query ?? 'protocol=7&client=js&version=8.6.0&flash=false';
    const client = new RawClient(`ws://127.0.0.1:${port}/app/${options.key ?? testApp.key}?${query}`, options);
    const first = await client.next();
    if (first.event === 'pusher:connection_established') {
      client.socketId = (JSON.parse(first.data as string) as { socket_id: string }).socket_id;
    }
    return client;
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next frame not yet taken by next() (waits for it). */
  private taken = 0;
  async next(timeout = 5000): Promise<Frame> {
    await waitFor(() => this.frames.length > this.taken || this.closed, timeout, 'a frame');
    if (this.frames.length <= this.taken)
      throw new Error(`socket closed (${this.closed?.code}) before a frame arrived`);
    return this.frames[this.taken++];
  }

  /** Waits for a frame matching `predicate` among all received. */
  waitFor(predicate: (frame: Frame) => boolean, timeout = 5000): Promise<Frame> {
    return waitFor(() => this.frames.find(predicate), timeout, 'a matching frame');
  }

  events(name: string): Frame[] {
    return this.frames.filter((frame) => frame.event === name);
  }

  async waitClosed(timeout = 5000): Promise<{ code: number; reason: string }> {
    return waitFor(() => this.closed, timeout, 'the socket to close');
  }
}

export function data<T = Record<string, unknown>>(frame: Frame): T {
  return (typeof frame.data === 'string' ? JSON.parse(frame.data) : frame.data) as T;
}

export interface EchoOptions {
  user?: string | number;
  name?: string;
  origin?: string;
  encryption?: boolean;
  [option: string]: unknown;
}

/**
 * laravel-echo (imported, as its CommonJS entry cannot be required) with the reverb broadcaster,
 * the options Kawan's client uses, and the jsdom window's pusher-js passed as `Pusher`.
 */
export async function echoClient(port: number, auth: AuthServer, options: EchoOptions = {}) {
  const { default: Echo } = await import('laravel-echo');
  const { user, name, origin, encryption, ...rest } = options;
  const window = browser(origin ?? auth.origin, { encryption });
  const params = { user: String(user ?? '1'), name: name ?? `User ${user ?? '1'}` };
  const echo = new Echo({
    broadcaster: 'reverb',
    key: testApp.key,
    wsHost: '127.0.0.1',
    wsPort: port,
    wssPort: port,
    forceTLS: false,
    enabledTransports: ['ws', 'wss'],
    Pusher: window.Pusher,
    authEndpoint: `${auth.origin}/broadcasting/auth`,
    auth: { headers: {}, params },
    userAuthentication: {
      endpoint: `${auth.origin}/broadcasting/user-auth`,
      transport: 'ajax' as const,
      headers: {},
      params,
    },
    csrfToken: 'test-csrf-token',
    withoutInterceptors: true,
    ...rest,
  });
  open.push(() => echo.disconnect());
  return echo;
}

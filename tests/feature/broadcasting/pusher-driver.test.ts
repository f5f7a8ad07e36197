/**
 * The broadcaster when the realtime server runs elsewhere: the official `pusher` SDK over the
 * Pusher HTTP API, to Kawan's own server here (any Pusher-protocol server works the same way).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createUser } from '../../factories/users';
import { createMember, createOwnedTeam } from '../../factories/teams';
import {
  Broadcaster,
  InProcessDriver,
  PusherDriver,
  createBroadcastDriver,
} from '../../../server/broadcasting/broadcaster';
import { testConfig } from '../../helpers/config';
import { connectedBrowsers, sleep, startStack, waitFor, type RealtimeStack } from './support';

let stack: RealtimeStack;
let broadcaster: Broadcaster;
const browsers = connectedBrowsers(() => stack);

beforeAll(async () => {
  stack = await startStack();
  const config = testConfig({ REVERB_HOST: '127.0.0.1', REVERB_PORT: String(stack.realtimePort) });
  broadcaster = new Broadcaster(createBroadcastDriver(config), pino({ level: 'silent' }));
});
afterEach(() => browsers.closeAll());
afterAll(() => stack.close());

describe('choosing the driver', () => {
  it('publishes in-process when the realtime server runs here, through the pusher SDK otherwise', () => {
    const config = testConfig();
    expect(createBroadcastDriver(config, stack.realtime)).toBeInstanceOf(InProcessDriver);
    expect(createBroadcastDriver(config)).toBeInstanceOf(PusherDriver);
    expect(broadcaster.driver.name).toBe('pusher');
  });

  it('sends the SDK where REVERB_API_URL says, else to the public REVERB_HOST:REVERB_PORT over REVERB_SCHEME', () => {
    const endpoint = (env: Record<string, string>) => (createBroadcastDriver(testConfig(env)) as PusherDriver).endpoint;
    expect(endpoint({})).toEqual({ host: 'localhost', port: 8080, scheme: 'http' });
    // Over https the default is 443, like the browsers'; a TLS terminator on another port is named by REVERB_PORT.
    expect(endpoint({ REVERB_SCHEME: 'https', REVERB_HOST: 'ws.kawan.test' })).toEqual({
      host: 'ws.kawan.test',
      port: 443,
      scheme: 'https',
    });
    expect(endpoint({ REVERB_SCHEME: 'https', REVERB_HOST: 'ws.kawan.test', REVERB_PORT: '8443' })).toEqual({
      host: 'ws.kawan.test',
      port: 8443,
      scheme: 'https',
    });
    // Not where the server listens (REVERB_SERVER_PORT): that is the TLS terminator's business.
    expect(endpoint({ REVERB_SCHEME: 'https', REVERB_HOST: 'ws.kawan.test', REVERB_SERVER_PORT: '6001' }).port).toBe(
      443,
    );
    expect(endpoint({ REVERB_SCHEME: 'https', REVERB_API_URL: 'http://realtime:6001' })).toEqual({
      host: 'realtime',
      port: 6001,
      scheme: 'http',
    });
  });
});

describe('through the pusher SDK', () => {
  it('reaches Echo clients, leaving out the socket named as the sender', async () => {
    const user = await createUser(stack.app.services);
    const got: Record<string, unknown[]> = { a: [], b: [] };
    for (const name of ['a', 'b'] as const) {
      const browser = await browsers.open(user);
      await new Promise<void>((resolve) =>
        browser.echo
          .private(`App.Models.User.${user.id}`)
          .listen('Pinged', (data: unknown) => got[name].push(data))
          .subscribed(() => resolve()),
      );
    }
    const channels = [`private-App.Models.User.${user.id}`];
    await broadcaster.broadcast({ channels, event: 'App\\Events\\Pinged', data: { n: 1 } });
    await broadcaster.broadcast({
      channels,
      event: 'App\\Events\\Pinged',
      data: { n: 2 },
      exceptSocketId: browsers.opened[0].echo.socketId(),
    });
    await waitFor(() => got.b.length >= 2, 5000, 'both events on b');
    await sleep(100);
    expect(got.a).toEqual([{ n: 1 }]);
    expect(got.b).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it('ignores a malformed sender socket id rather than failing the broadcast', async () => {
    const user = await createUser(stack.app.services);
    const browser = await browsers.open(user);
    const got: unknown[] = [];
    await new Promise<void>((resolve) =>
      browser.echo
        .private(`App.Models.User.${user.id}`)
        .listen('Pinged', (data: unknown) => got.push(data))
        .subscribed(() => resolve()),
    );
    await broadcaster.broadcast({
      channels: [`private-App.Models.User.${user.id}`],
      event: 'App\\Events\\Pinged',
      data: { n: 3 },
      exceptSocketId: 'not-a-socket',
    });
    await waitFor(() => got.length > 0, 5000, 'the event');
    expect(got).toEqual([{ n: 3 }]);
  });
});

describe("who is on a presence channel (the inbox's automatic assignment reads it)", () => {
  it('names the members of a team who have Kawan open, through the HTTP API and in-process alike', async () => {
    const { owner, team } = await createOwnedTeam(stack.app.services, { current: true });
    const agent = await createMember(stack.app.services, team, 'agent', { current: true });
    await createMember(stack.app.services, team, 'agent', { current: true });
    const channel = `presence-teams.${team.id}`;
    const inProcess = new Broadcaster(createBroadcastDriver(testConfig(), stack.realtime), pino({ level: 'silent' }));
    expect(await broadcaster.presentUserIds(channel)).toEqual([]);

    // The owner in two tabs and the agent in one, joined as the app layout joins (Echo's join).
    for (const user of [owner, owner, agent]) {
      const browser = await browsers.open(user);
      await new Promise<void>((resolve) => browser.echo.join(`teams.${team.id}`).here(() => resolve()));
    }
    const expected = [owner.id, agent.id].sort((a, b) => a - b);
    expect((await broadcaster.presentUserIds(channel)).sort((a, b) => a - b)).toEqual(expected);
    expect((await inProcess.presentUserIds(channel)).sort((a, b) => a - b)).toEqual(expected);

    // Gone when their page closes.
    await browsers.closeAll();
    let left = expected;
    for (const deadline = Date.now() + 5000; left.length > 0 && Date.now() < deadline; await sleep(50)) {
      left = await broadcaster.presentUserIds(channel);
    }
    expect(left).toEqual([]);
  });

  it('says nobody, with a warning, when the realtime server does not answer', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const away = new Broadcaster(
      createBroadcastDriver(testConfig({ REVERB_API_URL: 'http://127.0.0.1:9', REVERB_HOST: '127.0.0.1' })),
      logger,
    );
    expect(await away.presentUserIds('presence-teams.1')).toEqual([]);
    expect(lines.join('')).toContain('presence could not be read');
  });
});

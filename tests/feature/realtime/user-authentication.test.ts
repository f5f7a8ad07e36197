import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  connected,
  data,
  type PusherClient,
  pusherClient,
  RawClient,
  sleep,
  startRealtime,
  startRealtimeWithAuth,
  testApp,
  waitFor,
} from './support/harness';

// realtime.md §10 items 45–49: pusher:signin, #server-to-user-{id}, terminating a user.
afterEach(cleanup);

async function signedIn(client: PusherClient): Promise<void> {
  client.signin();
  await waitFor(() => client.user.serverToUserChannel?.subscribed, 5000, 'signin and #server-to-user subscription');
}

describe('user authentication', () => {
  it('45: signin with the SDK authenticateUser result succeeds; user_data.id is set', async () => {
    const { port, auth } = await startRealtimeWithAuth();
    const client = pusherClient(port, auth, { user: 'u-7', name: 'Seven' });
    await connected(client);
    const frames: string[] = [];
    client.connection.bind('message', (message: { event: string }) => frames.push(message.event));
    await signedIn(client);
    expect(frames).toContain('pusher:signin_success');
    expect(client.user.user_data).toEqual({ id: 'u-7', name: 'Seven' });
    expect(client.user.serverToUserChannel.name).toBe('#server-to-user-u-7');
  });

  it('46: a bad signin signature gets 4009 and no #server-to-user subscription', async () => {
    const { port, sdk } = await startRealtime();
    const raw = await RawClient.connect(port);
    const other = await RawClient.connect(port);
    const forged = sdk.authenticateUser(other.socketId, { id: '1' });
    raw.send({ event: 'pusher:signin', data: forged });
    const error = await raw.waitFor((frame) => frame.event === 'pusher:error');
    expect(data(error)).toEqual({ code: 4009, message: 'Connection is unauthorized' });
    raw.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-1', auth: '' } });
    await raw.waitFor((frame) => frame.event === 'pusher:subscription_error');
    expect(raw.events('pusher_internal:subscription_succeeded')).toEqual([]);
    expect(raw.closed).toBeUndefined();
  });

  it("47: sendToUser reaches every connection of that user and nobody else's", async () => {
    const { port, sdk, auth } = await startRealtimeWithAuth();
    const tabs = [pusherClient(port, auth, { user: '5' }), pusherClient(port, auth, { user: '5' })];
    const stranger = pusherClient(port, auth, { user: '6' });
    for (const client of [...tabs, stranger]) await signedIn(client);
    const got: string[] = [];
    tabs.forEach((client, index) =>
      client.user.bind('hi', (payload: { n: number }) => got.push(`tab${index}:${payload.n}`)),
    );
    stranger.user.bind('hi', () => got.push('stranger'));
    await sdk.sendToUser('5', 'hi', { n: 1 });
    await waitFor(() => got.length === 2);
    await sleep(200);
    expect(got.sort()).toEqual(['tab0:1', 'tab1:1']);
  });

  it("48: subscribing to another user's #server-to-user channel is refused", async () => {
    const { port, sdk } = await startRealtime();
    const raw = await RawClient.connect(port);
    raw.send({ event: 'pusher:signin', data: sdk.authenticateUser(raw.socketId, { id: '1' }) });
    await raw.waitFor((frame) => frame.event === 'pusher:signin_success');
    raw.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-2', auth: '' } });
    const refused = await raw.waitFor((frame) => frame.event === 'pusher:subscription_error');
    expect(refused.channel).toBe('#server-to-user-2');
    raw.send({ event: 'pusher:subscribe', data: { channel: '#server-to-user-1', auth: '' } });
    await raw.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
  });

  it('49: terminateUserConnections closes all of that user’s sockets (4009) and no one else’s', async () => {
    const { port, sdk, server, auth } = await startRealtimeWithAuth();
    const tabs = [pusherClient(port, auth, { user: '5' }), pusherClient(port, auth, { user: '5' })];
    const other = pusherClient(port, auth, { user: '6' });
    for (const client of [...tabs, other]) await signedIn(client);
    const response = await sdk.terminateUserConnections('5');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
    await waitFor(() => tabs.every((client) => client.connection.state === 'disconnected'), 5000, 'terminated');
    await sleep(1500);
    expect(tabs.map((client) => client.connection.state)).toEqual(['disconnected', 'disconnected']);
    expect(other.connection.state).toBe('connected');

    // In-process too, and for a presence member of that id (Reverb's notion of a user).
    const raw = await RawClient.connect(port);
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-room', ...sdk.authorizeChannel(raw.socketId, 'presence-room', { user_id: '6' }) },
    });
    await raw.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
    await server.terminateUserConnections(testApp.id, '6');
    expect((await raw.waitClosed()).code).toBe(4009);
    await waitFor(() => other.connection.state === 'disconnected', 5000, 'other terminated');
  });
});

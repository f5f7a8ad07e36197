import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, echoClient, sleep, startRealtimeWithAuth, testApp, waitFor } from './support/harness';

// realtime.md §10 items 63–67 and protocols.md §8 group J (server side): laravel-echo conventions,
// with events published in-process through RealtimeServer.publish, as Kawan's broadcaster does.
afterEach(cleanup);

type Echo = Awaited<ReturnType<typeof echoClient>>;

function whenSubscribed(channel: { subscribed(callback: () => void): unknown }): Promise<void> {
  return new Promise((resolve) => channel.subscribed(() => resolve()));
}

async function connectedEcho(echo: Echo): Promise<string> {
  await waitFor(() => echo.connectionStatus() === 'connected', 5000, 'Echo connected');
  return echo.socketId() as string;
}

describe('laravel-echo conventions', () => {
  it("63 / J52: listen('OrderShipped') gets App\\Events\\OrderShipped; only listen('.order.shipped') gets order.shipped", async () => {
    const { port, server, auth } = await startRealtimeWithAuth();
    const echo = await echoClient(port, auth);
    const channel = echo.channel('orders');
    await whenSubscribed(channel);
    const got: string[] = [];
    channel.listen('OrderShipped', (payload: { id: number }) => got.push(`class:${payload.id}`));
    channel.listen('.order.shipped', (payload: { id: number }) => got.push(`dotted:${payload.id}`));
    channel.listen('order.shipped', () => got.push('namespaced (wrong)'));
    await server.publish(testApp.id, ['orders'], 'App\\Events\\OrderShipped', JSON.stringify({ id: 1 }));
    await server.publish(testApp.id, ['orders'], 'order.shipped', JSON.stringify({ id: 2 }));
    await waitFor(() => got.length >= 2);
    await sleep(150);
    expect(got).toEqual(['class:1', 'dotted:2']);
  });

  it('64 / J51: notification() on private-App.Models.User.1 receives BroadcastNotificationCreated with id and type', async () => {
    const { port, server, auth } = await startRealtimeWithAuth();
    const echo = await echoClient(port, auth, { user: 1 });
    const channel = echo.private('App.Models.User.1');
    await whenSubscribed(channel);
    const notification = new Promise((resolve) => channel.notification(resolve));
    const payload = { id: '9b1d6c1e-6f7a-4d8e-9c2b-1f0a2b3c4d5e', type: 'team-invitation', team: 'Acme' };
    await server.publish(
      testApp.id,
      ['private-App.Models.User.1'],
      'Illuminate\\Notifications\\Events\\BroadcastNotificationCreated',
      JSON.stringify(payload),
    );
    expect(await notification).toEqual(payload);
  });

  it('65 / J53: a broadcast toOthers (exceptSocketId = Echo.socketId()) skips that Echo and reaches another', async () => {
    const { port, server, auth } = await startRealtimeWithAuth();
    const sender = await echoClient(port, auth, { user: 1 });
    const other = await echoClient(port, auth, { user: 2 });
    const socketId = await connectedEcho(sender);
    const senderChannel = sender.private('team.1');
    const otherChannel = other.private('team.1');
    await Promise.all([whenSubscribed(senderChannel), whenSubscribed(otherChannel)]);
    const senderGot: unknown[] = [];
    senderChannel.listen('.member.added', (payload: unknown) => senderGot.push(payload));
    const otherGot = new Promise((resolve) => otherChannel.listen('.member.added', resolve));
    await server.publish(testApp.id, ['private-team.1'], 'member.added', '{"id":3}', { exceptSocketId: socketId });
    expect(await otherGot).toEqual({ id: 3 });
    await sleep(200);
    expect(senderGot).toEqual([]);
  });

  it('66: Echo.leave(room) unsubscribes room, private-room, private-encrypted-room and presence-room', async () => {
    const { port, server, auth } = await startRealtimeWithAuth();
    const echo = await echoClient(port, auth, { user: 1, encryption: true });
    await Promise.all([
      whenSubscribed(echo.channel('room')),
      whenSubscribed(echo.private('room')),
      whenSubscribed(echo.encryptedPrivate('room')),
      whenSubscribed(echo.join('room')),
    ]);
    expect((await server.channels(testApp.id)).map((channel) => channel.name)).toEqual([
      'presence-room',
      'private-encrypted-room',
      'private-room',
      'room',
    ]);
    echo.leave('room');
    await sleep(300);
    expect(await server.channels(testApp.id)).toEqual([]);
  });

  it('67 / J54: connectionStatus() is connected with the reverb options, disconnected after a 4009 close', async () => {
    const { port, server, auth } = await startRealtimeWithAuth();
    const echo = await echoClient(port, auth, { user: 1 });
    await connectedEcho(echo);
    expect(echo.connectionStatus()).toBe('connected');
    await whenSubscribed(echo.join('room'));
    await server.terminateUserConnections(testApp.id, '1');
    await waitFor(() => echo.connectionStatus() === 'disconnected', 5000, 'Echo disconnected');
    await sleep(1500);
    expect(echo.connectionStatus()).toBe('disconnected');
  });
});

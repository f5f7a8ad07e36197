import { afterEach, describe, expect, it } from 'vitest';
import {
  cleanup,
  data,
  echoClient,
  once,
  pusherClient,
  RawClient,
  sleep,
  startRealtime,
  startRealtimeWithAuth,
  subscribed,
  testApp,
  waitFor,
} from './support/harness';

// realtime.md §10 items 31–37: presence channels (38, across processes, is in scaling.test.ts).
afterEach(cleanup);

interface Member {
  /** As the auth endpoint put it in channel_data (a number here, like Laravel's keys). */
  id: string | number;
  info: { name: string };
}

describe('presence channels', () => {
  it('31-33: members, me, here(), joining() and no member_added of one’s own', async () => {
    const { port, auth } = await startRealtimeWithAuth();
    const alice = pusherClient(port, auth, { user: 1, name: 'Alice' });
    const aliceRoom = alice.subscribe('presence-room');
    const members = await once<{ count: number; me: Member }>(aliceRoom, 'pusher:subscription_succeeded');
    expect(members.count).toBe(1);
    expect(members.me).toEqual({ id: 1, info: { name: 'Alice' } });

    const echoAlice = await echoClient(port, auth, { user: 1, name: 'Alice' });
    const here = await new Promise<unknown[]>((resolve) => echoAlice.join('lobby').here(resolve));
    expect(here).toEqual([{ name: 'Alice' }]);
    const joining = new Promise((resolve) => echoAlice.join('lobby').joining(resolve));

    const added = once<Member>(aliceRoom, 'pusher:member_added');
    const bob = pusherClient(port, auth, { user: 2, name: 'Bob' });
    const bobRoom = bob.subscribe('presence-room');
    const bobAdded: unknown[] = [];
    bobRoom.bind('pusher:member_added', (member: unknown) => bobAdded.push(member));
    const bobMembers = await once<{ count: number; members: Record<string, unknown> }>(
      bobRoom,
      'pusher:subscription_succeeded',
    );
    expect(await added).toEqual({ id: 2, info: { name: 'Bob' } });
    expect(bobMembers.count).toBe(2);
    expect(bobMembers.members).toEqual({ 1: { name: 'Alice' }, 2: { name: 'Bob' } });

    const echoBob = await echoClient(port, auth, { user: 2, name: 'Bob' });
    const bobHere = await new Promise<unknown[]>((resolve) => echoBob.join('lobby').here(resolve));
    expect(bobHere).toEqual(expect.arrayContaining([{ name: 'Alice' }, { name: 'Bob' }]));
    expect(bobHere).toHaveLength(2);
    expect(await joining).toEqual({ name: 'Bob' });
    await sleep(200);
    expect(bobAdded).toEqual([]);
  });

  it('34-35: a second connection of a user is not announced; only the last one leaving is', async () => {
    const { port, auth } = await startRealtimeWithAuth();
    const watcher = await echoClient(port, auth, { user: 1, name: 'Watcher' });
    const room = watcher.join('room');
    await new Promise((resolve) => room.here(resolve));
    const joined: unknown[] = [];
    const left: unknown[] = [];
    room.joining((info: unknown) => joined.push(info)).leaving((info: unknown) => left.push(info));

    const tabOne = pusherClient(port, auth, { user: 2, name: 'Bob' });
    const tabTwo = pusherClient(port, auth, { user: 2, name: 'Bob' });
    await subscribed(tabOne, 'presence-room');
    await waitFor(() => joined.length === 1);
    const second = tabTwo.subscribe('presence-room');
    const secondMembers = await once<{ count: number }>(second, 'pusher:subscription_succeeded');
    expect(secondMembers.count).toBe(2);
    await sleep(200);
    expect(joined).toEqual([{ name: 'Bob' }]);

    tabOne.unsubscribe('presence-room');
    await sleep(300);
    expect(left).toEqual([]);
    tabTwo.disconnect();
    await waitFor(() => left.length === 1);
    await sleep(200);
    expect(left).toEqual([{ name: 'Bob' }]);
  });

  it('36: a presence subscription whose channel_data does not match its signature is refused', async () => {
    const { port, sdk } = await startRealtime();
    const raw = await RawClient.connect(port);
    const signed = sdk.authorizeChannel(raw.socketId, 'presence-room', { user_id: '1', user_info: { name: 'A' } });
    raw.send({
      event: 'pusher:subscribe',
      data: { channel: 'presence-room', auth: signed.auth, channel_data: JSON.stringify({ user_id: '2' }) },
    });
    const error = await raw.waitFor((frame) => frame.event === 'pusher:subscription_error');
    expect(error.channel).toBe('presence-room');
    expect(data(error)).toMatchObject({ type: 'AuthError', status: 401 });
    expect(data(raw.events('pusher:error')[0])).toEqual({ code: 4009, message: 'Connection is unauthorized' });
    raw.send({ event: 'pusher:subscribe', data: { channel: 'presence-room', ...signed } });
    await raw.waitFor((frame) => frame.event === 'pusher_internal:subscription_succeeded');
  });

  it('37: the HTTP API counts distinct users and lists each once', async () => {
    const { port, sdk, server, auth } = await startRealtimeWithAuth();
    for (const user of [1, 1, 2]) await subscribed(pusherClient(port, auth, { user }), 'presence-room');
    const channel = await (
      await sdk.get({ path: '/channels/presence-room', params: { info: 'user_count,subscription_count' } })
    ).json();
    expect(channel).toEqual({ occupied: true, user_count: 2, subscription_count: 3 });
    const users = await (await sdk.get({ path: '/channels/presence-room/users' })).json();
    expect(users.users.map((user: { id: unknown }) => String(user.id)).sort()).toEqual(['1', '2']);
    expect((await server.presenceMembers(testApp.id, 'presence-room')).map((member) => member.id).sort()).toEqual([
      '1',
      '2',
    ]);
    const list = await (
      await sdk.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
    ).json();
    expect(list).toEqual({ channels: { 'presence-room': { user_count: 2 } } });
  });
});

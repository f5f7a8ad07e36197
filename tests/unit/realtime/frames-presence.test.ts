import { describe, expect, it } from 'vitest';
import { frames, messageData, parseClientMessage } from '../../../server/realtime/protocol/frames';
import {
  memberAddedData,
  memberRemovedData,
  parseChannelData,
  presencePayload,
  PresenceRoster,
} from '../../../server/realtime/protocol/presence';

describe('frames', () => {
  it('parses client messages and refuses anything else', () => {
    expect(parseClientMessage('{"event":"pusher:subscribe","data":{"channel":"a","auth":""}}')).toEqual({
      event: 'pusher:subscribe',
      channel: undefined,
      data: { channel: 'a', auth: '' },
    });
    expect(parseClientMessage('{"event":"client-x","channel":"private-a","data":{"t":1}}')?.channel).toBe('private-a');
    for (const bad of [
      'not json',
      '[]',
      '"x"',
      'null',
      '{}',
      '{"event":1}',
      '{"event":""}',
      '{"event":"e","channel":3}',
    ]) {
      expect(parseClientMessage(bad)).toBeNull();
    }
  });

  it('reads data given as an object or as a JSON string', () => {
    expect(messageData({ channel: 'a' })).toEqual({ channel: 'a' });
    expect(messageData('{"channel":"a"}')).toEqual({ channel: 'a' });
    expect(messageData('oops')).toEqual({});
    expect(messageData(['x'])).toEqual({});
    expect(messageData(undefined)).toEqual({});
  });

  it('double-encodes pusher:* data and forwards event data as given', () => {
    const established = JSON.parse(frames.connectionEstablished('1.2', 30)) as { event: string; data: string };
    expect(established.event).toBe('pusher:connection_established');
    expect(JSON.parse(established.data)).toEqual({ socket_id: '1.2', activity_timeout: 30 });
    expect(JSON.parse(frames.error(4009, 'no'))).toEqual({
      event: 'pusher:error',
      data: '{"code":4009,"message":"no"}',
    });
    expect(JSON.parse(frames.error(null, 'x')).data).toBe('{"code":null,"message":"x"}');
    expect(frames.event('App\\Events\\X', 'orders', '{"a":1}')).toBe(
      '{"event":"App\\\\Events\\\\X","channel":"orders","data":"{\\"a\\":1}"}',
    );
    expect(JSON.parse(frames.event('client-t', 'presence-r', { t: 1 }, 8))).toEqual({
      event: 'client-t',
      channel: 'presence-r',
      data: { t: 1 },
      user_id: 8,
    });
    expect(frames.cacheMiss('cache-a')).toBe('{"event":"pusher:cache_miss","channel":"cache-a"}');
    expect(JSON.parse(JSON.parse(frames.subscriptionError('private-a', 'AuthError', 'no', 401)).data)).toEqual({
      type: 'AuthError',
      error: 'no',
      status: 401,
    });
  });
});

describe('presence', () => {
  it('reads channel_data with a string or numeric user_id', () => {
    expect(parseChannelData('{"user_id":5,"user_info":{"name":"A"}}')).toEqual({
      user_id: 5,
      user_info: { name: 'A' },
    });
    expect(parseChannelData('{"user_id":"u-1"}')).toEqual({ user_id: 'u-1' });
    for (const bad of [
      undefined,
      'x',
      '{}',
      '{"user_id":""}',
      '{"user_id":null}',
      '{"user_id":{}}',
      '[1]',
      `{"user_id":"${'x'.repeat(129)}"}`,
    ]) {
      expect(parseChannelData(bad)).toBeNull();
    }
  });

  it('builds the subscription payload pusher-js reads (hash, count) with each user once', () => {
    const payload = JSON.parse(
      presencePayload([
        { user_id: 7, user_info: { name: 'Other' } },
        { user_id: '5', user_info: { name: 'Me' } },
        { user_id: 9 },
      ]),
    ) as { presence: { ids: unknown[]; hash: Record<string, unknown>; count: number } };
    expect(payload.presence).toEqual({
      ids: [7, '5', 9],
      hash: { 7: { name: 'Other' }, 5: { name: 'Me' }, 9: null },
      count: 3,
    });
    expect(JSON.parse(memberAddedData({ user_id: 5, user_info: { name: 'Me' } }))).toEqual({
      user_id: 5,
      user_info: { name: 'Me' },
    });
    expect(JSON.parse(memberRemovedData({ user_id: 5, user_info: { name: 'Me' } }))).toEqual({ user_id: 5 });
  });

  it('announces a user on the first connection and removes them on the last', () => {
    const roster = new PresenceRoster();
    const me = { user_id: 1, user_info: { name: 'A' } };
    expect(roster.join('presence-r', me)).toMatchObject({ accepted: true, first: true });
    expect(roster.join('presence-r', { user_id: '1' })).toMatchObject({ accepted: true, first: false });
    expect(roster.userCount('presence-r')).toBe(1);
    expect(roster.members('presence-r')).toEqual([me]);
    expect(roster.leave('presence-r', '1')).toEqual({});
    expect(roster.leave('presence-r', '1')).toEqual({ removed: me });
    expect(roster.leave('presence-r', '1')).toEqual({});
    expect(roster.userCount('presence-r')).toBe(0);
  });

  it('refuses a new user on a full channel, not another connection of a member', () => {
    const roster = new PresenceRoster();
    roster.join('presence-r', { user_id: 1 }, 2);
    roster.join('presence-r', { user_id: 2 }, 2);
    expect(roster.join('presence-r', { user_id: 3 }, 2).accepted).toBe(false);
    expect(roster.join('presence-r', { user_id: 2 }, 2)).toMatchObject({ accepted: true, first: false });
  });
});

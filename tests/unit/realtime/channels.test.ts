import { describe, expect, it } from 'vitest';
import {
  channelNameProblem,
  channelType,
  isValidChannelName,
  isValidEventName,
  needsSignature,
  userIdOfChannel,
} from '../../../server/realtime/protocol/channels';
import { generateSocketId, isValidSocketId } from '../../../server/realtime/protocol/socket-id';
import { TokenBucket } from '../../../server/realtime/protocol/rate-limiter';
import { isOriginAllowed } from '../../../server/realtime/transport/origins';

describe('channel names', () => {
  it.each([
    ['orders', 'public', false],
    ['cache-orders', 'public', true],
    ['private-orders.1', 'private', false],
    ['private-cache-orders', 'private', true],
    ['private-encrypted-orders', 'encrypted', false],
    ['private-encrypted-cache-orders', 'encrypted', true],
    ['presence-room', 'presence', false],
    ['presence-cache-room', 'presence', true],
    ['#server-to-user-42', 'user', false],
    ['privateX', 'public', false],
    ['presenceroom', 'public', false],
  ])('%s is %s (cache: %s)', (name, kind, cache) => {
    expect(channelType(name)).toEqual({ kind, cache });
  });

  it('needs a signature for private, encrypted and presence channels only', () => {
    expect(needsSignature(channelType('private-a'))).toBe(true);
    expect(needsSignature(channelType('private-encrypted-a'))).toBe(true);
    expect(needsSignature(channelType('presence-a'))).toBe(true);
    expect(needsSignature(channelType('a'))).toBe(false);
    expect(needsSignature(channelType('cache-a'))).toBe(false);
    expect(needsSignature(channelType('#server-to-user-1'))).toBe(false);
  });

  it("accepts the SDK charset with Laravel dots, up to Pusher's 164 characters, prefix included", () => {
    expect(isValidChannelName('App.Models.User.1')).toBe(true);
    expect(isValidChannelName('a-b_c=d@e,f.g;h')).toBe(true);
    expect(isValidChannelName('x'.repeat(164))).toBe(true);
    expect(isValidChannelName(`presence-${'x'.repeat(155)}`)).toBe(true);
    expect(isValidChannelName('x'.repeat(165))).toBe(false);
    expect(isValidChannelName(`presence-${'x'.repeat(156)}`)).toBe(false);
    expect(isValidChannelName(`#server-to-user-${'1'.repeat(149)}`)).toBe(false);
    expect(channelNameProblem('x'.repeat(165))).toBe('The channel name is longer than the allowed 164 characters');
    expect(channelNameProblem('a b')).toMatch(/^Invalid channel name/);
    expect(channelNameProblem('ok')).toBeUndefined();
    expect(isValidChannelName('')).toBe(false);
    expect(isValidChannelName('a b')).toBe(false);
    expect(isValidChannelName('a/b')).toBe(false);
    expect(isValidChannelName('#other')).toBe(false);
    expect(isValidChannelName(42)).toBe(false);
    expect(isValidChannelName('#server-to-user-')).toBe(false);
    expect(isValidChannelName('#server-to-user-user@example.com')).toBe(true);
    expect(userIdOfChannel('#server-to-user-7')).toBe('7');
    expect(userIdOfChannel('private-7')).toBeUndefined();
  });

  it('limits event names to 200 characters', () => {
    expect(isValidEventName('App\\Events\\OrderShipped')).toBe(true);
    expect(isValidEventName('e'.repeat(200))).toBe(true);
    expect(isValidEventName('e'.repeat(201))).toBe(false);
    expect(isValidEventName('')).toBe(false);
  });
});

describe('socket ids', () => {
  it('are two integers joined by a dot, distinct', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateSocketId()));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^\d+\.\d+$/);
    expect(isValidSocketId('123.456')).toBe(true);
    expect(isValidSocketId('123.456.7')).toBe(false);
    expect(isValidSocketId('abc')).toBe(false);
    expect(isValidSocketId(123.456)).toBe(false);
  });

  it('never hands out a taken id', () => {
    let calls = 0;
    const id = generateSocketId(() => ++calls < 3);
    expect(calls).toBe(3);
    expect(isValidSocketId(id)).toBe(true);
  });
});

describe('client event rate limiter', () => {
  it('allows 10 at once, then 10 a second', () => {
    const bucket = new TokenBucket(10, 0);
    const burst = Array.from({ length: 12 }, () => bucket.take(0));
    expect(burst.filter(Boolean)).toHaveLength(10);
    expect(bucket.take(50)).toBe(false);
    expect(bucket.take(100)).toBe(true);
    expect(bucket.take(100)).toBe(false);
    expect(Array.from({ length: 20 }, () => bucket.take(5000)).filter(Boolean)).toHaveLength(10);
  });
});

describe('allowed origins', () => {
  it('matches *, hosts, wildcards, host:port and full origins', () => {
    expect(isOriginAllowed('https://evil.test', ['*'])).toBe(true);
    expect(isOriginAllowed('https://kawan.test', ['kawan.test'])).toBe(true);
    expect(isOriginAllowed('http://kawan.test:8000', ['kawan.test'])).toBe(true);
    expect(isOriginAllowed('https://app.kawan.test', ['*.kawan.test'])).toBe(true);
    expect(isOriginAllowed('https://kawan.test.evil', ['kawan.test'])).toBe(false);
    expect(isOriginAllowed('https://evilkawan.test', ['*.kawan.test'])).toBe(false);
    expect(isOriginAllowed('http://localhost:8000', ['localhost:8000'])).toBe(true);
    expect(isOriginAllowed('http://localhost:8001', ['localhost:8000'])).toBe(false);
    expect(isOriginAllowed('https://kawan.test', ['https://kawan.test'])).toBe(true);
    expect(isOriginAllowed('http://kawan.test', ['https://kawan.test'])).toBe(false);
    expect(isOriginAllowed('null', ['kawan.test'])).toBe(false);
  });

  it('lets a client without Origin through (not a browser)', () => {
    expect(isOriginAllowed(undefined, ['kawan.test'])).toBe(true);
  });
});

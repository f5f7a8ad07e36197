import { describe, expect, it } from 'vitest';
import { channelSignature, userSignature } from '../../server/broadcasting/signatures';
import { ChannelRegistry, parseChannelName } from '../../server/broadcasting/channel-registry';

/** Pusher's worked examples (auth-signatures.md), as realtime.md §2.1 quotes them. */
const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('channel and user signatures', () => {
  // Pusher's presence vector is for "Mr. Pusher" (realtime.md §2.1 misquotes it as "Mr. Channels").
  it('match Pusher’s worked vectors', () => {
    expect(channelSignature(app, '1234.1234', 'private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
    expect(
      channelSignature(app, '1234.1234', 'presence-foobar', '{"user_id":10,"user_info":{"name":"Mr. Pusher"}}'),
    ).toBe('278d425bdf160c739803:afaed3695da2ffd16931f457e338e6c9f2921fa133ce7dac49f529792be6304c');
    expect(userSignature(app, '1234.1234', '{"id":"12345"}')).toBe(
      '278d425bdf160c739803:4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba',
    );
  });
});

describe('channel patterns', () => {
  const registry = new ChannelRegistry()
    .channel('App.Models.User.{id}', () => true)
    .channel('teams.{team}', () => true)
    .channel('chat.{room}.{thread}', () => true);

  it('strip the kind prefix the way Laravel does', () => {
    expect(parseChannelName('private-teams.1')).toEqual({ kind: 'private', name: 'teams.1' });
    expect(parseChannelName('presence-teams.1')).toEqual({ kind: 'presence', name: 'teams.1' });
    expect(parseChannelName('private-encrypted-x')).toEqual({ kind: 'private-encrypted', name: 'x' });
    expect(parseChannelName('orders')).toEqual({ kind: 'public', name: 'orders' });
  });

  it('capture one dot-free segment per parameter and match whole names only', () => {
    expect(registry.match('App.Models.User.7')?.params).toEqual({ id: '7' });
    expect(registry.match('chat.a.b')?.params).toEqual({ room: 'a', thread: 'b' });
    expect(registry.match('App.Models.User.7.x')).toBeUndefined();
    expect(registry.match('AppxModels.User.7')).toBeUndefined();
    expect(registry.match('teams.')).toBeUndefined();
    expect(registry.match('other.1')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  authToken,
  channelSignatureString,
  constantTimeEqual,
  hmacHex,
  userSignatureString,
  verifyAuthToken,
} from '../../../server/realtime/protocol/signatures';

// Pusher's worked examples (auth-signatures.md).
const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };
const socketId = '1234.1234';

describe('subscription and sign-in signatures', () => {
  it('signs a private channel over socket_id:channel', () => {
    expect(channelSignatureString(socketId, 'private-foobar')).toBe('1234.1234:private-foobar');
    expect(hmacHex(app.secret, channelSignatureString(socketId, 'private-foobar'))).toBe(
      '58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
    expect(authToken(app, '1234.1234:private-foobar')).toBe(
      '278d425bdf160c739803:58df8b0c36d6982b82c3ecf6b4662e34fe8c25bba48f5369f135bf843651c3a4',
    );
  });

  it('signs a presence channel over socket_id:channel:channel_data, the exact string', () => {
    // Pusher's vector is for "Mr. Pusher" (realtime.md §2.1 quotes the name as "Mr. Channels").
    const channelData = '{"user_id":10,"user_info":{"name":"Mr. Pusher"}}';
    const value = channelSignatureString(socketId, 'presence-foobar', channelData);
    expect(hmacHex(app.secret, value)).toBe('afaed3695da2ffd16931f457e338e6c9f2921fa133ce7dac49f529792be6304c');
    // The same member serialized differently is another string, hence another signature.
    const reordered = '{"user_info":{"name":"Mr. Pusher"},"user_id":10}';
    expect(
      verifyAuthToken(app, channelSignatureString(socketId, 'presence-foobar', reordered), authToken(app, value)),
    ).toBe(false);
  });

  it('signs a user over socket_id::user::user_data', () => {
    const value = userSignatureString(socketId, '{"id":"12345"}');
    expect(value).toBe('1234.1234::user::{"id":"12345"}');
    expect(hmacHex(app.secret, value)).toBe('4708d583dada6a56435fb8bc611c77c359a31eebde13337c16ab43aa6de336ba');
  });

  it('verifies the whole key:hex token, nothing else', () => {
    const value = channelSignatureString(socketId, 'private-foobar');
    const token = authToken(app, value);
    expect(verifyAuthToken(app, value, token)).toBe(true);
    expect(
      verifyAuthToken(
        app,
        value,
        token.replace(/.$/, (c) => (c === '0' ? '1' : '0')),
      ),
    ).toBe(false);
    expect(verifyAuthToken(app, value, `other-key:${token.split(':')[1]}`)).toBe(false);
    expect(verifyAuthToken(app, value, token.split(':')[1])).toBe(false);
    expect(verifyAuthToken(app, value, undefined)).toBe(false);
    expect(verifyAuthToken(app, value, 42)).toBe(false);
    expect(verifyAuthToken(app, channelSignatureString('1234.1235', 'private-foobar'), token)).toBe(false);
    expect(verifyAuthToken(app, channelSignatureString(socketId, 'private-foobaz'), token)).toBe(false);
  });

  it('compares strings of different lengths as unequal', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
    expect(constantTimeEqual('é', 'e')).toBe(false);
  });
});

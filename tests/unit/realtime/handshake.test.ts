import { describe, expect, it } from 'vitest';
import { protocolRefusal, supportedProtocol } from '../../../server/realtime/protocol/handshake';

describe('protocol version of a new connection', () => {
  it('accepts protocol 7, what pusher-js 8 sends', () => {
    expect(supportedProtocol).toBe(7);
    expect(protocolRefusal('7')).toBeUndefined();
  });

  it('refuses a missing version with 4007 (Pusher would fall back to protocol 1, which nobody serves)', () => {
    expect(protocolRefusal(null)).toMatchObject({ code: 4007 });
    expect(protocolRefusal('')).toMatchObject({ code: 4007 });
  });

  it('refuses older and newer versions with 4007', () => {
    for (const version of ['1', '4', '5', '6', '8', '70', '99999999999999999999']) {
      expect(protocolRefusal(version)).toEqual({
        code: 4007,
        message: 'Unsupported protocol version (this server speaks protocol 7)',
      });
    }
  });

  it('refuses a version that is not a number with 4006', () => {
    for (const version of ['seven', '7.0', '-7', ' 7', '7a']) {
      expect(protocolRefusal(version)).toMatchObject({ code: 4006 });
    }
  });
});

import { describe, expect, it } from 'vitest';
import {
  md5Hex,
  parseQuery,
  signatureString,
  signedQuery,
  verifyRequest,
} from '../../../server/realtime/http-api/signing';
import { hmacHex } from '../../../server/realtime/protocol/signatures';

const app = { key: '278d425bdf160c739803', secret: '7ad3773142a6692b25b8' };

describe('HTTP API request signing', () => {
  it("matches Pusher's worked example", () => {
    const body = '{"name":"foo","channels":["project-3"],"data":"{\\"some\\":\\"data\\"}"}';
    expect(md5Hex(body)).toBe('ec365a775a4cd0599faeb73354201b6f');
    const params = { auth_key: app.key, auth_timestamp: '1353088179', auth_version: '1.0', body_md5: md5Hex(body) };
    const string = signatureString('POST', '/apps/3/events', params);
    expect(string).toBe(
      'POST\n/apps/3/events\nauth_key=278d425bdf160c739803&auth_timestamp=1353088179&auth_version=1.0&body_md5=ec365a775a4cd0599faeb73354201b6f',
    );
    expect(hmacHex(app.secret, string)).toBe('da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c');
    const query = `${Object.entries(params)
      .map(([k, v]) => `${k}=${v}`)
      .join('&')}&auth_signature=da454824c97ba181a32ccc17a72625ba02771f50b50e1e7430e47a1f3f457e6c`;
    const request = { method: 'POST', rawPath: '/apps/3/events', params: parseQuery(query), body: Buffer.from(body) };
    expect(verifyRequest(app, request, 1353088179 + 599, 600)).toEqual({ ok: true });
  });

  it('refuses a timestamp more than the window away, either side', () => {
    const query = signedQuery(app, 'GET', '/apps/3/channels', undefined, {}, 1000);
    const request = { method: 'GET', rawPath: '/apps/3/channels', params: parseQuery(query), body: Buffer.alloc(0) };
    expect(verifyRequest(app, request, 1600, 600).ok).toBe(true);
    expect(verifyRequest(app, request, 1601, 600).ok).toBe(false);
    expect(verifyRequest(app, request, 399, 600).ok).toBe(false);
  });

  it('refuses a tampered body, query, method or path, a wrong key or version', () => {
    const body = '{"name":"a","channels":["x"],"data":"1"}';
    const query = signedQuery(app, 'POST', '/apps/3/events', body, {}, 2000);
    const base = { method: 'POST', rawPath: '/apps/3/events', params: parseQuery(query), body: Buffer.from(body) };
    expect(verifyRequest(app, base, 2000, 600).ok).toBe(true);
    expect(verifyRequest(app, { ...base, body: Buffer.from(body.replace('"1"', '"2"')) }, 2000, 600).ok).toBe(false);
    expect(verifyRequest(app, { ...base, method: 'PUT' }, 2000, 600).ok).toBe(false);
    expect(verifyRequest(app, { ...base, rawPath: '/apps/4/events' }, 2000, 600).ok).toBe(false);
    expect(verifyRequest(app, { ...base, params: { ...base.params, info: 'user_count' } }, 2000, 600).ok).toBe(false);
    expect(verifyRequest({ ...app, secret: 'another-secret' }, base, 2000, 600).ok).toBe(false);
    expect(verifyRequest({ ...app, key: 'another-key' }, base, 2000, 600).ok).toBe(false);
    expect(verifyRequest(app, { ...base, params: { ...base.params, auth_version: '2.0' } }, 2000, 600).ok).toBe(false);
    const { auth_signature: _dropped, ...unsigned } = base.params;
    expect(verifyRequest(app, { ...base, params: unsigned }, 2000, 600).ok).toBe(false);
  });

  it('signs values unescaped and accepts the percent-decoded path too', () => {
    const params = { info: 'user_count,subscription_count', filter_by_prefix: 'presence-' };
    const path = '/apps/3/channels/presence-a@b,c;d=e';
    const query = signedQuery(app, 'GET', path, undefined, params, 3000);
    expect(query).toContain('info=user_count,subscription_count');
    const encoded = '/apps/3/channels/presence-a%40b%2Cc%3Bd%3De';
    const request = { method: 'GET', rawPath: encoded, params: parseQuery(query), body: Buffer.alloc(0) };
    expect(verifyRequest(app, request, 3000, 600).ok).toBe(true);
  });

  it('parses queries without turning + into a space, lowercasing keys', () => {
    expect(parseQuery('?A=1&b=x+y&c=%2C&c=2&flag')).toEqual({ a: '1', b: 'x+y', c: ',,2', flag: '' });
    expect(parseQuery('')).toEqual({});
  });
});

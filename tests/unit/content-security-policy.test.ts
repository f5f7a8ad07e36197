import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/http/middleware/security-headers';

const directives = (policy: string) =>
  Object.fromEntries(policy.split('; ').map((part) => [part.split(' ')[0], part.split(' ').slice(1)]));

describe('contentSecurityPolicy', () => {
  it('in production: own origin, the nonce for inline elements, the realtime socket', () => {
    const policy = directives(contentSecurityPolicy({ realtimeOrigin: 'wss://ws.example.com:443' }, 'abc'));
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy['style-src']).toEqual(["'self'", "'nonce-abc'"]);
    expect(policy['connect-src']).toEqual(["'self'", 'wss://ws.example.com:443']);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('under the Vite dev server: its scripts, styles (inline, as it applies CSS), assets and HMR socket', () => {
    const policy = directives(
      contentSecurityPolicy({ realtimeOrigin: 'ws://localhost:8080' }, 'abc', 'http://localhost:5173'),
    );
    expect(policy['script-src']).toEqual(["'self'", "'nonce-abc'", 'http://localhost:5173']);
    // A nonce would make browsers ignore 'unsafe-inline', so the dev style policy carries none.
    expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", 'http://localhost:5173']);
    expect(policy['img-src']).toContain('http://localhost:5173');
    expect(policy['font-src']).toContain('http://localhost:5173');
    expect(policy['connect-src']).toEqual([
      "'self'",
      'ws://localhost:8080',
      'http://localhost:5173',
      'ws://localhost:5173',
    ]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { get, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { browser, createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { viteAssets } from '../../../server/http/inertia/vite';

// A public directory with a small production build: hashed assets and the manifest that names them.
const publicDir = mkdtempSync(join(tmpdir(), 'kawan-public-'));
const script = `export const greeting = ${JSON.stringify('selamat datang '.repeat(400))};\n`;
mkdirSync(join(publicDir, 'build', 'assets'), { recursive: true });
mkdirSync(join(publicDir, 'build', '.vite'), { recursive: true });
writeFileSync(join(publicDir, 'build', 'assets', 'app-Dx3k9a1Q.js'), script);
writeFileSync(join(publicDir, 'build', 'assets', 'app-B0aX11pe.css'), 'body{margin:0}\n'.repeat(200));
writeFileSync(
  join(publicDir, 'build', '.vite', 'manifest.json'),
  JSON.stringify({
    'resources/js/app.tsx': { file: 'assets/app-Dx3k9a1Q.js', css: ['assets/app-B0aX11pe.css'], isEntry: true },
  }),
);
writeFileSync(join(publicDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ publicDir, assets: viteAssets(publicDir) });
});
afterAll(async () => {
  await app.close();
  rmSync(publicDir, { recursive: true, force: true });
});

const directives = (policy: string) =>
  Object.fromEntries(
    policy.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

describe('security headers', () => {
  it('every page carries them: CSP, nosniff, referrer policy, no framing', async () => {
    for (const url of ['/', '/login', '/missing-page', '/favicon.svg', '/up']) {
      const res = await supertest(app.app).get(url);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      const policy = directives(res.headers['content-security-policy'] as string);
      expect(policy['frame-ancestors'], url).toEqual(["'none'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['default-src']).toEqual(["'self'"]);
      // No HSTS over http: it would lock a local install out of plain http.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("a first load's scripts carry the nonce its policy allows, and no inline script runs without it", async () => {
    const first = await supertest(app.app).get('/login');
    const second = await supertest(app.app).get('/login');
    const policy = directives(first.headers['content-security-policy'] as string);
    const nonce = /'nonce-([^']+)'/.exec(policy['script-src'].join(' '))?.[1];
    expect(nonce).toBeTruthy();
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
    expect(policy['style-src']).toEqual(["'self'", `'nonce-${nonce}'`]);
    expect(first.text).toContain(
      `<script type="module" src="/build/assets/app-Dx3k9a1Q.js" nonce="${nonce}"></script>`,
    );
    expect(first.text).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
    // A fresh nonce for every document.
    expect(second.headers['content-security-policy']).not.toBe(first.headers['content-security-policy']);
    // Echo may connect to the realtime server.
    expect(policy['connect-src']).toEqual(["'self'", 'ws://localhost:8080']);
  });

  it('Inertia JSON visits carry the policy without a nonce (they run no script of their own)', async () => {
    const client = await browser(app.app);
    const res = await client.visit('/login', { 'X-Inertia-Version': viteAssets(publicDir).version() });
    expectPage(res, 'Auth/Login');
    expect(res.headers['content-security-policy']).not.toContain('nonce-');
  });

  it('asks for https only (HSTS) and secure realtime when APP_URL is https', async () => {
    const secure = await createTestApp({
      env: { APP_URL: 'https://kawan.example', REVERB_HOST: 'ws.kawan.example', REVERB_SCHEME: 'https' },
    });
    try {
      const res = await supertest(secure.app).get('/login').set('Host', 'kawan.example');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(directives(res.headers['content-security-policy'] as string)['connect-src']).toEqual([
        "'self'",
        'wss://ws.kawan.example:443',
      ]);
    } finally {
      await secure.close();
    }
  });
});

describe('compression', () => {
  it('compresses pages and assets for clients that accept gzip or brotli', async () => {
    const gzip = await rawGet('/login', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toContain('<script data-page="app" type="application/json">');

    const br = await rawGet('/build/assets/app-Dx3k9a1Q.js', { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 4);

    const json = await rawGet('/login', {
      'Accept-Encoding': 'gzip',
      'X-Inertia': 'true',
      'X-Inertia-Version': viteAssets(publicDir).version(),
    });
    // Small answers (under 1 KB) go out as they are; either way caches keep the encodings apart.
    expect(json.headers['vary']).toMatch(/Accept-Encoding/i);
    const body = json.headers['content-encoding'] === 'gzip' ? gunzipSync(json.body) : json.body;
    expect(JSON.parse(body.toString()).component).toBe('Auth/Login');
  });

  it('sends bytes as they are to clients that ask for no encoding', async () => {
    const res = await supertest(app.app).get('/build/assets/app-Dx3k9a1Q.js').set('Accept-Encoding', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.text).toBe(script);
  });
});

describe('caching', () => {
  it('hashed build files are cached for a year and never revalidated', async () => {
    for (const file of ['/build/assets/app-Dx3k9a1Q.js', '/build/assets/app-B0aX11pe.css']) {
      const res = await supertest(app.app).get(file);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('a missing build file is a 404, and the manifest is not served', async () => {
    expect((await supertest(app.app).get('/build/assets/app-missing.js')).status).toBe(404);
    expect((await supertest(app.app).get('/build/.vite/manifest.json')).status).toBe(404);
  });

  it('pages are never cached as immutable', async () => {
    const res = await supertest(app.app).get('/login');
    expect(res.headers['cache-control'] ?? '').not.toContain('immutable');
  });
});

/** A GET whose body comes back as sent (supertest would decompress it). */
function rawGet(path: string, headers: Record<string, string>) {
  return new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const server = app.app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      get({ host: '127.0.0.1', port, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          server.close();
          resolve({ headers: res.headers, body: Buffer.concat(chunks) });
        });
      }).on('error', reject);
    });
  });
}

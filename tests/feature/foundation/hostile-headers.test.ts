import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import supertest from 'supertest';
import { connect, type AddressInfo } from 'node:net';
import { browser, createTestApp, expectPage, testVersion, type TestApp } from '../../helpers/app';

// Headers are client input: whatever they say, the answer is a 2xx or a 4xx, and the process is
// unharmed for the next request.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('partial reload paths', () => {
  it.each([
    ['X-Inertia-Partial-Except', 'auth.__proto__.hasOwnProperty'],
    ['X-Inertia-Partial-Except', 'auth.constructor.prototype.toString'],
    ['X-Inertia-Partial-Except', '__proto__.valueOf'],
    ['X-Inertia-Partial-Data', 'auth.__proto__.hasOwnProperty'],
    ['X-Inertia-Partial-Data', 'auth.constructor.name,errors'],
  ])('%s: %s names nothing; Object.prototype is untouched', async (header, paths) => {
    const client = await browser(app.app);
    const res = await client.visit('/login', { 'X-Inertia-Partial-Component': 'Auth/Login', [header]: paths });
    const page = expectPage(res, 'Auth/Login');
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'hasOwnProperty')).toBe(true);
    expect(typeof Object.prototype.toString).toBe('function');
    expect(typeof Object.prototype.valueOf).toBe('function');
    expect(JSON.stringify(page.props)).not.toContain('function');
    // The next visitor is served as usual.
    expectPage(await (await browser(app.app)).visit('/login'), 'Auth/Login');
  });
});

describe('the Host header', () => {
  it.each(['bad host', 'a:b:c', '%', '[::1', 'exa mple.com:80', '127.0.0.1:99999', '127.0.0.1:0', 'localhost:65536'])(
    '"%s" is a 400, not a 500',
    async (host) => {
      for (const headers of [{}, { 'X-Inertia': 'true', 'X-Inertia-Version': testVersion }]) {
        const res = await supertest(app.app)
          .get('/')
          .set({ ...headers, Host: host });
        expect(res.status, res.text.slice(0, 200)).toBe(400);
      }
    },
  );

  it('refuses a well-formed host that is not this application, without repeating it', async () => {
    for (const url of ['/', '/login', '/dashboard', '/missing']) {
      const res = await supertest(app.app).get(url).set('Host', 'evil.example:8443');
      expect(res.status).toBe(400);
      expect(res.text).not.toContain('evil.example');
      expect(res.headers['location']).toBeUndefined();
    }
  });

  it("serves APP_URL's host, the loopback names and TRUSTED_HOSTS, and builds links from the host used", async () => {
    const trusting = await createTestApp({
      env: { APP_URL: 'https://app.kawan.example', TRUSTED_HOSTS: '*.kawan.example, kawan.test' },
    });
    try {
      for (const host of [
        'app.kawan.example',
        'eu.kawan.example:8443',
        'kawan.test',
        'localhost:8000',
        '127.0.0.1',
        '[::1]:8000',
      ]) {
        const res = await supertest(trusting.app).get('/login').set('Host', host);
        expect(res.status, host).toBe(200);
        const manifest = JSON.parse(
          /<script id="ziggy-routes-json" type="application\/json">([\s\S]*?)<\/script>/.exec(res.text)![1],
        ) as { url: string };
        expect(manifest.url).toBe(`http://${host}`);
      }
      for (const host of ['kawan.example', 'app.kawan.example.evil.test', 'evilkawan.test', 'KAWAN.test.evil']) {
        expect((await supertest(trusting.app).get('/login').set('Host', host)).status, host).toBe(400);
      }
    } finally {
      await trusting.close();
    }
  });

  it('answers the health check whatever the host (load balancers name none of ours)', async () => {
    expect((await supertest(app.app).get('/up').set('Host', '10.0.0.7:8000')).status).toBe(200);
  });
});

describe('X-Forwarded-Proto from a proxy on loopback', () => {
  it.each(['ht%tp', 'javascript', 'https,http', ''])('"%s" builds no link from it (no 500)', async (proto) => {
    const res = await supertest(app.app).get('/login').set('X-Forwarded-Proto', proto);
    expect(res.status).toBe(200);
    const manifest = JSON.parse(
      /<script id="ziggy-routes-json" type="application\/json">([\s\S]*?)<\/script>/.exec(res.text)![1],
    ) as { url: string };
    expect(manifest.url).toMatch(/^https?:\/\/127\.0\.0\.1:\d+$/);
  });
});

describe('the request target', () => {
  /** One raw HTTP/1.1 request: what supertest cannot send (a target that is not a path). */
  const raw = (target: string, method = 'GET', host = '127.0.0.1') =>
    new Promise<{ status: number; text: string }>((resolve, reject) => {
      const server = app.app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        const socket = connect(port, '127.0.0.1', () => {
          socket.write(
            `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
          );
        });
        let text = '';
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
        socket.on('close', () => {
          server.close();
          resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), text });
        });
        socket.on('error', reject);
      });
    });

  it.each([
    ['POST', '*'],
    ['GET', '*'],
    ['OPTIONS', '*'],
    ['GET', 'example.com:80'],
    ['GET', 'dashboard'],
  ])('%s %s is a 400, not a 500', async (method, target) => {
    const res = await raw(target, method);
    expect(res.status, res.text.slice(0, 300)).toBe(400);
    expect(app.logs().filter((line) => (line.level as number) >= 50)).toEqual([]);
  });

  it('takes the absolute form as the path, with its authority as the host', async () => {
    expect((await raw('http://127.0.0.1/login?x=1')).status).toBe(200);
    expect((await raw('http://127.0.0.1')).status).toBe(200);
    expect((await raw('http://evil.example/login')).status).toBe(400);
    expect((await raw('http://user:pw@127.0.0.1/login')).status).toBe(400);
  });
});

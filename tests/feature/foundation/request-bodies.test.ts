import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type AddressInfo } from 'node:net';
import { browser, createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { UploadedFile } from '../../../server/http/middleware/body';

const describeBody = (body: unknown): unknown => {
  if (body instanceof UploadedFile) return { file: body.originalName, size: body.size, type: body.mimeType };
  if (Array.isArray(body)) return body.map(describeBody);
  if (body && typeof body === 'object') return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, describeBody(v)]));
  return body;
};

function testRoutes(routes: RouteRegistry) {
  routes.get('/t/search', (req, res) => res.json({ query: req.query, body: req.body ?? null })).name('test.search');
  routes.post('/t/things', (req, res) => res.json({ method: req.method, body: describeBody(req.body) })).name('test.things.store');
  routes.put('/t/things/{thing}', (req, res) => res.json({ method: req.method, body: describeBody(req.body) })).name('test.things.update');
  routes.delete('/t/things/{thing}', (req, res) => res.json({ method: req.method, body: req.body })).name('test.things.destroy');
}

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ routes: [testRoutes] });
});
afterAll(() => app.close());

describe('query strings', () => {
  it('parses nested keys and bracket arrays the way the client sends them', async () => {
    const client = await browser(app.app);
    const res = await client.agent.get('/t/search?q=a%20b&tags[]=x&tags[]=y&f=true&filter[s]=a');
    expect(res.body.query).toEqual({ q: 'a b', tags: ['x', 'y'], f: 'true', filter: { s: 'a' } });
  });

  it('applies the array limit of 20: a larger index makes an object', async () => {
    const client = await browser(app.app);
    const res = await client.agent.get('/t/search?a[0]=x&a[25]=y');
    expect(res.body.query.a).toEqual({ 0: 'x', 25: 'y' });
  });

  it('stops nesting at depth 5 and keeps the rest as a literal key', async () => {
    const client = await browser(app.app);
    const res = await client.agent.get('/t/search?x[a][b][c][d][e][f][g]=1');
    expect(res.body.query).toEqual({ x: { a: { b: { c: { d: { e: { '[f][g]': '1' } } } } } } });
  });

  it('reads at most 1000 parameters and never fails', async () => {
    const client = await browser(app.app);
    const query = Array.from({ length: 1500 }, (_, i) => `p${i}=${i}`).join('&');
    const res = await client.agent.get(`/t/search?${query}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.query)).toHaveLength(1000);
  });

  it('does not read a body on GET', async () => {
    const client = await browser(app.app);
    const res = await client.agent.get('/t/search').set('Content-Type', 'application/json').send('{"a":1}');
    expect(res.body.body).toBeNull();
  });

  it('refuses prototype keys', async () => {
    const client = await browser(app.app);
    const res = await client.agent.get('/t/search?__proto__[polluted]=1&constructor[prototype][x]=1');
    expect(res.status).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('bodies', () => {
  it('reads JSON, including on DELETE', async () => {
    const client = await browser(app.app);
    const res = await client.send('delete', '/t/things/1', { reason: 'x' });
    expect(res.body).toEqual({ method: 'DELETE', body: { reason: 'x' } });
  });

  it('reads urlencoded bodies with nested keys', async () => {
    const client = await browser(app.app);
    const res = await client.agent
      .post('/t/things')
      .set('X-XSRF-TOKEN', client.token)
      .type('form')
      .send('user[name]=Ayu&tags[0]=a&tags[1]=b');
    expect(res.body.body).toEqual({ user: { name: 'Ayu' }, tags: ['a', 'b'] });
  });

  it('refuses a guest upload unread with 401', async () => {
    const client = await browser(app.app);
    const res = await client.agent
      .post('/t/things')
      .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
      .attach('photo', Buffer.from('hello'), { filename: 'hello.txt' });
    expect(res.status).toBe(401);
  });

  it('a multipart body cut short in the middle of a file is a 400, and nothing is thrown', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const cookies = (await client.agent.jar.getCookies({ domain: '127.0.0.1', path: '/', secure: false, script: false }))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
    const errors: unknown[] = [];
    const record = (error: unknown) => errors.push(error);
    process.on('uncaughtException', record);
    try {
      const answer = await new Promise<string>((resolve, reject) => {
        const server = app.app.listen(0, '127.0.0.1', () => {
          const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
            const part = '--b0undary\r\nContent-Disposition: form-data; name="photo"; filename="a.txt"\r\n\r\nhalf a fi';
            socket.write(
              `POST /t/things HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookies}\r\nX-XSRF-TOKEN: ${client.token}\r\n` +
                `Content-Type: multipart/form-data; boundary=b0undary\r\nContent-Length: ${part.length}\r\n\r\n${part}`,
            );
          });
          let text = '';
          socket.on('data', (chunk: Buffer) => (text += chunk.toString()));
          socket.on('close', () => server.close(() => resolve(text)));
          socket.on('error', reject);
          setTimeout(() => socket.end(), 2000).unref();
        });
      });
      expect(answer).toMatch(/^HTTP\/1\.1 400/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(errors).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });

  it('reads multipart with files, indexed arrays and booleans, and routes _method=put as PUT', async () => {
    const client = await signedIn(app.app, await createUser(app.services));
    const res = await client.agent
      .post('/t/things/7')
      .set('X-XSRF-TOKEN', client.token)
      .field('_method', 'put')
      .field('tags[0]', 'a')
      .field('tags[1]', 'b')
      .field('active', '1')
      .field('profile[name]', 'Ayu')
      .attach('photo', Buffer.from('hello'), { filename: 'hello.txt', contentType: 'text/plain' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      method: 'PUT',
      body: {
        _method: 'put',
        tags: ['a', 'b'],
        active: '1',
        profile: { name: 'Ayu' },
        photo: { file: 'hello.txt', size: 5, type: 'text/plain' },
      },
    });
  });

  it('refuses a file over the upload limit with 413', async () => {
    const small = await createTestApp({ routes: [testRoutes], env: { UPLOAD_MAX_BYTES: '2048', KNOWLEDGE_MAX_FILE_BYTES: '2048' } });
    try {
      const client = await signedIn(small.app, await createUser(small.services));
      const res = await client.agent
        .post('/t/things')
        .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
        .attach('photo', Buffer.alloc(4096), { filename: 'big.bin' });
      expect(res.status).toBe(413);
    } finally {
      await small.close();
    }
  });
});

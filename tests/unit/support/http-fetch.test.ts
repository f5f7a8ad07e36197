import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from '../../../server/support/http-fetch';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A local server whose answer each test picks by path; it records what it was sent. */
function startServer(): Promise<{ server: Server; origin: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }),
    ),
  );
}

let other: { server: Server; origin: string; seen: Seen[] };
/** Responses left open, newest last. */
const hanging: ServerResponse[] = [];

function answer(req: IncomingMessage, res: ServerResponse) {
  const path = new URL(req.url ?? '/', 'http://x').pathname;
  switch (path) {
    case '/json':
      res.writeHead(201, [
        ['Content-Type', 'application/json'],
        ['Set-Cookie', 'a=1'],
        ['Set-Cookie', 'b=2'],
        ['X-Echo-Method', req.method ?? ''],
      ]);
      res.end(JSON.stringify({ ok: true, result: { message_id: 7 } }));
      return;
    case '/stream':
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: one\n\n');
      // The second event comes only once the client has read the first.
      setTimeout(() => res.end('data: two\n\n'), 150);
      return;
    case '/hang-body':
      hanging.push(res);
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('partial');
      return;
    case '/hang':
      return;
    case '/gzip':
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify({ compressed: true })));
      return;
    case '/empty':
      res.writeHead(204);
      res.end();
      return;
    case '/error':
      res.writeHead(503, { 'Retry-After': '3' });
      res.end('busy');
      return;
    case '/redirect/302':
      res.writeHead(302, { Location: '/json' });
      res.end();
      return;
    case '/redirect/307':
      res.writeHead(307, { Location: '/json' });
      res.end();
      return;
    case '/redirect/other-origin':
      res.writeHead(307, { Location: `${other.origin}/json` });
      res.end();
      return;
    case '/redirect/loop':
      res.writeHead(302, { Location: '/redirect/loop' });
      res.end();
      return;
    default:
      res.writeHead(404);
      res.end('not found');
  }
}

let main: { server: Server; origin: string; seen: Seen[] };

beforeAll(async () => {
  main = await startServer();
  other = await startServer();
});

afterAll(async () => {
  for (const { server } of [main, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const post = (body: string, extra: RequestInit = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: 'Bearer secret' },
  body,
  ...extra,
});

describe('httpFetch', () => {
  it('answers what the platform fetch answers: status, status text, headers and body', async () => {
    for (const implementation of [httpFetch, fetch]) {
      const response = await implementation(`${main.origin}/json?x=1`, post('{"chat_id":5}'));
      expect(response.status).toBe(201);
      expect(response.ok).toBe(true);
      expect(response.statusText).toBe('Created');
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
      expect(response.headers.get('x-echo-method')).toBe('POST');
      expect(await response.json()).toEqual({ ok: true, result: { message_id: 7 } });
    }
    const [ours, platform] = main.seen.slice(-2);
    expect(ours.method).toBe('POST');
    expect(ours.url).toBe('/json?x=1');
    expect(ours.body).toBe('{"chat_id":5}');
    expect(ours.body).toBe(platform.body);
    expect(ours.headers['content-type']).toBe('application/json');
    expect(ours.headers.authorization).toBe('Bearer secret');
    expect(ours.headers['content-length']).toBe(String('{"chat_id":5}'.length));
  });

  it('takes headers as a Headers object or pairs, and a body as bytes', async () => {
    const headers = new Headers({ 'X-One': '1' });
    await (
      await httpFetch(`${main.origin}/json`, { method: 'PUT', headers, body: new TextEncoder().encode('é') })
    ).text();
    await (await httpFetch(new URL(`${main.origin}/json`), { method: 'post', headers: [['X-Two', '2']] })).text();
    const [put, lower] = main.seen.slice(-2);
    expect(put).toMatchObject({ method: 'PUT', body: 'é' });
    expect(put.headers['x-one']).toBe('1');
    expect(lower.method).toBe('POST');
    expect(lower.headers['x-two']).toBe('2');
  });

  it('streams the body as it arrives', async () => {
    const response = await httpFetch(`${main.origin}/stream`);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    const first = await reader.read();
    expect(decoder.decode(first.value)).toBe('data: one\n\n');
    let rest = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      rest += decoder.decode(value);
    }
    expect(rest).toBe('data: two\n\n');
  });

  it('hands back error statuses with their body and headers', async () => {
    const response = await httpFetch(`${main.origin}/error`);
    expect(response.ok).toBe(false);
    expect(response.status).toBe(503);
    expect(response.statusText).toBe('Service Unavailable');
    expect(response.headers.get('retry-after')).toBe('3');
    expect(await response.text()).toBe('busy');
  });

  it('gives a null body for 204 and decompresses what the server compressed', async () => {
    const empty = await httpFetch(`${main.origin}/empty`, { method: 'DELETE' });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(await (await httpFetch(`${main.origin}/gzip`)).json()).toEqual({ compressed: true });
  });

  it('rejects with the signal’s reason when it aborts before the answer, and errors the body after', async () => {
    const timeout = AbortSignal.timeout(100);
    const late = await httpFetch(`${main.origin}/hang`, { signal: timeout }).catch((error: unknown) => error);
    expect(late).toBe(timeout.reason);
    expect((late as DOMException).name).toBe('TimeoutError');

    const controller = new AbortController();
    controller.abort(new Error('gone already'));
    await expect(httpFetch(`${main.origin}/json`, { signal: controller.signal })).rejects.toThrow('gone already');

    const midway = new AbortController();
    const response = await httpFetch(`${main.origin}/hang-body`, { signal: midway.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('partial');
    midway.abort();
    await expect(reader.read()).rejects.toBeDefined();
  });

  it('closes the connection when the body is cancelled', async () => {
    const response = await httpFetch(`${main.origin}/hang-body`);
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('partial');
    const closed = new Promise((resolve) => hanging.at(-1)!.once('close', resolve));
    await reader.cancel();
    await closed;
    expect((await httpFetch(`${main.origin}/json`)).status).toBe(201);
  });

  it('fails as the platform fetch does when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    for (const implementation of [httpFetch, fetch]) {
      const failure = await implementation(`http://127.0.0.1:${port}/`).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(TypeError);
      expect((failure as TypeError).message).toBe('fetch failed');
      expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    }
    await expect(httpFetch('not a url')).rejects.toThrow(TypeError);
    await expect(httpFetch('ftp://127.0.0.1/')).rejects.toThrow('fetch failed');
  });

  it('follows redirects as the Fetch standard says, refuses them with redirect: error, hands them back with manual', async () => {
    const followed = await httpFetch(`${main.origin}/redirect/302`, post('{"a":1}'));
    expect(followed.status).toBe(201);
    await followed.text();
    // A 302 turns a POST into a GET without its body or the headers describing it.
    const afterPost = main.seen.at(-1)!;
    expect(afterPost).toMatchObject({ method: 'GET', url: '/json', body: '' });
    expect(afterPost.headers['content-type']).toBeUndefined();
    expect(afterPost.headers.authorization).toBe('Bearer secret');

    await (await httpFetch(`${main.origin}/redirect/307`, post('{"b":2}'))).text();
    expect(main.seen.at(-1)).toMatchObject({ method: 'POST', url: '/json', body: '{"b":2}' });

    // Credentials stay with their origin.
    await (await httpFetch(`${main.origin}/redirect/other-origin`, post('{"c":3}'))).text();
    const elsewhere = other.seen.at(-1)!;
    expect(elsewhere).toMatchObject({ method: 'POST', body: '{"c":3}' });
    expect(elsewhere.headers.authorization).toBeUndefined();

    await expect(httpFetch(`${main.origin}/redirect/302`, { redirect: 'error' })).rejects.toThrow('fetch failed');
    const manual = await httpFetch(`${main.origin}/redirect/302`, { redirect: 'manual' });
    expect(manual.status).toBe(302);
    expect(manual.headers.get('location')).toBe('/json');
    const loop = await httpFetch(`${main.origin}/redirect/loop`).catch((error: unknown) => error);
    expect(loop).toBeInstanceOf(TypeError);
    expect(((loop as TypeError).cause as Error).message).toBe('redirect count exceeded');
  });

  it('leaves other bodies to the platform fetch', async () => {
    const form = new FormData();
    form.append('field', 'value');
    expect((await httpFetch(`${main.origin}/json`, { method: 'POST', body: form })).status).toBe(201);
    expect(main.seen.at(-1)!.body).toContain('name="field"');
  });
});

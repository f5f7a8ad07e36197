import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { brotliCompressSync, constants as zlibConstants, deflateSync, gzipSync } from 'node:zlib';
import { SourceContentError } from '../../../server/knowledge/document';
import { isPrivateAddress } from '../../../server/support/address-guard';
import { fetchUrl, HttpStatusError, type FetchOptions } from '../../../server/knowledge/fetch/fetch-url';

// One local server with a route per behaviour; most tests allow private addresses to reach it.
// The address-guard tests pass `isBlocked` so that 127.0.0.1 stands for a public server while
// every other private address stays refused: the hops after the first are then checked for real.

const MB = 1024 * 1024;
const hits: Array<{
  path: string;
  host: string | undefined;
  userAgent: string | undefined;
  encoding: string | undefined;
}> = [];
let server: Server;
let origin: string;
let port: number;
const openResponses = new Set<ServerResponse>();

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/page': (_req, res) => {
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      ETag: '"v1"',
      'Last-Modified': 'Wed, 01 Jan 2025 00:00:00 GMT',
    });
    res.end('<h1>Hello</h1>');
  },
  '/gzip': (_req, res) => compressed(res, 'gzip', gzipSync(Buffer.from('gzipped text'))),
  '/deflate': (_req, res) => compressed(res, 'deflate', deflateSync(Buffer.from('deflated text'))),
  '/br': (_req, res) => compressed(res, 'br', brotliCompressSync(Buffer.from('brotli text'))),
  '/gzip-br': (_req, res) => compressed(res, 'gzip, br', brotliCompressSync(gzipSync(Buffer.from('twice')))),
  '/damaged-gzip': (_req, res) => compressed(res, 'gzip', Buffer.from('this is not gzip at all')),
  '/zstd': (_req, res) => compressed(res, 'zstd', Buffer.from('whatever')),
  // 64 MB of zeros in about 64 KB (gzip) and 12 KB (brotli)
  '/gzip-bomb': (_req, res) => compressed(res, 'gzip', gzipSync(Buffer.alloc(64 * MB), { level: 1 })),
  '/br-bomb': (_req, res) =>
    compressed(
      res,
      'br',
      brotliCompressSync(Buffer.alloc(64 * MB), { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 1 } }),
    ),
  '/missing': (_req, res) => res.writeHead(404).end('nope'),
  '/broken': (_req, res) => res.writeHead(503).end('down'),
  '/relative-redirect': (_req, res) => res.writeHead(302, { Location: 'page?from=redirect#frag' }).end(),
  '/loop-a': (_req, res) => res.writeHead(301, { Location: '/loop-b' }).end(),
  '/loop-b': (_req, res) => res.writeHead(301, { Location: '/loop-a' }).end(),
  '/to-ftp': (_req, res) => res.writeHead(302, { Location: 'ftp://example.com/file' }).end(),
  '/to-credentials': (_req, res) => res.writeHead(302, { Location: `http://user:pass@127.0.0.1:${port}/page` }).end(),
  '/to-metadata': (_req, res) => res.writeHead(302, { Location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-internal-name': (_req, res) => res.writeHead(307, { Location: `http://internal.example:${port}/page` }).end(),
  '/to-loopback-2': (_req, res) => res.writeHead(308, { Location: `http://127.0.0.2:${port}/page` }).end(),
  '/to-public-name': (_req, res) => res.writeHead(303, { Location: `http://public.example:${port}/page` }).end(),
  '/no-location': (_req, res) => res.writeHead(302).end(),
  '/never': (_req, res) => {
    openResponses.add(res); // headers never come
  },
  '/stalls': (_req, res) => {
    openResponses.add(res);
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('a little, then nothing');
  },
  '/declares-huge': (_req, res) => {
    openResponses.add(res); // the body never comes: the declared length alone must refuse it
    res.writeHead(200, { 'Content-Length': String(100 * MB) });
    res.flushHeaders();
  },
  '/endless-chunked': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const write = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once('drain', write);
    };
    write();
  },
};

function compressed(res: ServerResponse, encoding: string, body: Buffer) {
  res.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Encoding': encoding, 'Content-Length': body.length });
  res.end(body);
}

for (const status of [301, 302, 303, 307, 308]) {
  routes[`/redirect-${status}`] = (_req, res) => res.writeHead(status, { Location: `${origin}/page` }).end();
}
for (let n = 1; n <= 7; n++) {
  routes[`/chain-${n}`] = (_req, res) => res.writeHead(302, { Location: n === 7 ? '/page' : `/chain-${n + 1}` }).end();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    hits.push({
      path,
      host: req.headers.host,
      userAgent: req.headers['user-agent'],
      encoding: req.headers['accept-encoding'],
    });
    (routes[path] ?? routes['/missing'])(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const res of openResponses) res.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local: FetchOptions = { allowPrivate: true };

/** DNS for the tests: names → addresses, counting calls. */
function fakeDns(table: Record<string, string[]>) {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const addresses = table[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { calls, lookup };
}

/** 127.0.0.1 plays a public server; every other private address is refused as in production. */
const loopbackIsPublic = (address: string) => address !== '127.0.0.1' && isPrivateAddress(address);

async function failure(promise: Promise<unknown>): Promise<SourceContentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SourceContentError);
  return error as SourceContentError;
}

describe('fetchUrl: reading a page', () => {
  it('returns the body, type, validators and final URL, and says who it is', async () => {
    const page = await fetchUrl(`${origin}/page#section`, local);
    expect(page).toMatchObject({
      url: `${origin}/page`,
      status: 200,
      contentType: 'text/html; charset=utf-8',
      etag: '"v1"',
      lastModified: 'Wed, 01 Jan 2025 00:00:00 GMT',
    });
    expect(Buffer.from(page.body).toString()).toBe('<h1>Hello</h1>');
    const hit = hits.findLast((entry) => entry.path === '/page');
    expect(hit?.userAgent).toBe('KawanBot/1.0 (+https://kawan.app/bot)');
    expect(hit?.encoding).toBe('gzip, deflate, br');
  });

  it.each([
    ['/gzip', 'gzipped text'],
    ['/deflate', 'deflated text'],
    ['/br', 'brotli text'],
    ['/gzip-br', 'twice'],
  ])('decodes %s', async (path, text) => {
    expect(Buffer.from((await fetchUrl(`${origin}${path}`, local)).body).toString()).toBe(text);
  });

  it('says when compressed data is damaged or in a format it cannot read', async () => {
    expect((await failure(fetchUrl(`${origin}/damaged-gzip`, local))).message).toBe(
      `The page ${origin}/damaged-gzip was sent compressed, but the compressed data is damaged.`,
    );
    const zstd = await failure(fetchUrl(`${origin}/zstd`, local));
    expect(zstd.code).toBe('fetch_failed');
    expect(zstd.message).toContain('compression Kawan cannot read (zstd)');
  });

  it('refuses addresses that are not http(s) or that carry credentials', async () => {
    for (const [input, message] of [
      ['ftp://example.com/file', 'Kawan fetches only http:// and https:// addresses, not ftp://.'],
      ['file:///etc/passwd', 'Kawan fetches only http:// and https:// addresses, not file://.'],
      ['javascript:alert(1)', 'Kawan fetches only http:// and https:// addresses, not javascript://.'],
      ['not a url', '“not a url” is not a web address Kawan can fetch; it should start with https://.'],
      [
        `http://user:secret@127.0.0.1:${port}/page`,
        'The address contains a user name or password; Kawan does not send credentials. Remove them and try again.',
      ],
    ]) {
      const error = await failure(fetchUrl(input, local));
      expect([error.code, error.message], input).toEqual(['fetch_failed', message]);
    }
  });
});

describe('fetchUrl: private and local addresses', () => {
  const guarded: FetchOptions = { allowPrivate: false };

  it.each([
    [`http://127.0.0.1:PORT/page`, '127.0.0.1 is a private or local network address, which Kawan does not fetch.'],
    // odd spellings reach the check as the address the URL parser made of them
    [`http://0x7f.1:PORT/page`, '127.0.0.1 is a private or local network address, which Kawan does not fetch.'],
    [`http://2130706433:PORT/page`, '127.0.0.1 is a private or local network address, which Kawan does not fetch.'],
    [`http://017700000001:PORT/page`, '127.0.0.1 is a private or local network address, which Kawan does not fetch.'],
    [`http://[::1]:PORT/page`, '[::1] is a private or local network address, which Kawan does not fetch.'],
    [
      `http://[::ffff:127.0.0.1]:PORT/page`,
      '[::ffff:7f00:1] is a private or local network address, which Kawan does not fetch.',
    ],
    [
      `http://169.254.169.254/latest/meta-data/`,
      '169.254.169.254 is a private or local network address, which Kawan does not fetch.',
    ],
  ])('refuses the literal %s', async (input, message) => {
    const before = hits.length;
    const error = await failure(fetchUrl(input.replace('PORT', String(port)), guarded));
    expect([error.code, error.message]).toEqual(['blocked_address', message]);
    expect(hits.length).toBe(before);
  });

  it.each([
    [['10.0.0.5']],
    [['169.254.169.254']],
    [['127.0.0.1']],
    [['fd00::1']],
    // every address counts, not only the first
    [['93.184.216.34', '10.0.0.5']],
    [['2606:4700::1', '::ffff:192.168.0.1']],
  ])('refuses a name resolving to %j, without naming the address', async (addresses) => {
    const dns = fakeDns({ 'intranet.example': addresses });
    const error = await failure(fetchUrl(`http://intranet.example:${port}/page`, { ...guarded, lookup: dns.lookup }));
    expect(error.code).toBe('blocked_address');
    expect(error.message).toBe(
      'intranet.example resolves to a private or local network address, which Kawan does not fetch.',
    );
  });

  it('refuses localhost through the system resolver', async () => {
    const error = await failure(fetchUrl(`http://localhost:${port}/page`, guarded));
    expect([error.code, error.message]).toEqual([
      'blocked_address',
      'localhost resolves to a private or local network address, which Kawan does not fetch.',
    ]);
  });

  it('connects to the address it checked, with the name as Host, resolving once', async () => {
    const dns = fakeDns({ 'public.example': ['127.0.0.1'] });
    const page = await fetchUrl(`http://public.example:${port}/page`, {
      ...guarded,
      isBlocked: loopbackIsPublic,
      lookup: dns.lookup,
    });
    expect(page.url).toBe(`http://public.example:${port}/page`);
    expect(hits.at(-1)?.host).toBe(`public.example:${port}`);
    expect(dns.calls).toEqual(['public.example']);
  });

  it('sends SNI for the name while connecting to the checked address', async () => {
    let serverName: string | undefined;
    const tls = createTlsServer({
      SNICallback: (name, callback) => {
        serverName = name;
        callback(new Error('no certificate here'));
      },
    });
    tls.on('tlsClientError', () => undefined);
    await new Promise<void>((resolve) => tls.listen(0, '127.0.0.1', resolve));
    try {
      const dns = fakeDns({ 'secure.example': ['127.0.0.1'] });
      const error = await failure(
        fetchUrl(`https://secure.example:${(tls.address() as AddressInfo).port}/`, {
          ...guarded,
          isBlocked: loopbackIsPublic,
          lookup: dns.lookup,
        }),
      );
      expect(serverName).toBe('secure.example');
      expect(error.message).toMatch(/^Kawan could not reach secure\.example: /);
    } finally {
      tls.close();
    }
  });

  it.each([
    ['/to-metadata', 'a literal metadata address'],
    ['/to-internal-name', 'a name resolving to 10.0.0.5'],
    ['/to-loopback-2', 'another loopback address'],
  ])('checks every redirect hop: %s (%s)', async (path) => {
    const dns = fakeDns({ 'public.example': ['127.0.0.1'], 'internal.example': ['10.0.0.5'] });
    const error = await failure(
      fetchUrl(`http://public.example:${port}${path}`, { ...guarded, isBlocked: loopbackIsPublic, lookup: dns.lookup }),
    );
    expect([error.code, error.message]).toEqual([
      'blocked_address',
      'public.example redirects to a private or local network address, which Kawan does not fetch.',
    ]);
    expect(error.message).not.toMatch(/169\.254|10\.0\.0\.5|127\.0\.0\.2/);
  });

  it('follows a redirect to an allowed name, resolving each hop', async () => {
    const dns = fakeDns({ 'public.example': ['127.0.0.1'] });
    const page = await fetchUrl(`${origin}/to-public-name`, {
      ...guarded,
      isBlocked: loopbackIsPublic,
      lookup: dns.lookup,
    });
    expect(page.url).toBe(`http://public.example:${port}/page`);
    expect(dns.calls).toEqual(['public.example']);
  });

  it('lets everything through with allowPrivate', async () => {
    const dns = fakeDns({ 'internal.example': ['127.0.0.1'] });
    expect((await fetchUrl(`http://internal.example:${port}/page`, { ...local, lookup: dns.lookup })).status).toBe(200);
  });
});

describe('fetchUrl: redirects', () => {
  it.each([301, 302, 303, 307, 308])('follows %i', async (status) => {
    expect((await fetchUrl(`${origin}/redirect-${status}`, local)).url).toBe(`${origin}/page`);
  });

  it('resolves a relative Location and drops its fragment', async () => {
    expect((await fetchUrl(`${origin}/relative-redirect`, local)).url).toBe(`${origin}/page?from=redirect`);
  });

  it('stops a loop and a long chain', async () => {
    expect((await failure(fetchUrl(`${origin}/loop-a`, local))).message).toBe(
      '127.0.0.1 redirects in a loop, so the page never loads.',
    );
    expect((await failure(fetchUrl(`${origin}/chain-1`, local))).message).toBe(
      '127.0.0.1 redirects more than 5 times; Kawan stops following there.',
    );
    expect((await fetchUrl(`${origin}/chain-1`, { ...local, maxRedirects: 7 })).url).toBe(`${origin}/page`);
    expect((await failure(fetchUrl(`${origin}/redirect-301`, { ...local, maxRedirects: 0 }))).message).toBe(
      '127.0.0.1 redirects more than 0 times; Kawan stops following there.',
    );
  });

  it('refuses a redirect to another scheme or to credentials', async () => {
    expect((await failure(fetchUrl(`${origin}/to-ftp`, local))).message).toBe(
      '127.0.0.1 redirects to a ftp:// address, which Kawan does not fetch.',
    );
    expect((await failure(fetchUrl(`${origin}/to-credentials`, local))).message).toBe(
      '127.0.0.1 redirects to an address with a user name or password, which Kawan does not fetch.',
    );
  });

  it('treats a redirect without Location as the final answer', async () => {
    const error = await failure(fetchUrl(`${origin}/no-location`, local));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect(error.message).toBe(`The page ${origin}/no-location answered 302 Found.`);
  });
});

describe('fetchUrl: statuses and unreachable servers', () => {
  it.each([
    ['/missing', 404, 'Not Found'],
    ['/broken', 503, 'Service Unavailable'],
  ])('turns %s into an error naming the status', async (path, status, text) => {
    const error = await failure(fetchUrl(`${origin}${path}`, local));
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as HttpStatusError).status).toBe(status);
    expect([error.code, error.message]).toEqual([
      'fetch_failed',
      `The page ${origin}${path} answered ${status} ${text}.`,
    ]);
  });

  it('says a refused connection could not be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    expect((await failure(fetchUrl(`http://127.0.0.1:${closedPort}/`, local))).message).toBe(
      'Kawan could not reach 127.0.0.1: the connection was refused.',
    );
  });

  it('says an unknown name could not be reached', async () => {
    const dns = fakeDns({});
    expect((await failure(fetchUrl('https://no-such-site.example/', { ...local, lookup: dns.lookup }))).message).toBe(
      'Kawan could not reach no-such-site.example: no such domain name exists (check the address for typos).',
    );
  });

  it('says a TLS failure could not be reached securely', async () => {
    expect((await failure(fetchUrl(`https://127.0.0.1:${port}/page`, local))).message).toBe(
      'Kawan could not reach 127.0.0.1: its secure connection (HTTPS certificate) could not be verified.',
    );
  });

  it('gives up on a server that never answers at the deadline', async () => {
    const started = Date.now();
    expect((await failure(fetchUrl(`${origin}/never`, { ...local, timeoutMs: 200 }))).message).toBe(
      'Kawan could not reach 127.0.0.1: it did not answer within 0.2 seconds.',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that stalls at the same deadline', async () => {
    expect((await failure(fetchUrl(`${origin}/stalls`, { ...local, timeoutMs: 300 }))).message).toBe(
      `The page ${origin}/stalls took longer than 0.3 seconds to load.`,
    );
  });

  it('stops a slow DNS answer at the deadline', async () => {
    const lookup = () => new Promise<never>(() => undefined);
    expect((await failure(fetchUrl('http://slow.example/', { ...local, lookup, timeoutMs: 100 }))).message).toBe(
      'Kawan could not reach slow.example: it did not answer within 0.1 seconds.',
    );
  });

  it("throws the caller's abort reason as it is", async () => {
    const controller = new AbortController();
    const pending = fetchUrl(`${origin}/never`, { ...local, signal: controller.signal });
    const reason = new Error('shutting down');
    setTimeout(() => controller.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
  });
});

describe('fetchUrl: size limits', () => {
  const small: FetchOptions = { allowPrivate: true, maxBytes: MB };

  it('refuses a declared length over the cap without waiting for the body', async () => {
    const started = Date.now();
    const error = await failure(fetchUrl(`${origin}/declares-huge`, { ...small, timeoutMs: 5000 }));
    expect([error.code, error.message]).toEqual([
      'too_large',
      `The page ${origin}/declares-huge is larger than 1 MB, the most Kawan reads.`,
    ]);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('stops an endless chunked body at the cap', async () => {
    expect((await failure(fetchUrl(`${origin}/endless-chunked`, small))).code).toBe('too_large');
  });

  it.each(['/gzip-bomb', '/br-bomb'])('stops a decompression bomb (%s) at the decoded cap', async (path) => {
    const started = Date.now();
    expect((await failure(fetchUrl(`${origin}${path}`, small))).code).toBe('too_large');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('reads a body just under the cap', async () => {
    expect((await fetchUrl(`${origin}/page`, { allowPrivate: true, maxBytes: 14 })).body.length).toBe(14);
    expect((await failure(fetchUrl(`${origin}/page`, { allowPrivate: true, maxBytes: 13 }))).code).toBe('too_large');
  });

  describe('a server whose Content-Length lies (raw HTTP)', () => {
    let raw: NetServer;
    let rawOrigin: string;
    const sockets = new Set<Socket>();
    const replies: Record<string, (socket: Socket) => void> = {
      // no length, the body ends when the connection closes: only the streaming cap stops it
      '/no-length': (socket) => {
        socket.write('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n');
        const chunk = Buffer.alloc(64 * 1024, 'y');
        const write = () => {
          while (!socket.destroyed && socket.write(chunk));
          if (!socket.destroyed) socket.once('drain', write);
        };
        write();
      },
      // claims 10 bytes, sends 3 MB: only the 10 declared bytes are read
      '/claims-less': (socket) => {
        socket.end(`HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n${'z'.repeat(3 * MB)}`);
      },
      // claims 1000 bytes, sends 5 and hangs up
      '/claims-more': (socket) => {
        socket.end('HTTP/1.1 200 OK\r\nContent-Length: 1000\r\n\r\nshort');
      },
      '/not-http': (socket) => {
        socket.end('HELLO THERE\r\n\r\n');
      },
    };

    beforeAll(async () => {
      raw = createNetServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
        socket.once('data', (data) => {
          const path = /^GET (\S+)/.exec(data.toString())?.[1] ?? '';
          replies[path]?.(socket);
        });
      });
      await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
      rawOrigin = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    });

    afterAll(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => raw.close(resolve));
    });

    it('stops a close-delimited body at the cap', async () => {
      expect((await failure(fetchUrl(`${rawOrigin}/no-length`, small))).code).toBe('too_large');
    });

    it('reads no more than a too-small declared length', async () => {
      expect(Buffer.from((await fetchUrl(`${rawOrigin}/claims-less`, small)).body).toString()).toBe('z'.repeat(10));
    });

    it('says a body cut short broke off', async () => {
      expect((await failure(fetchUrl(`${rawOrigin}/claims-more`, small))).message).toBe(
        'The connection to 127.0.0.1 broke off before the page was fully received.',
      );
    });

    it('says an answer that is not HTTP is not valid', async () => {
      expect((await failure(fetchUrl(`${rawOrigin}/not-http`, small))).message).toBe(
        'Kawan could not read 127.0.0.1: its answer is not valid HTTP.',
      );
    });
  });
});

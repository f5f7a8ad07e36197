/**
 * `fetch()` for the API clients a bot turn goes through (the model server, the Telegram Bot API, the
 * WhatsApp Cloud API, an embedding server): the platform's contract — a URL and a RequestInit in, a
 * Response out; the signal's reason when it aborts; a TypeError "fetch failed" with the cause on a
 * network error; redirects followed, refused or handed back as `redirect` says — sent through
 * undici's `request()` on a keep-alive pool of its own.
 *
 * Why not the platform's fetch: it builds a Request, a fetch controller and its web streams around
 * every call. A JSON POST to a local server cost about 360–440 µs of CPU through it here, against
 * 130–145 µs this way, Response included; a bot turn makes three such calls (typing, the model,
 * the reply). See decision 015's later addendum of 2026-12-03.
 *
 * Left to the platform's fetch: a Request object as input and bodies other than a string or bytes
 * (FormData, streams, Blobs), which these clients do not send.
 */
import { STATUS_CODES } from 'node:http';
import { pipeline, type Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';

/** Connections kept open between calls, per origin (undici's defaults: 4 s idle, no limit). */
const pool = new Agent();

const redirectStatuses = new Set([301, 302, 303, 307, 308]);
/** What the Fetch standard allows before a network error. */
const maxRedirects = 20;
/** Statuses whose response has no body (the Response constructor refuses one). */
const nullBodyStatuses = new Set([101, 204, 205, 304]);
/** Request headers that describe the body: dropped with it when a redirect turns a POST into a GET. */
const bodyHeaders = ['content-encoding', 'content-language', 'content-location', 'content-type', 'content-length'];
/** Credentials that do not follow a redirect to another origin (as the platform's fetch drops them). */
const originBoundHeaders = ['authorization', 'proxy-authorization', 'cookie'];
const standardMethods = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH']);

interface Outgoing {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | Uint8Array | undefined;
  signal: AbortSignal | undefined;
  redirect: RequestRedirect;
}

export const httpFetch: typeof fetch = async (input, init = {}) => {
  const { body } = init;
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : undefined;
  if (
    url === undefined ||
    !(body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array)
  )
    return globalThis.fetch(input, init);
  init.signal?.throwIfAborted();
  let target: URL;
  try {
    target = new URL(url);
  } catch (error) {
    throw new TypeError(`Failed to parse URL from ${url}`, { cause: error });
  }
  const method = (init.method ?? 'GET').toUpperCase();
  return send(
    {
      url: target,
      method: standardMethods.has(method) ? method : (init.method ?? 'GET'),
      headers: headerRecord(init.headers),
      body: body ?? undefined,
      signal: init.signal ?? undefined,
      redirect: init.redirect ?? 'follow',
    },
    0,
  );
};

async function send(outgoing: Outgoing, redirects: number): Promise<Response> {
  if (outgoing.url.protocol !== 'http:' && outgoing.url.protocol !== 'https:')
    throw new TypeError('fetch failed', {
      cause: new Error(`The URL scheme ${outgoing.url.protocol} is not supported`),
    });
  let answer: Dispatcher.ResponseData;
  try {
    answer = await request(outgoing.url, {
      method: outgoing.method as Dispatcher.HttpMethod,
      headers: outgoing.headers,
      body: outgoing.body,
      signal: outgoing.signal,
      dispatcher: pool,
    });
  } catch (error) {
    if (outgoing.signal?.aborted) throw outgoing.signal.reason;
    throw new TypeError('fetch failed', { cause: error });
  }
  const { statusCode, headers, body } = answer;
  const location = headers.location;
  if (redirectStatuses.has(statusCode) && typeof location === 'string' && outgoing.redirect !== 'manual') {
    body.resume();
    if (outgoing.redirect === 'error')
      throw new TypeError('fetch failed', { cause: new Error(`unexpected redirect to ${location}`) });
    if (redirects >= maxRedirects) throw new TypeError('fetch failed', { cause: new Error('redirect count exceeded') });
    return send(redirected(outgoing, statusCode, location), redirects + 1);
  }
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(headers)) {
    if (Array.isArray(value)) for (const item of value) responseHeaders.append(name, item);
    else if (value !== undefined) responseHeaders.append(name, value);
  }
  const empty = nullBodyStatuses.has(statusCode) || outgoing.method === 'HEAD';
  if (empty) body.resume();
  return new Response(empty ? null : webStream(decoded(body, headers['content-encoding'])), {
    status: statusCode,
    statusText: STATUS_CODES[statusCode] ?? '',
    headers: responseHeaders,
  });
}

/** The next request of a redirect, as the Fetch standard's "HTTP-redirect fetch" makes it. */
function redirected(outgoing: Outgoing, status: number, location: string): Outgoing {
  let url: URL;
  try {
    url = new URL(location, outgoing.url);
  } catch (error) {
    throw new TypeError('fetch failed', { cause: error });
  }
  const headers = { ...outgoing.headers };
  let { method, body } = outgoing;
  if (
    ((status === 301 || status === 302) && method === 'POST') ||
    (status === 303 && method !== 'GET' && method !== 'HEAD')
  ) {
    method = 'GET';
    body = undefined;
    for (const name of bodyHeaders) delete headers[name];
  }
  if (url.origin !== outgoing.url.origin) for (const name of originBoundHeaders) delete headers[name];
  return { ...outgoing, url, method, headers, body };
}

/** The body as the platform's fetch gives it: decompressed when the server compressed it. */
function decoded(body: Readable, encoding: string | string[] | undefined): Readable {
  const codings = (Array.isArray(encoding) ? encoding.join(',') : (encoding ?? ''))
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding !== '' && coding !== 'identity');
  let stream = body;
  // Applied in the order the server applied them, so undone from the last one.
  for (const coding of codings.reverse()) {
    const decoder =
      coding === 'gzip' || coding === 'x-gzip'
        ? createGunzip()
        : coding === 'deflate'
          ? createInflate()
          : coding === 'br'
            ? createBrotliDecompress()
            : undefined;
    // An unknown coding: the bytes as they came, as the platform's fetch does.
    if (!decoder) return stream;
    // Either end closing closes the other: a cancelled body stops the download.
    stream = pipeline(stream, decoder, () => undefined);
  }
  return stream;
}

/**
 * A web stream over the body, read as the consumer reads (Node 20's Readable.toWeb keeps pushing
 * into a stream the consumer cancelled, which throws outside any caller). Cancelling destroys the
 * body, which closes its connection.
 */
function webStream(body: Readable): ReadableStream<Uint8Array> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          const { done, value } = await chunks.next();
          if (cancelled) return;
          if (done) controller.close();
          else controller.enqueue(value);
        } catch (error) {
          if (!cancelled) controller.error(error);
        }
      },
      async cancel() {
        cancelled = true;
        await chunks.return?.();
      },
    },
    { highWaterMark: 0 },
  );
}

/** RequestInit's headers as lower-case names (undici sends them as given). */
function headerRecord(init: HeadersInit | undefined): Record<string, string> {
  const record: Record<string, string> = {};
  if (!init) return record;
  const entries: Iterable<[string, string]> =
    init instanceof Headers || Array.isArray(init) ? (init as Iterable<[string, string]>) : Object.entries(init);
  for (const [name, value] of entries) {
    const key = name.toLowerCase();
    record[key] = key in record ? `${record[key]}, ${value}` : String(value);
  }
  return record;
}

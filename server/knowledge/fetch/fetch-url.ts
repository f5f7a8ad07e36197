/**
 * Fetching one web page for a knowledge source, safely: the server side of a URL a user typed.
 *
 * - Only http: and https:, no credentials in the address; any port.
 * - We resolve DNS ourselves and check EVERY address (unless `allowPrivate`); the connection is then
 *   pinned to the checked addresses through node:http's `lookup` option, so DNS cannot answer
 *   differently between the check and the connect (rebinding). TLS still verifies, and sends SNI
 *   and Host for, the hostname. A literal IP host is checked as it is (the URL parser has already
 *   turned `0x7f.1` or `2130706433` into `127.0.0.1`).
 * - Redirects (301/302/303/307/308) are followed by hand, each hop checked again like the first.
 * - One deadline covers the whole fetch (DNS, redirects, body). The body is capped while it streams,
 *   before and after gzip/deflate/br decoding (a decompression bomb stops at the cap).
 * - Every failure is a SourceContentError whose message a user can read: no stack, no resolved
 *   address, nothing the user did not type or the site did not say. The one exception: when the
 *   caller's own `signal` aborts, its reason is thrown as is (a cancellation, not a content error).
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { request as httpRequest, STATUS_CODES, type IncomingMessage, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { domainToUnicode } from 'node:url';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { SourceContentError } from '../document';
import { isPrivateAddress, pinnedLookup, type ResolveHost } from '../../support/address-guard';

export const DEFAULT_USER_AGENT = 'KawanBot/1.0 (+https://kawan.app/bot)';
export const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,text/plain;q=0.8,*/*;q=0.5';

export interface FetchOptions {
  /** Connect to private and local addresses too (local development, tests). */
  allowPrivate: boolean;
  /** Deadline for the whole fetch, redirects and body included. Default 15 s. */
  timeoutMs?: number;
  /** Most bytes read, counted both as received and after decoding. Default 20 MB. */
  maxBytes?: number;
  /** Default 5. */
  maxRedirects?: number;
  userAgent?: string;
  accept?: string;
  /** Stands in for DNS (tests); default node's `dns.lookup` with all addresses. */
  lookup?: ResolveHost;
  /**
   * Which addresses are refused when `allowPrivate` is false. Default isPrivateAddress; a test
   * passes one that lets 127.0.0.1 stand for a public server, so it can check the hops after it.
   */
  isBlocked?: (address: string) => boolean;
  /** Cancels the fetch; its reason is thrown as is. */
  signal?: AbortSignal;
}

export interface FetchResult {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  /** The Content-Type header as sent (`text/html; charset=utf-8`). */
  contentType: string | undefined;
  /** Decoded (Content-Encoding removed) body. */
  body: Uint8Array;
  etag?: string;
  lastModified?: string;
}

/** The page answered with a non-2xx status (robots.txt reading needs to tell 404 from 503). */
export class HttpStatusError extends SourceContentError {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super('fetch_failed', message);
    this.name = 'HttpStatusError';
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchUrl(input: string, options: FetchOptions): Promise<FetchResult> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const maxBytes = options.maxBytes ?? 20 * 1024 * 1024;
  const maxRedirects = options.maxRedirects ?? 5;
  const resolve = options.lookup ?? ((hostname: string) => dnsLookup(hostname, { all: true }));
  const isBlocked = options.allowPrivate ? () => false : (options.isBlocked ?? isPrivateAddress);
  const headers = {
    'User-Agent': options.userAgent ?? DEFAULT_USER_AGENT,
    Accept: options.accept ?? DEFAULT_ACCEPT,
    'Accept-Encoding': 'gzip, deflate, br',
  };

  const first = parseAddress(input);
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline.signal]) : deadline.signal;
  const step: Step = { url: first, phase: 'connect' };
  try {
    const seen = new Set([first.href]);
    for (let hop = 0; ; hop++) {
      step.phase = 'connect';
      const addresses = await checkedAddresses(step.url, { first, hop, resolve, isBlocked, signal });
      const response = await open(step.url, addresses, headers, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (hop >= maxRedirects) {
          throw failed(`${siteName(first)} redirects more than ${maxRedirects} times; Kawan stops following there.`);
        }
        const next = redirectTarget(location, step.url, first);
        if (seen.has(next.href)) throw failed(`${siteName(first)} redirects in a loop, so the page never loads.`);
        seen.add(next.href);
        step.url = next;
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new HttpStatusError(
          status,
          `The page ${shortUrl(step.url)} answered ${status} ${STATUS_CODES[status] ?? ''}`.trimEnd() + '.',
        );
      }
      step.phase = 'body';
      const body = await readBody(response, maxBytes, signal, step.url);
      return {
        url: step.url.href,
        status,
        contentType: response.headers['content-type'],
        body,
        ...(response.headers.etag ? { etag: response.headers.etag } : {}),
        ...(response.headers['last-modified'] ? { lastModified: response.headers['last-modified'] } : {}),
      };
    }
  } catch (error) {
    if (error instanceof SourceContentError) throw error;
    if (options.signal?.aborted) throw options.signal.reason;
    if (deadline.signal.aborted) throw timedOut(step, timeoutMs);
    throw unreachable(error, step);
  } finally {
    clearTimeout(timer);
  }
}

interface Step {
  url: URL;
  phase: 'connect' | 'body';
}

/** The URL a user typed, if Kawan may fetch it. */
function parseAddress(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    throw failed(
      `“${truncate(input.trim(), 100)}” is not a web address Kawan can fetch; it should start with https://.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw failed(`Kawan fetches only http:// and https:// addresses, not ${url.protocol}//.`);
  }
  if (url.username || url.password) {
    throw failed(
      'The address contains a user name or password; Kawan does not send credentials. Remove them and try again.',
    );
  }
  url.hash = '';
  return url;
}

function redirectTarget(location: string, from: URL, first: URL): URL {
  let next: URL;
  try {
    next = new URL(location, from);
  } catch {
    throw failed(`${siteName(first)} redirects to an address that is not valid.`);
  }
  if (next.protocol !== 'http:' && next.protocol !== 'https:') {
    throw failed(`${siteName(first)} redirects to a ${next.protocol}// address, which Kawan does not fetch.`);
  }
  if (next.username || next.password) {
    throw failed(
      `${siteName(first)} redirects to an address with a user name or password, which Kawan does not fetch.`,
    );
  }
  next.hash = '';
  return next;
}

/** The addresses to connect to for this hop, each one allowed; DNS resolved here, once. */
async function checkedAddresses(
  url: URL,
  context: {
    first: URL;
    hop: number;
    resolve: ResolveHost;
    isBlocked: (address: string) => boolean;
    signal: AbortSignal;
  },
): Promise<LookupAddress[]> {
  const host = bareHost(url);
  const literal = isIP(host);
  let addresses: LookupAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await abortable(context.resolve(host), context.signal);
    } catch (error) {
      if (context.signal.aborted) throw error;
      throw failed(`Kawan could not reach ${siteName(url)}: ${dnsProblem(error)}`);
    }
    if (addresses.length === 0) throw failed(`Kawan could not reach ${siteName(url)}: the name has no address.`);
  }
  if (addresses.some(({ address }) => context.isBlocked(address))) {
    const message =
      context.hop > 0
        ? `${siteName(context.first)} redirects to a private or local network address, which Kawan does not fetch.`
        : literal
          ? `${siteName(url)} is a private or local network address, which Kawan does not fetch.`
          : `${siteName(url)} resolves to a private or local network address, which Kawan does not fetch.`;
    throw new SourceContentError('blocked_address', message);
  }
  return addresses;
}

function open(
  url: URL,
  addresses: LookupAddress[],
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const requestOptions: RequestOptions = {
    method: 'GET',
    hostname: bareHost(url),
    port: url.port || undefined,
    path: `${url.pathname}${url.search}`,
    headers,
    agent: false,
    // The connection goes to the addresses checked above, whatever the name resolves to now.
    lookup: pinnedLookup(addresses),
    signal,
  };
  return new Promise((resolve, reject) => {
    const request = (url.protocol === 'https:' ? httpsRequest : httpRequest)(requestOptions, resolve);
    request.on('error', reject);
    request.end();
  });
}

async function readBody(
  response: IncomingMessage,
  maxBytes: number,
  signal: AbortSignal,
  url: URL,
): Promise<Uint8Array> {
  const tooLarge = () =>
    new SourceContentError(
      'too_large',
      `The page ${shortUrl(url)} is larger than ${formatBytes(maxBytes)}, the most Kawan reads.`,
    );
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw tooLarge();
  }
  const decoders = decodersFor(response.headers['content-encoding'], url);
  const chunks: Buffer[] = [];
  let size = 0;
  let received = 0;
  const receivedCap = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      callback(received > maxBytes ? tooLarge() : null, chunk);
    },
  });
  const decodedCap = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) return callback(tooLarge());
      chunks.push(chunk);
      callback();
    },
  });
  try {
    await pipeline([response, receivedCap, ...decoders, decodedCap], { signal });
  } catch (error) {
    response.destroy();
    const code = (error as NodeJS.ErrnoException).code;
    // zlib's codes are Z_DATA_ERROR, Z_BUF_ERROR…; brotli's ERR__ERROR_FORMAT_….
    if (!(error instanceof SourceContentError) && !signal.aborted && /^(Z_|ERR__|ERR_BROTLI)/.test(code ?? '')) {
      throw failed(`The page ${shortUrl(url)} was sent compressed, but the compressed data is damaged.`);
    }
    throw error;
  }
  return Buffer.concat(chunks, size);
}

/** Decoders for a Content-Encoding list, applied last-listed first. */
function decodersFor(header: string | undefined, url: URL): Transform[] {
  const codings = (header ?? '')
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding && coding !== 'identity');
  return codings.reverse().map((coding) => {
    if (coding === 'gzip' || coding === 'x-gzip') return createGunzip();
    if (coding === 'deflate') return createInflate();
    if (coding === 'br') return createBrotliDecompress();
    throw failed(
      `The page ${shortUrl(url)} is sent in a compression Kawan cannot read (${truncate(coding.replace(/[^\w.-]/g, ''), 20)}).`,
    );
  });
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function dnsProblem(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOTFOUND' || code === 'ENODATA') return 'no such domain name exists (check the address for typos).';
  if (code === 'EAI_AGAIN') return 'its domain name could not be looked up right now; try again later.';
  return 'its domain name could not be looked up.';
}

function timedOut(step: Step, timeoutMs: number): SourceContentError {
  const seconds = `${Math.round(timeoutMs / 100) / 10} second${timeoutMs === 1000 ? '' : 's'}`;
  return failed(
    step.phase === 'body'
      ? `The page ${shortUrl(step.url)} took longer than ${seconds} to load.`
      : `Kawan could not reach ${siteName(step.url)}: it did not answer within ${seconds}.`,
  );
}

/** A Node connection, TLS or HTTP parsing error, as a user reads it. */
function unreachable(error: unknown, step: Step): SourceContentError {
  const code = String((error as NodeJS.ErrnoException | undefined)?.code ?? '');
  const site = siteName(step.url);
  if (step.phase === 'body') {
    return failed(`The connection to ${site} broke off before the page was fully received.`);
  }
  if (code === 'ECONNREFUSED') return failed(`Kawan could not reach ${site}: the connection was refused.`);
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH' || code === 'ETIMEDOUT') {
    return failed(`Kawan could not reach ${site}: the server cannot be reached from here.`);
  }
  if (
    /CERT|SSL|TLS|EPROTO/.test(code) ||
    /certificate|TLS|SSL/i.test(String((error as Error | undefined)?.message ?? ''))
  ) {
    return failed(`Kawan could not reach ${site}: its secure connection (HTTPS certificate) could not be verified.`);
  }
  if (code.startsWith('HPE_')) return failed(`Kawan could not read ${site}: its answer is not valid HTTP.`);
  return failed(`Kawan could not reach ${site}: the connection failed.`);
}

function failed(message: string): SourceContentError {
  return new SourceContentError('fetch_failed', message);
}

/** `[::1]` → `::1`; names stay punycode for the connection. */
function bareHost(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** The host as a person reads it (`bücher.example`, not `xn--bcher-kva.example`). */
function siteName(url: URL): string {
  return domainToUnicode(url.hostname) || url.hostname;
}

function shortUrl(url: URL): string {
  return truncate(
    `${url.protocol}//${siteName(url)}${url.port ? `:${url.port}` : ''}${url.pathname}${url.search}`,
    120,
  );
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length - 1)}…` : text;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} bytes`;
}

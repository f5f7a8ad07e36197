import { connect } from 'node:net';

/**
 * The machinery of the request fuzz (tests/feature/foundation/fuzz.test.ts; what it sends is in
 * fuzz-inputs.ts): a seeded random source, the run's settings, and a raw HTTP/1.1 client
 * (node:net) that sends exactly the bytes a case asks for, which supertest and node:http refuse to
 * (a `*` target, an odd method, a Host with a port above 65535, no Host at all, broken framing).
 */

/** Mulberry32: a small deterministic PRNG, so a seed reproduces a run. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** A sub-stream for one label (a route name), so one route's cases do not depend on the others'. */
  fork(label: string): Random {
    let hash = this.state ^ 0x9e3779b9;
    for (let index = 0; index < label.length; index++) hash = Math.imul(hash ^ label.charCodeAt(index), 0x01000193);
    return new Random(hash >>> 0);
  }

  /** One of the items, each as likely as its weight. */
  weighted<T>(items: [T, number][]): T {
    let roll = this.next() * items.reduce((sum, [, weight]) => sum + weight, 0);
    for (const [item, weight] of items) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return items[items.length - 1][0];
  }

  string(length: number, alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789'): string {
    let text = '';
    for (let index = 0; index < length; index++) text += alphabet[Math.floor(this.next() * alphabet.length)];
    return text;
  }
}

/** FUZZ_SEED when set (to reproduce a run), otherwise a fresh one; FUZZ_REQUESTS scales the run. */
/** The suite's own run: change it to move the fuzz to other inputs on purpose. */
export const defaultFuzzSeed = 20261124;

export function fuzzSettings(env: NodeJS.ProcessEnv = process.env, defaultRequests = 3000) {
  // A fixed seed unless asked otherwise, so that the suite (and CI) answers the same every run;
  // FUZZ_SEED=random explores a new corner each time.
  const seed =
    env.FUZZ_SEED === 'random'
      ? Math.floor(Math.random() * 2 ** 32)
      : env.FUZZ_SEED
        ? Number(env.FUZZ_SEED) >>> 0
        : defaultFuzzSeed;
  const requests = env.FUZZ_REQUESTS ? Math.max(1, Number(env.FUZZ_REQUESTS)) : defaultRequests;
  if (!Number.isFinite(requests)) throw new Error(`FUZZ_REQUESTS=${env.FUZZ_REQUESTS} is not a number`);
  return { seed, requests };
}

// ---------------------------------------------------------------------------------------------
// The raw client

export interface FuzzRequest {
  /** What kind of mutation this is, for the report. */
  label: string;
  method: string;
  target: string;
  /** Sent in this order; a Host header is only sent if listed. */
  headers: [string, string][];
  body?: string | Buffer;
  /** The request line's protocol (HTTP/1.1 unless a case says otherwise). */
  version?: string;
  /** Content-Length is added for a body unless the case sets its own framing. */
  rawFraming?: boolean;
}

export interface FuzzResponse {
  /** 0: the connection closed without a response. */
  status: number;
  headers: Record<string, string[]>;
  text: string;
}

/** Sends the request byte for byte over a new connection (Connection: close) and reads the whole answer. */
export function sendRaw(port: number, request: FuzzRequest, timeoutMs = 15_000): Promise<FuzzResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {
      // A reset after the server answered and closed (it may refuse the rest of a big body): what
      // arrived is the answer.
    });
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseResponse(Buffer.concat(chunks), request.method));
    });
    socket.on('connect', () => {
      const body = request.body === undefined ? undefined : Buffer.from(request.body);
      const headers = [...request.headers];
      if (body && !request.rawFraming) headers.push(['Content-Length', String(body.length)]);
      headers.push(['Connection', 'close']);
      const head = `${request.method} ${request.target} ${request.version ?? 'HTTP/1.1'}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n`;
      socket.write(Buffer.from(head, 'latin1'));
      if (body) socket.write(body);
    });
  });
}

function parseResponse(raw: Buffer, method: string): FuzzResponse {
  let rest = raw;
  // Skip interim (1xx) responses such as 100 Continue.
  for (;;) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) return { status: 0, headers: {}, text: rest.toString('latin1') };
    const head = rest.subarray(0, end).toString('latin1');
    const [statusLine, ...lines] = head.split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0);
    const body = rest.subarray(end + 4);
    if (status >= 100 && status < 200) {
      rest = body;
      continue;
    }
    const headers: Record<string, string[]> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim().toLowerCase();
      (headers[name] ??= []).push(line.slice(colon + 1).trim());
    }
    const chunked = headers['transfer-encoding']?.some((value) => /chunked/i.test(value));
    const text = method === 'HEAD' ? '' : (chunked ? dechunk(body) : body).toString('utf8');
    return { status, headers, text };
  }
}

function dechunk(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd < 0) break;
    const size = parseInt(body.subarray(offset, lineEnd).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The request as text someone can replay: method, target, headers and the body (long ones cut, with their size). */
export function describeRequest(request: FuzzRequest, limit = 2_000): string {
  const cut = (text: string) =>
    text.length > limit
      ? `${JSON.stringify(text.slice(0, limit))}… (${text.length} characters in all)`
      : JSON.stringify(text);
  const body =
    request.body === undefined
      ? '(no body)'
      : `body ${cut(Buffer.isBuffer(request.body) ? request.body.toString('latin1') : request.body)}`;
  return [
    `[${request.label}]`,
    `${request.method} ${cut(request.target)} ${request.version ?? 'HTTP/1.1'}`,
    ...request.headers.map(([name, value]) => `${name}: ${cut(value)}`),
    body,
  ].join('\n  ');
}

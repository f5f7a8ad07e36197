/**
 * Embeddings from any server that speaks OpenAI's `POST /embeddings` (OpenAI, Ollama, vLLM,
 * llama.cpp, LM Studio): inputs in batches, vectors back in input order (by each item's `index`),
 * the response checked before a vector reaches the database, one retry on 429/5xx or a dropped
 * connection, and errors whose message can be shown to a team as is (never the key).
 */
import type { EmbedOptions, Embedder } from './embedder';
import { defaultRetryDelayMs, retryDelay, sleep } from '../../support/retry-after';
import { httpFetch } from '../../support/http-fetch';

export interface OpenAiCompatibleOptions {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1; `/embeddings` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** Sent as `dimensions` (models that can shorten their vectors) and checked; learned from the first answer when absent. */
  dimensions?: number;
  /** Inputs per request (default 64). */
  batchSize?: number;
  /** Per request, retry included separately (default 30 000). */
  timeoutMs?: number;
  /** Longest wait before the retry, whatever Retry-After asks (default 10 000). */
  maxRetryDelayMs?: number;
  /** What `provider` reports; 'openai-compatible' unless the caller knows better ('openai', 'ollama'). */
  provider?: string;
  fetch?: typeof fetch;
}

export type EmbeddingErrorCode = 'http' | 'timeout' | 'network' | 'invalid_response';

/** An embedding request failed; the message names the server's status and its own message, and is safe to show. */
export class EmbeddingError extends Error {
  constructor(
    readonly code: EmbeddingErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'EmbeddingError';
  }
}

/** Characters of a server's error message kept in ours. */
const MAX_SERVER_MESSAGE = 300;

export class OpenAiCompatibleEmbedder implements Embedder {
  readonly provider: string;
  readonly model: string;
  private readonly url: string;
  private readonly host: string;
  private readonly apiKey?: string;
  private readonly configuredDimensions?: number;
  private learnedDimensions?: number;
  private readonly batchSize: number;
  private readonly timeoutMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetch: typeof fetch;

  constructor(options: OpenAiCompatibleOptions) {
    const base = new URL(options.baseUrl);
    this.url = `${base.origin}${base.pathname.replace(/\/+$/, '')}/embeddings${base.search}`;
    this.host = base.host;
    this.apiKey = options.apiKey || undefined;
    this.model = options.model;
    this.provider = options.provider ?? 'openai-compatible';
    if (options.dimensions !== undefined && (!Number.isInteger(options.dimensions) || options.dimensions <= 0)) {
      throw new RangeError(`dimensions must be a positive integer, got ${options.dimensions}`);
    }
    this.configuredDimensions = options.dimensions;
    this.batchSize = Math.max(1, options.batchSize ?? 64);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRetryDelayMs = options.maxRetryDelayMs ?? 10_000;
    this.fetch = options.fetch ?? httpFetch;
  }

  /** The vectors' length: configured, or learned from the first answer; throws before either. */
  get dimensions(): number {
    const dimensions = this.configuredDimensions ?? this.learnedDimensions;
    if (dimensions === undefined)
      throw new Error(`The dimensions of ${this.model} are known after the first embed() or probe()`);
    return dimensions;
  }

  get label(): string {
    const dimensions = this.configuredDimensions ?? this.learnedDimensions;
    return `${this.model} (OpenAI-compatible server at ${this.host}${dimensions ? `, ${dimensions} dimensions` : ''})`;
  }

  /** Embeds one word to learn (and return) the vectors' length; also a connection check for a settings page. */
  async probe(options: EmbedOptions = {}): Promise<number> {
    await this.embed(['ping'], options);
    return this.dimensions;
  }

  async embed(texts: string[], options: EmbedOptions = {}): Promise<number[][]> {
    const vectors: number[][] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      options.signal?.throwIfAborted();
      vectors.push(...(await this.embedBatch(texts.slice(start, start + this.batchSize), options.signal)));
    }
    return vectors;
  }

  private async embedBatch(texts: string[], signal: AbortSignal | undefined): Promise<number[][]> {
    // OpenAI rejects an empty string in `input`; a space embeds as "nothing" on every server tried.
    const input = texts.map((text) => (text === '' ? ' ' : text));
    const body = JSON.stringify({
      model: this.model,
      input,
      encoding_format: 'float',
      ...(this.configuredDimensions ? { dimensions: this.configuredDimensions } : {}),
    });
    return this.readVectors(await this.request(body, signal), texts.length);
  }

  /**
   * POSTs the body and returns the parsed JSON answer. One retry in all: after a 429 or a 5xx
   * (waiting what Retry-After asks, capped) or a dropped connection; never after a timeout, which
   * already took timeoutMs.
   */
  private async request(body: string, signal: AbortSignal | undefined): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const last = attempt === 2;
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const failed = (): never => {
        if (signal?.aborted) throw signal.reason;
        throw new EmbeddingError(
          'timeout',
          `The embedding server at ${this.host} did not answer within ${formatDuration(this.timeoutMs)}`,
        );
      };

      let response: Response;
      try {
        response = await this.fetch(this.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
          },
          body,
          signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
        });
      } catch (error) {
        if (signal?.aborted || timeout.aborted) failed();
        if (last)
          throw new EmbeddingError(
            'network',
            `Could not reach the embedding server at ${this.host}${networkReason(error)}`,
          );
        await sleep(Math.min(defaultRetryDelayMs, this.maxRetryDelayMs), signal);
        continue;
      }

      if (!last && (response.status === 429 || response.status >= 500)) {
        await response.body?.cancel().catch(() => undefined);
        await sleep(retryDelay(response.headers.get('retry-after'), this.maxRetryDelayMs), signal);
        continue;
      }
      if (!response.ok) throw await this.httpError(response);
      try {
        return await response.json();
      } catch {
        if (signal?.aborted || timeout.aborted) failed();
        throw new EmbeddingError(
          'invalid_response',
          `The embedding server at ${this.host} answered with a body that is not JSON`,
        );
      }
    }
  }

  private async httpError(response: Response): Promise<EmbeddingError> {
    let detail = '';
    const text = await response.text().catch(() => '');
    try {
      const parsed = JSON.parse(text) as { error?: { message?: unknown } | string; message?: unknown };
      const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
      if (typeof message === 'string') detail = message;
    } catch {
      // Not JSON: a short plain-text body says something (a proxy's "Bad Gateway"); an HTML page does not.
      if (!/^\s*</.test(text)) detail = text;
    }
    detail = this.redact(detail.replace(/\s+/g, ' ').trim()).slice(0, MAX_SERVER_MESSAGE);
    const status = `${response.status}${response.statusText ? ` ${response.statusText}` : ''}`;
    return new EmbeddingError(
      'http',
      `The embedding server at ${this.host} answered ${status}${detail ? `: ${detail}` : ''}`,
      response.status,
    );
  }

  /** A server may echo what it was sent; the key never leaves in a message. */
  private redact(text: string): string {
    return this.apiKey ? text.split(this.apiKey).join('[redacted]') : text;
  }

  private readVectors(json: unknown, count: number): number[][] {
    const invalid = (why: string): EmbeddingError =>
      new EmbeddingError('invalid_response', `The embedding server at ${this.host} sent an unexpected answer: ${why}`);
    const data = (json as { data?: unknown } | null)?.data;
    if (!Array.isArray(data)) throw invalid('no "data" list');
    if (data.length !== count) throw invalid(`${data.length} embeddings for ${count} inputs`);

    const vectors = new Array<number[] | undefined>(count);
    for (const [position, item] of data.entries()) {
      const { index = position, embedding } = (item ?? {}) as { index?: unknown; embedding?: unknown };
      if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= count)
        throw invalid(`index ${String(index)} out of range`);
      if (vectors[index as number]) throw invalid(`index ${String(index)} twice`);
      const vector = typeof embedding === 'string' ? decodeBase64Floats(embedding) : embedding;
      if (
        !Array.isArray(vector) ||
        vector.length === 0 ||
        !vector.every((value) => typeof value === 'number' && Number.isFinite(value))
      ) {
        throw invalid(`embedding ${String(index)} is not a list of numbers`);
      }
      vectors[index as number] = vector as number[];
    }

    const expected = this.configuredDimensions ?? this.learnedDimensions ?? vectors[0]!.length;
    for (const vector of vectors as number[][]) {
      if (vector.length !== expected)
        throw invalid(`vectors of ${vector.length} dimensions where ${expected} were expected`);
    }
    this.learnedDimensions ??= expected;
    return vectors as number[][];
  }
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** ": ECONNREFUSED" and the like from undici's `cause`, or nothing. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? ` (${cause.code})` : '';
}

/** `encoding_format: "base64"` answers (some servers send them regardless): little-endian float32s. */
function decodeBase64Floats(encoded: string): number[] | undefined {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.length === 0 || bytes.length % 4 !== 0) return undefined;
  return Array.from({ length: bytes.length / 4 }, (_, i) => bytes.readFloatLE(i * 4));
}

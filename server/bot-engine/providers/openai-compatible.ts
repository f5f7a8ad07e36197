/**
 * Chat completions from any server that speaks OpenAI's `POST /chat/completions` (OpenAI, Ollama,
 * vLLM, llama.cpp, LM Studio), streamed. A small fetch client, no SDK.
 *
 * One call of `stream()`:
 *   - POSTs `{model, messages, temperature, max_tokens, stream: true, stream_options: {include_usage: true}}`;
 *   - yields a `delta` for each piece of content, then one `usage` (the server's usage chunk, whether its
 *     `choices` is `[]`, `null` or the last content chunk carries it; counted with the tokenizer and
 *     marked `estimated` when the server sent none), then `done` with the finish reason and the model;
 *   - before any delta: one retry after a 429, a 5xx or a dropped connection, waiting what Retry-After
 *     asks (seconds or an HTTP date, capped at 10 s); when that fails too and a fallback model is set,
 *     one try with it (the `done` event names it). Never a retry once a delta went out: the reader
 *     has seen it;
 *   - `timeoutMs` (default 60 s) bounds the whole call, retries included; `idleTimeoutMs` (default
 *     20 s) bounds the silence between two reads once the body has started ('stalled'). The time
 *     before the first byte is only bounded by the overall timeout: a local server on a CPU may think
 *     for a while before its first token;
 *   - when it fails after a delta, a `usage` event (estimated unless the server had sent one) comes
 *     before the error, so the tokens spent are still counted;
 *   - the caller's `signal` aborts the request and rejects with the signal's reason (not a
 *     ProviderError: nobody needs to be told that they cancelled).
 * Every error is a ProviderError whose message can be shown to a team as is; the key is never in it
 * (a server that echoes it gets it replaced with "[redacted]").
 * A server that ignores `stream: true` and answers with one JSON completion is read as well.
 */
import { STATUS_CODES } from 'node:http';
import { defaultRetryDelayMs, retryDelay, sleep } from '../../support/retry-after';
import type { ChatEvent, ChatMessage, ChatProvider, ChatRequest } from './provider';
import { ProviderError } from './provider';
import { SseDecoder } from './sse';
import { defaultTokenCounter, estimatePromptTokens, type TokenCounter } from './token-estimate';
import { httpFetch } from '../../support/http-fetch';

export interface OpenAiCompatibleProviderOptions {
  /** e.g. https://api.openai.com/v1 or http://localhost:11434/v1; `/chat/completions` and `/models` are appended. */
  baseUrl: string;
  apiKey?: string;
  /** Tried once when the requested model still fails with 429/5xx after its retry. */
  fallbackModel?: string;
  /** The whole call, retries included (default 60 000). */
  timeoutMs?: number;
  /** Longest silence mid-stream before giving up with 'stalled' (default 20 000). */
  idleTimeoutMs?: number;
  /** Longest wait before the retry, whatever Retry-After asks (default 10 000). */
  maxRetryDelayMs?: number;
  fetch?: typeof fetch;
  /** Counts tokens when the server sends no usage (default: o200k_base). */
  tokenCounter?: TokenCounter;
}

/** What "Test connection" shows: whether it worked and what the server said. */
export interface ConnectionTestResult {
  ok: boolean;
  /** The HTTP status of the last answer, when there was one. */
  status?: number;
  message: string;
  /** The models the server lists, when it lists them. */
  models?: string[];
  latencyMs: number;
}

/** Wait before the retry when the server does not say (Retry-After absent or unreadable). */
/** Characters of a server's error message kept in ours. */
const MAX_SERVER_MESSAGE = 300;

interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** What one call of `stream()` has produced so far, across its attempts. */
interface Progress {
  text: string;
  deltas: number;
  usage?: Usage;
  usageSent: boolean;
}

/** A response read whole. */
interface Answer {
  ok: boolean;
  status: number;
  statusText: string;
  headers: Headers;
  text: string;
}

interface StreamState {
  finishReason?: string;
}

/** A failure worth another attempt (nothing was yielded yet). */
interface Retryable {
  error: ProviderError;
  delayMs: number;
}

export class OpenAiCompatibleProvider implements ChatProvider {
  readonly kind = 'openai-compatible';
  readonly extractive = false;
  private readonly chatUrl: string;
  private readonly modelsUrl: string;
  private readonly host: string;
  private readonly apiKey?: string;
  private readonly fallbackModel?: string;
  private readonly timeoutMs: number;
  private readonly idleTimeoutMs: number;
  private readonly maxRetryDelayMs: number;
  private readonly fetch: typeof fetch;
  private readonly countTokens: TokenCounter;

  constructor(options: OpenAiCompatibleProviderOptions) {
    const base = new URL(options.baseUrl);
    const prefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
    this.chatUrl = `${prefix}/chat/completions${base.search}`;
    this.modelsUrl = `${prefix}/models${base.search}`;
    this.host = base.host;
    this.apiKey = options.apiKey || undefined;
    this.fallbackModel = options.fallbackModel || undefined;
    this.timeoutMs = positive(options.timeoutMs, 60_000, 'timeoutMs');
    this.idleTimeoutMs = positive(options.idleTimeoutMs, 20_000, 'idleTimeoutMs');
    this.maxRetryDelayMs = Math.max(0, options.maxRetryDelayMs ?? 10_000);
    this.fetch = options.fetch ?? httpFetch;
    this.countTokens = options.tokenCounter ?? defaultTokenCounter;
  }

  async *stream(request: ChatRequest): AsyncGenerator<ChatEvent, void, undefined> {
    request.signal?.throwIfAborted();
    const deadline = Date.now() + this.timeoutMs;
    const progress: Progress = { text: '', deltas: 0, usageSent: false };
    const steps = [
      { model: request.model, retry: false },
      { model: request.model, retry: true },
      ...(this.fallbackModel && this.fallbackModel !== request.model
        ? [{ model: this.fallbackModel, retry: false }]
        : []),
    ];
    try {
      let failed: Retryable | undefined;
      for (const step of steps) {
        if (failed) {
          const wait = step.retry ? failed.delayMs : 0;
          // No time left for another try: the server's own answer says more than a timeout would.
          if (wait >= deadline - Date.now()) throw failed.error;
          await sleep(wait, request.signal);
        }
        failed = yield* this.attempt(step.model, request, deadline, progress);
        if (!failed) return;
      }
      throw failed!.error;
    } catch (error) {
      if (progress.deltas > 0 && !progress.usageSent) {
        progress.usageSent = true;
        yield this.usageEvent(request.messages, progress);
      }
      throw error;
    }
  }

  /** One request with one model; returns the failure when another attempt may do better. */
  private async *attempt(
    model: string,
    request: ChatRequest,
    deadline: number,
    progress: Progress,
  ): AsyncGenerator<ChatEvent, Retryable | undefined, undefined> {
    const watchdog = new Watchdog(deadline, request.signal, () => this.timeoutError(progress.deltas > 0));
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
    const decoder = new SseDecoder();
    try {
      let response: Response;
      try {
        response = await watchdog.race(
          this.fetch(this.chatUrl, {
            method: 'POST',
            headers: this.headers('text/event-stream'),
            body: JSON.stringify({
              model,
              messages: request.messages.map(({ role, content }): ChatMessage => ({ role, content })),
              temperature: request.temperature,
              max_tokens: request.maxTokens,
              stream: true,
              stream_options: { include_usage: true },
            }),
            signal: watchdog.signal,
          }),
        );
      } catch (error) {
        if (watchdog.tripped) throw watchdog.error;
        return { error: this.networkError(error), delayMs: Math.min(defaultRetryDelayMs, this.maxRetryDelayMs) };
      }

      if (!response.ok) {
        const error = this.httpError(await this.readAnswer(response, watchdog));
        if (response.status === 429 || response.status >= 500) {
          return { error, delayMs: retryDelay(response.headers.get('retry-after'), this.maxRetryDelayMs) };
        }
        throw error;
      }

      const type = response.headers.get('content-type')?.toLowerCase() ?? '';
      if (type.includes('text/html')) {
        await response.body?.cancel().catch(() => undefined);
        throw this.invalid('a web page instead of a chat completion');
      }
      if (type.includes('application/json')) {
        yield* this.readCompletion(this.json(await this.readAnswer(response, watchdog)), model, request, progress);
        return undefined;
      }
      if (!response.body) throw this.invalid('an empty body');

      reader = response.body.getReader();
      const state: StreamState = {};
      for (;;) {
        let read: ReadableStreamReadResult<Uint8Array>;
        try {
          read = await watchdog.race(reader.read());
        } catch {
          if (watchdog.tripped) throw watchdog.error;
          // The connection broke mid-body ("terminated"): like a close without a finish, below.
          reader = undefined;
          break;
        }
        const { done, value } = read;
        if (done) {
          reader = undefined;
          watchdog.ended();
          yield* watchdog.quiet(this.take(decoder.end(), state, progress));
          break;
        }
        watchdog.expectMore(this.idleTimeoutMs, () => this.stalledError());
        yield* watchdog.quiet(this.take(decoder.push(value), state, progress));
        if (decoder.done) break;
      }
      watchdog.calm();
      const finishReason = state.finishReason;

      if (!decoder.done && finishReason === undefined) {
        if (decoder.events === 0 && decoder.malformed > 0)
          throw this.invalid('a stream that is not in OpenAI’s format');
        const error = new ProviderError(
          'network',
          progress.deltas > 0
            ? 'The model server closed the connection before finishing its answer'
            : 'The model server closed the connection before answering',
        );
        if (progress.deltas > 0) throw error;
        return { error, delayMs: Math.min(defaultRetryDelayMs, this.maxRetryDelayMs) };
      }
      progress.usageSent = true;
      yield this.usageEvent(request.messages, progress);
      yield { type: 'done', finishReason: finishReason ?? 'stop', model };
      return undefined;
    } finally {
      // After [DONE] a server ends the body at once: read that end (briefly) rather than cancel.
      if (reader && decoder.done && (await endOfBody(reader))) {
        reader = undefined;
        watchdog.ended();
      }
      watchdog.dispose();
      if (reader) await reader.cancel().catch(() => undefined);
    }
  }

  /** The deltas of some chunks of the stream; the finish reason goes to `state`, the usage to `progress`. */
  private *take(chunks: unknown[], state: StreamState, progress: Progress): Generator<ChatEvent> {
    for (const chunk of chunks) {
      const read = this.readChunk(chunk, progress);
      state.finishReason = read.finishReason ?? state.finishReason;
      if (read.text === '') continue;
      progress.text += read.text;
      progress.deltas++;
      yield { type: 'delta', text: read.text };
    }
  }

  /** One chunk of the stream: its content, finish reason and usage (kept in `progress`). */
  private readChunk(chunk: unknown, progress: Progress): { text: string; finishReason?: string } {
    if (!isRecord(chunk)) return { text: '' };
    if (chunk.error !== undefined && chunk.error !== null) {
      const detail = this.redact(serverMessage(chunk));
      throw new ProviderError('http', `The model server reported an error${detail ? `: ${detail}` : ''}`);
    }
    const usage = readUsage(chunk.usage);
    if (usage) progress.usage = usage;
    let text = '';
    let finishReason: string | undefined;
    // `choices` is [] on OpenAI's usage chunk and null on vLLM's.
    for (const choice of Array.isArray(chunk.choices) ? chunk.choices : []) {
      if (!isRecord(choice) || (choice.index !== undefined && choice.index !== 0)) continue;
      const delta = isRecord(choice.delta) ? choice.delta : isRecord(choice.message) ? choice.message : undefined;
      if (typeof delta?.content === 'string') text += delta.content;
      if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') finishReason = choice.finish_reason;
    }
    return { text, finishReason };
  }

  /** A server that answered `stream: true` with one JSON completion. */
  private *readCompletion(
    json: unknown,
    model: string,
    request: ChatRequest,
    progress: Progress,
  ): Generator<ChatEvent> {
    const choice = isRecord(json) && Array.isArray(json.choices) ? json.choices[0] : undefined;
    const content = isRecord(choice) && isRecord(choice.message) ? choice.message.content : undefined;
    if (typeof content !== 'string') throw this.invalid('no message in the completion');
    const usage = isRecord(json) ? readUsage(json.usage) : undefined;
    if (usage) progress.usage = usage;
    if (content !== '') {
      progress.text += content;
      progress.deltas++;
      yield { type: 'delta', text: content };
    }
    progress.usageSent = true;
    yield this.usageEvent(request.messages, progress);
    const finishReason = isRecord(choice) && typeof choice.finish_reason === 'string' ? choice.finish_reason : 'stop';
    yield { type: 'done', finishReason, model };
  }

  private usageEvent(messages: readonly ChatMessage[], progress: Progress): ChatEvent {
    if (progress.usage) return { type: 'usage', ...progress.usage, estimated: false };
    return {
      type: 'usage',
      promptTokens: estimatePromptTokens(messages, this.countTokens),
      completionTokens: progress.text === '' ? 0 : this.countTokens(progress.text),
      estimated: true,
    };
  }

  /** The ids of the models the server lists (`GET /models`). */
  async listModels(signal?: AbortSignal): Promise<string[]> {
    const answer = await this.send(this.modelsUrl, { method: 'GET' }, signal);
    if (!answer.ok) throw this.httpError(answer);
    const models = readModels(this.json(answer));
    if (!models) throw this.invalid('no list of models', answer.status);
    return models;
  }

  /**
   * What a "Test connection" button shows: lists the models, and when a model is named and the
   * server does not list it (or lists nothing), asks that model for one token. Never throws for a
   * server's failure (only for the caller's abort); the message says what the server answered.
   */
  async testConnection(model?: string, signal?: AbortSignal): Promise<ConnectionTestResult> {
    const started = performance.now();
    const latencyMs = (): number => Math.round(performance.now() - started);
    const failed = (error: ProviderError): ConnectionTestResult => ({
      ok: false,
      ...(error.status !== undefined ? { status: error.status } : {}),
      message: error.message,
      latencyMs: latencyMs(),
    });
    try {
      const listing = await this.send(this.modelsUrl, { method: 'GET' }, signal);
      let models: string[] | undefined;
      if (listing.ok) {
        models = readModels(this.json(listing));
        if (!models) return failed(this.invalid('no list of models', listing.status));
        const status = listing.status;
        if (!model) {
          const count = `${models.length} model${models.length === 1 ? '' : 's'}`;
          return { ok: true, status, message: `Connected: ${count} available`, models, latencyMs: latencyMs() };
        }
        if (models.includes(model))
          return { ok: true, status, message: `Connected: ${model} is available`, models, latencyMs: latencyMs() };
      } else if (!model || (listing.status !== 404 && listing.status !== 405)) {
        // A server without /models (404, 405) may still chat; a rejected key or a broken server will not.
        return failed(this.httpError(listing));
      }

      const probe = await this.send(
        this.chatUrl,
        {
          method: 'POST',
          body: JSON.stringify({ model, messages: [{ role: 'user', content: 'Hi' }], max_tokens: 1, stream: false }),
        },
        signal,
      );
      const listed = models ? { models } : {};
      if (!probe.ok) return { ...failed(this.httpError(probe)), ...listed };
      return {
        ok: true,
        status: probe.status,
        message: `Connected: ${model} answered${models ? ' (the server does not list it)' : ''}`,
        ...listed,
        latencyMs: latencyMs(),
      };
    } catch (error) {
      if (error instanceof ProviderError) return failed(error);
      throw error;
    }
  }

  /** A request whose answer is read whole, within the overall timeout; network failures as ProviderError. */
  private async send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Answer> {
    signal?.throwIfAborted();
    const watchdog = new Watchdog(Date.now() + this.timeoutMs, signal, () => this.timeoutError(false));
    try {
      let response: Response;
      try {
        response = await watchdog.race(
          this.fetch(url, { ...init, headers: this.headers('application/json'), signal: watchdog.signal }),
        );
      } catch (error) {
        if (watchdog.tripped) throw watchdog.error;
        throw this.networkError(error);
      }
      return await this.readAnswer(response, watchdog);
    } finally {
      watchdog.dispose();
    }
  }

  private headers(accept: string): Record<string, string> {
    return {
      'content-type': 'application/json',
      accept,
      ...(this.apiKey ? { authorization: `Bearer ${this.apiKey}` } : {}),
    };
  }

  /** The whole body, within the watchdog's limits; a connection lost while reading a success is a network error. */
  private async readAnswer(response: Response, watchdog: Watchdog): Promise<Answer> {
    let text: string;
    try {
      text = await watchdog.race(response.text());
      watchdog.ended();
    } catch (error) {
      if (watchdog.tripped) throw watchdog.error;
      // An error status says enough without its body.
      if (!response.ok) text = '';
      else throw this.networkError(error);
    }
    return {
      ok: response.ok,
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
      text,
    };
  }

  private json(answer: Answer): unknown {
    try {
      return JSON.parse(answer.text) as unknown;
    } catch {
      throw this.invalid('a body that is not JSON', answer.status);
    }
  }

  private httpError(answer: Answer): ProviderError {
    let detail = '';
    try {
      detail = serverMessage(JSON.parse(answer.text));
    } catch {
      // Not JSON: a short plain-text body says something (a proxy's "Bad Gateway"); an HTML page does not.
      if (!/^\s*</.test(answer.text)) detail = answer.text;
    }
    detail = this.redact(detail.replace(/\s+/g, ' ').trim()).slice(0, MAX_SERVER_MESSAGE);
    const reason = answer.statusText || STATUS_CODES[answer.status] || '';
    const retryAfter = answer.status === 429 ? retryAfterSeconds(answer.headers.get('retry-after')) : undefined;
    return new ProviderError(
      'http',
      `The model server answered ${answer.status}${reason ? ` ${reason}` : ''}${detail ? `: ${detail}` : ''}`,
      answer.status,
      retryAfter,
    );
  }

  private networkError(error: unknown): ProviderError {
    return new ProviderError('network', `Could not reach the model server at ${this.host}${networkReason(error)}`);
  }

  private timeoutError(answering: boolean): ProviderError {
    const within = formatDuration(this.timeoutMs);
    return new ProviderError(
      'timeout',
      answering
        ? `The model server did not finish its answer within ${within}`
        : `The model server did not answer within ${within}`,
    );
  }

  private stalledError(): ProviderError {
    return new ProviderError('stalled', `The model server stopped sending for ${formatDuration(this.idleTimeoutMs)}`);
  }

  private invalid(what: string, status?: number): ProviderError {
    return new ProviderError('invalid_response', `The model server sent ${what}`, status);
  }

  /** A server may echo what it was sent; the key never leaves in a message. */
  private redact(text: string): string {
    return this.apiKey ? text.split(this.apiKey).join('[redacted]') : text;
  }
}

/**
 * Guards one request: the overall deadline, the silence between reads once the body has started,
 * and the caller's signal. Whichever trips first aborts the request and rejects every pending
 * `race` with its error (the caller's own reason for an abort). Fetch implementations that ignore
 * signals are covered too, because the reads themselves are raced.
 */
class Watchdog {
  private readonly controller = new AbortController();
  private failure?: unknown;
  private bodyEnded = false;
  private rejectTrip!: (error: unknown) => void;
  private readonly trip: Promise<never>;
  private readonly overall: ReturnType<typeof setTimeout>;
  private idle?: ReturnType<typeof setTimeout>;
  private idleArm?: () => void;
  private readonly onAbort: () => void;

  constructor(
    deadline: number,
    private readonly callerSignal: AbortSignal | undefined,
    timeoutError: () => Error,
  ) {
    this.trip = new Promise<never>((_, reject) => (this.rejectTrip = reject));
    this.trip.catch(() => undefined);
    this.overall = setTimeout(() => this.fail(timeoutError()), Math.max(0, deadline - Date.now()));
    this.onAbort = () => this.fail(this.callerSignal!.reason);
    if (callerSignal?.aborted) this.onAbort();
    else callerSignal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether the deadline, the silence or the caller ended the request (then `race` rejects with `failure`). */
  get tripped(): boolean {
    return this.failure !== undefined;
  }

  /** What tripped it, when it did. */
  get error(): unknown {
    return this.failure;
  }

  race<T>(promise: Promise<T>): Promise<T> {
    return Promise.race([promise, this.trip]);
  }

  /** The answer's body was read to its end: the connection goes back to the pool as it is. */
  ended(): void {
    this.bodyEnded = true;
  }

  /** The body has ended: no more silence to watch. */
  calm(): void {
    clearTimeout(this.idle);
    this.idleArm = undefined;
  }

  /** Bytes arrived: the next ones must come within `ms`. */
  expectMore(ms: number, stalledError: () => Error): void {
    this.idleArm = () => {
      clearTimeout(this.idle);
      this.idle = setTimeout(() => this.fail(stalledError()), ms);
    };
    this.idleArm();
  }

  /**
   * Passes events on with the idle timer stopped while the consumer holds them: a slow reader is
   * not a stalled server. The overall deadline keeps running.
   */
  *quiet<T>(events: Iterable<T>): Generator<T> {
    for (const event of events) {
      clearTimeout(this.idle);
      yield event;
      if (this.failure === undefined) this.idleArm?.();
    }
  }

  private fail(error: unknown): void {
    if (this.failure !== undefined) return;
    this.failure = error ?? new Error('aborted');
    this.controller.abort(this.failure);
    this.rejectTrip(this.failure);
  }

  dispose(): void {
    clearTimeout(this.overall);
    clearTimeout(this.idle);
    this.callerSignal?.removeEventListener('abort', this.onAbort);
    // Closes the connection if the body was left unread. Not otherwise: an abort costs an
    // AbortError made with its stack (and the listeners' work) for nothing.
    if (this.failure === undefined && !this.bodyEnded) this.controller.abort();
  }
}

/** How long a stream's end may take to follow its [DONE] before the body is cancelled instead. */
const endAfterDoneMs = 20;

/**
 * Whether the body ends now or within `endAfterDoneMs` with nothing more in it (what follows a
 * [DONE]); false for more data, a failure or no end in time (the caller cancels the body then).
 */
async function endOfBody(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), endAfterDoneMs)));
  try {
    const read = await Promise.race([reader.read().then((result) => result.done), late]);
    return read === true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

function readUsage(value: unknown): Usage | undefined {
  if (!isRecord(value)) return undefined;
  const prompt = value.prompt_tokens;
  const completion = value.completion_tokens;
  if (!isCount(prompt) || !isCount(completion)) return undefined;
  return { promptTokens: prompt, completionTokens: completion };
}

function readModels(json: unknown): string[] | undefined {
  if (!isRecord(json)) return undefined;
  // OpenAI, vLLM, LM Studio, Ollama's /v1: `data`; llama.cpp also sends `models`.
  const list = Array.isArray(json.data) ? json.data : Array.isArray(json.models) ? json.models : undefined;
  if (!list) return undefined;
  const ids: string[] = [];
  for (const item of list) {
    const id = typeof item === 'string' ? item : isRecord(item) ? (item.id ?? item.model ?? item.name) : undefined;
    if (typeof id === 'string' && id !== '' && !ids.includes(id)) ids.push(id);
  }
  return ids;
}

/** `{error: {message}}` (OpenAI), `{error: "…"}`, `{message}` (vLLM), `{detail}` (FastAPI servers). */
function serverMessage(json: unknown): string {
  if (!isRecord(json)) return '';
  const { error } = json;
  if (typeof error === 'string') return error;
  if (isRecord(error) && typeof error.message === 'string') return error.message;
  if (typeof json.message === 'string') return json.message;
  if (typeof json.detail === 'string') return json.detail;
  return '';
}

function retryAfterSeconds(header: string | null, now = Date.now()): number | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

function positive(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value <= 0) throw new RangeError(`${name} must be a positive number, got ${value}`);
  return value;
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** ": ECONNREFUSED" and the like from undici's `cause`, or nothing. */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | null)?.cause;
  return typeof cause?.code === 'string' ? ` (${cause.code})` : '';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isCount(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0;
}

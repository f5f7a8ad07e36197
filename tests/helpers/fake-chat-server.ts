import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readMultipart, UploadedPart } from './multipart';

/**
 * A local OpenAI-compatible chat server (node:http on 127.0.0.1, a free port) speaking the real
 * wire format of `POST /v1/chat/completions`, as JSON or, with `stream: true`, as server-sent
 * events (a role chunk, one chunk per word, a finish chunk, the usage chunk with `choices: []` when
 * `stream_options.include_usage` asks for it, `data: [DONE]`), and of `GET /v1/models`.
 *
 * Scripted by a default behaviour (`startFakeChatServer(options)`, `setReply`, `setBehaviour`) and
 * one-shot behaviours for the next chat requests (`enqueue`, `fail`): an error status with a
 * Retry-After, a stream that stalls or drops after N content chunks, no usage, vLLM's `choices: null`
 * usage chunk, usage on the last content chunk, delays. Every request is recorded (method, path,
 * headers, authorization, parsed body). With `apiKey` set, a request without `Bearer <apiKey>`
 * gets OpenAI's 401.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  authorization?: string;
  /** The parsed JSON body (`undefined` for none, the raw text when it is not JSON). */
  body: unknown;
}

/** The body of a chat completion request as the fake reads it. */
export interface ChatCompletionBody {
  model: string;
  messages: Array<{ role: string; content: string }>;
  temperature?: number;
  max_tokens?: number;
  stream?: boolean;
  stream_options?: { include_usage?: boolean };
  [key: string]: unknown;
}

export type Reply = string | ((body: ChatCompletionBody, request: RecordedRequest) => string);

export interface ChatBehaviour {
  /** The answer's text, split into one content chunk per word (default 'Hello from the fake model.'). */
  reply?: Reply;
  /** Answer with this error status instead, OpenAI's error body (`{error: {message, type, code}}`). */
  status?: number;
  /** The error's message (default: "fake <status>"). */
  errorMessage?: string;
  /** Sent as the Retry-After header with the error status: seconds or an HTTP date. */
  retryAfter?: number | string;
  /** Milliseconds before the response headers. */
  delayMs?: number;
  /** Milliseconds between two stream chunks. */
  chunkDelayMs?: number;
  /** Send the headers and this many content chunks, then nothing more, the connection left open. */
  stallAfterChunks?: number;
  /** Send this many content chunks, then close the connection (no finish, no usage, no [DONE]). */
  dropAfterChunks?: number;
  /**
   * How usage comes when the request asks for it: 'chunk' (OpenAI: a last chunk, `choices: []`),
   * 'choices-null' (vLLM), 'last-content-chunk' (on the finish chunk, no chunk of its own), 'none'.
   */
  usage?: 'chunk' | 'choices-null' | 'last-content-chunk' | 'none';
  /** Token counts to report (default: words of the messages and of the reply). */
  usageTokens?: { prompt_tokens: number; completion_tokens: number };
  /** Default 'stop'. */
  finishReason?: string;
  /** Raw bytes to send as the whole response body of a stream (headers 200, text/event-stream). */
  rawStream?: string;
  /** Send no `data: [DONE]` at the end. */
  omitDone?: boolean;
  /** Send `data: [DONE]` and leave the body open (a server that never ends it). */
  holdAfterDone?: boolean;
}

export interface FakeChatServerOptions extends ChatBehaviour {
  /** What `GET /v1/models` lists (default ['fake-model']). */
  models?: string[];
  /** When set, every request must carry `Authorization: Bearer <apiKey>` or gets a 401. */
  apiKey?: string;
  /** Answer `GET /v1/models` with this status instead of the list (a server without the endpoint: 404). */
  modelsStatus?: number;
}

export interface FakeChatServer {
  /** e.g. http://127.0.0.1:53211/v1 */
  baseUrl: string;
  requests: RecordedRequest[];
  /** The chat completion requests only, their bodies. */
  chatBodies(): ChatCompletionBody[];
  setReply(reply: Reply): void;
  /** Changes the default behaviour (merged into the current one). */
  setBehaviour(behaviour: ChatBehaviour): void;
  /** One-shot behaviours for the next chat requests, in order (merged over the default). */
  enqueue(...behaviours: ChatBehaviour[]): void;
  /** The next `times` chat requests fail with `status`. */
  fail(times: number, status?: number, extra?: Omit<ChatBehaviour, 'status'>): void;
  /** What `POST /v1/audio/transcriptions` answers for a file (default: its size in words). */
  setTranscript(transcript: (file: UploadedPart) => string): void;
  /** The next `times` transcription requests fail with `status`. */
  failTranscriptions(times: number, status?: number): void;
  /** The transcription requests' multipart fields (the file an UploadedPart). */
  transcriptionBodies(): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

const DEFAULT_REPLY = 'Hello from the fake model.';
const CREATED = 1_700_000_000;

export async function startFakeChatServer(options: FakeChatServerOptions = {}): Promise<FakeChatServer> {
  const { models = ['fake-model'], apiKey, modelsStatus, ...initial } = options;
  let defaults: ChatBehaviour = { ...initial };
  const queue: ChatBehaviour[] = [];
  const requests: RecordedRequest[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let counter = 0;

  const wait = (ms: number | undefined): Promise<void> =>
    !ms
      ? Promise.resolve()
      : new Promise((resolve) => {
          const timer = setTimeout(() => {
            timers.delete(timer);
            resolve();
          }, ms);
          timers.add(timer);
        });

  let transcript = (file: UploadedPart) => `A voice note of ${file.bytes.length} bytes.`;
  let transcriptionFailures: number[] = [];

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', async () => {
      const raw = Buffer.concat(parts).toString('utf8');
      let body: unknown = undefined;
      const contentType = req.headers['content-type'] ?? '';
      if (contentType.startsWith('multipart/form-data')) {
        body = await readMultipart(Buffer.concat(parts), contentType);
      } else if (raw !== '') {
        try {
          body = JSON.parse(raw);
        } catch {
          body = raw;
        }
      }
      const recorded: RecordedRequest = {
        method: req.method ?? 'GET',
        path: req.url ?? '',
        headers: req.headers,
        authorization: req.headers.authorization,
        body,
      };
      requests.push(recorded);
      const path = (req.url ?? '').split('?')[0];

      if (apiKey !== undefined && req.headers.authorization !== `Bearer ${apiKey}`) {
        return sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
      }
      if (req.method === 'GET' && path === '/v1/models') {
        if (modelsStatus) return sendError(res, modelsStatus, `fake ${modelsStatus}`);
        return sendJson(res, 200, {
          object: 'list',
          data: models.map((id) => ({ id, object: 'model', created: CREATED, owned_by: 'kawan-fake' })),
        });
      }
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        const failure = transcriptionFailures.shift();
        if (failure) return sendError(res, failure, `fake ${failure}`);
        const fields = (body ?? {}) as Record<string, unknown>;
        if (typeof fields.model !== 'string' || !(fields.file instanceof UploadedPart)) {
          return sendError(res, 400, 'model and file are required', 'invalid_request_error');
        }
        return sendJson(res, 200, { text: transcript(fields.file) });
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        const behaviour = { ...defaults, ...queue.shift() };
        void answerChat(res, behaviour, body as ChatCompletionBody, recorded, `chatcmpl-fake-${++counter}`);
        return;
      }
      sendError(res, 404, `Unknown request ${req.method} ${path}`, 'invalid_request_error');
    });
  });

  async function answerChat(
    res: ServerResponse,
    behaviour: ChatBehaviour,
    body: ChatCompletionBody,
    recorded: RecordedRequest,
    id: string,
  ): Promise<void> {
    await wait(behaviour.delayMs);
    if (res.destroyed) return;
    if (behaviour.status) {
      const headers: Record<string, string> =
        behaviour.retryAfter !== undefined ? { 'retry-after': String(behaviour.retryAfter) } : {};
      const message = behaviour.errorMessage ?? `fake ${behaviour.status}`;
      return sendError(
        res,
        behaviour.status,
        message,
        behaviour.status === 429 ? 'rate_limit_error' : 'server_error',
        null,
        headers,
      );
    }
    if (!body || typeof body !== 'object' || typeof body.model !== 'string' || !Array.isArray(body.messages)) {
      return sendError(res, 400, 'model and messages are required', 'invalid_request_error');
    }
    const reply = behaviour.reply ?? DEFAULT_REPLY;
    const text = typeof reply === 'function' ? reply(body, recorded) : reply;
    const usage = {
      ...(behaviour.usageTokens ?? {
        prompt_tokens: body.messages.reduce((sum, message) => sum + words(String(message.content)).length, 0),
        completion_tokens: words(text).length,
      }),
    };
    const totals = { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens };
    const finishReason = behaviour.finishReason ?? 'stop';

    if (!body.stream) {
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created: CREATED,
        model: body.model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finishReason }],
        usage: totals,
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' });
    res.flushHeaders();
    if (behaviour.rawStream !== undefined) {
      res.end(behaviour.rawStream);
      return;
    }
    const chunk = (choices: unknown, extra: Record<string, unknown> = {}): string =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: CREATED, model: body.model, choices, ...extra })}\n\n`;
    const includeUsage = body.stream_options?.include_usage === true;
    const mode = behaviour.usage ?? 'chunk';
    const send = async (data: string): Promise<boolean> => {
      if (res.destroyed) return false;
      res.write(data);
      await wait(behaviour.chunkDelayMs);
      return !res.destroyed;
    };

    const nullUsage = includeUsage ? { usage: null } : {};
    if (!(await send(chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }], nullUsage))))
      return;
    const pieces = words(text, true);
    for (const [index, piece] of pieces.entries()) {
      if (behaviour.stallAfterChunks !== undefined && index >= behaviour.stallAfterChunks) return; // left open
      if (behaviour.dropAfterChunks !== undefined && index >= behaviour.dropAfterChunks) return drop(res);
      if (!(await send(chunk([{ index: 0, delta: { content: piece }, finish_reason: null }], nullUsage)))) return;
    }
    if (behaviour.stallAfterChunks !== undefined && pieces.length <= behaviour.stallAfterChunks) return;
    if (behaviour.dropAfterChunks !== undefined && pieces.length <= behaviour.dropAfterChunks) return drop(res);
    const usageOnLast = includeUsage && mode === 'last-content-chunk' ? { usage: totals } : nullUsage;
    if (!(await send(chunk([{ index: 0, delta: {}, finish_reason: finishReason }], usageOnLast)))) return;
    if (includeUsage && mode === 'chunk') {
      if (!(await send(chunk([], { usage: totals })))) return;
    } else if (includeUsage && mode === 'choices-null') {
      if (!(await send(chunk(null, { usage: totals })))) return;
    }
    if (behaviour.holdAfterDone) {
      res.write('data: [DONE]\n\n');
      return;
    }
    res.end(behaviour.omitDone ? undefined : 'data: [DONE]\n\n');
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    chatBodies: () =>
      requests
        .filter((request) => request.method === 'POST' && request.path.startsWith('/v1/chat/completions'))
        .map((request) => request.body as ChatCompletionBody),
    setReply(reply) {
      defaults = { ...defaults, reply };
    },
    setBehaviour(behaviour) {
      defaults = { ...defaults, ...behaviour };
    },
    enqueue(...behaviours) {
      queue.push(...behaviours);
    },
    fail(times, status = 500, extra = {}) {
      for (let i = 0; i < times; i++) queue.push({ ...extra, status });
    },
    setTranscript(next) {
      transcript = next;
    },
    failTranscriptions(times, status = 500) {
      transcriptionFailures = Array.from({ length: times }, () => status);
    },
    transcriptionBodies: () =>
      requests
        .filter((request) => request.path.startsWith('/v1/audio/transcriptions'))
        .map((request) => request.body as Record<string, unknown>),
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Words with the spaces after them (`withSpaces`), so the pieces join back into the text exactly. */
function words(text: string, withSpaces = false): string[] {
  if (!withSpaces) return text.split(/\s+/).filter((word) => word !== '');
  return text.match(/\s*\S+\s*/g) ?? (text === '' ? [] : [text]);
}

/** Closes the connection once what was written has gone out: the client sees the body cut short. */
function drop(res: ServerResponse): void {
  res.socket?.end();
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type = 'server_error',
  code: string | null = null,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { message, type, param: null, code } }, headers);
}

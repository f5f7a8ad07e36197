/**
 * Child process of bench/pipeline/run.ts: the two servers Kawan talks to during a turn, on one
 * port of 127.0.0.1, both answering at once:
 *
 *   POST /bot<token>/sendMessage | sendChatAction   the Telegram Bot API (its wire format: JSON in,
 *        `{ ok, result }` out; a wrong token is Telegram's 401). Every sendMessage is counted by
 *        the message it replies to (reply_parameters.message_id, which the bench makes unique per
 *        update), with the time it arrived;
 *   POST /v1/chat/completions                       an OpenAI-compatible model streaming
 *        `modelReply` as server-sent events (role chunk, one content chunk, finish chunk, usage
 *        chunk when asked, [DONE]).
 *
 * Kept lean on purpose (tests/helpers has fuller fakes that record every request): this process
 * shares the machine with the server under test and should cost it as little as possible.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChildMessage } from '../support/protocol';
import {
  benchModel,
  modelReply,
  wallClock,
  type BenchChannel,
  type PipelineRequest,
  type RepliesAnswer,
  channelVariable,
} from './protocol';

const channel = JSON.parse(process.env[channelVariable] ?? '{}') as BenchChannel;
const send = (message: ChildMessage | RepliesAnswer) => process.send?.(message);

/** reply_parameters.message_id → sendMessage calls naming it, and when the last one came. */
const replies = new Map<number, { calls: number; at: number }>();
let totalCalls = 0;
let chatActions = 0;
let modelCalls = 0;
let nextMessageId = 1;

function json(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function telegram(res: ServerResponse, token: string, method: string, params: Record<string, unknown>) {
  if (token !== channel.botToken) return json(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
  if (method === 'sendChatAction') {
    chatActions++;
    return json(res, 200, { ok: true, result: true });
  }
  if (method !== 'sendMessage') return json(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
  const at = wallClock();
  totalCalls++;
  const chatId = Number(params.chat_id);
  const text = typeof params.text === 'string' ? params.text : '';
  if (!Number.isSafeInteger(chatId) || text.trim() === '')
    return json(res, 400, { ok: false, error_code: 400, description: 'Bad Request: chat_id or text is empty' });
  const replyTo = Number((params.reply_parameters as { message_id?: unknown } | undefined)?.message_id);
  if (Number.isSafeInteger(replyTo)) {
    const seen = replies.get(replyTo);
    replies.set(replyTo, { calls: (seen?.calls ?? 0) + 1, at });
  }
  json(res, 200, {
    ok: true,
    result: {
      message_id: nextMessageId++,
      from: { id: 7000001, is_bot: true, first_name: 'Kawan Bench', username: 'kawan_bench_bot' },
      chat: { id: chatId, type: 'private' },
      date: Math.floor(at / 1000),
      text,
    },
  });
}

function chatCompletion(res: ServerResponse, body: { model?: string; stream?: boolean; stream_options?: unknown }) {
  modelCalls++;
  const model = body.model ?? benchModel;
  const usage = { prompt_tokens: 900, completion_tokens: 24, total_tokens: 924 };
  const base = { id: `chatcmpl-${modelCalls}`, object: 'chat.completion.chunk', created: 1_700_000_000, model };
  if (!body.stream) {
    return json(res, 200, {
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: modelReply }, finish_reason: 'stop' }],
      usage,
    });
  }
  const includeUsage = (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
  const chunk = (choices: unknown[], extra: Record<string, unknown> = {}) =>
    `data: ${JSON.stringify({ ...base, choices, ...extra })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.end(
    chunk([{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }]) +
      chunk([{ index: 0, delta: { content: modelReply }, finish_reason: null }]) +
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]) +
      (includeUsage ? chunk([], { usage }) : '') +
      'data: [DONE]\n\n',
  );
}

function handle(req: IncomingMessage, res: ServerResponse, raw: string) {
  const path = new URL(req.url ?? '/', 'http://fake').pathname;
  let body: Record<string, unknown> = {};
  try {
    if (raw) body = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    return json(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON object" });
  }
  const bot = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(path);
  if (bot) return telegram(res, bot[1], bot[2], body);
  if (req.method === 'POST' && path === '/v1/chat/completions') return chatCompletion(res, body);
  json(res, 404, { error: { message: 'not found' } });
}

const server = createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (part: Buffer) => parts.push(part));
  req.on('end', () => handle(req, res, Buffer.concat(parts).toString('utf8')));
});

process.on('message', (message: PipelineRequest | { type: 'shutdown' }) => {
  if (message.type === 'shutdown') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 2000).unref();
    return;
  }
  if (message.type !== 'replies') return;
  let answered = 0;
  let extra = 0;
  let lastAt: number | null = null;
  const counts: [number, number][] = [];
  for (const [messageId, seen] of replies) {
    if (messageId < message.from || messageId > message.to) continue;
    answered++;
    extra += seen.calls - 1;
    if (lastAt === null || seen.at > lastAt) lastAt = seen.at;
    if (message.detail) counts.push([messageId, seen.calls]);
  }
  send({
    type: 'replies',
    id: message.id,
    answered,
    extra,
    lastAt,
    totalCalls,
    chatActions,
    modelCalls,
    ...(message.detail ? { counts } : {}),
  });
});
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as AddressInfo;
  send({
    type: 'ready',
    port,
    notes: [`fake Telegram Bot API and OpenAI-compatible model on 127.0.0.1:${port}, answering at once`],
  });
});

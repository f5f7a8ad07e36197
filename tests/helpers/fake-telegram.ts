import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readMultipart, UploadedPart } from './multipart';

/**
 * A local Telegram Bot API (node:http on 127.0.0.1, a free port) speaking the real wire format:
 * `GET|POST /bot<token>/<method>` with parameters in the query string, a JSON body or a form body
 * (urlencoded; Telegram takes arrays and objects there as JSON text), answering
 * `{ ok: true, result }` or `{ ok: false, error_code, description[, parameters] }`.
 *
 * Methods: getMe, setWebhook, deleteWebhook, getWebhookInfo, sendMessage (a Message with an
 * increasing message_id), sendPhoto and sendDocument (a multipart body with the file and its
 * caption), sendChatAction, answerCallbackQuery; any other is Telegram's 404. A
 * wrong token is Telegram's 401 Unauthorized. Checked like Telegram: sendMessage's chat_id and text
 * (1–4096 characters), setWebhook's secret_token characters (and an https URL with `requireHttps`).
 *
 * Scripted by one-shot failures (`failNext`: a status, a description, retry_after, a delay, for any
 * method or one), one-shot slow calls (`slowNext`: handled after a delay) and blocked chats (`blockChat`: Telegram's 403). Every call is recorded.
 *
 * `telegramUpdate()` builds an Update's JSON as Telegram posts it to a webhook.
 */

export interface TelegramCall {
  httpMethod: string;
  /** The Bot API method, as in the path (getMe, sendMessage…). */
  method: string;
  /** The token in the path (a wrong one is recorded too). */
  token: string;
  /** The parameters, merged from the query string and the body; JSON text in a form body is parsed. */
  params: Record<string, unknown>;
  contentType?: string;
  headers: IncomingHttpHeaders;
}

export interface SentMessage {
  chat_id: number | string;
  message_id: number;
  /** The text, or a file's caption. */
  text: string;
  /** A file sent with sendPhoto or sendDocument, as the multipart body carried it. */
  file?: { field: 'photo' | 'document'; name: string; mime: string; bytes: Buffer };
  reply_parameters?: { message_id?: number; allow_sending_without_reply?: boolean; [key: string]: unknown };
  params: Record<string, unknown>;
}

export interface FakeFailure {
  status: number;
  description: string;
  /** Seconds, in `parameters.retry_after` (Telegram's way: it sends no Retry-After header). */
  retryAfter?: number;
  /** Only this method fails (default: whichever comes next). */
  method?: string;
  /** Milliseconds to wait before answering (with a large one, a client's timeout fires first). */
  delayMs?: number;
}

/** A call that takes this long to reach the Bot API: it is handled (a message recorded) only then. */
export interface FakeDelay {
  delayMs: number;
  /** Only this method is slow (default: whichever comes next). */
  method?: string;
}

export interface FakeTelegramOptions {
  token: string;
  /** What getMe answers. */
  bot?: { id?: number; username?: string; first_name?: string };
  /** setWebhook refuses an http:// URL, as the real Bot API does (default false: tests post to 127.0.0.1). */
  requireHttps?: boolean;
}

export interface FakeTelegram {
  /** e.g. http://127.0.0.1:53211 — give it to telegramClient as baseUrl. */
  baseUrl: string;
  token: string;
  calls: TelegramCall[];
  /** Calls of one method. */
  callsOf(method: string): TelegramCall[];
  /** Messages sendMessage accepted, in order. */
  sent(): SentMessage[];
  /** The last setWebhook's parameters (undefined when none or after deleteWebhook). */
  webhook(): Record<string, unknown> | undefined;
  /** Sets what getWebhookInfo reports besides the URL: pending updates, the last delivery error. */
  setWebhookInfo(info: { pending_update_count?: number; last_error_date?: number; last_error_message?: string }): void;
  /** The next matching call fails once; several queue in order. */
  failNext(failure: FakeFailure): void;
  /** The next matching call is handled only after a delay (a slow network), once. */
  slowNext(delay: FakeDelay): void;
  blockChat(chatId: number | string): void;
  unblockChat(chatId: number | string): void;
  close(): Promise<void>;
}

const NOW = () => Math.floor(Date.now() / 1000);
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

export async function startFakeTelegram(options: FakeTelegramOptions): Promise<FakeTelegram> {
  const bot = { id: 7000001, username: 'kawan_fake_bot', first_name: 'Kawan Fake', ...options.bot };
  const calls: TelegramCall[] = [];
  const sent: SentMessage[] = [];
  const failures: FakeFailure[] = [];
  const slow: FakeDelay[] = [];
  const blocked = new Set<string>();
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let webhook: Record<string, unknown> | undefined;
  let webhookInfo: { pending_update_count?: number; last_error_date?: number; last_error_message?: string } = {};
  let nextMessageId = 1;

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const match = /^\/bot([^/]*)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) return reply(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
      const [, token, method] = match;
      const contentType = req.headers['content-type'];
      let params: Record<string, unknown>;
      try {
        const body = Buffer.concat(parts);
        params = {
          ...fromQuery(url.searchParams),
          ...(contentType?.startsWith('multipart/form-data')
            ? await readMultipart(body, contentType, formValue)
            : readBody(body.toString('utf8'), contentType)),
        };
      } catch {
        return reply(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON object" });
      }
      calls.push({
        httpMethod: req.method ?? 'GET',
        method,
        token,
        params,
        ...(contentType ? { contentType } : {}),
        headers: req.headers,
      });

      if (token !== options.token) return reply(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
      const index = failures.findIndex((failure) => failure.method === undefined || failure.method === method);
      if (index >= 0) {
        const [failure] = failures.splice(index, 1);
        const body = {
          ok: false,
          error_code: failure.status,
          description: failure.description,
          ...(failure.retryAfter !== undefined ? { parameters: { retry_after: failure.retryAfter } } : {}),
        };
        return later(failure.delayMs, () => reply(res, failure.status, body));
      }
      const slowIndex = slow.findIndex((delay) => delay.method === undefined || delay.method === method);
      const [delay] = slowIndex >= 0 ? slow.splice(slowIndex, 1) : [];
      later(delay?.delayMs, () => {
        const [status, body] = answer(method, params);
        reply(res, status, body);
      });
    });
  });

  /** A message the bot sent, recorded: its new message_id. */
  function record(
    chatId: number | string,
    text: string,
    params: Record<string, unknown>,
    file?: SentMessage['file'],
  ): number {
    const message_id = nextMessageId++;
    const replyParameters = params.reply_parameters as SentMessage['reply_parameters'];
    sent.push({
      chat_id: chatId,
      message_id,
      text,
      ...(file ? { file } : {}),
      ...(replyParameters !== undefined ? { reply_parameters: replyParameters } : {}),
      params,
    });
    return message_id;
  }

  /** The Message object's common part, as the Bot API answers a send. */
  function messageOf(chatId: number | string, message_id: number) {
    return {
      message_id,
      from: { id: bot.id, is_bot: true, first_name: bot.first_name, username: bot.username },
      chat: typeof chatId === 'number' ? { id: chatId, type: chatId > 0 ? 'private' : 'group' } : { id: chatId },
      date: NOW(),
    };
  }

  function answer(method: string, params: Record<string, unknown>): [number, unknown] {
    const ok = (result: unknown): [number, unknown] => [200, { ok: true, result }];
    const bad = (description: string, status = 400): [number, unknown] => [
      status,
      { ok: false, error_code: status, description },
    ];
    switch (method) {
      case 'getMe':
        return ok({ ...bot, is_bot: true, can_join_groups: true, can_read_all_group_messages: false });
      case 'setWebhook': {
        const url = typeof params.url === 'string' ? params.url : '';
        if (url === '') {
          webhook = undefined;
          return ok(true);
        }
        if (!/^https?:\/\//.test(url)) return bad('Bad Request: bad webhook: Failed to resolve host');
        if (options.requireHttps && !url.startsWith('https://')) {
          return bad('Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
        }
        const secret = params.secret_token;
        if (secret !== undefined && (typeof secret !== 'string' || !SECRET_TOKEN.test(secret))) {
          return bad('Bad Request: secret token contains unallowed characters');
        }
        webhook = { ...params };
        return ok(true);
      }
      case 'deleteWebhook':
        webhook = undefined;
        return ok(true);
      case 'getWebhookInfo':
        return ok({
          url: typeof webhook?.url === 'string' ? webhook.url : '',
          has_custom_certificate: false,
          pending_update_count: webhookInfo.pending_update_count ?? 0,
          ...(webhook?.max_connections !== undefined ? { max_connections: webhook.max_connections } : {}),
          ...(webhook?.allowed_updates !== undefined ? { allowed_updates: webhook.allowed_updates } : {}),
          ...(webhookInfo.last_error_date !== undefined ? { last_error_date: webhookInfo.last_error_date } : {}),
          ...(webhookInfo.last_error_message !== undefined
            ? { last_error_message: webhookInfo.last_error_message }
            : {}),
        });
      case 'sendMessage': {
        const chatId = chatIdOf(params.chat_id);
        if (chatId === undefined) return bad('Bad Request: chat_id is empty');
        if (blocked.has(String(chatId))) return bad('Forbidden: bot was blocked by the user', 403);
        const text = typeof params.text === 'string' ? params.text : '';
        if (text.trim() === '') return bad('Bad Request: message text is empty');
        if (text.length > 4096) return bad('Bad Request: message is too long');
        const keyboard = (params.reply_markup as { inline_keyboard?: unknown } | undefined)?.inline_keyboard;
        if (keyboard !== undefined) {
          const buttons = Array.isArray(keyboard) ? keyboard.flat() : [];
          const valid = (button: unknown) => {
            const { text: label, callback_data: data } = (button ?? {}) as { text?: unknown; callback_data?: unknown };
            return (
              typeof label === 'string' && label !== '' && typeof data === 'string' && Buffer.byteLength(data) <= 64
            );
          };
          if (buttons.length === 0 || !buttons.every(valid)) return bad('Bad Request: BUTTON_DATA_INVALID');
        }
        const message_id = record(chatId, text, params);
        return ok({ ...messageOf(chatId, message_id), text });
      }
      case 'sendPhoto':
      case 'sendDocument': {
        const chatId = chatIdOf(params.chat_id);
        if (chatId === undefined) return bad('Bad Request: chat_id is empty');
        if (blocked.has(String(chatId))) return bad('Forbidden: bot was blocked by the user', 403);
        const field = method === 'sendPhoto' ? 'photo' : 'document';
        const file = params[field];
        if (!(file instanceof UploadedPart)) return bad(`Bad Request: there is no ${field} in the request`);
        const caption = typeof params.caption === 'string' ? params.caption : '';
        if (caption.length > 1024) return bad('Bad Request: message caption is too long');
        const message_id = record(chatId, caption, params, {
          field,
          name: file.name,
          mime: file.mime,
          bytes: file.bytes,
        });
        return ok({
          ...messageOf(chatId, message_id),
          ...(caption ? { caption } : {}),
          ...(field === 'photo'
            ? { photo: [{ file_id: `photo-${message_id}`, width: 1, height: 1, file_size: file.bytes.length }] }
            : { document: { file_id: `doc-${message_id}`, file_name: file.name, mime_type: file.mime } }),
        });
      }
      case 'sendChatAction': {
        const chatId = chatIdOf(params.chat_id);
        if (chatId === undefined) return bad('Bad Request: chat_id is empty');
        if (blocked.has(String(chatId))) return bad('Forbidden: bot was blocked by the user', 403);
        if (typeof params.action !== 'string') return bad('Bad Request: action is empty');
        return ok(true);
      }
      case 'answerCallbackQuery':
        if (typeof params.callback_query_id !== 'string' || params.callback_query_id === '') {
          return bad('Bad Request: query is too old and response timeout expired or query ID is invalid');
        }
        return ok(true);
      default:
        return bad('Not Found', 404);
    }
  }

  function later(ms: number | undefined, run: () => void): void {
    if (!ms) return run();
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.add(timer);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    token: options.token,
    calls,
    callsOf: (method) => calls.filter((call) => call.method === method),
    sent: () => [...sent],
    webhook: () => (webhook ? { ...webhook } : undefined),
    setWebhookInfo(info) {
      webhookInfo = { ...webhookInfo, ...info };
    },
    failNext(failure) {
      failures.push(failure);
    },
    slowNext(delay) {
      slow.push(delay);
    },
    blockChat(chatId) {
      blocked.add(String(chatId));
    },
    unblockChat(chatId) {
      blocked.delete(String(chatId));
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface UpdateOptions {
  updateId: number;
  /** Default: fromId (a private chat's id is the user's). A negative id makes a group. */
  chatId?: number;
  fromId: number;
  text?: string;
  messageId?: number;
  /** Unix seconds (default: now). */
  date?: number;
  firstName?: string;
  lastName?: string;
  username?: string;
  languageCode?: string;
  replyToMessageId?: number;
  /** Members merged into the message: `{ photo: [...], caption: '…' }`, `{ location: {...} }`… */
  message?: Record<string, unknown>;
  /** Send it as `edited_message` instead of `message`. */
  edited?: boolean;
  /** Makes the update a callback_query (a button tap) with this data, under message `messageId`. */
  callbackData?: string;
  /** The callback query's id (default `cb-<updateId>`). */
  callbackId?: string;
}

/** An Update's JSON text as Telegram posts it. */
export function telegramUpdate(options: UpdateOptions): string {
  const chatId = options.chatId ?? options.fromId;
  const from = {
    id: options.fromId,
    is_bot: false,
    first_name: options.firstName ?? 'Ayu',
    ...(options.lastName !== undefined ? { last_name: options.lastName } : {}),
    ...(options.username !== undefined ? { username: options.username } : {}),
    language_code: options.languageCode ?? 'id',
  };
  const chat =
    chatId > 0
      ? {
          id: chatId,
          type: 'private',
          first_name: from.first_name,
          ...(options.username !== undefined ? { username: options.username } : {}),
        }
      : { id: chatId, type: 'group', title: 'Kawan Test Group' };
  const date = options.date ?? NOW();
  const messageId = options.messageId ?? options.updateId;

  if (options.callbackData !== undefined) {
    return JSON.stringify({
      update_id: options.updateId,
      callback_query: {
        id: options.callbackId ?? `cb-${options.updateId}`,
        from,
        message: {
          message_id: messageId,
          from: { id: 7000001, is_bot: true, first_name: 'Kawan Fake', username: 'kawan_fake_bot' },
          chat,
          date,
          text: 'Pick one',
        },
        chat_instance: '-4811111111111111111',
        data: options.callbackData,
      },
    });
  }

  const message = {
    message_id: messageId,
    from,
    chat,
    date,
    ...(options.edited ? { edit_date: date + 5 } : {}),
    ...(options.text !== undefined ? { text: options.text } : {}),
    ...(options.replyToMessageId !== undefined
      ? { reply_to_message: { message_id: options.replyToMessageId, from, chat, date: date - 60, text: 'earlier' } }
      : {}),
    ...options.message,
  };
  return JSON.stringify({ update_id: options.updateId, [options.edited ? 'edited_message' : 'message']: message });
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function fromQuery(search: URLSearchParams): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  for (const [key, value] of search) params[key] = formValue(value);
  return params;
}

/** A JSON object, a urlencoded form, or nothing; throws on a JSON body that does not parse. */
function readBody(raw: string, contentType: string | undefined): Record<string, unknown> {
  if (raw === '') return {};
  if (contentType?.includes('application/x-www-form-urlencoded')) return fromQuery(new URLSearchParams(raw));
  const json: unknown = JSON.parse(raw);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new Error('not an object');
  return json as Record<string, unknown>;
}

/** Telegram reads form values holding arrays or objects (allowed_updates, reply_parameters) as JSON. */
function formValue(value: string): unknown {
  if (/^[[{]/.test(value)) {
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (value === 'true' || value === 'false') return value === 'true';
  return value;
}

function chatIdOf(value: unknown): number | string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return value;
  if (typeof value === 'string' && /^-?\d+$/.test(value)) return Number(value);
  if (typeof value === 'string' && /^@\w+$/.test(value)) return value;
  return undefined;
}

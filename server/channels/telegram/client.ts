/**
 * The Telegram Bot API for one bot: check the token (getMe), point the webhook at Kawan, send text
 * (split at 4096 characters, plain text: no parse_mode, so nothing needs escaping) and show
 * "typing…".
 *
 * Every call is `POST {baseUrl}/bot<token>/<method>` with a JSON body; Telegram answers
 * `{ ok: true, result }` or `{ ok: false, error_code, description, parameters }`. Every failure is
 * a TelegramError (a ChannelError) whose message is what Telegram said, never the token (it is in
 * the URL, and fetch errors may quote the URL): network errors, timeouts, 429 (with
 * parameters.retry_after) and 5xx are retryable; 401/404 (a refused token) are `unauthorized`, 403
 * (the user blocked the bot, or it was removed from the group) is `blocked`, other 4xx `rejected`.
 */
import { retryDelay } from '../../support/retry-after';
import { splitText } from '../split-text';
import {
  ChannelError,
  type CredentialCheck,
  type DriverHttp,
  type OutboundFile,
  type OutboundText,
  type SendOutcome,
} from '../driver';
import { httpFetch } from '../../support/http-fetch';

/** Where the Bot API lives; the channel settings may override it (a local Bot API server, a test fake). */
export const TELEGRAM_API_DEFAULT_URL = 'https://api.telegram.org';

/** What setWebhook asks for unless told otherwise: the two update types parseUpdate reads. */
export const DEFAULT_ALLOWED_UPDATES = ['message', 'callback_query'] as const;

export interface TelegramClientSettings extends Omit<DriverHttp, 'baseUrl'> {
  botToken: string;
  /** Default TELEGRAM_API_DEFAULT_URL. */
  baseUrl?: string;
}

export interface TelegramBot {
  id: number;
  username: string;
  first_name: string;
}

export interface WebhookSettings {
  url: string;
  /** Sent back in X-Telegram-Bot-Api-Secret-Token on every webhook call (see generateSecretToken). */
  secretToken: string;
  /** Default ['message', 'callback_query']. */
  allowedUpdates?: readonly string[];
  /** Forget the updates Telegram queued while no webhook answered. */
  dropPendingUpdates?: boolean;
  /** Parallel webhook connections Telegram may open, 1–100 (Telegram's default 40). */
  maxConnections?: number;
}

/** Telegram's WebhookInfo, the members Kawan shows; dates are unix seconds, as Telegram gives them. */
export interface WebhookInfo {
  /** Empty when no webhook is set. */
  url: string;
  pending_update_count: number;
  last_error_message?: string;
  last_error_date?: number;
}

export type ChatAction = 'typing' | 'upload_photo' | 'upload_document' | 'record_voice' | 'upload_voice';

export interface TelegramClient {
  getMe(): Promise<TelegramBot>;
  /** getMe: the bot's @username as the display identifier; a failure is `{ ok: false }`, never a throw. */
  checkCredentials(): Promise<CredentialCheck>;
  setWebhook(settings: WebhookSettings): Promise<void>;
  deleteWebhook(options?: { dropPendingUpdates?: boolean }): Promise<void>;
  getWebhookInfo(): Promise<WebhookInfo>;
  /** One sendMessage per part; externalIds are `<chat id>:<message_id>`. */
  sendText(out: OutboundText): Promise<SendOutcome>;
  /** "typing…" for about 5 seconds, or until the next message. */
  sendChatAction(chatId: string, action?: ChatAction): Promise<void>;
  /** Stops the spinner on a tapped inline button; `text` shows as a short notice. */
  answerCallbackQuery(callbackQueryId: string, text?: string): Promise<void>;
}

/**
 * A ChannelError with what Telegram said besides: the HTTP status, Telegram's error_code, the new
 * chat id when a group became a supergroup, and for a long reply that failed part way, the ids of
 * the parts that did go out (do not send them again).
 */
export class TelegramError extends ChannelError {
  constructor(
    message: string,
    retryable: boolean,
    code: string,
    retryAfterMs: number | undefined,
    readonly details: {
      status?: number;
      errorCode?: number;
      migrateToChatId?: string;
      sentExternalIds?: string[];
    } = {},
  ) {
    super(message, retryable, code, retryAfterMs);
    this.name = 'TelegramError';
  }
}

const MAX_DESCRIPTION = 400;
/** The most of a Retry-After header honoured (Telegram itself says retry_after, which is taken as is). */
const MAX_RETRY_AFTER_MS = 60 * 60_000;
/** The characters a bot token has (`<bot id>:<secret>`); anything else could change the URL's meaning. */
const TOKEN_CHARACTERS = /^[A-Za-z0-9:_-]+$/;

export function telegramClient(settings: TelegramClientSettings): TelegramClient {
  const base = (settings.baseUrl || TELEGRAM_API_DEFAULT_URL).replace(/\/+$/, '');
  const doFetch = settings.fetch ?? httpFetch;
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const token = settings.botToken;

  /** Telegram or fetch could echo the URL; the token never leaves in a message. */
  const redact = (message: string): string => (token ? message.split(token).join('[redacted]') : message);

  async function call<T = unknown>(method: string, body: Record<string, unknown> | FormData = {}): Promise<T> {
    if (!token || !TOKEN_CHARACTERS.test(token)) {
      throw new TelegramError('The bot token is malformed', false, 'unauthorized', undefined);
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    let status: number;
    let retryAfterHeader: string | null;
    let text: string;
    try {
      const response = await doFetch(`${base}/bot${token}/${method}`, {
        method: 'POST',
        // A file goes as multipart (fetch writes its boundary); everything else as JSON.
        headers:
          body instanceof FormData
            ? { accept: 'application/json' }
            : { 'content-type': 'application/json', accept: 'application/json' },
        body: body instanceof FormData ? body : JSON.stringify(body),
        signal: timeout,
        redirect: 'error',
      });
      status = response.status;
      retryAfterHeader = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      if (timeout.aborted) {
        throw new TelegramError(
          `The Telegram Bot API did not answer within ${seconds(timeoutMs)}`,
          true,
          'timeout',
          undefined,
        );
      }
      throw new TelegramError(
        redact(`Could not reach the Telegram Bot API${networkReason(error)}`),
        true,
        'network',
        undefined,
      );
    }

    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
        json = parsed as Record<string, unknown>;
      }
    } catch {
      // not JSON: a proxy's page; the status says enough
    }
    if (json?.ok === true && status >= 200 && status < 300) return json.result as T;
    throw apiError(status, json, retryAfterHeader, redact);
  }

  async function getMe(): Promise<TelegramBot> {
    const bot = (await call<Partial<TelegramBot> | undefined>('getMe')) ?? {};
    if (typeof bot.id !== 'number' || typeof bot.username !== 'string') {
      throw new TelegramError(
        'The Telegram Bot API answered getMe without a bot',
        false,
        'invalid_response',
        undefined,
      );
    }
    return { id: bot.id, username: bot.username, first_name: typeof bot.first_name === 'string' ? bot.first_name : '' };
  }

  /**
   * A file with its caption in one call: sendPhoto for a picture (a GIF as a document, which keeps
   * it moving), sendDocument for anything else, as multipart.
   */
  async function sendFile(out: OutboundText, file: OutboundFile): Promise<SendOutcome> {
    const photo = file.kind === 'image' && file.mime !== 'image/gif';
    const form = new FormData();
    form.set('chat_id', String(chat(out.threadId)));
    if (out.text.trim()) form.set('caption', out.text);
    const replyTo = quoted(out.replyToExternalId, out.threadId);
    if (replyTo !== undefined)
      form.set('reply_parameters', JSON.stringify({ message_id: replyTo, allow_sending_without_reply: true }));
    form.set(
      photo ? 'photo' : 'document',
      new Blob([new Uint8Array(await file.read())], { type: file.mime }),
      file.name,
    );
    const message = await call<Record<string, unknown> | undefined>(photo ? 'sendPhoto' : 'sendDocument', form);
    return { externalIds: [sentId(message, out.threadId)] };
  }

  /**
   * `<chat id>:<message_id>` of a message the Bot API says it sent. Without an id it was perhaps sent
   * all the same: not retryable, so a customer never gets the reply twice.
   */
  function sentId(message: Record<string, unknown> | undefined, threadId: string): string {
    const messageId = message?.message_id;
    if (typeof messageId !== 'number') {
      throw new TelegramError(
        'The Telegram Bot API answered without a message id',
        false,
        'invalid_response',
        undefined,
      );
    }
    const sentChat = (message?.chat as { id?: unknown } | undefined)?.id;
    return `${typeof sentChat === 'number' ? sentChat : threadId}:${messageId}`;
  }

  return {
    getMe,

    async checkCredentials() {
      let bot: TelegramBot;
      try {
        bot = await getMe();
      } catch (error) {
        return { ok: false, detail: error instanceof Error ? redact(error.message) : 'The check failed' };
      }
      const name = bot.first_name ? `${bot.first_name} ` : '';
      return { ok: true, detail: `Connected as ${name}(@${bot.username})`, displayIdentifier: `@${bot.username}` };
    },

    async setWebhook(webhook) {
      await call('setWebhook', {
        url: webhook.url,
        secret_token: webhook.secretToken,
        allowed_updates: [...(webhook.allowedUpdates ?? DEFAULT_ALLOWED_UPDATES)],
        ...(webhook.dropPendingUpdates !== undefined ? { drop_pending_updates: webhook.dropPendingUpdates } : {}),
        ...(webhook.maxConnections !== undefined ? { max_connections: webhook.maxConnections } : {}),
      });
    },

    async deleteWebhook(options = {}) {
      await call('deleteWebhook', {
        ...(options.dropPendingUpdates !== undefined ? { drop_pending_updates: options.dropPendingUpdates } : {}),
      });
    },

    async getWebhookInfo() {
      const info = (await call<Record<string, unknown> | undefined>('getWebhookInfo')) ?? {};
      return {
        url: typeof info.url === 'string' ? info.url : '',
        pending_update_count: typeof info.pending_update_count === 'number' ? info.pending_update_count : 0,
        ...(typeof info.last_error_message === 'string' ? { last_error_message: info.last_error_message } : {}),
        ...(typeof info.last_error_date === 'number' ? { last_error_date: info.last_error_date } : {}),
      };
    },

    async sendText(out) {
      if (out.files?.length) return sendFile(out, out.files[0]);
      const chatId = chat(out.threadId);
      const parts = splitText(out.text, 4096);
      if (parts.length === 0) throw new TelegramError('The reply is empty', false, 'empty_message', undefined);
      const replyTo = quoted(out.replyToExternalId, out.threadId);
      const externalIds: string[] = [];
      for (const [index, part] of parts.entries()) {
        const body: Record<string, unknown> = { chat_id: chatId, text: part };
        if (index === 0 && replyTo !== undefined) {
          body.reply_parameters = { message_id: replyTo, allow_sending_without_reply: true };
        }
        // Choices to tap go under the last part: one inline button a row, its callback data the choice's id.
        if (index === parts.length - 1 && out.choices) {
          body.reply_markup = {
            inline_keyboard: out.choices.items.map((item) => [{ text: item.title, callback_data: item.id }]),
          };
        }
        try {
          const message = await call<Record<string, unknown> | undefined>('sendMessage', body);
          externalIds.push(sentId(message, out.threadId));
        } catch (error) {
          if (externalIds.length === 0 || !(error instanceof TelegramError)) throw error;
          throw new TelegramError(error.message, error.retryable, error.code, error.retryAfterMs, {
            ...error.details,
            sentExternalIds: [...externalIds],
          });
        }
      }
      return { externalIds };
    },

    async sendChatAction(chatId, action = 'typing') {
      await call('sendChatAction', { chat_id: chat(chatId), action });
    },

    async answerCallbackQuery(callbackQueryId, text) {
      await call('answerCallbackQuery', {
        callback_query_id: callbackQueryId,
        ...(text !== undefined ? { text } : {}),
      });
    },
  };
}

/** Telegram's error answer (or the bare status when the body was not Telegram's) to a TelegramError. */
function apiError(
  status: number,
  json: Record<string, unknown> | undefined,
  retryAfterHeader: string | null,
  redact: (text: string) => string,
): TelegramError {
  const errorCode = typeof json?.error_code === 'number' ? json.error_code : undefined;
  const code = errorCode ?? status;
  const description = typeof json?.description === 'string' ? json.description.replace(/\s+/g, ' ').trim() : '';
  const message = redact(description || `The Telegram Bot API answered ${status}`).slice(0, MAX_DESCRIPTION);
  const parameters = (typeof json?.parameters === 'object' && json.parameters !== null ? json.parameters : {}) as {
    retry_after?: unknown;
    migrate_to_chat_id?: unknown;
  };
  const retryAfterMs =
    typeof parameters.retry_after === 'number' && parameters.retry_after >= 0
      ? parameters.retry_after * 1000
      : retryAfterHeader
        ? retryDelay(retryAfterHeader, MAX_RETRY_AFTER_MS)
        : undefined;
  const details = {
    status,
    ...(errorCode !== undefined ? { errorCode } : {}),
    ...(typeof parameters.migrate_to_chat_id === 'number'
      ? { migrateToChatId: String(parameters.migrate_to_chat_id) }
      : {}),
  };

  if (json === undefined && status >= 200 && status < 300) {
    return new TelegramError(
      'The Telegram Bot API answered with an unexpected body',
      false,
      'invalid_response',
      undefined,
      details,
    );
  }
  if (code === 429) return new TelegramError(message, true, 'rate_limited', retryAfterMs, details);
  if (code === 401 || code === 404) {
    return new TelegramError(`Telegram refused the bot token: ${message}`, false, 'unauthorized', undefined, details);
  }
  if (code === 403) return new TelegramError(message, false, 'blocked', undefined, details);
  if (code >= 500) return new TelegramError(message, true, 'unavailable', retryAfterMs, details);
  return new TelegramError(message, false, 'rejected', undefined, details);
}

/** A chat id as Telegram takes it: a number for numeric ids, the text otherwise (`@channelusername`). */
function chat(threadId: string): number | string {
  if (/^-?\d+$/.test(threadId)) {
    const number = Number(threadId);
    if (Number.isSafeInteger(number)) return number;
  }
  return threadId;
}

/** The message_id of `<chat id>:<message_id>` when it is in the same chat; undefined otherwise. */
function quoted(externalId: string | undefined, threadId: string): number | undefined {
  const match = externalId ? /^(-?\d+):(\d+)$/.exec(externalId) : null;
  if (!match || match[1] !== threadId) return undefined;
  const id = Number(match[2]);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

function seconds(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

/** The system error code of a failed fetch (ECONNREFUSED, ENOTFOUND…), never its message (it may quote the URL). */
function networkReason(error: unknown): string {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  const code = cause?.code ?? (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? ` (${code})` : '';
}

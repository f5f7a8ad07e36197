/**
 * Telegram Bot API webhooks: the secret-token check and reading an Update into inbound messages.
 *
 * With `secret_token` given to setWebhook, Telegram sends it back on every call in the
 * X-Telegram-Bot-Api-Secret-Token header; a request without it did not come from Telegram.
 *
 * The reader is defensive: a webhook URL is public and Telegram adds update and message types over
 * time, so any JSON shape is read without throwing; what it cannot use is skipped. Only a body that
 * is not JSON at all throws. It reads `message` and `callback_query`; `edited_message`,
 * `channel_post` and the rest give no messages (setWebhook asks only for the two). Service messages
 * (a member joined, a title changed, a pinned message…) and messages sent by bots give none either,
 * so a group's housekeeping never reaches the bot.
 */
import { randomToken, safeEqual, sha256 } from '../../support/crypto';
import type {
  InboundAttachment,
  InboundKind,
  InboundMessage,
  ParsedWebhook,
  Verification,
  WebhookRequest,
} from '../driver';

/** The header Telegram puts the secret token in (lower-cased, as WebhookRequest holds headers). */
export const TELEGRAM_SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** What Telegram takes as a secret token: 1–256 characters of A-Z a-z 0-9 _ -. */
export const SECRET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,256}$/;

/** How a button tap's externalId starts: `callback:<callback_query.id>`. */
const callbackPrefix = 'callback:';

export interface ParseOptions {
  /** sentAt when a message has no readable date, and for a callback query (default: the time of the call). */
  now?: Date;
}

/** A fresh secret token for setWebhook: 256 random bits, base64url (43 characters of A-Z a-z 0-9 _ -). */
export function generateSecretToken(): string {
  return randomToken(32);
}

/** The X-Telegram-Bot-Api-Secret-Token header against the channel's secret token, in constant time. */
export function verifySecret(req: WebhookRequest, secretToken: string): Verification {
  // An empty secret would let any request without the header through.
  if (!secretToken) return { ok: false, status: 401, reason: 'no secret token configured' };
  const header = req.headers[TELEGRAM_SECRET_HEADER];
  if (header === undefined || header === '') {
    return { ok: false, status: 401, reason: 'missing X-Telegram-Bot-Api-Secret-Token' };
  }
  if (!safeEqual(header, secretToken)) {
    return { ok: false, status: 401, reason: 'X-Telegram-Bot-Api-Secret-Token does not match' };
  }
  return { ok: true };
}

/**
 * Reads an Update (after verifySecret). eventId is `update:<update_id>`, the same on every
 * redelivery; an update without a readable update_id gets `sha256:<hex of the raw body>`.
 * Throws only when the body is not JSON.
 */
export function parseUpdate(rawBody: Buffer, options: ParseOptions = {}): ParsedWebhook {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error('The Telegram webhook body is not JSON');
  }
  const now = options.now ?? new Date();
  const update = record(json);
  const updateId = integer(update?.update_id);
  const result: ParsedWebhook = {
    eventId: updateId !== undefined ? `update:${updateId}` : `sha256:${sha256(rawBody)}`,
    messages: [],
    statuses: [],
  };
  if (!update) return result;

  const message = update.message !== undefined ? readMessage(record(update.message), now) : undefined;
  const callback =
    update.callback_query !== undefined ? readCallbackQuery(record(update.callback_query), now) : undefined;
  for (const read of [message, callback]) if (read) result.messages.push(read);
  return result;
}

type Json = Record<string, unknown>;

/** Content members that carry a file, in the order they are checked (an animation also carries `document`). */
const MEDIA: Array<[key: string, kind: InboundKind]> = [
  ['animation', 'video'],
  ['video', 'video'],
  ['video_note', 'video'],
  ['voice', 'audio'],
  ['audio', 'audio'],
  ['document', 'file'],
  ['sticker', 'sticker'],
];

/** Things a person sends that Kawan cannot read yet: they arrive as `unsupported`, so the bot can say so. */
const UNSUPPORTED = ['contact', 'poll', 'dice', 'game', 'story', 'invoice', 'paid_media', 'giveaway', 'checklist'];

function readMessage(message: Json | undefined, now: Date): InboundMessage | undefined {
  if (!message) return undefined;
  const chatId = id(record(message.chat)?.id);
  const messageId = integer(message.message_id);
  const from = record(message.from);
  const fromId = id(from?.id);
  if (chatId === undefined || messageId === undefined || fromId === undefined || from?.is_bot === true) {
    return undefined;
  }
  const content = readContent(message);
  if (!content) return undefined;

  const reply = record(message.reply_to_message);
  const replyId = integer(reply?.message_id);
  const replyChat = id(record(reply?.chat)?.id) ?? chatId;
  const contact = record(message.contact);
  const phone = contact && id(contact.user_id) === fromId ? e164(contact.phone_number) : undefined;
  return {
    externalId: `${chatId}:${messageId}`,
    externalUserId: fromId,
    threadId: chatId,
    ...person(from),
    ...(phone ? { phoneE164: phone } : {}),
    kind: content.kind,
    text: content.text,
    attachments: content.attachments,
    ...(replyId !== undefined ? { replyToExternalId: `${replyChat}:${replyId}` } : {}),
    sentAt: unixTime(message.date) ?? now,
  };
}

/**
 * A tap on an inline keyboard button: kind `interactive`, text the button's callback data. Its
 * externalId is `callback:<callback_query.id>` (one button can be tapped many times); it replies
 * to the message that held the keyboard. The pipeline should answer it (answerCallbackQuery), or
 * the button keeps spinning in the customer's app.
 */
function readCallbackQuery(query: Json | undefined, now: Date): InboundMessage | undefined {
  if (!query) return undefined;
  const queryId = text(query.id);
  const from = record(query.from);
  const fromId = id(from?.id);
  if (!queryId || fromId === undefined || from?.is_bot === true) return undefined;
  const message = record(query.message);
  const chatId = id(record(message?.chat)?.id);
  const messageId = integer(message?.message_id);
  const data = typeof query.data === 'string' && query.data !== '' ? query.data : null;
  return {
    externalId: `${callbackPrefix}${queryId}`,
    externalUserId: fromId,
    // A private chat's id is the user's id; a button under an inline-mode message has no chat at all.
    threadId: chatId ?? fromId,
    ...person(from),
    kind: 'interactive',
    text: data,
    attachments: [],
    ...(data !== null ? { payload: data } : {}),
    ...(chatId !== undefined && messageId !== undefined ? { replyToExternalId: `${chatId}:${messageId}` } : {}),
    sentAt: now,
  };
}

/** The callback_query id of a button tap read by readCallbackQuery, or undefined for any other message. */
export function callbackQueryId(message: Pick<InboundMessage, 'kind' | 'externalId'>): string | undefined {
  if (message.kind !== 'interactive' || !message.externalId.startsWith(callbackPrefix)) return undefined;
  return message.externalId.slice(callbackPrefix.length) || undefined;
}

interface Content {
  kind: InboundKind;
  text: string | null;
  attachments: InboundAttachment[];
}

function readContent(message: Json): Content | undefined {
  const caption = text(message.caption) ?? null;

  if (typeof message.text === 'string') return { kind: 'text', text: message.text, attachments: [] };

  const photo = largestPhoto(message.photo);
  if (photo) return { kind: 'image', text: caption, attachments: [photo] };

  for (const [key, kind] of MEDIA) {
    const file = record(message[key]);
    if (!file) continue;
    const attachment = fileAttachment(file);
    if (key === 'sticker' && !attachment.mime) attachment.mime = stickerMime(file);
    return { kind, text: kind === 'sticker' ? null : caption, attachments: [attachment] };
  }

  const venue = record(message.venue);
  const location = record(message.location) ?? record(venue?.location);
  if (location) {
    const latitude = finite(location.latitude);
    const longitude = finite(location.longitude);
    const place = [text(venue?.title), text(venue?.address)].filter((part) => part !== undefined).join(', ');
    const point = latitude !== undefined && longitude !== undefined ? `(${latitude},${longitude})` : '';
    const description = [place, point].filter((part) => part !== '').join(' ');
    return { kind: 'location', text: description || null, attachments: [] };
  }

  if (UNSUPPORTED.some((key) => message[key] !== undefined)) {
    return { kind: 'unsupported', text: caption, attachments: [] };
  }
  return undefined; // a service message or a type this reader does not know
}

/** Telegram lists a photo's sizes smallest first; the largest is the one worth fetching. */
function largestPhoto(value: unknown): InboundAttachment | undefined {
  let best: { attachment: InboundAttachment; area: number } | undefined;
  for (const item of list(value)) {
    const size = record(item);
    if (!size || !text(size.file_id)) continue;
    const area = (finite(size.width) ?? 0) * (finite(size.height) ?? 0);
    if (!best || area >= best.area) best = { attachment: fileAttachment(size), area };
  }
  return best?.attachment;
}

function fileAttachment(file: Json): InboundAttachment {
  const attachment: InboundAttachment = {};
  const fileId = text(file.file_id);
  const mime = text(file.mime_type);
  const name = text(file.file_name);
  const size = integer(file.file_size);
  if (fileId) attachment.providerMediaId = fileId;
  if (mime) attachment.mime = mime;
  if (name) attachment.name = name;
  if (size !== undefined && size >= 0) attachment.size = size;
  return attachment;
}

function stickerMime(sticker: Json): string {
  if (sticker.is_animated === true) return 'application/x-tgsticker';
  if (sticker.is_video === true) return 'video/webm';
  return 'image/webp';
}

function person(from: Json | undefined): { name?: string; locale?: string } {
  const full = [text(from?.first_name), text(from?.last_name)].filter((part) => part !== undefined).join(' ');
  const name = full || text(from?.username);
  const locale = text(from?.language_code);
  return { ...(name ? { name } : {}), ...(locale ? { locale } : {}) };
}

function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function text(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function finite(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/** A chat or user id as text: Telegram sends numbers (negative for groups). */
function id(value: unknown): string | undefined {
  const number = integer(value);
  return number !== undefined ? String(number) : undefined;
}

function unixTime(value: unknown): Date | undefined {
  const seconds = integer(value);
  return seconds !== undefined && seconds > 0 ? new Date(seconds * 1000) : undefined;
}

/** A shared contact's phone number (digits, a + or not) as E.164. */
function e164(value: unknown): string | undefined {
  const digits = typeof value === 'string' ? value.replace(/[\s()+-]/g, '') : '';
  return /^[1-9]\d{6,14}$/.test(digits) ? `+${digits}` : undefined;
}

/**
 * WhatsApp Cloud API webhooks: the verification handshake (GET), the X-Hub-Signature-256 check
 * over the raw bytes (POST), and reading a delivery into inbound messages and status updates.
 *
 * The reader is defensive: Meta adds types and fields over time, and a webhook URL is public, so
 * any JSON shape is read without throwing; what it cannot use is skipped. Only a body that is not
 * JSON at all throws.
 */
import { createHmac } from 'node:crypto';
import { safeEqual, sha256 } from '../../support/crypto';
import type {
  InboundAttachment,
  InboundKind,
  InboundMessage,
  ParsedWebhook,
  StatusUpdate,
  Verification,
  WebhookRequest,
} from '../driver';

/** What one delivery held, plus every `metadata.phone_number_id` it named (the channel's number, normally). */
export interface WhatsAppWebhook extends ParsedWebhook {
  phoneNumberIds: string[];
}

export interface ParseOptions {
  /** Keep only changes for this number; others still show in `phoneNumberIds`. */
  phoneNumberId?: string;
  /** sentAt / at when a timestamp is missing or unreadable (default: the time of the call). */
  now?: Date;
}

type ChallengeResult = { ok: true; challenge: string } | { ok: false; status: 403; reason: string };

/** Meta sends a number; anything beyond a short token is refused, so the echo cannot carry markup. */
const CHALLENGE = /^[A-Za-z0-9_.-]{1,512}$/;

/**
 * The GET handshake: `hub.mode=subscribe` and our verify token (constant-time). Answer the
 * challenge as it came, as text/plain.
 */
export function verifyChallenge(req: WebhookRequest, verifyToken: string): ChallengeResult {
  const mode = req.query['hub.mode'];
  const token = req.query['hub.verify_token'];
  const challenge = req.query['hub.challenge'];
  if (req.method !== 'GET') return { ok: false, status: 403, reason: 'verification must be a GET' };
  if (mode !== 'subscribe') return { ok: false, status: 403, reason: 'hub.mode is not subscribe' };
  if (!verifyToken || token === undefined || !safeEqual(token, verifyToken)) {
    return { ok: false, status: 403, reason: 'hub.verify_token does not match' };
  }
  if (challenge === undefined || !CHALLENGE.test(challenge)) {
    return { ok: false, status: 403, reason: 'missing or malformed hub.challenge' };
  }
  return { ok: true, challenge };
}

/** `X-Hub-Signature-256: sha256=<hex>`, an HMAC-SHA256 of the raw body keyed with the app secret. */
export function verifySignature(req: WebhookRequest, appSecret: string): Verification {
  const header = req.headers['x-hub-signature-256']?.trim();
  if (!header) return { ok: false, status: 401, reason: 'missing X-Hub-Signature-256' };
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header);
  if (!match) return { ok: false, status: 401, reason: 'malformed X-Hub-Signature-256' };
  // An empty key is one anybody can sign with.
  if (!appSecret) return { ok: false, status: 401, reason: 'no app secret configured' };
  // Over the bytes as they came: a string round trip would change a body that is not valid UTF-8.
  const expected = createHmac('sha256', appSecret).update(req.rawBody).digest('hex');
  if (!safeEqual(match[1].toLowerCase(), expected)) {
    return { ok: false, status: 401, reason: 'X-Hub-Signature-256 does not match' };
  }
  return { ok: true };
}

/** The `metadata.phone_number_id` values a delivery names, in order, without repeats; [] for odd bodies. */
export function phoneNumberIdOf(rawBody: Buffer): string[] {
  return parseWebhook(rawBody).phoneNumberIds;
}

/**
 * Reads a delivery (after verifySignature). eventId is `sha256:<hex of the raw body>`: Meta sends
 * the same bytes again on a redelivery. Throws only when the body is not JSON.
 */
export function parseWebhook(rawBody: Buffer, options: ParseOptions = {}): WhatsAppWebhook {
  let json: unknown;
  try {
    json = JSON.parse(rawBody.toString('utf8'));
  } catch {
    throw new Error('The WhatsApp webhook body is not JSON');
  }
  const now = options.now ?? new Date();
  const result: WhatsAppWebhook = {
    eventId: `sha256:${sha256(rawBody)}`,
    messages: [],
    statuses: [],
    phoneNumberIds: [],
  };

  for (const entry of list(record(json)?.entry)) {
    for (const change of list(record(entry)?.changes)) {
      const body = record(change);
      if (body?.field !== 'messages') continue;
      const value = record(body.value);
      if (!value) continue;
      const phoneNumberId = text(record(value.metadata)?.phone_number_id);
      if (phoneNumberId && !result.phoneNumberIds.includes(phoneNumberId)) result.phoneNumberIds.push(phoneNumberId);
      if (options.phoneNumberId !== undefined && phoneNumberId !== options.phoneNumberId) continue;

      const contacts = list(value.contacts)
        .map(record)
        .filter((contact) => contact !== undefined);
      for (const item of list(value.messages)) {
        const message = readMessage(record(item), contacts, now);
        if (message) result.messages.push(message);
      }
      for (const item of list(value.statuses)) {
        const status = readStatus(record(item), now);
        if (status) result.statuses.push(status);
      }
    }
  }
  return result;
}

type Json = Record<string, unknown>;

const MEDIA_KINDS: Record<string, InboundKind> = {
  image: 'image',
  audio: 'audio',
  video: 'video',
  document: 'file',
  sticker: 'sticker',
};

function readMessage(message: Json | undefined, contacts: Json[], now: Date): InboundMessage | undefined {
  if (!message) return undefined;
  const externalId = text(message.id);
  const contact =
    contacts.find(
      (candidate) => digits(candidate.wa_id) !== undefined && digits(candidate.wa_id) === digits(message.from),
    ) ?? (contacts.length === 1 ? contacts[0] : undefined);
  const waId = digits(message.from) ?? digits(contact?.wa_id);
  if (!externalId || !waId) return undefined;

  const type = text(message.type) ?? 'unknown';
  const content = readContent(type, message);
  const name = text(record(contact?.profile)?.name);
  const replyTo = text(record(message.context)?.id) ?? content.replyTo;
  return {
    externalId,
    externalUserId: waId,
    threadId: waId,
    ...(name ? { name } : {}),
    phoneE164: `+${waId}`,
    kind: content.kind,
    text: content.text,
    attachments: content.attachments,
    ...(replyTo ? { replyToExternalId: replyTo } : {}),
    ...(content.payload ? { payload: content.payload } : {}),
    sentAt: unixTime(message.timestamp) ?? now,
  };
}

interface Content {
  kind: InboundKind;
  text: string | null;
  attachments: InboundAttachment[];
  replyTo?: string;
  /** A tapped reply's id (a list row's, a button's) or a template button's payload. */
  payload?: string;
}

function readContent(type: string, message: Json): Content {
  const body = record(message[type]);
  const none: InboundAttachment[] = [];

  if (type === 'text') return { kind: 'text', text: text(body?.body) ?? null, attachments: none };

  const mediaKind = MEDIA_KINDS[type];
  if (mediaKind) {
    const attachment: InboundAttachment = {};
    const id = text(body?.id);
    const mime = text(body?.mime_type);
    const hash = text(body?.sha256);
    const name = text(body?.filename);
    if (id) attachment.providerMediaId = id;
    if (mime) attachment.mime = mime;
    if (hash) attachment.sha256 = hash;
    if (name) attachment.name = name;
    return { kind: mediaKind, text: text(body?.caption) ?? null, attachments: body ? [attachment] : none };
  }

  if (type === 'location') {
    const latitude = finite(body?.latitude);
    const longitude = finite(body?.longitude);
    const place = [text(body?.name), text(body?.address)].filter((part) => part !== undefined).join(', ');
    const point = latitude !== undefined && longitude !== undefined ? `(${latitude},${longitude})` : '';
    const description = [place, point].filter((part) => part !== '').join(' ');
    return { kind: 'location', text: description || null, attachments: none };
  }

  if (type === 'interactive') {
    const kind = text(body?.type);
    const reply = kind ? record(body?.[kind]) : undefined;
    if (kind === 'button_reply' || kind === 'list_reply') {
      const payload = text(reply?.id);
      return {
        kind: 'interactive',
        text: text(reply?.title) ?? payload ?? null,
        attachments: none,
        ...(payload ? { payload } : {}),
      };
    }
    return { kind: 'unsupported', text: `[interactive ${kind ?? 'reply'}]`, attachments: none };
  }

  if (type === 'button') {
    const payload = text(body?.payload);
    return {
      kind: 'interactive',
      text: text(body?.text) ?? payload ?? null,
      attachments: none,
      ...(payload ? { payload } : {}),
    };
  }

  if (type === 'reaction') {
    const emoji = text(body?.emoji);
    const replyTo = text(body?.message_id);
    return {
      kind: 'unsupported',
      text: emoji ? `[reaction ${emoji}]` : '[reaction removed]',
      attachments: none,
      ...(replyTo ? { replyTo } : {}),
    };
  }

  if (type === 'contacts') {
    const shared = list(message.contacts)
      .map(record)
      .map((card) => {
        const name = text(record(card?.name)?.formatted_name);
        const phone = text(record(list(card?.phones)[0])?.phone);
        return [name, phone].filter((part) => part !== undefined).join(' ');
      })
      .filter((card) => card !== '');
    return { kind: 'unsupported', text: `[contact${shared.length ? ` ${shared.join('; ')}` : ''}]`, attachments: none };
  }

  if (type === 'system') {
    return {
      kind: 'unsupported',
      text: text(body?.body) ? `[system: ${text(body?.body)}]` : '[system]',
      attachments: none,
    };
  }

  // 'unsupported' / 'unknown' (Meta could not read it), 'order', 'request_welcome' and future types.
  if (type === 'unsupported' || type === 'unknown') return { kind: 'unsupported', text: null, attachments: none };
  return { kind: 'unsupported', text: `[${type.slice(0, 40)}]`, attachments: none };
}

const STATUSES = new Set<StatusUpdate['status']>(['sent', 'delivered', 'read', 'failed']);

function readStatus(status: Json | undefined, now: Date): StatusUpdate | undefined {
  const externalId = text(status?.id);
  const value = text(status?.status) as StatusUpdate['status'] | undefined;
  if (!status || !externalId || !value || !STATUSES.has(value)) return undefined;

  const update: StatusUpdate = { externalId, status: value, at: unixTime(status.timestamp) ?? now };

  const error = record(list(status.errors)[0]);
  if (error) {
    const parts: string[] = [];
    for (const part of [text(error.title), text(error.message), text(record(error.error_data)?.details)]) {
      if (part && !parts.includes(part)) parts.push(part);
    }
    const code = error.code;
    update.error = {
      code: typeof code === 'number' || typeof code === 'string' ? String(code) : 'unknown',
      message: parts.join(': ') || 'Unknown error',
    };
  }

  const pricing = record(status.pricing);
  if (pricing) {
    const type = text(pricing.type);
    update.pricing = {
      // Meta's newer per-message pricing also says it by `type` ('regular' is billed, 'free_*' is not).
      billable: typeof pricing.billable === 'boolean' ? pricing.billable : type === 'regular',
      ...(text(pricing.category) ? { category: text(pricing.category) } : {}),
      ...(text(pricing.pricing_model) ? { model: text(pricing.pricing_model) } : {}),
    };
  }
  return update;
}

function record(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : undefined;
}

function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-empty string (numbers too: Meta's ids are strings, but a sender could send numbers). */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A wa_id: digits only (a leading + or spaces are dropped); undefined when there are none. */
function digits(value: unknown): string | undefined {
  const raw = text(value);
  if (!raw || !/^\+?[\d\s-]+$/.test(raw)) return undefined;
  const only = raw.replace(/\D/g, '');
  return only.length > 0 && only.length <= 20 ? only : undefined;
}

function finite(value: unknown): number | undefined {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : undefined;
}

/** Unix seconds (a string or a number) to a Date; undefined when unreadable. */
function unixTime(value: unknown): Date | undefined {
  const seconds = finite(value);
  if (seconds === undefined || seconds <= 0) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

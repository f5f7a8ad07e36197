/**
 * What the pipeline knows of a channel type: one small driver per type (web, WhatsApp, Telegram,
 * webhook), each with its own module under server/channels/<type>/. A driver verifies a webhook
 * request, reads it into messages and status updates, and sends a reply; it knows nothing of the
 * database, Express, conversations or bots. The pipeline (server/channels/pipeline.ts) knows no
 * channel details: it stores what a driver read and hands replies back to the same driver.
 *
 * Settings reach a driver decrypted, as plain values; a driver never logs them or puts them in an
 * error message.
 */
import type { MessageTemplate } from './whatsapp/templates';

export type ChannelType = 'web' | 'whatsapp' | 'telegram' | 'webhook';

/** A webhook request as a driver sees it: the raw bytes (signatures are over them), lower-cased headers. */
export interface WebhookRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string | undefined>;
  query: Record<string, string | undefined>;
  rawBody: Buffer;
  now: Date;
}

/** A failed check: 401 for a bad or missing signature, 403 for a refused verification handshake. */
export type Verification = { ok: true } | { ok: false; status: 401 | 403; reason: string };

export interface InboundAttachment {
  /** The provider's id for fetching it later (a WhatsApp media id, a Telegram file_id). */
  providerMediaId?: string;
  url?: string;
  mime?: string;
  size?: number;
  name?: string;
  sha256?: string;
}

export type InboundKind =
  'text' | 'image' | 'audio' | 'video' | 'file' | 'location' | 'sticker' | 'interactive' | 'unsupported';

/** One message a customer sent. */
export interface InboundMessage {
  /** Unique per channel: the dedupe key (a wamid, `<chat id>:<message_id>`, the sender's own id). */
  externalId: string;
  /** Who wrote it on the provider (a wa_id, a Telegram user id, the webhook's user id). */
  externalUserId: string;
  /** Where replies go (a wa_id, a Telegram chat id, the webhook's user id). */
  threadId: string;
  name?: string;
  /** E.164 with `+` when the provider gives a phone number. */
  phoneE164?: string;
  /** An IETF tag when the provider gives one (Telegram's language_code). */
  locale?: string;
  /** The sender's e-mail, when the provider gives one (the webhook channel's `user.email`). */
  email?: string;
  /**
   * Values of the team's contact fields by key, as the team's own system sends them with a message
   * (the webhook channel's `user.attributes`): each read in its field's type when the message is applied.
   */
  attributes?: Record<string, string | number | boolean | null>;
  kind: InboundKind;
  /** The text, a caption or a button's title; null for a message without any. */
  text: string | null;
  attachments: InboundAttachment[];
  /** The provider id of the message this one replies to, when it quotes one. */
  replyToExternalId?: string;
  /** A tapped choice's id as Kawan sent it (a WhatsApp list or button reply's id, Telegram's callback data). */
  payload?: string;
  sentAt: Date;
}

export type DeliveryStatus = 'sent' | 'delivered' | 'read' | 'failed';

/** A delivery report on a message Kawan sent (WhatsApp statuses). */
export interface StatusUpdate {
  externalId: string;
  status: DeliveryStatus;
  at: Date;
  error?: { code: string; message: string };
  pricing?: { billable: boolean; category?: string; model?: string };
}

/** What one webhook delivery held. */
export interface ParsedWebhook {
  /**
   * The delivery's own id, the same on every redelivery: the dedupe key of the stored raw event
   * (Telegram `update:<update_id>`, WhatsApp a sha256 of the raw body, webhook `message:<id>`).
   */
  eventId: string;
  messages: InboundMessage[];
  statuses: StatusUpdate[];
}

/** A reply to send. A driver splits text longer than its provider takes (4096 characters for both). */
/** A file an agent sends with their words (the words are its caption, at most 1,024 characters). */
export interface OutboundFile {
  name: string;
  mime: string;
  size: number;
  /** A picture goes as one (WhatsApp image, Telegram sendPhoto); anything else as a document. */
  kind: 'image' | 'file';
  /** Its place in the message's attachments. */
  index: number;
  /** A signed link to download it for a day (the webhook channel's payload carries it). */
  url?: string;
  read(): Promise<Buffer>;
}

export interface OutboundText {
  threadId: string;
  text: string;
  /** At most one file, sent with `text` as its caption in one call. */
  files?: OutboundFile[];
  /** Quote the customer's message (WhatsApp context.message_id, Telegram reply_parameters). */
  replyToExternalId?: string;
  /** Kawan's id of the message being sent: stable across retries (the webhook channel's event id). */
  messageId?: number;
  /**
   * A WhatsApp template message: sent as the template (its media header's file is `files[0]`)
   * instead of `text`, which is the thread's copy of it.
   */
  template?: MessageTemplate;
  /** Answers to tap instead of typing (a WhatsApp list, Telegram inline buttons), sent with `text`. */
  choices?: MessageChoices;
}

/** A message's choices: the label of WhatsApp's list button and each choice's id (sent back when tapped) and title. */
export interface MessageChoices {
  /** WhatsApp's list button, at most 20 characters. */
  button: string;
  /** At most 10; a title at most 24 characters, an id at most 64. */
  items: { id: string; title: string }[];
}

/** A media file downloaded from the provider (WhatsApp's Graph API), checked against a size cap. */
export interface FetchedMedia {
  mime: string;
  bytes: Buffer;
  /** Hex SHA-256 of the bytes as downloaded. */
  sha256: string;
  size: number;
}

/** What the provider answered: one id per part sent (a long reply goes out in several parts). */
export interface SendOutcome {
  externalIds: string[];
}

/**
 * A send or API call that failed. `retryable` for a network error, a timeout, 429 and 5xx (with the
 * provider's Retry-After when it gave one); not for a refused token or a bad request. The message
 * is safe to show in the channel's event log: what the provider said, never a credential.
 */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly code: string = 'error',
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ChannelError';
  }
}

/** The result of a credential check, shown as the channel's health. */
export type CredentialCheck = { ok: true; detail: string; displayIdentifier?: string } | { ok: false; detail: string };

/** Options every HTTP-calling driver takes: where the provider lives, a timeout, fetch for tests. */
export interface DriverHttp {
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

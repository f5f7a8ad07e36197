/**
 * Each channel type's driver behind one face the pipeline uses: verify a webhook, read it, send a
 * reply, show typing, check credentials. Only this file knows which driver module serves which
 * type; the pipeline (server/channels/pipeline.ts) asks an adapter and never looks at the type.
 */
import type { ChannelType } from '../db/schema/channels';
import {
  ChannelError,
  type CredentialCheck,
  type FetchedMedia,
  type InboundMessage,
  type OutboundText,
  type ParsedWebhook,
  type SendOutcome,
  type Verification,
  type WebhookRequest,
} from './driver';
import { parseWebhook, verifyChallenge, verifySignature as verifyWhatsApp } from './whatsapp/webhook';
import { whatsappClient } from './whatsapp/client';
import { callbackQueryId, parseUpdate, verifySecret } from './telegram/webhook';
import { telegramClient } from './telegram/client';
import { verifySignature as verifyKawanSignature } from './webhook/signature';
import { parseInbound } from './webhook/inbound';
import { deliverEvent, MAX_ATTEMPTS, retryDelayMs } from './webhook/outbound';

/** The secrets each type keeps (encrypted together in `channels.secrets`). */
export interface ChannelSecrets {
  accessToken?: string;
  appSecret?: string;
  verifyToken?: string;
  botToken?: string;
  webhookSecret?: string;
  signingSecret?: string;
  identitySecret?: string;
}

/** What an adapter is built from: the stored channel, its secrets decrypted, where providers live. */
export interface AdapterInput {
  id: number;
  type: ChannelType;
  publicKey: string;
  settings: Record<string, unknown>;
  secrets: ChannelSecrets;
}

export interface AdapterEnv {
  whatsappGraphUrl: string;
  telegramApiUrl: string;
  timeoutMs: number;
  /** The webhook channel may deliver to private and local addresses (KNOWLEDGE_ALLOW_PRIVATE_URLS). */
  allowPrivateUrls: boolean;
  /** Sends a reply to a widget visitor (the web type has no provider: its replies go over realtime). */
  widgetSend(channelId: number, out: OutboundText): Promise<SendOutcome>;
}

/** A handshake answered on GET (WhatsApp's hub.challenge), or a refusal. */
export type Handshake = { ok: true; body: string } | { ok: false; status: 403 | 404; reason: string };

/** A body that verified but does not read as the type's payload: field messages (422). */
export type Reading = { ok: true; webhook: ParsedWebhook } | { ok: false; errors: Record<string, string> };

export interface ChannelAdapter {
  handshake(req: WebhookRequest): Handshake;
  verify(req: WebhookRequest): Verification;
  read(req: WebhookRequest): Reading;
  send(out: OutboundText): Promise<SendOutcome>;
  /** Shows the customer that a reply is being written (best effort). */
  typing(threadId: string, replyToExternalId?: string): Promise<void>;
  check(): Promise<CredentialCheck>;
  /** When a failed send is tried again (attempt: 1 after the first failure), or undefined when no more. */
  retryDelayMs(attempt: number): number | undefined;
  /**
   * Downloads an attachment by its providerMediaId (the `channel.media` job); a type without it
   * keeps no files.
   */
  fetchMedia?(providerMediaId: string): Promise<FetchedMedia>;
  /** Tells the provider a new inbound message was taken (Telegram: a button tap's spinner stops). */
  acknowledge?(message: InboundMessage): Promise<void>;
}

const string = (value: unknown) => (typeof value === 'string' ? value : '');

/** 10 s, 20 s, 40 s, 80 s, 160 s: five tries over about five minutes. */
const providerRetry = (attempt: number) => (attempt < 6 ? 10_000 * 2 ** (attempt - 1) : undefined);

const noHandshake: Handshake = { ok: false, status: 404, reason: 'This channel answers no verification handshake.' };

export function channelAdapter(channel: AdapterInput, env: AdapterEnv): ChannelAdapter {
  const { secrets, settings } = channel;
  switch (channel.type) {
    case 'whatsapp': {
      const client = () =>
        whatsappClient({
          baseUrl: env.whatsappGraphUrl,
          timeoutMs: env.timeoutMs,
          phoneNumberId: string(settings.phoneNumberId),
          wabaId: string(settings.wabaId),
          accessToken: secrets.accessToken ?? '',
        });
      return {
        handshake: (req) => {
          const result = verifyChallenge(req, secrets.verifyToken ?? '');
          return result.ok ? { ok: true, body: result.challenge } : result;
        },
        verify: (req) => verifyWhatsApp(req, secrets.appSecret ?? ''),
        read: (req) => ({
          ok: true,
          webhook: parseWebhook(req.rawBody, { phoneNumberId: string(settings.phoneNumberId), now: req.now }),
        }),
        send: (out) =>
          out.template
            ? client().sendTemplate({ to: out.threadId, ...out.template, headerFile: out.files?.[0] })
            : client().sendText(out),
        typing: async (_threadId, replyTo) => {
          if (replyTo) await client().markRead(replyTo, true);
        },
        check: () => client().checkCredentials(),
        retryDelayMs: providerRetry,
        fetchMedia: (mediaId) => client().fetchMedia(mediaId),
      };
    }
    case 'telegram': {
      const client = () =>
        telegramClient({ baseUrl: env.telegramApiUrl, timeoutMs: env.timeoutMs, botToken: secrets.botToken ?? '' });
      return {
        handshake: () => noHandshake,
        verify: (req) => verifySecret(req, secrets.webhookSecret ?? ''),
        read: (req) => ({ ok: true, webhook: parseUpdate(req.rawBody, { now: req.now }) }),
        send: (out) => client().sendText(out),
        typing: (threadId) => client().sendChatAction(threadId, 'typing'),
        check: () => client().checkCredentials(),
        retryDelayMs: providerRetry,
        acknowledge: async (message) => {
          const queryId = callbackQueryId(message);
          if (queryId) await client().answerCallbackQuery(queryId);
        },
      };
    }
    case 'webhook':
      return {
        handshake: () => noHandshake,
        verify: (req) => verifyKawanSignature(req, secrets.signingSecret ?? ''),
        read: (req) => {
          const result = parseInbound(req.rawBody, { now: req.now });
          return result.ok ? { ok: true, webhook: result.webhook } : result;
        },
        send: async (out) => {
          const id = `msg_${channel.id}_${out.messageId ?? 0}`;
          await deliverEvent({
            url: string(settings.outboundUrl),
            secret: secrets.signingSecret ?? '',
            timeoutMs: env.timeoutMs,
            allowPrivate: env.allowPrivateUrls,
            event: {
              id,
              type: 'message.created',
              createdAt: new Date().toISOString(),
              data: {
                user_id: out.threadId,
                text: out.text,
                in_reply_to: out.replyToExternalId ?? null,
                // A file goes as a signed link, good for a day: the receiver downloads it.
                ...(out.files?.length
                  ? {
                      attachments: out.files.map((file) => ({
                        name: file.name,
                        mime: file.mime,
                        size: file.size,
                        url: file.url,
                      })),
                    }
                  : {}),
              },
            },
          });
          return { externalIds: [] };
        },
        typing: async () => undefined,
        check: async () => ({ ok: true, detail: `Replies are delivered to ${string(settings.outboundUrl)}.` }),
        retryDelayMs: (attempt) => (attempt < MAX_ATTEMPTS ? retryDelayMs(attempt) : undefined),
      };
    case 'web':
      return {
        handshake: () => noHandshake,
        verify: () => ({ ok: false, status: 401, reason: 'The web widget takes messages through its own endpoints.' }),
        read: () => ({ ok: false, errors: { body: 'The web widget takes messages through its own endpoints.' } }),
        send: (out) => env.widgetSend(channel.id, out),
        typing: async () => undefined,
        check: async () => ({ ok: true, detail: 'The widget needs no credentials.' }),
        retryDelayMs: providerRetry,
      };
    default:
      throw new ChannelError(`Unknown channel type ${String(channel.type)}`, false, 'unknown_type');
  }
}

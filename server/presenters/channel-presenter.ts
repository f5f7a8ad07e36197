import { preChatSettings } from '../channels/web/pre-chat';
import type {
  ChannelEventRow,
  ChannelListRow,
  ChannelRow,
  WhatsappTemplateRow,
} from '../db/repositories/channel-repository';
import type { ChannelSecrets } from '../channels/adapters';
import { iso } from './iso';

const text = (value: unknown, fallback = '') => (typeof value === 'string' ? value : fallback);
const list = (value: unknown) =>
  Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];

/** The health badge: paused, error (the last thing that happened failed), waiting (nothing yet), healthy. */
export function channelHealth(
  channel: Pick<
    ChannelRow,
    'status' | 'lastInboundAt' | 'lastOutboundAt' | 'lastErrorAt' | 'lastError' | 'credentialCheck'
  >,
): {
  health: 'healthy' | 'waiting' | 'error' | 'paused';
  detail: string;
} {
  if (channel.status === 'paused')
    return { health: 'paused', detail: 'Paused: messages are stored, nobody replies automatically.' };
  const lastGood = Math.max(channel.lastInboundAt?.getTime() ?? 0, channel.lastOutboundAt?.getTime() ?? 0);
  if (channel.credentialCheck && !channel.credentialCheck.ok)
    return { health: 'error', detail: channel.credentialCheck.detail };
  if (channel.lastErrorAt && channel.lastErrorAt.getTime() > lastGood) {
    return { health: 'error', detail: channel.lastError ?? 'The last attempt failed.' };
  }
  if (!channel.lastInboundAt) return { health: 'waiting', detail: 'No message received yet.' };
  return { health: 'healthy', detail: 'Messages are arriving, and nothing has failed since the last one.' };
}

export function presentChannelSummary(channel: ChannelListRow | (ChannelRow & { botName?: string | null })) {
  const { health, detail } = channelHealth(channel);
  return {
    id: channel.id,
    type: channel.type,
    name: channel.name,
    status: channel.status,
    bot: channel.botId !== null && channel.botName ? { id: channel.botId, name: channel.botName } : null,
    display_identifier: channel.displayIdentifier,
    health,
    health_detail: detail,
    last_inbound_at: iso(channel.lastInboundAt),
    last_outbound_at: iso(channel.lastOutboundAt),
    last_error_at: iso(channel.lastErrorAt),
    last_error: channel.lastError,
    credential_check: channel.credentialCheck,
    created_at: channel.createdAt.toISOString(),
  };
}

/** The pre-chat form's settings as the channel form's fields. */
function preChatFields(settings: Record<string, unknown>) {
  const preChat = preChatSettings(settings);
  return {
    pre_chat_name: preChat.name,
    pre_chat_email: preChat.email,
    pre_chat_phone: preChat.phone,
    pre_chat_message: preChat.message,
  };
}

/** The settings a form shows (never a secret), by type, in the pages' snake_case. */
export function presentSettings(channel: Pick<ChannelRow, 'type' | 'settings'>) {
  const s = channel.settings;
  switch (channel.type) {
    case 'web':
      return {
        allowed_domains: list(s.allowedDomains),
        color: text(s.color, '#4f46e5'),
        title: text(s.title),
        position: s.position === 'left' ? ('left' as const) : ('right' as const),
        avatar_url: text(s.avatarUrl),
        launcher_text: text(s.launcherText),
        welcome_message: text(s.welcomeMessage),
        suggested_questions: list(s.suggestedQuestions),
        proactive_message: text(s.proactiveMessage),
        proactive_delay: typeof s.proactiveDelaySeconds === 'number' ? s.proactiveDelaySeconds : 15,
        ...preChatFields(s),
        collect_csat: s.collectCsat === true,
        identity_verification: s.identityVerification === true,
      };
    case 'whatsapp':
      return { phone_number_id: text(s.phoneNumberId), waba_id: text(s.wabaId), collect_csat: s.collectCsat === true };
    case 'telegram':
      return { bot_username: text(s.botUsername), collect_csat: s.collectCsat === true };
    case 'webhook':
      return { outbound_url: text(s.outboundUrl) };
  }
}

const secretFields: Record<ChannelRow['type'], [string, keyof ChannelSecrets][]> = {
  web: [['identity_secret', 'identitySecret']],
  whatsapp: [
    ['access_token', 'accessToken'],
    ['app_secret', 'appSecret'],
    ['verify_token', 'verifyToken'],
  ],
  telegram: [['bot_token', 'botToken']],
  webhook: [['signing_secret', 'signingSecret']],
};

export function presentChannelDetail(channel: ChannelRow & { botName?: string | null }, secrets: ChannelSecrets) {
  return {
    ...presentChannelSummary(channel),
    public_key: channel.publicKey,
    settings: presentSettings(channel),
    secrets_set: Object.fromEntries(secretFields[channel.type].map(([field, key]) => [field, Boolean(secrets[key])])),
  };
}

export function presentChannelEvent(event: ChannelEventRow, conversationUrl: string | null) {
  return {
    id: event.id,
    direction: event.direction,
    event_id: event.eventId,
    signature: event.signature as 'valid' | 'invalid' | 'none',
    status: event.status,
    summary: event.summary,
    duplicates: event.duplicates,
    attempts: event.attempts.map((attempt) => ({
      at: attempt.at,
      ok: attempt.ok,
      detail: attempt.detail,
      ...(attempt.durationMs !== undefined ? { duration_ms: attempt.durationMs } : {}),
    })),
    error: event.error,
    received_at: event.receivedAt.toISOString(),
    processed_at: iso(event.processedAt),
    conversation_url: conversationUrl,
    replayable: event.direction === 'inbound' && event.payload !== null,
  };
}

export function presentTemplate(template: WhatsappTemplateRow) {
  return {
    name: template.name,
    language: template.language,
    status: template.status,
    category: template.category,
    body: template.body,
  };
}

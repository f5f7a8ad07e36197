/**
 * The props of Channels/Index, Create, Edit and Show (server/http/controllers/channels/
 * channel-controller.ts, server/presenters/channel-presenter.ts). Dates are ISO strings.
 * Secrets never appear: `secrets_set` says which secret fields hold a value.
 */
import type { PageMeta } from '../../Bots/Partials/types';
import type { PlanChannelTypesProps, PlanLimitProps } from '../../../../../server/presenters/plan-usage-presenter';

export type { PageMeta };

export type ChannelType = 'web' | 'whatsapp' | 'telegram' | 'webhook';
export type ChannelStatus = 'active' | 'paused';
/** healthy: credentials check out and no recent error; waiting: nothing received yet; error: the last thing failed. */
export type ChannelHealth = 'healthy' | 'waiting' | 'error' | 'paused';

export interface ChannelTypeInfo {
  type: ChannelType;
  label: string;
  description: string;
}

export interface ChannelSummary {
  id: number;
  type: ChannelType;
  name: string;
  status: ChannelStatus;
  bot: { id: number; name: string } | null;
  /** '+62 812-3456-7890' (format with lib/phone on the client when type is whatsapp), '@acme_bot', 'acme.com'. */
  display_identifier: string;
  health: ChannelHealth;
  /** One sentence behind the badge ("Last message 5 minutes ago", "Telegram: Unauthorized"). */
  health_detail: string;
  last_inbound_at: string | null;
  last_outbound_at: string | null;
  last_error_at: string | null;
  last_error: string | null;
  credential_check: { ok: boolean; detail: string; at: string } | null;
  created_at: string;
}

export type PreChatAsk = 'off' | 'optional' | 'required';

export interface WebSettings {
  allowed_domains: string[];
  color: string;
  title: string;
  position: 'left' | 'right';
  avatar_url: string;
  launcher_text: string;
  welcome_message: string;
  suggested_questions: string[];
  /** Shown beside the launcher after `proactive_delay` seconds; empty: none. */
  proactive_message: string;
  proactive_delay: number;
  /** The pre-chat form: whether it asks a new visitor for each detail before their first message. */
  pre_chat_name: PreChatAsk;
  pre_chat_email: PreChatAsk;
  pre_chat_phone: PreChatAsk;
  /** The line above the form's fields; empty: the widget's own words. */
  pre_chat_message: string;
  collect_csat: boolean;
  identity_verification: boolean;
}

export interface WhatsAppSettings {
  phone_number_id: string;
  waba_id: string;
  collect_csat: boolean;
}

export interface TelegramSettings {
  bot_username: string;
  collect_csat: boolean;
}

export interface WebhookSettings {
  outbound_url: string;
}

export type ChannelSettings = WebSettings | WhatsAppSettings | TelegramSettings | WebhookSettings;

export interface ChannelDetail extends ChannelSummary {
  public_key: string;
  settings: ChannelSettings;
  /**
   * Which secret fields hold a value (whatsapp: access_token, app_secret, verify_token; telegram:
   * bot_token; webhook: signing_secret; web: identity_secret). Edit forms leave them blank to keep them.
   */
  secrets_set: Record<string, boolean>;
}

export interface BotOption {
  id: number;
  name: string;
  status: 'draft' | 'active' | 'paused';
  published: boolean;
}

export interface ChannelAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface ChannelIndexProps {
  channels: { data: ChannelSummary[]; meta: PageMeta };
  filters: { search: string; type: ChannelType | '' };
  types: ChannelTypeInfo[];
  /** Where the team stands against its plan's channels: the line beside "New channel", the notice once reached. */
  limit: PlanLimitProps;
  can: ChannelAbilities;
}

/**
 * Default settings per type, for the create form; the types the plan includes (`plan_channel_types`,
 * the others shown disabled with the first plan that has them) and where the team stands against
 * its plan's channels.
 */
export interface ChannelCreateProps extends PlanChannelTypesProps {
  types: ChannelTypeInfo[];
  bots: BotOption[];
  /** From ?type=… when the plan includes it: the form opens on that type's settings; null shows the type picker. */
  type: ChannelType | null;
  defaults: { web: WebSettings; whatsapp: WhatsAppSettings; telegram: TelegramSettings; webhook: WebhookSettings };
  limit: PlanLimitProps;
}

export interface ChannelEditProps {
  channel: ChannelDetail;
  bots: BotOption[];
  can: ChannelAbilities;
}

export interface ChannelEventAttempt {
  at: string;
  ok: boolean;
  detail: string;
  duration_ms?: number;
}

export interface ChannelEvent {
  id: number;
  direction: 'inbound' | 'outbound';
  event_id: string;
  /** 'valid', 'invalid' (refused, nothing stored) or 'none' (outbound). */
  signature: 'valid' | 'invalid' | 'none';
  status: 'received' | 'processed' | 'ignored' | 'failed' | 'rejected' | 'pending' | 'delivered';
  summary: string;
  duplicates: number;
  attempts: ChannelEventAttempt[];
  error: string | null;
  received_at: string;
  processed_at: string | null;
  /** The conversation the event's message went to, when there is one. */
  conversation_url: string | null;
  /** A Replay button is offered (verified inbound events and failed outbound deliveries). */
  replayable: boolean;
}

/** What Channels/Show tells the team to do to connect the channel. */
export interface ChannelSetup {
  /** The URL the provider calls (whatsapp, telegram, webhook). */
  webhook_url: string | null;
  /** The web widget's embed snippet. */
  snippet: string | null;
  /** A page of Kawan's own that embeds the widget (web). */
  preview_url: string | null;
  /** Ordered, plain-text steps. */
  steps: string[];
}

export interface WhatsAppTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  body: string;
}

export interface ChannelShowProps {
  channel: ChannelDetail;
  setup: ChannelSetup;
  events: { data: ChannelEvent[]; meta: PageMeta };
  /** WhatsApp only: the synced templates. */
  templates: WhatsAppTemplate[] | null;
  /** A generated secret shown once, after the channel was created or the secret rotated. */
  revealed_secret: { label: string; value: string } | null;
  can: ChannelAbilities;
}

import type { Replay } from './ReplayPanel';
import type { presentBotSummary, presentTurn, presentVersion } from '../../../../../server/presenters/bot-presenter';
import type { BotConfig, BotLanguage, Grounding, Weekday } from '../../../../../server/bot-engine/bot-config';
import type { Citation } from '../../../../../server/bot-engine/citations';
import type { RetrievedTrace, TurnHandoff, TurnKind, TurnTrace } from '../../../../../server/bot-engine/turn';
import type { Language } from '../../../../../server/knowledge/language';
import type { avatarColors, botStatuses } from '../../../../../server/domain/bots/schemas';
import type { PlanLimitProps } from '../../../../../server/presenters/plan-usage-presenter';
import type { PageMeta } from '@/Components/Pagination';
import type { ContactFieldShape } from '../../../../../server/domain/contacts/field-values';

/**
 * The props of Bots/Index, Create, Edit and Show (server/http/controllers/bots/bot-controller.ts),
 * their items typed from the presenters and the bot engine that produce them.
 */
export type { BotConfig, BotLanguage, Citation, Grounding, RetrievedTrace, TurnKind, Weekday };

export type BotSummary = ReturnType<typeof presentBotSummary>;
export type BotVersion = ReturnType<typeof presentVersion>;
export type BotStatus = (typeof botStatuses)[number];
export type AvatarColor = (typeof avatarColors)[number];

/**
 * What the test chat stores as a turn's trace (server/domain/bots/actions/chat.ts): the engine's
 * trace with the handoff, the reply language and the streaming request id added. Every key is
 * optional: a trace recorded by another source or an older engine may lack some.
 */
export type StoredTrace = Partial<TurnTrace> & {
  handoff?: TurnHandoff | null;
  language?: Language | null;
  /** The `request` of the BotReplyDelta events that streamed this reply. */
  request?: string;
};

/** presentTurn, with the JSON columns it passes through typed. */
export type Turn = Omit<ReturnType<typeof presentTurn>, 'kind' | 'citations' | 'trace'> & {
  kind: TurnKind;
  citations: Citation[];
  trace: StoredTrace;
};

export interface BotAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface BotIndexProps {
  bots: { data: BotSummary[]; meta: PageMeta };
  /** By bot id: the channels it answers on, counted per type. */
  channels: Record<number, { type: 'web' | 'whatsapp' | 'telegram' | 'webhook'; count: number }[]>;
  filters: { search: string; status: BotStatus | '' };
  statuses: BotStatus[];
  /** Where the team stands against its plan's bots: the line beside "New bot", the notice once reached. */
  limit: PlanLimitProps;
  can: BotAbilities;
}

/** A knowledge base the bot may be linked to. */
export interface KnowledgeOption {
  id: number;
  name: string;
  sources_count: number;
  chunks_count: number;
}

export interface BotFormOptions {
  languages: BotLanguage[];
  grounding: Grounding[];
  avatar_colors: AvatarColor[];
  statuses: BotStatus[];
  weekdays: Weekday[];
}

/** A model server of the team's own a bot may answer with (Teams/Show manages them). */
export interface ProviderOption {
  id: number;
  name: string;
  /** The models it lists, the first the default when the bot names none. */
  models: string[];
}

export interface BotCreateProps {
  defaults: BotConfig;
  knowledges: KnowledgeOption[];
  options: BotFormOptions;
  /** `default_model`: what replies are written with when the bot names no model. */
  ai: { default_model: string };
  providers: ProviderOption[];
  can: BotAbilities;
}

export interface BotEditProps {
  bot: BotSummary;
  /** The draft configuration. */
  config: BotConfig;
  test_questions: string[];
  versions: BotVersion[];
  knowledges: KnowledgeOption[];
  options: BotFormOptions;
  ai: { default_model: string };
  providers: ProviderOption[];
  can: BotAbilities;
}

export interface BotShowProps {
  bot: BotSummary;
  /** The draft configuration (what the test chat answers with). */
  config: BotConfig;
  /** The linked knowledge bases that still exist. */
  knowledges: Array<{ id: number; name: string }>;
  versions: BotVersion[];
  test_questions: string[];
  recent_turns: Turn[];
  /** The latest replay of the test questions, if any. */
  replay: Replay | null;
  /** What a replay would ask now: saved test questions and recent customer questions (not among them). */
  replay_questions: { saved: number; conversation: number };
  /** The team's contact fields bots may tell a customer: the test chat may speak as a customer with values of them. */
  customer_fields: ContactFieldShape[];
  /** `provider`: who writes this bot's replies, in words. */
  ai: { provider: string };
  can: BotAbilities;
}

/** POST bots.chat. */
export interface ChatResponse {
  thread: string;
  turn: Turn;
}

/** `BotReplyDelta` on `private-App.Models.User.{id}` (server/domain/bots/events.ts). */
export interface BotReplyDeltaEvent {
  bot_id: number;
  thread: string;
  request: string;
  type: 'delta' | 'replace';
  text: string;
}

/** `BotChanged` on `private-teams.{team}`. */
export interface BotChangedEvent {
  team_id: number;
  bot_id: number;
  action: 'created' | 'updated' | 'published' | 'restored' | 'deleted';
}

export type { PageMeta };

import type { ConversationActivityType } from '../db/schema/reports';
import type { MessageAi } from '../db/schema/channels';
import { emptyFigures, observe, type DailyFigures } from './figures';
import { creditsFor } from './credits';

/**
 * The definitions of Kawan's report metrics, as code: raw conversations and messages in, daily
 * figures per (day, bot, channel) out, in the team's time zone. The rollup job runs it for one day
 * at a time; tests and `npm run reports:rebuild` run it over everything. docs/decisions/016-reports.md
 * says the same in words, and the Reports page shows those words as each figure's tooltip.
 */

export interface ActivityFact {
  type: ConversationActivityType;
  reason: string | null;
  at: Date;
}

export interface ConversationFact {
  id: number;
  botId: number | null;
  channelId: number;
  channelType: string;
  createdAt: Date;
  /** The contact's first conversation (the lowest id of the contact). */
  firstOfContact: boolean;
  firstBotReplyAt: Date | null;
  firstHumanReplyAt: Date | null;
  csatScore: number | null;
  /** In order. */
  activities: ActivityFact[];
}

export interface MessageFact {
  /** The conversation's bot now (null: none). */
  botId: number | null;
  channelId: number;
  channelType: string;
  createdAt: Date;
  direction: 'inbound' | 'outbound';
  sender: string;
  kind: string;
  status: string;
  feedback: number | null;
  /** The broadcast it is a copy of (not a person's reply); absent or null: none. */
  broadcastId?: number | null;
  /**
   * A person's reply: how long the customer had waited for it, in seconds (`waitedFor` in
   * `replyWaitedSeconds` in rollup.ts); null or absent: it answered no wait (they wrote again before the customer did).
   */
  waitedSeconds?: number | null;
  /**
   * Whether it came within the team's reply target for it (the first reply's or the next's, as the
   * targets are now); null or absent: it ended no wait, or that reply has no target.
   */
  onTarget?: boolean | null;
  ai: Pick<MessageAi, 'kind' | 'model' | 'promptTokens' | 'completionTokens' | 'costUsd' | 'citations'> | null;
}

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const seconds = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

/** The first activity of a type, if any. */
const first = (conversation: ConversationFact, type: ConversationActivityType) =>
  conversation.activities.find((activity) => activity.type === type);

/** A bot was answering when the conversation started. */
export const botHandled = (conversation: ConversationFact) => conversation.botId !== null;

/** The first handoff to a person, whatever happened after (a hand-back does not undo it). */
export const firstHandoff = (conversation: ConversationFact) =>
  botHandled(conversation) ? first(conversation, 'handoff') : undefined;

/** The first resolution, by anyone. */
export const firstResolution = (conversation: ConversationFact) => first(conversation, 'resolved');

/**
 * Resolved without a person: bot-handled, its first resolution was by the bot or by inactivity
 * (not by a person), and it came before any handoff, any take-over and any human reply. A person
 * who took a conversation over and resolved it without writing, or left it to go idle, resolved
 * it, not the bot.
 */
export function autoResolved(conversation: ConversationFact): boolean {
  const resolution = firstResolution(conversation);
  if (!botHandled(conversation) || !resolution || resolution.reason === 'human') return false;
  const person = conversation.activities.find((activity) => activity.type === 'handoff' || activity.type === 'taken');
  const human = conversation.firstHumanReplyAt;
  return (!person || person.at > resolution.at) && (!human || human > resolution.at);
}

/** Reopened within 7 days of its first resolution (an auto-resolution that did not hold). */
export function reopenedWithinWeek(conversation: ConversationFact): boolean {
  const resolution = firstResolution(conversation);
  if (!resolution) return false;
  return conversation.activities.some(
    (activity) =>
      activity.type === 'reopened' &&
      activity.at >= resolution.at &&
      activity.at.getTime() - resolution.at.getTime() <= WEEK_MS,
  );
}

/** Resolved once and reopened after. */
export function reopened(conversation: ConversationFact): boolean {
  const resolution = firstResolution(conversation);
  return (
    !!resolution &&
    conversation.activities.some((activity) => activity.type === 'reopened' && activity.at >= resolution.at)
  );
}

/** Seconds from the start to the bot's first reply. */
export const firstBotResponseSeconds = (conversation: ConversationFact) =>
  conversation.firstBotReplyAt ? seconds(conversation.createdAt, conversation.firstBotReplyAt) : null;

/**
 * Seconds from the first handoff (or the start, for a conversation no bot answered) to the first
 * human reply; null when no person has replied yet.
 */
export function firstHumanResponseSeconds(conversation: ConversationFact): number | null {
  if (!conversation.firstHumanReplyAt) return null;
  const from = botHandled(conversation) ? firstHandoff(conversation)?.at : conversation.createdAt;
  return from ? seconds(from, conversation.firstHumanReplyAt) : null;
}

/** Seconds from the start to the first resolution. */
export const resolutionSeconds = (conversation: ConversationFact) => {
  const resolution = firstResolution(conversation);
  return resolution ? seconds(conversation.createdAt, resolution.at) : null;
};

/** Channels that ask the customer to rate a resolved conversation. */
export const asksForRating = (channelType: string) => channelType === 'web';

/** The AI replies a message counts as: a finished bot message with a trace. */
export const isAiReply = (message: MessageFact) =>
  message.sender === 'bot' && message.ai !== null && message.status !== 'composing';

/** A person's reply to the customer (notes are internal, events are lines of the thread, a broadcast's copy answers nothing). */
export const isHumanReply = (message: MessageFact) =>
  message.sender === 'agent' && message.kind !== 'note' && message.kind !== 'event' && !message.broadcastId;

const whatsappRank: Record<string, 'sent' | 'delivered' | 'read' | 'failed' | undefined> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};

/** One formatter per time zone: making one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** `YYYY-MM-DD` and the hour (0–23) of a moment in a time zone. */
export function dayAndHour(at: Date, timeZone: string): { day: string; hour: number } {
  const parts = formatterOf(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return { day: `${part('year')}-${part('month')}-${part('day')}`, hour: Number(part('hour')) % 24 };
}

export interface FiguresKey {
  day: string;
  botId: number;
  channelId: number;
}

export const keyOf = ({ day, botId, channelId }: FiguresKey) => `${day}|${botId}|${channelId}`;

export function parseKey(key: string): FiguresKey {
  const [day, botId, channelId] = key.split('|');
  return { day, botId: Number(botId), channelId: Number(channelId) };
}

/**
 * Daily figures from raw rows, keyed `day|bot|channel` (bot 0: none). Conversations count on the
 * day they started; messages on the day they were written.
 */
export function computeFigures(
  conversations: Iterable<ConversationFact>,
  messages: Iterable<MessageFact>,
  timeZone: string,
): Map<string, DailyFigures> {
  const result = new Map<string, DailyFigures>();
  const figuresFor = (at: Date, botId: number | null, channelId: number) => {
    const { day, hour } = dayAndHour(at, timeZone);
    const key = keyOf({ day, botId: botId ?? 0, channelId });
    let figures = result.get(key);
    if (!figures) result.set(key, (figures = emptyFigures()));
    return { figures, hour };
  };

  for (const conversation of conversations) {
    const { figures } = figuresFor(conversation.createdAt, conversation.botId, conversation.channelId);
    figures.conversations += 1;
    if (conversation.firstOfContact) figures.newContacts += 1;
    if (botHandled(conversation)) {
      figures.botHandled += 1;
      const handoff = firstHandoff(conversation);
      if (handoff) {
        figures.handoffs += 1;
        const reason = handoff.reason ?? 'unknown';
        figures.handoffReasons[reason] = (figures.handoffReasons[reason] ?? 0) + 1;
      }
      if (autoResolved(conversation)) {
        figures.autoResolved += 1;
        if (reopenedWithinWeek(conversation)) figures.autoResolvedReopened += 1;
      }
    }
    if (firstResolution(conversation)) {
      figures.resolved += 1;
      if (reopened(conversation)) figures.reopened += 1;
      if (asksForRating(conversation.channelType)) figures.csatAsked += 1;
    }
    const bot = firstBotResponseSeconds(conversation);
    if (bot !== null) observe(figures.firstBotResponse, bot);
    const human = firstHumanResponseSeconds(conversation);
    if (human !== null) observe(figures.firstHumanResponse, human);
    const resolution = resolutionSeconds(conversation);
    if (resolution !== null) observe(figures.resolutionTime, resolution);
    if (conversation.csatScore !== null) {
      figures.csatResponses += 1;
      figures.csatSum += conversation.csatScore;
      if (conversation.csatScore >= 4) figures.csatPositive += 1;
    }
  }

  for (const message of messages) {
    const { figures, hour } = figuresFor(message.createdAt, message.botId, message.channelId);
    if (message.direction === 'inbound') {
      figures.inbound += 1;
      figures.inboundByHour[hour] += 1;
      continue;
    }
    if (isHumanReply(message)) {
      figures.humanReplies += 1;
      if (message.waitedSeconds != null) observe(figures.humanReplyTime, message.waitedSeconds);
      if (message.onTarget != null) {
        figures.replyTargetChecked += 1;
        if (message.onTarget) figures.replyTargetMet += 1;
      }
    }
    if (
      message.channelType === 'whatsapp' &&
      (isAiReply(message) || isHumanReply(message) || message.kind === 'template')
    ) {
      const reached = whatsappRank[message.status];
      if (reached) figures.whatsapp[reached] += 1;
    }
    if (!isAiReply(message) || !message.ai) continue;
    const ai = message.ai;
    // A greeting or thanks answered as such is no answer to a question, nor a fallback: not counted.
    if (ai.kind === 'smalltalk') continue;
    figures.aiReplies += 1;
    if (ai.kind === 'fallback') figures.fallbacks += 1;
    if (ai.kind === 'curated') figures.curated += 1;
    if (message.feedback === 1) figures.thumbsUp += 1;
    if (message.feedback === -1) figures.thumbsDown += 1;
    figures.promptTokens += ai.promptTokens ?? 0;
    figures.completionTokens += ai.completionTokens ?? 0;
    figures.costUsd += ai.costUsd ?? 0;
    figures.credits += creditsFor(ai);
    const model = (figures.models[ai.model || 'unknown'] ??= {
      replies: 0,
      promptTokens: 0,
      completionTokens: 0,
      costUsd: 0,
    });
    model.replies += 1;
    model.promptTokens += ai.promptTokens ?? 0;
    model.completionTokens += ai.completionTokens ?? 0;
    model.costUsd += ai.costUsd ?? 0;
    for (const citation of (ai.citations ?? []) as { sourceId?: number; chunkId?: number }[]) {
      if (citation.sourceId) figures.sources[citation.sourceId] = (figures.sources[citation.sourceId] ?? 0) + 1;
      if (citation.chunkId) figures.chunks[citation.chunkId] = (figures.chunks[citation.chunkId] ?? 0) + 1;
    }
  }
  return result;
}

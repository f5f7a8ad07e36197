/**
 * AI replies against the plan: what a turn is reserved for before the model is called, what it
 * cost after, and the turn a refused reservation becomes (the bot's fallback, handed to a person
 * with reason "quota"; the customer's message is kept and answered by a person).
 */
import type { Services } from '../services';
import { spokenIn, type BotConfig } from '../bot-engine/bot-config';
import type { Language } from '../knowledge/language';
import type { TurnResult } from '../bot-engine/turn';
import { creditsForModel } from './plans';
import {
  creditReservation,
  reconcileCredits,
  reserveCredits,
  type Reservation,
  type ReservationRow,
  type ReplyUsage,
} from './metering';
import { warnUsage } from './notifications';

type MeterServices = Pick<Services, 'db' | 'config' | 'broadcaster' | 'mailer' | 'route' | 'logger'>;

/** The model a turn will most likely use: the bot's, else the platform's (the extractive provider costs one). */
export function plannedModel(config: Pick<Services['config'], 'ai'>, bot: BotConfig): string | null {
  if (bot.model.providerId) return bot.model.name || null;
  return config.ai.baseUrl ? bot.model.name || config.ai.chatModel || null : null;
}

/**
 * What a finished turn cost in credits: a curated answer one; a model's answer (or fallback) its
 * model's weight; nothing when no model was asked (a handoff before any answer, nothing retrieved
 * under strict grounding) or the model server failed.
 */
export function spentCredits(result: TurnResult): number {
  if (result.trace.provider.kind === 'error') return 0;
  if (result.kind === 'curated' || result.trace.curated.used) return 1;
  if (!result.trace.provider.called) return 0;
  return creditsForModel(result.trace.model);
}

/** Reserves a turn's credits; a crossed threshold is announced to owners and admins. */
export async function reserveReply(services: MeterServices, usage: Omit<ReplyUsage, 'credits'>): Promise<Reservation> {
  const reservation = await reserveCredits(services.db, services.config, {
    ...usage,
    credits: creditsForModel(usage.model),
  });
  await announceCrossed(services, usage.teamId, reservation);
  return reservation;
}

/**
 * A turn's reservation made by another statement (the one that begins the reply, whose id is the
 * key's, with `reserveAiCredits` and these `values`), read by `settle` as `reserveReply` would.
 */
export async function replyReservation(
  services: MeterServices,
  usage: Omit<ReplyUsage, 'credits' | 'key'>,
): Promise<{ values: Record<string, unknown>; settle(row: ReservationRow): Promise<Reservation> }> {
  const reserving = await creditReservation(services.db, services.config, {
    ...usage,
    credits: creditsForModel(usage.model),
  });
  return {
    values: reserving.values,
    settle: async (row) => {
      const reservation = await reserving.settle(row);
      await announceCrossed(services, usage.teamId, reservation);
      return reservation;
    },
  };
}

async function announceCrossed(services: MeterServices, teamId: number, reservation: Reservation): Promise<void> {
  if (reservation.crossed.length > 0) await warnUsage(services, teamId, reservation.plan, reservation.crossed);
}

/**
 * Settles a reservation with what the turn really cost (null: no reply was made, all given back).
 * A reply that cost what was reserved for it needs no second write: the reservation already
 * counted it (the usual case, kept off the reply's path).
 */
export async function settleReply(
  services: Pick<Services, 'db'>,
  key: string,
  result: TurnResult | null,
  reservation?: Reservation,
): Promise<void> {
  const spent = result ? spentCredits(result) : 0;
  if (reservation?.ok && reservation.fresh && spent === reservation.credits) return;
  await reconcileCredits(services.db, key, spent);
}

/**
 * The turn a refused reservation becomes: the fallback message, and a person asked for, in the
 * language the bot would have replied in.
 */
export function refusedTurn(
  bot: BotConfig,
  refusal: Extract<Reservation, { ok: false }>,
  language: Language | null,
): TurnResult {
  const said = spokenIn(bot, language);
  return {
    reply: said.fallbackMessage,
    kind: 'fallback',
    citations: [],
    handoff: { reason: 'quota', message: said.handoff.message },
    language,
    trace: {
      curated: { used: false },
      retrieved: [],
      provider: { kind: 'quota', extractive: false, called: false },
      model: null,
      finishReason: 'quota',
      usage: { promptTokens: 0, completionTokens: 0, estimated: false },
      latencyMs: 0,
      costUsd: 0,
      handoffDecision: `No AI reply: ${refusal.message}`,
    },
  };
}

/**
 * Collecting the knowledge-gap inbox: a customer question that ended in a fallback, a
 * low-confidence answer, a handoff or a thumbs-down is queued as a `reports.gap` job, which embeds
 * it with the team-independent default embedder and, under the team's advisory lock, adds it to
 * the gap it is most like or starts a gap (server/reports/gap-similarity.ts). Idempotent by the
 * customer's message: a redelivered job finds the question and stops.
 */
import type { Services } from '../../services';
import type { TurnResult } from '../../bot-engine/turn';
import type { MessageRow } from '../../db/repositories/conversation-repository';
import { conversationRepository } from '../../db/repositories/conversation-repository';
import { gapRepository } from '../../db/repositories/gap-repository';
import type { GapReason, GapStatus, KnowledgeGapRow } from '../../db/schema/index';
import { addToCentroid, bestGap, gapWords, thresholdsFor, worthCollecting } from '../../reports/gap-similarity';

export const gapJob = 'reports.gap';

export interface GapJob {
  teamId: number;
  /** The customer's inbound message that holds the question. */
  messageId: number;
  reason: GapReason;
}

/** The longest question kept (a pasted essay is still one question, and its start says what). */
const maxQuestionChars = 1000;

/**
 * Why a bot turn leaves a knowledge gap, if it does, and whose question it was:
 *   - a handoff decided before the bot answered ('user_request', 'keyword', or either outside
 *     business hours): the message asked for a person, not a question, so the question is the
 *     customer's previous message that the bot answered, if any → 'handoff';
 *   - a fallback → 'fallback', or 'handoff' when a handoff followed it (repeated fallbacks, or a
 *     fallback outside business hours); a low-confidence handoff after a fallback stays 'fallback',
 *     the more telling of the two;
 *   - an answer followed by a low-confidence handoff → 'low_confidence';
 *   - the model server failing is an outage, not a gap in the knowledge: nothing.
 */
export function gapReasonOf(result: Pick<TurnResult, 'kind' | 'handoff' | 'trace'>): {
  reason: GapReason;
  previous: boolean;
} | null {
  // A model that failed, or a team's rule that handed over before the knowledge was asked.
  if (result.trace.provider.kind === 'error' || result.trace.provider.kind === 'automation') return null;
  if (result.kind === 'handoff') return { reason: 'handoff', previous: true };
  if (result.kind === 'fallback') {
    const handedOff = result.handoff !== null && result.handoff.reason !== 'low_confidence';
    return { reason: handedOff ? 'handoff' : 'fallback', previous: false };
  }
  if (result.handoff !== null) return { reason: 'low_confidence', previous: false };
  return null;
}

/** After the bot's reply to `inbound` is stored: queues the question it leaves unanswered, if any. */
export async function noteTurn(
  services: Pick<Services, 'db' | 'jobs'>,
  teamId: number,
  inbound: MessageRow,
  result: Pick<TurnResult, 'kind' | 'handoff' | 'trace'>,
): Promise<void> {
  const gap = gapReasonOf(result);
  if (!gap) return;
  const messageId = gap.previous
    ? await gapRepository(services.db, teamId).previousAnswered(inbound.conversationId, inbound.id)
    : inbound.id;
  if (messageId !== undefined) await services.jobs.send(gapJob, { teamId, messageId, reason: gap.reason });
}

/**
 * A customer gave a bot reply a thumbs-down: the message it answered is a question to collect
 * (not a greeting or thanks the bot answered as small talk).
 */
export async function noteThumbsDown(services: Pick<Services, 'jobs'>, teamId: number, reply: MessageRow) {
  if (reply.sender !== 'bot' || reply.inReplyToId === null || reply.ai?.kind === 'smalltalk') return;
  await services.jobs.send(gapJob, { teamId, messageId: reply.inReplyToId, reason: 'thumbs_down' });
}

/** The `reports.gap` job: one question into its gap, once. */
export async function collectQuestion(
  services: Pick<Services, 'db' | 'embedders' | 'logger'>,
  job: GapJob,
): Promise<KnowledgeGapRow | undefined> {
  const gaps = gapRepository(services.db, job.teamId);
  if (await gaps.questionOf(job.messageId)) return undefined;
  const conversations = conversationRepository(services.db, job.teamId);
  const message = await conversations.message(job.messageId);
  if (!message || message.sender !== 'contact') return undefined;
  const conversation = await conversations.find(message.conversationId);
  if (!conversation) return undefined;
  const text = (await askedText(services, job.teamId, message)).slice(0, maxQuestionChars);
  if (!worthCollecting(text)) return undefined;

  const spec = services.embedders.default();
  const embedder = services.embedders.for(spec);
  if (!embedder) {
    services.logger.warn({ teamId: job.teamId, embedder: spec }, 'no embedder for knowledge gaps; question skipped');
    return undefined;
  }
  const [vector] = await embedder.embed([text]);
  const words = gapWords(text);
  const askedAt = message.createdAt;

  return services.db.transaction(async (tx) => {
    const repo = gapRepository(tx, job.teamId);
    await repo.lock();
    if (await repo.questionOf(job.messageId)) return undefined;
    const candidates = await repo.candidates(spec);
    const match = bestGap(
      vector,
      words,
      candidates.map((gap) => ({ id: gap.id, centroid: gap.centroid, examples: gap.texts.map(gapWords) })),
      thresholdsFor(embedder),
    );
    const gap = match
      ? (await repo.find(match.id))!
      : await repo.createGap({
          title: text.replace(/\s+/g, ' ').trim().slice(0, 500),
          embeddingProvider: spec.provider,
          embeddingModel: spec.model,
          centroid: [],
          lastAskedAt: askedAt,
        });
    const added = await repo.addQuestion(gap.id, {
      messageId: message.id,
      conversationId: conversation.id,
      botId: conversation.botId,
      text,
      reason: job.reason,
      askedAt,
    });
    if (!added) return undefined;
    const candidate = candidates.find((row) => row.id === gap.id);
    return repo.refresh(gap.id, {
      centroid: addToCentroid(gap.centroid, candidate?.questionCount ?? 0, vector),
      ...statusAfter(gap, askedAt),
      now: new Date(),
    });
  });
}

/**
 * A gap's status once a question asked at `askedAt` joins it: a dismissed gap opens again for a
 * question asked after it was dismissed; an answered one opens again for any new question (it was
 * not answered after all).
 */
export function statusAfter(
  gap: Pick<KnowledgeGapRow, 'status' | 'dismissedAt'>,
  askedAt: Date,
): { status: GapStatus; dismissedAt: Date | null } {
  if (gap.status === 'dismissed' && gap.dismissedAt && askedAt <= gap.dismissedAt) {
    return { status: 'dismissed', dismissedAt: gap.dismissedAt };
  }
  return { status: 'open', dismissedAt: null };
}

/**
 * What the customer asked in the turn the message ends: the messages they sent since the bot or an
 * agent last spoke, up to it ("jam brp buka?" then "kak?" asks about opening hours), as the bot
 * read them.
 */
async function askedText(services: Pick<Services, 'db'>, teamId: number, message: MessageRow): Promise<string> {
  const repo = conversationRepository(services.db, teamId);
  const lastSpoken = await repo.lastSpoken(message.conversationId, message.id);
  const asked = await repo.inboundAfter(message.conversationId, lastSpoken?.id ?? 0, message.id);
  const text = asked
    .slice(-5)
    .map((row) => row.text.trim())
    .filter(Boolean)
    .join('\n');
  return (text || message.text).trim();
}

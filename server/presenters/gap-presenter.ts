import type { GapListing } from '../domain/gaps/actions/list-gaps';
import type { GapReason, GapRetest, GapStatus } from '../db/schema/gaps';
import { pageMeta } from '../http/pagination';
import { iso } from './iso';

export type { GapReason, GapStatus };

export interface GapExampleProps {
  message_id: number;
  text: string;
  reason: GapReason;
  asked_at: string;
  conversation: { id: number; number: number };
  /** The first thing an agent told the customer after the question, in that conversation. */
  agent_reply: { text: string; at: string } | null;
}

export interface GapProps {
  id: number;
  title: string;
  status: GapStatus;
  question_count: number;
  conversation_count: number;
  last_asked_at: string;
  dismissed_at: string | null;
  answered_at: string | null;
  reasons: Record<GapReason, number>;
  /** Up to five, newest first. */
  examples: GapExampleProps[];
  /** The newest agent reply among the examples: what the answer form starts from. */
  suggested_answer: string | null;
  /** Knowledge bases the bots that got its questions answer from (the form picks the first). */
  knowledge_ids: number[];
  /** The curated Q&A source it was answered with. */
  answer: { source_id: number; title: string; knowledge: { id: number; name: string } } | null;
  /** The gap's questions asked again once it was answered. */
  retest: GapRetest[] | null;
  retested_at: string | null;
}

export type ReportsGapsProps = {
  status: GapStatus;
  counts: Record<GapStatus, number>;
  gaps: { data: GapProps[]; meta: ReturnType<typeof pageMeta> };
  knowledges: { id: number; name: string }[];
  can: { answer: boolean; dismiss: boolean };
};

/** Reports/Gaps' props: a page of gaps with their examples, and what the actor may do. */
export function presentGaps(listing: GapListing, perPage: number): ReportsGapsProps {
  return {
    status: listing.status,
    counts: listing.counts,
    gaps: {
      data: listing.gaps.map(({ row, reasons, examples, knowledgeIds, source }) => {
        const shown = examples.map((example) => ({
          message_id: example.messageId,
          text: example.text,
          reason: example.reason,
          asked_at: example.askedAt.toISOString(),
          conversation: { id: example.conversationId, number: example.conversationNumber },
          agent_reply:
            example.agentReply !== null && example.agentReplyAt !== null
              ? { text: example.agentReply, at: example.agentReplyAt.toISOString() }
              : null,
        }));
        return {
          id: row.id,
          title: row.title,
          status: row.status,
          question_count: row.questionCount,
          conversation_count: row.conversationCount,
          last_asked_at: row.lastAskedAt.toISOString(),
          dismissed_at: iso(row.dismissedAt),
          answered_at: iso(row.answeredAt),
          reasons: {
            fallback: reasons.fallback ?? 0,
            low_confidence: reasons.low_confidence ?? 0,
            handoff: reasons.handoff ?? 0,
            thumbs_down: reasons.thumbs_down ?? 0,
          },
          examples: shown,
          suggested_answer: shown.find((example) => example.agent_reply)?.agent_reply?.text ?? null,
          knowledge_ids: knowledgeIds,
          answer: source
            ? {
                source_id: source.id,
                title: source.title,
                knowledge: { id: source.knowledgeId, name: source.knowledge },
              }
            : null,
          retest: row.retest ?? null,
          retested_at: iso(row.retestedAt),
        };
      }),
      meta: pageMeta(listing.page, perPage, listing.total),
    },
    knowledges: listing.knowledges.map((knowledge) => ({ id: knowledge.id, name: knowledge.name })),
    can: { answer: listing.canAct, dismiss: listing.canAct },
  };
}

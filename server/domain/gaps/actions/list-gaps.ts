import type { Services } from '../../../services';
import { botRepository } from '../../../db/repositories/bot-repository';
import { gapRepository, type GapExampleRow } from '../../../db/repositories/gap-repository';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { reportRepository } from '../../../db/repositories/report-repository';
import type { GapReason, GapStatus, KnowledgeGapRow } from '../../../db/schema/index';
import { authorize, type TeamActor } from '../../teams/team-access';
import { configOf } from '../../bots/actions/chat';
import { gapPolicy } from '../gap-policy';
import { gapStatuses } from '../schemas';

export const gapsPerPage = 20;
/** Example questions shown per gap. */
export const examplesPerGap = 5;

export interface GapListing {
  status: GapStatus;
  page: number;
  total: number;
  counts: Record<GapStatus, number>;
  gaps: {
    row: KnowledgeGapRow;
    reasons: Partial<Record<GapReason, number>>;
    examples: GapExampleRow[];
    /** The knowledge bases the published bots that got its questions answer from. */
    knowledgeIds: number[];
    /** The curated Q&A source it was answered with, while it exists. */
    source: { id: number; title: string; knowledgeId: number; knowledge: string } | null;
  }[];
  /** The team's knowledge bases, for whoever may answer. */
  knowledges: { id: number; name: string }[];
  canAct: boolean;
}

/** One page of the team's knowledge gaps in a status ('open' unless another is asked for). */
export async function listGaps(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  query: { status?: unknown; page: number },
): Promise<GapListing> {
  authorize(gapPolicy.view(actor));
  const status = (gapStatuses as readonly unknown[]).includes(query.status) ? (query.status as GapStatus) : 'open';
  const repo = gapRepository(services.db, actor.teamId);
  const [{ items, total }, counts] = await Promise.all([
    repo.page(status, { page: query.page, perPage: gapsPerPage }),
    repo.counts(),
  ]);
  const ids = items.map((gap) => gap.id);
  const sourceIds = items.flatMap((gap) => (gap.answerSourceId === null ? [] : [gap.answerSourceId]));
  const canAct = gapPolicy.act(actor);
  const [reasons, examples, bots, sources, knowledges] = await Promise.all([
    repo.reasons(ids),
    repo.examples(ids, examplesPerGap),
    repo.botsOf(ids),
    reportRepository(services.db, actor.teamId).sources(sourceIds),
    canAct ? knowledgeRepository(services.db, actor.teamId).all() : Promise.resolve([]),
  ]);
  const knowledgeOf = await botKnowledge(services, actor.teamId, [...new Set([...bots.values()].flat())]);
  return {
    status,
    page: query.page,
    total,
    counts,
    gaps: items.map((row) => ({
      row,
      reasons: reasons.get(row.id) ?? {},
      examples: examples.filter((example) => example.gapId === row.id),
      knowledgeIds: [...new Set((bots.get(row.id) ?? []).flatMap((botId) => knowledgeOf.get(botId) ?? []))],
      source: sources.find((source) => source.id === row.answerSourceId) ?? null,
    })),
    knowledges,
    canAct,
  };
}

/** The knowledge bases each bot's published version answers from. */
async function botKnowledge(services: Pick<Services, 'db'>, teamId: number, botIds: number[]) {
  const bots = botRepository(services.db, teamId);
  const result = new Map<number, number[]>();
  for (const botId of botIds) {
    const bot = await bots.find(botId);
    const version = bot?.publishedVersion ? await bots.versionNumber(bot.id, bot.publishedVersion) : undefined;
    if (bot && version) result.set(botId, configOf(version.config, bot.name).knowledgeIds);
  }
  return result;
}

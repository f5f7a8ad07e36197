import { z } from 'zod';
import type { Services } from '../../services';
import { allows } from '../teams/roles';
import { authorize, type TeamActor } from '../teams/team-access';
import { fields, validate } from '../shared/validation';
import { ValidationError } from '../../support/errors';
import { reportRepository } from '../../db/repositories/report-repository';
import { computeFigures, parseKey } from '../../reports/compute';
import { loadFacts, storedFigures, teamTimeZone } from '../../reports/rollup';
import { summarize, type StoredDay } from '../../reports/summary';
import { isDay, MAX_DAYS, rangePresets, reportWindow, type ReportWindow } from '../../reports/window';
import { zonedDayStart } from '../../reports/zones';
import { peopleFigures, type PersonFigures } from '../../reports/people';

export const reportPolicy = {
  view: (actor: TeamActor) => allows(actor.role, 'reports:view', actor.abilities),
  /** Agents see the figures of the conversations assigned to them, not the team's. */
  ownOnly: (actor: TeamActor) => actor.role === 'agent',
};

const day = (label: string) =>
  z
    .string({ error: `The ${label} must be a date (YYYY-MM-DD).` })
    .refine(isDay, `The ${label} must be a date (YYYY-MM-DD).`);

/** The Reports filters: a preset or custom days, a bot, a channel. */
export const reportQuerySchema = z
  .object({
    range: z.enum(rangePresets, { error: 'The range must be today, 7d, 30d, month or custom.' }).default('30d'),
    from: day('from').optional(),
    to: day('to').optional(),
    bot: fields.queryId('bot').optional(),
    channel: fields.queryId('channel').optional(),
  })
  .superRefine((query, context) => {
    if (query.range !== 'custom') return;
    if (!query.from)
      context.addIssue({ code: 'custom', path: ['from'], message: 'The from date is required for a custom range.' });
    if (!query.to)
      context.addIssue({ code: 'custom', path: ['to'], message: 'The to date is required for a custom range.' });
    if (query.from && query.to && isDay(query.from) && isDay(query.to)) {
      const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
      if (days < 1)
        context.addIssue({ code: 'custom', path: ['to'], message: 'The to date must be on or after the from date.' });
      else if (days > MAX_DAYS)
        context.addIssue({
          code: 'custom',
          path: ['to'],
          message: `A custom range may cover at most ${MAX_DAYS} days.`,
        });
    }
  });

export type ReportQuery = z.infer<typeof reportQuerySchema>;

/**
 * The query as given (`strict`: the API, where a wrong filter is a 422), or, for the page, what
 * of it holds: a wrong filter falls back to its default and `invalid` says which were dropped.
 */
export function reportQuery(input: unknown, strict: boolean): { query: ReportQuery; invalid: string[] } {
  if (strict) return { query: validate(reportQuerySchema, input), invalid: [] };
  try {
    return { query: validate(reportQuerySchema, input), invalid: [] };
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const invalid = Object.keys(error.errors);
    const raw = { ...(input as Record<string, unknown>) };
    for (const field of invalid) delete raw[field];
    if (invalid.includes('from') || invalid.includes('to')) {
      delete raw.range;
      delete raw.from;
      delete raw.to;
    }
    const retried = reportQuerySchema.safeParse(raw);
    return { query: retried.success ? retried.data : reportQuerySchema.parse({}), invalid };
  }
}

/**
 * The figures of a window and of the one before it: from the rollups for the team, or, for an
 * agent, computed from the raw rows of the conversations assigned to them (few, by nature).
 */
async function daysOf(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  window: { from: string; to: string },
  timeZone: string,
  query: ReportQuery,
): Promise<StoredDay[]> {
  const filter = (rows: StoredDay[]) =>
    rows.filter(
      (row) =>
        (query.bot === undefined || row.botId === query.bot) &&
        (query.channel === undefined || row.channelId === query.channel),
    );
  if (!reportPolicy.ownOnly(actor)) {
    return storedFigures(services.db, actor.teamId, { ...window, botId: query.bot, channelId: query.channel });
  }
  const facts = await loadFacts(services.db, actor.teamId, {
    timeZone,
    assigneeId: actor.userId,
    from: zonedDayStart(window.from, timeZone),
    to: zonedDayStart(nextDay(window.to), timeZone),
  });
  const figures = computeFigures(facts.conversations, facts.messages, timeZone);
  return filter(
    [...figures]
      .map(([key, value]) => ({ ...parseKey(key), figures: value }))
      .filter((row) => row.day >= window.from && row.day <= window.to),
  );
}

const nextDay = (value: string) => new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

export interface Report {
  scope: 'team' | 'mine';
  timezone: string;
  window: ReportWindow;
  query: ReportQuery;
  invalid: string[];
  bots: { id: number; name: string }[];
  channels: { id: number; name: string; type: string }[];
  summary: ReturnType<typeof summarize>;
  sources: { id: number; title: string; knowledge_id: number; knowledge: string; count: number }[];
  never_cited: { id: number; title: string; knowledge_id: number; knowledge: string }[];
  /** The passages cited most, with the start of their text. */
  chunks: { id: number; excerpt: string; source: string; knowledge_id: number; knowledge: string; count: number }[];
  /** What each person who answers conversations did in the window (an agent: themselves). */
  people: PersonFigures[];
}

/** Everything the Reports page, its exports and the API summary show for a query. */
export async function buildReport(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  input: unknown,
  options: { strict?: boolean; now?: Date } = {},
): Promise<Report> {
  authorize(reportPolicy.view(actor));
  const { query, invalid } = reportQuery(input, options.strict ?? false);
  const timeZone = (await teamTimeZone(services.db, actor.teamId)) ?? 'UTC';
  const window = reportWindow(
    query.range,
    timeZone,
    options.now ?? new Date(),
    query.from && query.to ? { from: query.from, to: query.to } : undefined,
  );
  const repo = reportRepository(services.db, actor.teamId);
  const [current, previous, bots, channels, people] = await Promise.all([
    daysOf(services, actor, window, timeZone, query),
    daysOf(services, actor, window.previous, timeZone, query),
    repo.bots(),
    repo.channels(),
    peopleFigures(services.db, actor.teamId, {
      from: zonedDayStart(window.from, timeZone),
      to: zonedDayStart(nextDay(window.to), timeZone),
      bot: query.bot,
      channel: query.channel,
      userId: reportPolicy.ownOnly(actor) ? actor.userId : undefined,
    }),
  ]);
  const summary = summarize({
    from: window.from,
    to: window.to,
    current,
    previous,
    bots: new Map(bots.map((bot) => [bot.id, bot.name])),
    channels: new Map(channels.map((channel) => [channel.id, { name: channel.name, type: channel.type }])),
  });
  const citedIds = summary.cited.sources.map((source) => source.id);
  const counts = new Map(summary.cited.sources.map((source) => [source.id, source.count]));
  const chunkCounts = new Map(summary.cited.chunks.map((chunk) => [chunk.id, chunk.count]));
  const [cited, uncited, chunks] = await Promise.all([
    repo.sources(citedIds.slice(0, 50)),
    repo.sourcesOtherThan(citedIds, 50),
    repo.chunks(summary.cited.chunks.map((chunk) => chunk.id)),
  ]);
  return {
    scope: reportPolicy.ownOnly(actor) ? 'mine' : 'team',
    timezone: timeZone,
    window,
    query,
    invalid,
    bots,
    channels,
    summary,
    sources: cited
      .map((source) => ({
        id: source.id,
        title: source.title,
        knowledge_id: source.knowledgeId,
        knowledge: source.knowledge,
        count: counts.get(source.id) ?? 0,
      }))
      .sort((a, b) => b.count - a.count),
    chunks: chunks
      .map((chunk) => ({
        id: chunk.id,
        excerpt: chunk.excerpt,
        source: chunk.title,
        knowledge_id: chunk.knowledgeId,
        knowledge: chunk.knowledge,
        count: chunkCounts.get(chunk.id) ?? 0,
      }))
      .sort((a, b) => b.count - a.count),
    people,
    never_cited: uncited.map((source) => ({
      id: source.id,
      title: source.title,
      knowledge_id: source.knowledgeId,
      knowledge: source.knowledge,
    })),
  };
}

/**
 * What one (team, day, bot, channel) of reports holds, and how figures add up: counters add,
 * maps add per key, and times are histograms over fixed buckets so that a median or a p90 of a
 * month is read from the sum of its days (within a bucket's width) without keeping every value.
 * Pure: no database, no clock.
 */

/** Upper bounds in seconds of the time histograms' buckets; the last bucket is everything above. */
export const BUCKET_BOUNDS = [
  1, 2, 3, 5, 8, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 450, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800,
  14400, 21600, 28800, 43200, 86400, 172800, 345600, 604800,
] as const;

export interface Histogram {
  /** counts[i]: values ≤ BUCKET_BOUNDS[i] (and above the previous bound); one more for the rest. */
  counts: number[];
  /** Values counted. */
  n: number;
  /** Their sum in seconds (for the mean). */
  sum: number;
}

export interface ModelFigures {
  replies: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
}

export interface DailyFigures {
  // Conversations that started on the day (one denominator per window).
  conversations: number;
  /** Conversations that were their contact's first. */
  newContacts: number;
  /** Conversations a bot was answering when they started. */
  botHandled: number;
  /** Bot-handled conversations handed to a person at least once. */
  handoffs: number;
  /** The first handoff's reason of each, so the reasons add up to `handoffs`. */
  handoffReasons: Record<string, number>;
  /**
   * Bot-handled conversations first resolved by the bot or by inactivity, with no handoff, take-over
   * or human reply before.
   */
  autoResolved: number;
  /** Of those, reopened within 7 days of that resolution. */
  autoResolvedReopened: number;
  /** Resolved at least once. */
  resolved: number;
  /** Resolved once and reopened afterwards. */
  reopened: number;
  firstBotResponse: Histogram;
  firstHumanResponse: Histogram;
  resolutionTime: Histogram;
  /** Resolved conversations on channels that ask for a rating (the web widget). */
  csatAsked: number;
  csatResponses: number;
  csatSum: number;
  /** Ratings of 4 or 5. */
  csatPositive: number;

  // Messages written on the day.
  inbound: number;
  aiReplies: number;
  humanReplies: number;
  /**
   * Of those, each that ended a customer's wait for a person: how long they had waited (since the
   * handoff for a first reply, else since their first message no reply had answered;
   * `replyWaitedSeconds` in rollup.ts).
   */
  humanReplyTime: Histogram;
  /** Of those, each for a reply (first or next) the team has a target for; and those within it. */
  replyTargetChecked: number;
  replyTargetMet: number;
  /** AI replies that were the fallback (nothing in the knowledge answered). */
  fallbacks: number;
  curated: number;
  thumbsUp: number;
  thumbsDown: number;
  promptTokens: number;
  completionTokens: number;
  costUsd: number;
  /** AI replies weighted for billing (server/reports/credits.ts). */
  credits: number;
  models: Record<string, ModelFigures>;
  /** Outbound WhatsApp messages by how far they got. */
  whatsapp: { sent: number; delivered: number; read: number; failed: number };
  /** Inbound messages per hour of the day (team time). */
  inboundByHour: number[];
  /** Citations per source id and per chunk id. */
  sources: Record<string, number>;
  chunks: Record<string, number>;
}

export function emptyHistogram(): Histogram {
  return { counts: new Array<number>(BUCKET_BOUNDS.length + 1).fill(0), n: 0, sum: 0 };
}

export function emptyFigures(): DailyFigures {
  return {
    conversations: 0,
    newContacts: 0,
    botHandled: 0,
    handoffs: 0,
    handoffReasons: {},
    autoResolved: 0,
    autoResolvedReopened: 0,
    resolved: 0,
    reopened: 0,
    firstBotResponse: emptyHistogram(),
    firstHumanResponse: emptyHistogram(),
    resolutionTime: emptyHistogram(),
    csatAsked: 0,
    csatResponses: 0,
    csatSum: 0,
    csatPositive: 0,
    inbound: 0,
    aiReplies: 0,
    humanReplies: 0,
    humanReplyTime: emptyHistogram(),
    replyTargetChecked: 0,
    replyTargetMet: 0,
    fallbacks: 0,
    curated: 0,
    thumbsUp: 0,
    thumbsDown: 0,
    promptTokens: 0,
    completionTokens: 0,
    costUsd: 0,
    credits: 0,
    models: {},
    whatsapp: { sent: 0, delivered: 0, read: 0, failed: 0 },
    inboundByHour: new Array<number>(24).fill(0),
    sources: {},
    chunks: {},
  };
}

/** Counts one duration (seconds; negative ones, from clock skew, count as 0). */
export function observe(histogram: Histogram, seconds: number): void {
  const value = Math.max(0, seconds);
  let index = BUCKET_BOUNDS.findIndex((bound) => value <= bound);
  if (index === -1) index = BUCKET_BOUNDS.length;
  histogram.counts[index] += 1;
  histogram.n += 1;
  histogram.sum += value;
}

/**
 * The q-quantile (0.5 for the median) of a histogram, interpolated linearly inside its bucket;
 * null when it is empty. Exact to within the bucket's width (1 s under 10 s, 15 s around a
 * minute, 5 minutes around half an hour).
 */
export function quantile(histogram: Histogram, q: number): number | null {
  if (histogram.n === 0) return null;
  const rank = q * histogram.n;
  let seen = 0;
  for (let index = 0; index < histogram.counts.length; index += 1) {
    const count = histogram.counts[index];
    if (count === 0) continue;
    if (seen + count >= rank) {
      const low = index === 0 ? 0 : BUCKET_BOUNDS[index - 1];
      const high = index < BUCKET_BOUNDS.length ? BUCKET_BOUNDS[index] : low * 2;
      const within = count === 0 ? 0 : Math.max(0, rank - seen) / count;
      return low + (high - low) * within;
    }
    seen += count;
  }
  return BUCKET_BOUNDS[BUCKET_BOUNDS.length - 1];
}

function addMap(into: Record<string, number>, from: Record<string, number> | undefined): void {
  for (const [key, value] of Object.entries(from ?? {})) into[key] = (into[key] ?? 0) + value;
}

function addHistogram(into: Histogram, from: Histogram | undefined): void {
  if (!from) return;
  from.counts.forEach((count, index) => {
    into.counts[index] = (into.counts[index] ?? 0) + count;
  });
  into.n += from.n;
  into.sum += from.sum;
}

const counters = [
  'conversations',
  'newContacts',
  'botHandled',
  'handoffs',
  'autoResolved',
  'autoResolvedReopened',
  'resolved',
  'reopened',
  'csatAsked',
  'csatResponses',
  'csatSum',
  'csatPositive',
  'inbound',
  'aiReplies',
  'humanReplies',
  'replyTargetChecked',
  'replyTargetMet',
  'fallbacks',
  'curated',
  'thumbsUp',
  'thumbsDown',
  'promptTokens',
  'completionTokens',
  'costUsd',
  'credits',
] as const satisfies readonly (keyof DailyFigures)[];

/**
 * What a sum keeps: everything, or with `citations: false` all but the per-source and per-chunk
 * citation counts. Those are most of a stored day's size and only a window's total shows them, so
 * sums per day, bot or channel leave them out (a year's summary adds each day four times).
 */
export interface SumOptions {
  citations?: boolean;
}

/** Adds `from` into `into` (rows stored before a figure existed add nothing for it). */
export function addFigures(into: DailyFigures, from: Partial<DailyFigures>, options: SumOptions = {}): DailyFigures {
  for (const key of counters) into[key] += (from[key] as number | undefined) ?? 0;
  addMap(into.handoffReasons, from.handoffReasons);
  addHistogram(into.firstBotResponse, from.firstBotResponse);
  addHistogram(into.firstHumanResponse, from.firstHumanResponse);
  addHistogram(into.resolutionTime, from.resolutionTime);
  addHistogram(into.humanReplyTime, from.humanReplyTime);
  for (const [model, figures] of Object.entries(from.models ?? {})) {
    const sum = (into.models[model] ??= { replies: 0, promptTokens: 0, completionTokens: 0, costUsd: 0 });
    sum.replies += figures.replies;
    sum.promptTokens += figures.promptTokens;
    sum.completionTokens += figures.completionTokens;
    sum.costUsd += figures.costUsd;
  }
  for (const key of ['sent', 'delivered', 'read', 'failed'] as const) into.whatsapp[key] += from.whatsapp?.[key] ?? 0;
  from.inboundByHour?.forEach((count, hour) => {
    into.inboundByHour[hour] += count;
  });
  if (options.citations !== false) {
    addMap(into.sources, from.sources);
    addMap(into.chunks, from.chunks);
  }
  return into;
}

/** Sums any number of figures. */
export function sumFigures(all: Iterable<Partial<DailyFigures>>, options: SumOptions = {}): DailyFigures {
  const total = emptyFigures();
  for (const figures of all) addFigures(total, figures, options);
  return total;
}

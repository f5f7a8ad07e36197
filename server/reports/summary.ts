import { quantile, sumFigures, type DailyFigures, type Histogram } from './figures';

/**
 * From daily figures to what the Reports page, the CSV exports and `GET /api/reports/summary`
 * show: each metric of docs/decisions/016-reports.md for a window, the same for the previous
 * window of the same length, the daily series, the handoff reasons, the busiest hours and the
 * per-bot, per-channel and per-model tables. Pure.
 */

export interface StoredDay {
  day: string;
  botId: number;
  channelId: number;
  figures: DailyFigures;
}

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);
const round = (value: number | null, digits = 4) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;

function times(histogram: Histogram) {
  return {
    median: round(quantile(histogram, 0.5), 1),
    p90: round(quantile(histogram, 0.9), 1),
    count: histogram.n,
  };
}

/** Every headline figure of a window. Rates are 0–1; times in seconds; null where nothing was measured. */
export function metricsOf(figures: DailyFigures) {
  return {
    conversations: figures.conversations,
    new_contacts: figures.newContacts,
    inbound_messages: figures.inbound,
    ai_replies: figures.aiReplies,
    human_replies: figures.humanReplies,
    bot_handled: figures.botHandled,
    auto_resolution_rate: round(ratio(figures.autoResolved, figures.botHandled)),
    handoff_rate: round(ratio(figures.handoffs, figures.botHandled)),
    handoffs: figures.handoffs,
    durable_resolution_rate: round(ratio(figures.autoResolved - figures.autoResolvedReopened, figures.autoResolved)),
    reopen_rate: round(ratio(figures.reopened, figures.resolved)),
    resolved: figures.resolved,
    first_bot_response: times(figures.firstBotResponse),
    first_human_response: times(figures.firstHumanResponse),
    human_reply_time: times(figures.humanReplyTime),
    reply_target_rate: round(ratio(figures.replyTargetMet, figures.replyTargetChecked)),
    reply_target_checked: figures.replyTargetChecked,
    resolution_time: times(figures.resolutionTime),
    csat_average: round(ratio(figures.csatSum, figures.csatResponses), 2),
    csat_positive_rate: round(ratio(figures.csatPositive, figures.csatResponses)),
    csat_response_rate: round(ratio(figures.csatResponses, figures.csatAsked)),
    csat_responses: figures.csatResponses,
    thumbs_up: figures.thumbsUp,
    thumbs_down: figures.thumbsDown,
    unanswered_rate: round(ratio(figures.fallbacks, figures.aiReplies)),
    prompt_tokens: figures.promptTokens,
    completion_tokens: figures.completionTokens,
    credits: figures.credits,
    cost_usd: round(figures.costUsd, 6) ?? 0,
    cost_per_resolved_usd: round(ratio(figures.costUsd, figures.resolved), 6),
    whatsapp: { ...figures.whatsapp },
  };
}

export type ReportMetrics = ReturnType<typeof metricsOf>;

/** Each day of the window, in order, with no gaps (a quiet day is zeros). */
export function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= Date.parse(`${to}T00:00:00Z`); at += 86_400_000) {
    days.push(new Date(at).toISOString().slice(0, 10));
  }
  return days;
}

/** Monday 0 … Sunday 6 of a `YYYY-MM-DD`. */
const weekday = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

/** Sums per group, without the citation maps (only the window's total shows citations). */
function groupSum(rows: StoredDay[], key: (row: StoredDay) => string): Map<string, DailyFigures> {
  const groups = new Map<string, StoredDay[]>();
  for (const row of rows) {
    const list = groups.get(key(row)) ?? [];
    list.push(row);
    groups.set(key(row), list);
  }
  return new Map(
    [...groups].map(([name, list]) => [
      name,
      sumFigures(
        list.map((row) => row.figures),
        { citations: false },
      ),
    ]),
  );
}

export interface SummaryInput {
  from: string;
  to: string;
  current: StoredDay[];
  previous: StoredDay[];
  bots: Map<number, string>;
  channels: Map<number, { name: string; type: string }>;
}

export function summarize(input: SummaryInput) {
  const total = sumFigures(input.current.map((row) => row.figures));
  const byDay = groupSum(input.current, (row) => row.day);
  const series = daysBetween(input.from, input.to).map((day) => {
    const figures = byDay.get(day);
    return {
      day,
      conversations: figures?.conversations ?? 0,
      bot_handled: figures?.botHandled ?? 0,
      auto_resolved: figures?.autoResolved ?? 0,
      handoffs: figures?.handoffs ?? 0,
      auto_resolution_rate: figures ? round(ratio(figures.autoResolved, figures.botHandled)) : null,
      ai_replies: figures?.aiReplies ?? 0,
      human_replies: figures?.humanReplies ?? 0,
      inbound_messages: figures?.inbound ?? 0,
    };
  });

  const heatmap = Array.from({ length: 7 }, () => new Array<number>(24).fill(0));
  for (const row of input.current) {
    row.figures.inboundByHour?.forEach((count, hour) => {
      heatmap[weekday(row.day)][hour] += count;
    });
  }

  const table = <K extends string, D extends object>(groups: Map<K, DailyFigures>, describe: (key: K) => D) =>
    [...groups]
      .map(([key, figures]) => ({ ...describe(key), ...metricsOf(figures) }))
      .sort((a, b) => b.conversations - a.conversations || b.ai_replies - a.ai_replies);

  const byBot = table(
    groupSum(input.current, (row) => String(row.botId)),
    (key) => {
      const id = Number(key);
      return { id: id === 0 ? null : id, name: id === 0 ? 'No bot' : (input.bots.get(id) ?? `Deleted bot #${id}`) };
    },
  );
  const byChannel = table(
    groupSum(input.current, (row) => String(row.channelId)),
    (key) => {
      const channel = input.channels.get(Number(key));
      return { id: Number(key), name: channel?.name ?? `Channel #${key}`, type: channel?.type ?? null };
    },
  );
  const byModel = modelRows(total.models);

  return {
    metrics: metricsOf(total),
    previous: metricsOf(
      sumFigures(
        input.previous.map((row) => row.figures),
        { citations: false },
      ),
    ),
    series,
    handoff_reasons: Object.entries(total.handoffReasons)
      .map(([reason, count]) => ({ reason, count }))
      .sort((a, b) => b.count - a.count),
    heatmap,
    by_bot: byBot,
    by_channel: byChannel,
    by_model: byModel,
    cited: {
      sources: Object.entries(total.sources)
        .map(([id, count]) => ({ id: Number(id), count }))
        .sort((a, b) => b.count - a.count),
      chunks: Object.entries(total.chunks)
        .map(([id, count]) => ({ id: Number(id), count }))
        .sort((a, b) => b.count - a.count)
        .slice(0, 20),
    },
  };
}

export type ReportSummary = ReturnType<typeof summarize>;

/**
 * The by-model table. A reply no model wrote (a curated answer, a handoff, a fallback before any
 * model was asked) is stored under its provider's kind ("openai-compatible", "extractive") with no
 * tokens: such names, having never counted a token, are one row with `model: null`, not models.
 */
function modelRows(models: DailyFigures['models']) {
  const rows: Array<{
    model: string | null;
    replies: number;
    prompt_tokens: number;
    completion_tokens: number;
    cost_usd: number;
  }> = [];
  let none: (typeof rows)[number] | undefined;
  for (const [model, figures] of Object.entries(models)) {
    if (figures.promptTokens === 0 && figures.completionTokens === 0) {
      none ??= { model: null, replies: 0, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 };
      none.replies += figures.replies;
      none.cost_usd = round(none.cost_usd + figures.costUsd, 6) ?? 0;
      continue;
    }
    rows.push({
      model,
      replies: figures.replies,
      prompt_tokens: figures.promptTokens,
      completion_tokens: figures.completionTokens,
      cost_usd: round(figures.costUsd, 6) ?? 0,
    });
  }
  if (none) rows.push(none);
  return rows.sort((a, b) => b.replies - a.replies);
}

import type { Report } from '../domain/reports/report-actions';
import type { ReportMetrics } from '../reports/summary';

/**
 * A report as `GET /api/reports/summary` answers: the window and its figures, the previous
 * window's, the handoff reasons, the per-bot, per-channel and per-model tables and the daily
 * series. Picked fields only, so that the API stays what its reference says as the report grows.
 */

const times = (value: ReportMetrics['first_bot_response']) => ({
  median: value.median,
  p90: value.p90,
  count: value.count,
});

export function presentApiMetrics(metrics: ReportMetrics) {
  return {
    conversations: metrics.conversations,
    new_contacts: metrics.new_contacts,
    inbound_messages: metrics.inbound_messages,
    ai_replies: metrics.ai_replies,
    human_replies: metrics.human_replies,
    bot_handled: metrics.bot_handled,
    auto_resolution_rate: metrics.auto_resolution_rate,
    handoff_rate: metrics.handoff_rate,
    handoffs: metrics.handoffs,
    durable_resolution_rate: metrics.durable_resolution_rate,
    reopen_rate: metrics.reopen_rate,
    resolved: metrics.resolved,
    first_bot_response: times(metrics.first_bot_response),
    first_human_response: times(metrics.first_human_response),
    human_reply_time: times(metrics.human_reply_time),
    reply_target_rate: metrics.reply_target_rate,
    reply_target_checked: metrics.reply_target_checked,
    resolution_time: times(metrics.resolution_time),
    csat_average: metrics.csat_average,
    csat_positive_rate: metrics.csat_positive_rate,
    csat_response_rate: metrics.csat_response_rate,
    csat_responses: metrics.csat_responses,
    thumbs_up: metrics.thumbs_up,
    thumbs_down: metrics.thumbs_down,
    unanswered_rate: metrics.unanswered_rate,
    prompt_tokens: metrics.prompt_tokens,
    completion_tokens: metrics.completion_tokens,
    credits: metrics.credits,
    cost_usd: metrics.cost_usd,
    cost_per_resolved_usd: metrics.cost_per_resolved_usd,
    whatsapp: {
      sent: metrics.whatsapp.sent,
      delivered: metrics.whatsapp.delivered,
      read: metrics.whatsapp.read,
      failed: metrics.whatsapp.failed,
    },
  };
}

export type ApiReportMetrics = ReturnType<typeof presentApiMetrics>;

/** A per-bot or per-channel row of the summary: its name and what the figures are. */
type NamedRow = ReportMetrics & { id?: unknown; name?: unknown; type?: unknown };
const idOrNull = (value: unknown) => (typeof value === 'number' ? value : null);
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

export function presentApiReport(report: Report) {
  const { summary, window } = report;
  return {
    window: {
      range: window.range,
      from: window.from,
      to: window.to,
      days: window.days,
      today: window.today,
      previous: { from: window.previous.from, to: window.previous.to },
    },
    scope: report.scope,
    timezone: report.timezone,
    metrics: presentApiMetrics(summary.metrics),
    previous: presentApiMetrics(summary.previous),
    handoff_reasons: summary.handoff_reasons.map((row) => ({ reason: row.reason, count: row.count })),
    by_bot: (summary.by_bot as NamedRow[]).map((row) => ({
      id: idOrNull(row.id),
      name: textOrNull(row.name) ?? '',
      ...presentApiMetrics(row),
    })),
    by_channel: (summary.by_channel as NamedRow[]).map((row) => ({
      id: idOrNull(row.id) ?? 0,
      name: textOrNull(row.name) ?? '',
      type: textOrNull(row.type),
      ...presentApiMetrics(row),
    })),
    by_model: summary.by_model.map((row) => ({
      model: row.model,
      replies: row.replies,
      prompt_tokens: row.prompt_tokens,
      completion_tokens: row.completion_tokens,
      cost_usd: row.cost_usd,
    })),
    series: summary.series.map((day) => ({
      day: day.day,
      conversations: day.conversations,
      bot_handled: day.bot_handled,
      auto_resolved: day.auto_resolved,
      handoffs: day.handoffs,
      auto_resolution_rate: day.auto_resolution_rate,
      ai_replies: day.ai_replies,
      human_replies: day.human_replies,
      inbound_messages: day.inbound_messages,
    })),
  };
}

export type ApiReportSummary = ReturnType<typeof presentApiReport>;

import { describe, expect, it } from 'vitest';
import {
  autoResolved,
  computeFigures,
  dayAndHour,
  firstBotResponseSeconds,
  firstHandoff,
  firstHumanResponseSeconds,
  keyOf,
  reopened,
  reopenedWithinWeek,
  resolutionSeconds,
  type ActivityFact,
  type ConversationFact,
  type MessageFact,
} from '../../../server/reports/compute';
import { emptyHistogram, observe, quantile, sumFigures, type DailyFigures } from '../../../server/reports/figures';
import { daysBetween, metricsOf, summarize, type StoredDay } from '../../../server/reports/summary';
import { zonedDayStart } from '../../../server/reports/zones';

/**
 * Each report metric's definition (server/reports/compute.ts, the words in definitions.ts) on
 * crafted conversations and messages: no database, times written out in UTC.
 */

const JAKARTA = 'Asia/Jakarta';
const NEW_YORK = 'America/New_York';
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** 2026-11-10 09:00 in Jakarta (UTC+7). */
const T0 = new Date('2026-11-10T02:00:00Z');
const at = (minutes: number) => new Date(T0.getTime() + minutes * MINUTE);
const activity = (type: ActivityFact['type'], minutes: number, reason: string | null = null): ActivityFact => ({
  type,
  reason,
  at: at(minutes),
});

let nextId = 1;
function conversation(overrides: Partial<ConversationFact> = {}): ConversationFact {
  return {
    id: nextId++,
    botId: 7,
    channelId: 3,
    channelType: 'web',
    createdAt: T0,
    firstOfContact: true,
    firstBotReplyAt: null,
    firstHumanReplyAt: null,
    csatScore: null,
    activities: [activity('opened', 0)],
    ...overrides,
  };
}

type Ai = NonNullable<MessageFact['ai']>;
const ai = (overrides: Partial<Ai> = {}): Ai => ({
  kind: 'answer',
  model: 'gpt-4o-mini',
  promptTokens: 500,
  completionTokens: 80,
  costUsd: 0.0002,
  citations: [],
  ...overrides,
});

function message(overrides: Partial<MessageFact> = {}): MessageFact {
  return {
    botId: 7,
    channelId: 3,
    channelType: 'web',
    createdAt: T0,
    direction: 'inbound',
    sender: 'contact',
    kind: 'text',
    status: 'received',
    feedback: null,
    ai: null,
    ...overrides,
  };
}
const botReply = (overrides: Partial<MessageFact> = {}, aiOverrides: Partial<Ai> = {}) =>
  message({ direction: 'outbound', sender: 'bot', status: 'sent', ai: ai(aiOverrides), ...overrides });
const agentReply = (overrides: Partial<MessageFact> = {}) =>
  message({ direction: 'outbound', sender: 'agent', status: 'sent', ...overrides });

/** Every row's figures added up (one window). */
function total(conversations: ConversationFact[], messages: MessageFact[] = [], timeZone = JAKARTA): DailyFigures {
  return sumFigures(computeFigures(conversations, messages, timeZone).values());
}

describe('auto-resolution', () => {
  it.each<[string, Partial<ConversationFact>, boolean]>([
    ['resolved by the bot', { activities: [activity('opened', 0), activity('resolved', 5, 'bot')] }, true],
    [
      'resolved by inactivity',
      { activities: [activity('opened', 0), activity('resolved', 24 * 60, 'auto_idle')] },
      true,
    ],
    [
      'handed over before it was resolved',
      {
        activities: [activity('opened', 0), activity('handoff', 3, 'user_request'), activity('resolved', 9, 'human')],
      },
      false,
    ],
    [
      'handed over only after its first resolution (a reopen)',
      {
        activities: [
          activity('opened', 0),
          activity('resolved', 5, 'bot'),
          activity('reopened', 60),
          activity('handoff', 61, 'keyword'),
          activity('resolved', 90, 'human'),
        ],
      },
      true,
    ],
    [
      'a person replied before it was resolved',
      { firstHumanReplyAt: at(4), activities: [activity('opened', 0), activity('resolved', 5, 'bot')] },
      false,
    ],
    [
      'a person replied only after it was resolved',
      { firstHumanReplyAt: at(6), activities: [activity('opened', 0), activity('resolved', 5, 'bot')] },
      true,
    ],
    [
      'taken over by a person who resolved it without a reply',
      { activities: [activity('opened', 0), activity('taken', 2), activity('resolved', 5, 'human')] },
      false,
    ],
    [
      'taken over by a person, then resolved by inactivity',
      { activities: [activity('opened', 0), activity('taken', 2), activity('resolved', 600, 'auto_idle')] },
      false,
    ],
    ['never resolved', { activities: [activity('opened', 0)] }, false],
    ['no bot', { botId: null, activities: [activity('opened', 0), activity('resolved', 5, 'auto_idle')] }, false],
  ])('%s', (_name, overrides, expected) => {
    const fact = conversation(overrides);
    expect(autoResolved(fact)).toBe(expected);
    const figures = total([fact]);
    expect(figures.autoResolved).toBe(expected ? 1 : 0);
    expect(figures.botHandled).toBe(fact.botId === null ? 0 : 1);
  });

  it('is a rate of the conversations a bot answered, not of every conversation', () => {
    const figures = total([
      conversation({ activities: [activity('opened', 0), activity('resolved', 5, 'bot')] }),
      conversation({ activities: [activity('opened', 0), activity('handoff', 2, 'keyword')] }),
      conversation({ botId: null, activities: [activity('opened', 0), activity('resolved', 5, 'human')] }),
    ]);
    expect(metricsOf(figures)).toMatchObject({ conversations: 3, bot_handled: 2, auto_resolution_rate: 0.5 });
  });
});

describe('handoffs', () => {
  it('count once per conversation, under the first handoff’s reason; a hand-back does not undo one', () => {
    const handedBack = conversation({
      activities: [
        activity('opened', 0),
        activity('handoff', 2, 'low_confidence'),
        activity('handed_back', 10),
        activity('handoff', 20, 'user_request'),
      ],
    });
    expect(firstHandoff(handedBack)?.reason).toBe('low_confidence');
    const figures = total([
      handedBack,
      conversation({ activities: [activity('opened', 0), activity('handoff', 1, 'keyword')] }),
      conversation({ activities: [activity('opened', 0), activity('handoff', 1, 'keyword')] }),
      conversation({ activities: [activity('opened', 0), activity('handoff', 1, null)] }),
      conversation({ activities: [activity('opened', 0), activity('resolved', 5, 'bot')] }),
    ]);
    expect(figures.handoffs).toBe(4);
    expect(figures.handoffReasons).toEqual({ low_confidence: 1, keyword: 2, unknown: 1 });
    expect(metricsOf(figures).handoff_rate).toBe(0.8);
  });

  it('are not counted for a channel without a bot (queued from its first message)', () => {
    const figures = total([
      conversation({ botId: null, activities: [activity('opened', 0), activity('handoff', 0, 'offline')] }),
    ]);
    expect(figures).toMatchObject({ conversations: 1, botHandled: 0, handoffs: 0, handoffReasons: {} });
    expect(metricsOf(figures).handoff_rate).toBeNull();
  });
});

describe('durable resolution and reopens', () => {
  const resolvedThen = (...after: ActivityFact[]) =>
    conversation({ activities: [activity('opened', 0), activity('resolved', 5, 'bot'), ...after] });

  it.each<[string, ConversationFact, { within: boolean; reopened: boolean }]>([
    ['not reopened', resolvedThen(), { within: false, reopened: false }],
    ['reopened within 7 days', resolvedThen(activity('reopened', 5 + 3 * 24 * 60)), { within: true, reopened: true }],
    [
      'reopened exactly 7 days later',
      resolvedThen(activity('reopened', 5 + 7 * 24 * 60)),
      { within: true, reopened: true },
    ],
    ['reopened after 7 days', resolvedThen(activity('reopened', 5 + 8 * 24 * 60)), { within: false, reopened: true }],
    [
      'reopened twice (the second within 7 days of the first resolution)',
      resolvedThen(activity('reopened', 60), activity('resolved', 90, 'bot'), activity('reopened', 2 * 24 * 60)),
      { within: true, reopened: true },
    ],
  ])('%s', (_name, fact, expected) => {
    expect(reopenedWithinWeek(fact)).toBe(expected.within);
    expect(reopened(fact)).toBe(expected.reopened);
    const figures = total([fact]);
    expect(figures).toMatchObject({
      autoResolved: 1,
      autoResolvedReopened: expected.within ? 1 : 0,
      resolved: 1,
      reopened: expected.reopened ? 1 : 0,
    });
  });

  it('counts a conversation reopened twice once, and rates per window', () => {
    const figures = total([
      resolvedThen(),
      resolvedThen(activity('reopened', 60)),
      resolvedThen(activity('reopened', 60), activity('resolved', 70, 'bot'), activity('reopened', 80)),
      resolvedThen(activity('reopened', 10 * 24 * 60)),
      conversation({
        activities: [activity('opened', 0), activity('handoff', 1, 'keyword'), activity('resolved', 9, 'human')],
      }),
    ]);
    expect(figures).toMatchObject({ autoResolved: 4, autoResolvedReopened: 2, resolved: 5, reopened: 3 });
    expect(metricsOf(figures)).toMatchObject({ durable_resolution_rate: 0.5, reopen_rate: 0.6 });
  });

  it('has no rate without a resolution', () => {
    expect(metricsOf(total([conversation()]))).toMatchObject({ durable_resolution_rate: null, reopen_rate: null });
  });
});

describe('response and resolution times', () => {
  it('measures the bot from the start, a person from the first handoff, the resolution from the start', () => {
    const fact = conversation({
      firstBotReplyAt: new Date(T0.getTime() + 4_000),
      firstHumanReplyAt: at(25),
      activities: [
        activity('opened', 0),
        activity('handoff', 5, 'user_request'),
        activity('handed_back', 30),
        activity('handoff', 40, 'keyword'),
        activity('resolved', 60, 'human'),
      ],
    });
    expect(firstBotResponseSeconds(fact)).toBe(4);
    expect(firstHumanResponseSeconds(fact)).toBe(20 * 60);
    expect(resolutionSeconds(fact)).toBe(60 * 60);
  });

  it('measures a person from the start where no bot answers', () => {
    const fact = conversation({
      botId: null,
      firstHumanReplyAt: at(12),
      activities: [activity('opened', 0), activity('handoff', 0, 'offline')],
    });
    expect(firstBotResponseSeconds(fact)).toBeNull();
    expect(firstHumanResponseSeconds(fact)).toBe(12 * 60);
    expect(resolutionSeconds(fact)).toBeNull();
  });

  it('has no human time for a bot conversation a person joined without a handoff', () => {
    const fact = conversation({ firstHumanReplyAt: at(3), activities: [activity('opened', 0), activity('taken', 2)] });
    expect(firstHumanResponseSeconds(fact)).toBeNull();
  });

  it('measures nothing for a conversation with no messages, which still counts', () => {
    const figures = total([conversation({ firstOfContact: false })]);
    expect(figures).toMatchObject({ conversations: 1, newContacts: 0, inbound: 0, aiReplies: 0 });
    const metrics = metricsOf(figures);
    expect(metrics.first_bot_response).toEqual({ median: null, p90: null, count: 0 });
    expect(metrics.first_human_response).toEqual({ median: null, p90: null, count: 0 });
    expect(metrics.resolution_time).toEqual({ median: null, p90: null, count: 0 });
  });

  it('reads medians and p90s from the histograms within a bucket’s width', () => {
    const facts = [2, 3, 4, 6, 40].map((seconds) =>
      conversation({ firstBotReplyAt: new Date(T0.getTime() + seconds * 1000) }),
    );
    const { first_bot_response: times } = metricsOf(total(facts));
    expect(times.count).toBe(5);
    // The exact median is 4 s (bucket 3–5 s), the p90 40 s (bucket 30–45 s).
    expect(Math.abs(times.median! - 4)).toBeLessThanOrEqual(2);
    expect(times.p90).toBeGreaterThanOrEqual(30);
    expect(times.p90).toBeLessThanOrEqual(45);
  });
});

describe('CSAT', () => {
  it('averages the ratings, the share of 4–5, and responses per resolved conversation on the web only', () => {
    const resolved = (channelType: string, csatScore: number | null) =>
      conversation({
        channelType,
        csatScore,
        activities: [activity('opened', 0), activity('resolved', 5, 'bot')],
      });
    const figures = total([
      resolved('web', 5),
      resolved('web', 4),
      resolved('web', 2),
      resolved('web', null),
      resolved('whatsapp', null),
      resolved('telegram', null),
      conversation({ channelType: 'web' }), // not resolved: not asked
    ]);
    expect(figures).toMatchObject({ csatAsked: 4, csatResponses: 3, csatSum: 11, csatPositive: 2 });
    expect(metricsOf(figures)).toMatchObject({
      csat_average: 3.67,
      csat_positive_rate: 0.6667,
      csat_response_rate: 0.75,
      csat_responses: 3,
    });
  });

  it('is null with no rating', () => {
    expect(metricsOf(total([conversation()]))).toMatchObject({
      csat_average: null,
      csat_positive_rate: null,
      csat_response_rate: null,
    });
  });
});

describe('messages', () => {
  it('count inbound, AI and human replies (not notes, events or replies still composing), thumbs and fallbacks', () => {
    const figures = total(
      [],
      [
        message(),
        message(),
        botReply({ feedback: 1 }),
        botReply({ feedback: -1 }, { kind: 'fallback', costUsd: null, model: 'extractive' }),
        botReply({}, { kind: 'curated', costUsd: 0, promptTokens: 0, completionTokens: 0, model: 'curated' }),
        botReply({ status: 'composing' }),
        message({ direction: 'outbound', sender: 'bot', status: 'sent', ai: null }),
        agentReply(),
        agentReply({ kind: 'note' }),
        message({ direction: 'outbound', sender: 'system', kind: 'event', status: 'sent' }),
      ],
    );
    expect(figures).toMatchObject({
      inbound: 2,
      aiReplies: 3,
      humanReplies: 1,
      fallbacks: 1,
      curated: 1,
      thumbsUp: 1,
      thumbsDown: 1,
    });
    expect(metricsOf(figures)).toMatchObject({ unanswered_rate: 0.3333, thumbs_up: 1, thumbs_down: 1 });
  });

  it("time a person's replies by how long the customer had waited, for each that ended a wait", () => {
    const figures = total(
      [],
      [
        agentReply({ waitedSeconds: 30 }),
        agentReply({ waitedSeconds: 90 }),
        agentReply({ waitedSeconds: 600 }),
        agentReply({ waitedSeconds: null }), // wrote again before the customer did: no wait
        agentReply({ kind: 'note', waitedSeconds: 5000 }), // a note answers nobody
        agentReply({ broadcastId: 4, waitedSeconds: 5000 }), // nor does a broadcast's copy
        botReply(),
      ],
    );
    expect(figures.humanReplies).toBe(4);
    expect(figures.humanReplyTime.n).toBe(3);
    expect(figures.humanReplyTime.sum).toBe(720);
    expect(metricsOf(figures).human_reply_time).toEqual({ median: 75, p90: 555, count: 3 });
    expect(metricsOf(total([], [agentReply()])).human_reply_time).toEqual({ median: null, p90: null, count: 0 });
  });

  it("count the replies within the team's target for them, of those that have one", () => {
    const figures = total(
      [],
      [
        agentReply({ waitedSeconds: 60, onTarget: true }),
        agentReply({ waitedSeconds: 900, onTarget: false }),
        agentReply({ waitedSeconds: 120, onTarget: true }),
        agentReply({ waitedSeconds: 120, onTarget: null }), // its reply has no target
        agentReply({ kind: 'note', onTarget: false }), // a note is no reply
      ],
    );
    expect(figures).toMatchObject({ replyTargetChecked: 3, replyTargetMet: 2 });
    expect(metricsOf(figures)).toMatchObject({ reply_target_rate: 0.6667, reply_target_checked: 3 });
    expect(metricsOf(total([], [agentReply({ waitedSeconds: 60 })])).reply_target_rate).toBeNull();
  });

  it('add tokens, cost and credits per model, and count citations per source and chunk', () => {
    const figures = total(
      [],
      [
        botReply(
          {},
          {
            citations: [
              { sourceId: 11, chunkId: 101 },
              { sourceId: 12, chunkId: 120 },
            ],
          },
        ),
        botReply({}, { costUsd: 0.0003, citations: [{ sourceId: 11, chunkId: 101 }] }),
        botReply({}, { model: 'extractive', promptTokens: 300, completionTokens: 40, costUsd: null }),
        botReply({}, { model: '', promptTokens: 10, completionTokens: 1, costUsd: null }),
      ],
    );
    expect(figures).toMatchObject({
      promptTokens: 1310,
      completionTokens: 201,
      credits: 4,
      sources: { 11: 2, 12: 1 },
      chunks: { 101: 2, 120: 1 },
    });
    expect(figures.costUsd).toBeCloseTo(0.0005, 10);
    expect(figures.models['gpt-4o-mini']).toMatchObject({ replies: 2, promptTokens: 1000, completionTokens: 160 });
    expect(figures.models['gpt-4o-mini'].costUsd).toBeCloseTo(0.0005, 10);
    expect(figures.models.extractive).toEqual({ replies: 1, promptTokens: 300, completionTokens: 40, costUsd: 0 });
    expect(figures.models.unknown).toEqual({ replies: 1, promptTokens: 10, completionTokens: 1, costUsd: 0 });
    const metrics = metricsOf(figures);
    expect(metrics.cost_usd).toBe(0.0005);
    expect(metrics.cost_per_resolved_usd).toBeNull();
  });

  it('divide the cost by the resolved conversations', () => {
    const figures = total(
      [
        conversation({ activities: [activity('opened', 0), activity('resolved', 5, 'bot')] }),
        conversation({ activities: [activity('opened', 0), activity('resolved', 5, 'bot')] }),
      ],
      [botReply({}, { costUsd: 0.001 })],
    );
    expect(metricsOf(figures).cost_per_resolved_usd).toBe(0.0005);
  });

  it('count WhatsApp sends by the furthest status reached, replies and templates only', () => {
    const wa = (overrides: Partial<MessageFact>) => ({ channelType: 'whatsapp', ...overrides });
    const figures = total(
      [],
      [
        botReply(wa({ status: 'sent' })),
        botReply(wa({ status: 'delivered' })),
        botReply(wa({ status: 'read' })),
        agentReply(wa({ status: 'read' })),
        agentReply(wa({ status: 'failed' })),
        agentReply(wa({ kind: 'template', status: 'delivered' })),
        agentReply(wa({ status: 'queued' })),
        agentReply(wa({ kind: 'note', status: 'sent' })),
        message(wa({ direction: 'outbound', sender: 'system', kind: 'event', status: 'sent' })),
        message(wa({})),
        botReply({ status: 'read' }), // the web widget: no delivery statuses
      ],
    );
    expect(figures.whatsapp).toEqual({ sent: 1, delivered: 2, read: 2, failed: 1 });
  });

  it('count inbound messages per hour of the team’s day', () => {
    const figures = total(
      [],
      [
        message({ createdAt: new Date('2026-11-10T02:05:00Z') }), // 09:05 Jakarta
        message({ createdAt: new Date('2026-11-10T02:55:00Z') }), // 09:55
        message({ createdAt: new Date('2026-11-10T16:59:00Z') }), // 23:59
        message({ createdAt: new Date('2026-11-10T17:00:00Z') }), // 00:00 the next day
        botReply({ createdAt: new Date('2026-11-10T02:06:00Z') }),
      ],
    );
    expect(figures.inboundByHour[9]).toBe(2);
    expect(figures.inboundByHour[23]).toBe(1);
    expect(figures.inboundByHour[0]).toBe(1);
    expect(figures.inboundByHour.reduce((sum, n) => sum + n, 0)).toBe(4);
  });
});

describe('windows and days', () => {
  it('counts a conversation on the day it started and its messages on theirs (Asia/Jakarta)', () => {
    // 23:50 on 10 November in Jakarta; the customer and the bot write again after midnight.
    const started = new Date('2026-11-10T16:50:00Z');
    const fact = conversation({
      createdAt: started,
      firstBotReplyAt: new Date('2026-11-10T16:50:05Z'),
      activities: [
        { type: 'opened', reason: null, at: started },
        { type: 'resolved', reason: 'bot', at: new Date('2026-11-10T17:30:00Z') },
      ],
    });
    const figures = computeFigures(
      [fact],
      [
        message({ createdAt: started }),
        botReply({ createdAt: new Date('2026-11-10T16:50:05Z') }),
        message({ createdAt: new Date('2026-11-10T17:10:00Z') }),
        botReply({ createdAt: new Date('2026-11-10T17:10:04Z') }),
      ],
      JAKARTA,
    );
    const day10 = figures.get(keyOf({ day: '2026-11-10', botId: 7, channelId: 3 }))!;
    const day11 = figures.get(keyOf({ day: '2026-11-11', botId: 7, channelId: 3 }))!;
    expect(day10).toMatchObject({ conversations: 1, autoResolved: 1, resolved: 1, inbound: 1, aiReplies: 1 });
    expect(day10.inboundByHour[23]).toBe(1);
    expect(day11).toMatchObject({ conversations: 0, autoResolved: 0, resolved: 0, inbound: 1, aiReplies: 1 });
    expect(day11.inboundByHour[0]).toBe(1);
    expect([...figures.keys()].sort()).toEqual(['2026-11-10|7|3', '2026-11-11|7|3']);
  });

  it('keys conversations without a bot under bot 0, per channel', () => {
    const figures = computeFigures(
      [conversation({ botId: null, channelId: 4 }), conversation({ channelId: 3 })],
      [message({ botId: null, channelId: 4 })],
      JAKARTA,
    );
    expect([...figures.keys()].sort()).toEqual(['2026-11-10|0|4', '2026-11-10|7|3']);
  });

  it('follows a DST zone across its 23-hour day (America/New_York, 8 March 2026)', () => {
    // 23:50 EST on 7 March; clocks jump from 02:00 EST to 03:00 EDT at 07:00 UTC on the 8th.
    const started = new Date('2026-03-08T04:50:00Z');
    const figures = computeFigures(
      [conversation({ createdAt: started, activities: [{ type: 'opened', reason: null, at: started }] })],
      [
        message({ createdAt: started }), // 23:50 EST on the 7th
        message({ createdAt: new Date('2026-03-08T05:10:00Z') }), // 00:10 EST on the 8th
        message({ createdAt: new Date('2026-03-08T06:59:00Z') }), // 01:59 EST
        message({ createdAt: new Date('2026-03-08T07:00:00Z') }), // 03:00 EDT
        message({ createdAt: new Date('2026-03-09T03:59:00Z') }), // 23:59 EDT on the 8th
        message({ createdAt: new Date('2026-03-09T04:00:00Z') }), // 00:00 EDT on the 9th
      ],
      NEW_YORK,
    );
    const day = (value: string) => figures.get(keyOf({ day: value, botId: 7, channelId: 3 }))!;
    expect(day('2026-03-07')).toMatchObject({ conversations: 1, inbound: 1 });
    expect(day('2026-03-08')).toMatchObject({ conversations: 0, inbound: 4 });
    expect(day('2026-03-08').inboundByHour.slice(0, 4)).toEqual([1, 1, 0, 1]);
    expect(day('2026-03-08').inboundByHour[23]).toBe(1);
    expect(day('2026-03-09')).toMatchObject({ inbound: 1 });
  });

  it('counts the repeated hour of the 25-hour day twice under it (America/New_York, 1 November 2026)', () => {
    const figures = total(
      [],
      [
        message({ createdAt: new Date('2026-11-01T05:30:00Z') }), // 01:30 EDT
        message({ createdAt: new Date('2026-11-01T06:30:00Z') }), // 01:30 EST
      ],
      NEW_YORK,
    );
    expect(figures.inboundByHour[1]).toBe(2);
    expect(dayAndHour(new Date('2026-11-02T04:59:00Z'), NEW_YORK)).toEqual({ day: '2026-11-01', hour: 23 });
  });
});

describe('zonedDayStart', () => {
  it.each([
    ['2026-11-10', JAKARTA, '2026-11-09T17:00:00.000Z'],
    ['2026-11-10', 'UTC', '2026-11-10T00:00:00.000Z'],
    ['2026-11-10', 'Asia/Kolkata', '2026-11-09T18:30:00.000Z'],
    ['2026-11-10', 'Asia/Kathmandu', '2026-11-09T18:15:00.000Z'],
    ['2026-11-10', 'Pacific/Auckland', '2026-11-09T11:00:00.000Z'], // NZDT, +13
    ['2026-01-15', NEW_YORK, '2026-01-15T05:00:00.000Z'],
    ['2026-07-15', NEW_YORK, '2026-07-15T04:00:00.000Z'],
    ['2026-03-08', NEW_YORK, '2026-03-08T05:00:00.000Z'], // the spring-forward day starts in EST
    ['2026-03-09', NEW_YORK, '2026-03-09T04:00:00.000Z'],
    ['2026-11-01', NEW_YORK, '2026-11-01T04:00:00.000Z'], // the fall-back day starts in EDT
    ['2026-11-02', NEW_YORK, '2026-11-02T05:00:00.000Z'],
    ['2026-03-29', 'Europe/Berlin', '2026-03-28T23:00:00.000Z'],
    ['2026-03-30', 'Europe/Berlin', '2026-03-29T22:00:00.000Z'],
  ])('%s in %s starts at %s', (day, zone, expected) => {
    const start = zonedDayStart(day, zone);
    expect(start.toISOString()).toBe(expected);
    expect(dayAndHour(start, zone)).toEqual({ day, hour: 0 });
    expect(dayAndHour(new Date(start.getTime() - 1000), zone).day < day).toBe(true);
  });

  it('makes days of 23 and 25 hours around the DST changes', () => {
    const hours = (from: string, to: string) =>
      (zonedDayStart(to, NEW_YORK).getTime() - zonedDayStart(from, NEW_YORK).getTime()) / 3_600_000;
    expect(hours('2026-03-08', '2026-03-09')).toBe(23);
    expect(hours('2026-11-01', '2026-11-02')).toBe(25);
    expect(hours('2026-11-10', '2026-11-11')).toBe(24);
  });
});

describe('quantile', () => {
  it('is null for an empty histogram', () => {
    expect(quantile(emptyHistogram(), 0.5)).toBeNull();
    expect(quantile(emptyHistogram(), 0.9)).toBeNull();
  });

  it.each([
    ['seconds', [1.5, 2.5, 4, 4.5, 7, 9, 12, 14, 25, 40]],
    ['minutes', [50, 70, 80, 100, 110, 130, 150, 200, 400, 800]],
    ['hours', [3000, 4000, 5000, 6000, 7000, 9000, 12000, 20000, 30000, 80000]],
  ])('reads the median and p90 of %s within the bucket’s width', (_name, values) => {
    const histogram = emptyHistogram();
    for (const value of values) observe(histogram, value);
    const sorted = [...values].sort((a, b) => a - b);
    for (const q of [0.5, 0.9]) {
      const exact = sorted[Math.ceil(q * sorted.length) - 1];
      const estimate = quantile(histogram, q)!;
      // Within the width of the bucket that holds the exact value.
      const bounds = [
        0, 1, 2, 3, 5, 8, 10, 15, 20, 30, 45, 60, 90, 120, 180, 300, 450, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200,
        10800, 14400, 21600, 28800, 43200, 86400,
      ];
      const upper = bounds.findIndex((bound) => exact <= bound);
      expect(estimate).toBeGreaterThanOrEqual(bounds[upper - 1]);
      expect(estimate).toBeLessThanOrEqual(bounds[upper]);
    }
    expect(histogram.n).toBe(values.length);
    expect(histogram.sum).toBe(values.reduce((sum, n) => sum + n, 0));
  });

  it('counts a negative duration (clock skew) as 0, and one above the last bound in the last bucket', () => {
    const histogram = emptyHistogram();
    observe(histogram, -5);
    expect(histogram.counts[0]).toBe(1);
    expect(quantile(histogram, 0.5)).toBeLessThanOrEqual(1);
    const long = emptyHistogram();
    observe(long, 2_000_000);
    expect(long.counts.at(-1)).toBe(1);
    expect(quantile(long, 0.5)).toBeGreaterThanOrEqual(604_800);
  });

  it('adds up across days: the median of a month is read from the sum of its days', () => {
    const days = [[3, 4], [4, 200], [5]].map((values) => {
      const figures = total(
        values.map((seconds) => conversation({ firstBotReplyAt: new Date(T0.getTime() + seconds * 1000) })),
      );
      return figures;
    });
    const month = metricsOf(sumFigures(days)).first_bot_response;
    expect(month.count).toBe(5);
    expect(month.median).toBeGreaterThanOrEqual(3);
    expect(month.median).toBeLessThanOrEqual(5);
  });
});

describe('summarize', () => {
  const day = (value: string, figures: Partial<DailyFigures>, botId = 7, channelId = 3): StoredDay => ({
    day: value,
    botId,
    channelId,
    figures: sumFigures([figures]),
  });
  const input = (current: StoredDay[], previous: StoredDay[] = []) => ({
    from: '2026-11-09',
    to: '2026-11-15',
    current,
    previous,
    bots: new Map([[7, 'Asisten']]),
    channels: new Map([
      [3, { name: 'Website', type: 'web' }],
      [4, { name: 'WhatsApp', type: 'whatsapp' }],
    ]),
  });

  it('compares the window with the previous one, figure by figure', () => {
    const summary = summarize(
      input(
        [day('2026-11-09', { conversations: 10, botHandled: 8, autoResolved: 6 })],
        [day('2026-11-02', { conversations: 5, botHandled: 4, autoResolved: 1 })],
      ),
    );
    expect(summary.metrics).toMatchObject({ conversations: 10, auto_resolution_rate: 0.75 });
    expect(summary.previous).toMatchObject({ conversations: 5, auto_resolution_rate: 0.25 });
  });

  it('gives a series with every day of the window, quiet days as zeros', () => {
    const summary = summarize(
      input([
        day('2026-11-09', { conversations: 2, botHandled: 2, autoResolved: 1 }),
        day('2026-11-09', { conversations: 1 }, 0, 4),
        day('2026-11-12', { conversations: 4, botHandled: 4, autoResolved: 4 }),
      ]),
    );
    expect(summary.series.map((point) => point.day)).toEqual(daysBetween('2026-11-09', '2026-11-15'));
    expect(summary.series).toHaveLength(7);
    expect(summary.series[0]).toMatchObject({ conversations: 3, auto_resolution_rate: 0.5 });
    expect(summary.series[1]).toMatchObject({ conversations: 0, auto_resolution_rate: null });
    expect(summary.series[3]).toMatchObject({ conversations: 4, auto_resolution_rate: 1 });
  });

  it('places the busiest hours on the right weekday (Monday first) and hour', () => {
    const byHour = (hour: number, count: number) => {
      const hours = new Array<number>(24).fill(0);
      hours[hour] = count;
      return hours;
    };
    const summary = summarize(
      input([
        day('2026-11-09', { inboundByHour: byHour(14, 5) }), // a Monday
        day('2026-11-15', { inboundByHour: byHour(0, 2) }), // a Sunday
        day('2026-11-15', { inboundByHour: byHour(0, 1) }, 0, 4),
      ]),
    );
    expect(summary.heatmap).toHaveLength(7);
    expect(summary.heatmap[0][14]).toBe(5);
    expect(summary.heatmap[6][0]).toBe(3);
    expect(summary.heatmap.flat().reduce((sum, n) => sum + n, 0)).toBe(8);
  });

  it('tables bots (no bot as its own row), channels, models, reasons and citations', () => {
    const summary = summarize(
      input([
        day('2026-11-09', {
          conversations: 3,
          handoffReasons: { keyword: 1, user_request: 2 },
          models: { 'gpt-4o-mini': { replies: 2, promptTokens: 10, completionTokens: 5, costUsd: 0.001 } },
          sources: { 11: 3 },
          chunks: { 101: 2 },
        }),
        day('2026-11-10', { conversations: 1 }, 0, 4),
      ]),
    );
    expect(summary.by_bot.map((row) => [row.id, row.name, row.conversations])).toEqual([
      [7, 'Asisten', 3],
      [null, 'No bot', 1],
    ]);
    expect(summary.by_channel.map((row) => [row.id, row.name, row.type])).toEqual([
      [3, 'Website', 'web'],
      [4, 'WhatsApp', 'whatsapp'],
    ]);
    expect(summary.by_model).toEqual([
      { model: 'gpt-4o-mini', replies: 2, prompt_tokens: 10, completion_tokens: 5, cost_usd: 0.001 },
    ]);
    expect(summary.handoff_reasons).toEqual([
      { reason: 'user_request', count: 2 },
      { reason: 'keyword', count: 1 },
    ]);
    expect(summary.cited).toEqual({ sources: [{ id: 11, count: 3 }], chunks: [{ id: 101, count: 2 }] });
  });

  it('puts the replies no model wrote (stored under their provider, without tokens) in one row without a model', () => {
    const summary = summarize(
      input([
        day('2026-11-09', {
          models: {
            'gpt-4o-mini': { replies: 2, promptTokens: 10, completionTokens: 5, costUsd: 0.001 },
            'openai-compatible': { replies: 3, promptTokens: 0, completionTokens: 0, costUsd: 0 },
            'kawan-extractive': { replies: 1, promptTokens: 300, completionTokens: 40, costUsd: 0 },
          },
        }),
        day('2026-11-10', { models: { extractive: { replies: 1, promptTokens: 0, completionTokens: 0, costUsd: 0 } } }),
      ]),
    );
    expect(summary.by_model).toEqual([
      { model: null, replies: 4, prompt_tokens: 0, completion_tokens: 0, cost_usd: 0 },
      { model: 'gpt-4o-mini', replies: 2, prompt_tokens: 10, completion_tokens: 5, cost_usd: 0.001 },
      { model: 'kawan-extractive', replies: 1, prompt_tokens: 300, completion_tokens: 40, cost_usd: 0 },
    ]);
  });

  it('gives each group the same figures whether or not its sum kept the citation maps', () => {
    const cited = (value: string, botId: number, channelId: number, n: number) =>
      day(
        value,
        { conversations: n, botHandled: n, autoResolved: 1, sources: { 11: n }, chunks: { 101: n, 102: 1 } },
        botId,
        channelId,
      );
    const rows = [cited('2026-11-09', 7, 3, 2), cited('2026-11-10', 7, 4, 3), cited('2026-11-10', 8, 3, 1)];
    const summary = summarize(input(rows, rows));
    const full = (pick: (row: StoredDay) => boolean) =>
      metricsOf(sumFigures(rows.filter(pick).map((row) => row.figures)));
    expect(summary.by_channel.find((row) => row.id === 3)).toMatchObject(full((row) => row.channelId === 3));
    expect(summary.by_bot.find((row) => row.id === 8)).toMatchObject(full((row) => row.botId === 8));
    expect(summary.previous).toEqual(summary.metrics);
    expect(summary.cited).toEqual({
      sources: [{ id: 11, count: 6 }],
      chunks: [
        { id: 101, count: 6 },
        { id: 102, count: 3 },
      ],
    });
    const light = sumFigures(
      rows.map((row) => row.figures),
      { citations: false },
    );
    expect(light).toEqual({ ...sumFigures(rows.map((row) => row.figures)), sources: {}, chunks: {} });
  });

  it('shows nulls, not zeros, for rates of an empty window', () => {
    const summary = summarize(input([]));
    expect(summary.metrics).toMatchObject({
      conversations: 0,
      auto_resolution_rate: null,
      handoff_rate: null,
      csat_average: null,
      unanswered_rate: null,
    });
    expect(summary.series.every((point) => point.conversations === 0)).toBe(true);
  });
});

describe('the window of a day', () => {
  it('is 24 hours of the team’s time in Jakarta', () => {
    expect(zonedDayStart('2026-11-11', JAKARTA).getTime() - zonedDayStart('2026-11-10', JAKARTA).getTime()).toBe(DAY);
  });
});

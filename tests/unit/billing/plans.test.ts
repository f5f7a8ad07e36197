import { describe, expect, it } from 'vitest';
import { creditPackOf, creditsForModel, formatMoney, planOf, planRank, plans } from '../../../server/billing/plans';
import {
  addMonths,
  calendarMonth,
  periodEnd,
  projectUsage,
  prorate,
  remainingShare,
  utcDay,
} from '../../../server/billing/periods';
import { creditPeriod, periodHolding } from '../../../server/billing/period-of-team';

describe('plans', () => {
  it('grow in every limit from Free to Business', () => {
    const order = [plans.free, plans.starter, plans.growth, plans.business];
    for (let index = 1; index < order.length; index++) {
      const [before, after] = [order[index - 1].limits, order[index].limits];
      for (const key of [
        'bots',
        'channels',
        'members',
        'aiCredits',
        'knowledgeChars',
        'knowledgeSources',
        'fileMaxMb',
        'historyDays',
      ] as const) {
        expect(after[key], `${order[index].code}.${key}`).toBeGreaterThan(before[key]);
      }
      expect(planRank(order[index].code)).toBeGreaterThan(planRank(order[index - 1].code));
    }
    expect(plans.free.limits.channelTypes).toEqual(['web']);
    expect(plans.starter.limits.apiAccess).toBe(false);
    expect(plans.growth.limits.apiAccess).toBe(true);
  });

  it('price a year below twelve months', () => {
    for (const plan of [plans.starter, plans.growth, plans.business]) {
      for (const currency of ['USD', 'IDR'] as const) {
        expect(plan.prices.year[currency]).toBeLessThan(plan.prices.month[currency] * 12);
        expect(plan.prices.year[currency]).toBeGreaterThan(plan.prices.month[currency] * 9);
      }
    }
  });

  it('fall back to the given plan for an unknown code', () => {
    expect(planOf('growth').code).toBe('growth');
    expect(planOf(null).code).toBe('free');
    expect(planOf('enterprise', 'business').code).toBe('business');
    expect(creditPackOf('pack_1000')?.credits).toBe(1000);
    expect(creditPackOf('pack_3')).toBeUndefined();
  });

  it.each([
    ['gpt-4o-mini', 1],
    ['gpt-4.1-nano', 1],
    ['claude-3-5-haiku', 1],
    ['gemini-2.0-flash', 1],
    ['llama3.1:8b', 1],
    ['qwen2.5-7b-instruct', 1],
    ['gpt-4o', 2],
    ['gpt-4.1', 2],
    ['claude-sonnet-4', 2],
    ['llama-3.3-70b-instruct', 2],
    ['o3', 5],
    ['o1-preview', 5],
    ['gpt-5', 5],
    ['claude-opus-4', 5],
    ['o3-mini', 1],
    ['extractive', 1],
    ['some-local-model', 1],
    [null, 1],
  ])('weigh a reply by %s as %i credit(s)', (model, credits) => {
    expect(creditsForModel(model)).toBe(credits);
  });

  it('format prices as people read them', () => {
    expect(formatMoney(2900, 'USD')).toBe('$29');
    expect(formatMoney(27850, 'USD')).toBe('$278.50');
    expect(formatMoney(449000, 'IDR').replace(/\s/g, ' ')).toBe('Rp 449.000');
  });
});

describe('periods', () => {
  const at = (value: string) => new Date(value);

  it('add months keeping the day, clamped to the month end', () => {
    expect(addMonths(at('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(at('2028-01-31T10:00:00Z'), 1).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addMonths(at('2026-11-15T00:00:00Z'), 2).toISOString()).toBe('2027-01-15T00:00:00.000Z');
    expect(periodEnd(at('2026-03-10T00:00:00Z'), 'year').toISOString()).toBe('2027-03-10T00:00:00.000Z');
    expect(addMonths(at('2026-03-31T00:00:00Z'), -1).toISOString()).toBe('2026-02-28T00:00:00.000Z');
  });

  it('count a team without a subscription in calendar months and contacts in UTC days', () => {
    expect(calendarMonth(at('2026-11-24T23:59:00Z'))).toEqual({
      start: at('2026-11-01T00:00:00Z'),
      end: at('2026-12-01T00:00:00Z'),
    });
    expect(utcDay(at('2026-11-24T23:59:00Z'))).toEqual({
      start: at('2026-11-24T00:00:00Z'),
      end: at('2026-11-25T00:00:00Z'),
    });
  });

  it('prorate the rest of a period: credit for the old price, charge for the new', () => {
    const period = { start: at('2026-11-01T00:00:00Z'), end: at('2026-12-01T00:00:00Z') };
    expect(remainingShare(period, at('2026-11-16T00:00:00Z'))).toBeCloseTo(0.5, 5);
    expect(prorate(period, at('2026-11-16T00:00:00Z'), 2900, 9900)).toEqual({
      credit: -1450,
      charge: 4950,
      total: 3500,
      share: 0.5,
    });
    expect(prorate(period, at('2026-10-01T00:00:00Z'), 2900, 9900).share).toBe(1);
    expect(prorate(period, at('2026-12-05T00:00:00Z'), 2900, 9900)).toMatchObject({ credit: -0, charge: 0, total: 0 });
  });

  it('project usage at the pace so far, once a day has passed', () => {
    const period = { start: at('2026-11-01T00:00:00Z'), end: at('2026-12-01T00:00:00Z') };
    expect(projectUsage(100, period, at('2026-11-01T12:00:00Z'))).toBe(100);
    expect(projectUsage(1000, period, at('2026-11-11T00:00:00Z'))).toBe(3000);
    expect(projectUsage(1000, period, at('2026-12-03T00:00:00Z'))).toBe(1000);
  });

  it('step a subscription period that ended (not rolled over yet) to the one holding now', () => {
    const period = { start: at('2026-09-10T00:00:00Z'), end: at('2026-10-10T00:00:00Z') };
    expect(periodHolding(period, 'month', at('2026-10-01T00:00:00Z'))).toEqual(period);
    expect(periodHolding(period, 'month', at('2026-11-24T00:00:00Z'))).toEqual({
      start: at('2026-11-10T00:00:00Z'),
      end: at('2026-12-10T00:00:00Z'),
    });
    expect(periodHolding(period, 'month', at('2026-10-10T00:00:00Z')).start).toEqual(at('2026-10-10T00:00:00Z'));
  });

  it("count a yearly plan's credits a month at a time, from its start", () => {
    const year = { start: at('2026-03-10T00:00:00Z'), end: at('2027-03-10T00:00:00Z') };
    expect(creditPeriod(year, 'year', at('2026-11-24T00:00:00Z'))).toEqual({
      start: at('2026-11-10T00:00:00Z'),
      end: at('2026-12-10T00:00:00Z'),
    });
    const month = { start: at('2026-11-10T00:00:00Z'), end: at('2026-12-10T00:00:00Z') };
    expect(creditPeriod(month, 'month', at('2026-11-24T00:00:00Z'))).toEqual(month);
  });
});

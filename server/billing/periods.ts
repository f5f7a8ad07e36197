/**
 * Billing periods and proration: pure date arithmetic (UTC), no database.
 */
import type { Interval } from './plans';

/** The same day of the month (clamped to the month's end: Jan 31 → Feb 28) `months` later, same time. */
export function addMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(
    Date.UTC(
      year,
      month,
      Math.min(from.getUTCDate(), lastDay),
      from.getUTCHours(),
      from.getUTCMinutes(),
      from.getUTCSeconds(),
      from.getUTCMilliseconds(),
    ),
  );
}

/** The end of a period of `interval` that starts at `start`. */
export function periodEnd(start: Date, interval: Interval): Date {
  return addMonths(start, interval === 'year' ? 12 : 1);
}

/** A team without a paid subscription counts in calendar months (UTC): the one holding `now`. */
export function calendarMonth(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { start, end: addMonths(start, 1) };
}

/** The UTC day holding `now` (a contact's daily cap). */
export function utcDay(now: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, end: new Date(start.getTime() + 86_400_000) };
}

/** The share of a period still ahead at `at` (0–1). */
export function remainingShare(period: { start: Date; end: Date }, at: Date): number {
  const total = period.end.getTime() - period.start.getTime();
  if (total <= 0) return 0;
  return Math.min(1, Math.max(0, (period.end.getTime() - at.getTime()) / total));
}

/**
 * What switching plans now costs for the rest of the period, Stripe's way: a credit for the unused
 * time on the old price and a charge for the remaining time on the new one, each rounded to the
 * currency's unit. `total` may be negative (a downgrade), which Kawan never charges now.
 */
export function prorate(
  period: { start: Date; end: Date },
  at: Date,
  oldPrice: number,
  newPrice: number,
): { credit: number; charge: number; total: number; share: number } {
  const share = remainingShare(period, at);
  const credit = -Math.round(oldPrice * share);
  const charge = Math.round(newPrice * share);
  return { credit, charge, total: credit + charge, share };
}

/**
 * Where usage is heading by the period's end, at the pace so far (linear); `used` itself before
 * a day has passed (too little to extrapolate from).
 */
export function projectUsage(used: number, period: { start: Date; end: Date }, now: Date): number {
  const elapsed = now.getTime() - period.start.getTime();
  const total = period.end.getTime() - period.start.getTime();
  if (elapsed < 86_400_000 || total <= 0) return used;
  return Math.round((used * total) / Math.min(elapsed, total));
}

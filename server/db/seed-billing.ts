import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { billingDetails, subscriptions, usageCounters, usageEvents } from './schema/index';
import { addMonths, periodEnd } from '../billing/periods';
import { grantPlan, issueInvoice } from '../billing/subscriptions';
import { rowsOf } from './rows';
import { creditPacks, plans } from '../billing/plans';
import { planLine } from '../domain/billing/billing-actions';

/**
 * The demo team's billing: Growth, paid monthly through Kawan's own invoices, 24 days into its
 * third period; the two periods before paid, a credit pack invoice still open (an owner can mark
 * it paid on the Billing page and see the credits arrive).
 */
export async function seedDemoBilling(db: Database, teamId: number, now: Date = new Date()): Promise<void> {
  const start = new Date(now.getTime() - 24 * 86_400_000);
  const growth = plans.growth;
  await db.insert(subscriptions).values({
    teamId,
    plan: 'growth',
    interval: 'month',
    currency: 'IDR',
    provider: 'manual',
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: periodEnd(start, 'month'),
    lastEventAt: now,
  });
  await grantPlan(db, teamId, 'growth');
  await db.insert(billingDetails).values({
    teamId,
    companyName: 'PT Warung Kopi Nusantara',
    address: 'Jl. Kemang Raya No. 12\nJakarta Selatan 12730',
    taxId: '01.234.567.8-901.000',
    email: 'finance@warungkopi.example',
    currency: 'IDR',
  });
  for (const back of [2, 1]) {
    const periodStart = addMonths(start, -back);
    await issueInvoice(db, teamId, {
      provider: 'manual',
      purpose: back === 2 ? 'subscription' : 'renewal',
      currency: 'IDR',
      plan: 'growth',
      interval: 'month',
      periodStart,
      periodEnd: addMonths(periodStart, 1),
      status: 'paid',
      issuedAt: periodStart,
      dueAt: periodStart,
      paidAt: new Date(periodStart.getTime() + 3_600_000),
      amountPaid: growth.prices.month.IDR,
      lines: [{ description: planLine('growth', 'month'), quantity: 1, amount: growth.prices.month.IDR }],
    });
  }
  const pack = creditPacks[0];
  await issueInvoice(db, teamId, {
    provider: 'manual',
    purpose: 'credit_pack',
    currency: 'IDR',
    packCode: pack.code,
    issuedAt: new Date(now.getTime() - 2 * 3_600_000),
    lines: [
      { description: `${pack.credits.toLocaleString('en-US')} AI credits`, quantity: 1, amount: pack.prices.IDR },
    ],
  });
}

/**
 * The period's usage so far: the bots' replies the demo history wrote are metered as they were
 * sent; the rest of the team's traffic this period came through the API, written as one usage
 * event, so that the AI credits meter stands just under 80 % (the next replies cross the first warning).
 */
export async function seedDemoUsage(db: Database, teamId: number, now: Date = new Date()): Promise<void> {
  const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
  if (!subscription) return;
  const periodStart = subscription.currentPeriodStart;
  const [replies] = rowsOf<{ credits: number }>(
    await db.execute(sql`
      select coalesce(sum(coalesce((m.ai->>'credits')::int, 1)), 0)::int as credits
      from messages m join conversations c on c.id = m.conversation_id
      where c.team_id = ${teamId} and m.sender = 'bot' and m.ai is not null
        and m.created_at >= ${periodStart.toISOString()}`),
  );
  const target = Math.round(plans.growth.limits.aiCredits * 0.79);
  const api = Math.max(0, target - Number(replies?.credits ?? 0));
  await db
    .insert(usageEvents)
    .values({
      teamId,
      metric: 'ai_credits',
      idempotencyKey: `demo:api:${teamId}:${periodStart.toISOString()}`,
      status: 'committed',
      quantity: api,
      periodStart,
      model: 'gpt-4o-mini',
      source: 'api',
      occurredAt: now,
    })
    .onConflictDoNothing();
  await db
    .insert(usageCounters)
    .values({
      teamId,
      metric: 'ai_credits',
      scope: '',
      periodStart,
      periodEnd: subscription.currentPeriodEnd,
      used: target,
      warned80At: null,
    })
    .onConflictDoUpdate({
      target: [usageCounters.teamId, usageCounters.metric, usageCounters.scope, usageCounters.periodStart],
      set: { used: target },
    });
}

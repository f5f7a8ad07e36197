/**
 * A team's subscription as a state machine (docs/decisions/018-billing.md). Every provider ends up
 * here: the manual provider when an invoice is marked paid, Stripe and Xendit from their verified
 * events. Each change writes the subscription and copies the plan now in force onto `teams` in one
 * transaction, then tells open pages (BillingUpdated on the team's channel).
 */
import { and, eq, inArray, isNotNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Services } from '../services';
import type { Database } from '../db/client';
import {
  billingDetails,
  creditPackRows,
  invoices,
  subscriptions,
  teams,
  type BillingAddressee,
  type BillingProviderName,
  type InvoiceLine,
  type InvoicePurpose,
  type InvoiceStatus,
  type SubscriptionStatus,
} from '../db/schema/index';
import { teamChannel } from '../domain/notifications/channels';
import { rowsOf } from '../db/rows';
import { addMonths, periodEnd } from './periods';
import { warnPaymentFailed } from './notifications';
import {
  creditPackMonths,
  creditPackOf,
  isPlanCode,
  planOf,
  type Currency,
  type Interval,
  type PlanCode,
} from './plans';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;
export type BillingServices = Pick<Services, 'db' | 'config' | 'broadcaster' | 'logger' | 'mailer' | 'route'>;

export const billingUpdatedEvent = 'App\\Events\\BillingUpdated';

/** Days a prepaid renewal invoice gives before it is overdue (then the grace period runs). */
export const renewalDueDays = 3;

/** A subscription as a provider reports it (Stripe's object, a paid prepaid invoice). */
export interface SubscriptionSnapshot {
  plan: PlanCode;
  interval: Interval;
  currency: Currency;
  provider: BillingProviderName;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
  status: SubscriptionStatus;
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd?: boolean;
  canceledAt?: Date | null;
  endsAt?: Date | null;
  trialEndsAt?: Date | null;
  /** When the provider says this was true: an older snapshot than the one applied is ignored. */
  asOf: Date;
}

export async function subscriptionOf(db: Database, teamId: number): Promise<SubscriptionRow | undefined> {
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId));
  return row;
}

/**
 * Applies a provider's view of the subscription: ignored when older than the last one applied
 * (events out of order), idempotent when the same one comes again.
 */
export async function applySubscription(
  services: BillingServices,
  teamId: number,
  snapshot: SubscriptionSnapshot,
  now: Date = new Date(),
): Promise<SubscriptionRow | undefined> {
  const row = await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.teamId, teamId)).for('update');
    if (current?.lastEventAt && snapshot.asOf < current.lastEventAt) return undefined;
    const values = {
      plan: snapshot.plan,
      interval: snapshot.interval,
      currency: snapshot.currency,
      provider: snapshot.provider,
      providerCustomerId: snapshot.providerCustomerId ?? current?.providerCustomerId ?? null,
      providerSubscriptionId: snapshot.providerSubscriptionId ?? null,
      status: snapshot.status,
      currentPeriodStart: snapshot.currentPeriodStart,
      currentPeriodEnd: snapshot.currentPeriodEnd,
      cancelAtPeriodEnd: snapshot.cancelAtPeriodEnd ?? false,
      canceledAt: snapshot.canceledAt ?? null,
      endsAt: snapshot.endsAt ?? (snapshot.cancelAtPeriodEnd ? snapshot.currentPeriodEnd : null),
      trialEndsAt: snapshot.trialEndsAt ?? null,
      // A downgrade chosen in Kawan still waits for its period's end unless the plan itself changed.
      scheduledPlan: current && current.plan === snapshot.plan ? current.scheduledPlan : null,
      scheduledInterval: current && current.plan === snapshot.plan ? current.scheduledInterval : null,
      pastDueSince: snapshot.status === 'past_due' ? (current?.pastDueSince ?? now) : null,
      lastEventAt: snapshot.asOf,
      updatedAt: now,
    };
    const [saved] = current
      ? await tx.update(subscriptions).set(values).where(eq(subscriptions.id, current.id)).returning()
      : await tx
          .insert(subscriptions)
          .values({ teamId, ...values })
          .returning();
    await settleTeam(tx, services, teamId, saved, now);
    return saved;
  });
  if (row) await billingUpdated(services, teamId);
  return row;
}

/**
 * The plan in force and the past-due state on `teams`, from the subscription: Free once it has
 * ended (canceled past its grace, or past due beyond the grace period).
 */
async function settleTeam(
  tx: Database,
  services: Pick<Services, 'config'>,
  teamId: number,
  subscription: SubscriptionRow | undefined,
  now: Date,
): Promise<void> {
  const graceMs = services.config.billing.graceDays * 86_400_000;
  let plan: PlanCode = 'free';
  let pastDueUntil: Date | null = null;
  if (subscription && isPlanCode(subscription.plan)) {
    const ended =
      subscription.status === 'canceled' ||
      subscription.status === 'incomplete' ||
      (subscription.endsAt !== null && subscription.endsAt <= now);
    if (!ended) plan = subscription.plan;
    if (!ended && subscription.status === 'past_due') {
      pastDueUntil = new Date((subscription.pastDueSince ?? now).getTime() + graceMs);
      if (pastDueUntil <= now) {
        plan = 'free';
        pastDueUntil = null;
      }
    }
  }
  await tx.update(teams).set({ plan, pastDueUntil, updatedAt: now }).where(eq(teams.id, teamId));
}

/** Sets the team's plan outright (seeding, support): no subscription, no payment. */
export async function grantPlan(db: Database, teamId: number, plan: PlanCode | null): Promise<void> {
  await db.update(teams).set({ plan, pastDueUntil: null }).where(eq(teams.id, teamId));
}

/** Open pages of the team re-read their billing state (banner, meters, limits). */
export async function billingUpdated(services: Pick<Services, 'broadcaster'>, teamId: number): Promise<void> {
  await services.broadcaster.broadcast({
    channels: [teamChannel(teamId)],
    event: billingUpdatedEvent,
    data: { team_id: teamId },
  });
}

// ---------------------------------------------------------------- invoices

export interface NewInvoice {
  provider: BillingProviderName;
  purpose: InvoicePurpose;
  currency: Currency;
  lines: InvoiceLine[];
  status?: InvoiceStatus;
  plan?: PlanCode | null;
  interval?: Interval | null;
  packCode?: string | null;
  periodStart?: Date | null;
  periodEnd?: Date | null;
  dueAt?: Date | null;
  providerInvoiceId?: string | null;
  hostedUrl?: string | null;
  issuedAt?: Date;
  paidAt?: Date | null;
  amountPaid?: number;
}

/** An invoice numbered KWN-<year>-<sequence>, addressed to the team's billing details as they are now. */
export async function issueInvoice(db: Database, teamId: number, invoice: NewInvoice): Promise<InvoiceRow> {
  const issuedAt = invoice.issuedAt ?? new Date();
  const [details] = await db.select().from(billingDetails).where(eq(billingDetails.teamId, teamId));
  const [{ next }] = rowsOf<{ next: string }>(
    await db.execute(sql`select nextval('invoice_number_seq')::text as next`),
  );
  const subtotal = invoice.lines.reduce((sum, line) => sum + line.amount, 0);
  const [row] = await db
    .insert(invoices)
    .values({
      teamId,
      number: `KWN-${issuedAt.getUTCFullYear()}-${next.padStart(6, '0')}`,
      provider: invoice.provider,
      providerInvoiceId: invoice.providerInvoiceId ?? null,
      purpose: invoice.purpose,
      status: invoice.status ?? 'open',
      currency: invoice.currency,
      subtotal,
      total: subtotal,
      amountPaid: invoice.amountPaid ?? 0,
      plan: invoice.plan ?? null,
      interval: invoice.interval ?? null,
      packCode: invoice.packCode ?? null,
      periodStart: invoice.periodStart ?? null,
      periodEnd: invoice.periodEnd ?? null,
      lines: invoice.lines,
      billedTo: addressee(details),
      hostedUrl: invoice.hostedUrl ?? null,
      issuedAt,
      dueAt: invoice.dueAt ?? null,
      paidAt: invoice.paidAt ?? null,
    })
    .returning();
  return row;
}

function addressee(details: typeof billingDetails.$inferSelect | undefined): BillingAddressee {
  return {
    companyName: details?.companyName ?? null,
    address: details?.address ?? null,
    taxId: details?.taxId ?? null,
    email: details?.email ?? null,
  };
}

/**
 * An invoice paid (the manual provider's "mark paid", a Xendit callback, a Stripe invoice.paid):
 * what it bought takes effect once, however often this is called. False when it was already paid
 * (or void).
 */
export async function markInvoicePaid(
  services: BillingServices,
  invoiceId: number,
  paid: { at?: Date; amount?: number } = {},
): Promise<boolean> {
  const at = paid.at ?? new Date();
  const applied = await services.db.transaction(async (tx) => {
    const [invoice] = await tx
      .update(invoices)
      .set({
        status: 'paid',
        paidAt: at,
        amountPaid: sql`coalesce(${paid.amount ?? null}, ${invoices.total})`,
        updatedAt: at,
      })
      .where(and(eq(invoices.id, invoiceId), inArray(invoices.status, ['open', 'draft', 'uncollectible'])))
      .returning();
    if (!invoice) return undefined;
    await applyPaidInvoice(tx, services, invoice, at);
    return invoice;
  });
  if (!applied) return false;
  services.logger.info({ teamId: applied.teamId, invoiceId: applied.id, purpose: applied.purpose }, 'invoice paid');
  await billingUpdated(services, applied.teamId);
  return true;
}

async function applyPaidInvoice(tx: Database, services: BillingServices, invoice: InvoiceRow, at: Date): Promise<void> {
  const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.teamId, invoice.teamId)).for('update');
  switch (invoice.purpose) {
    case 'credit_pack': {
      const pack = invoice.packCode ? creditPackOf(invoice.packCode) : undefined;
      if (pack) {
        await tx
          .insert(creditPackRows)
          .values({
            teamId: invoice.teamId,
            credits: pack.credits,
            remaining: pack.credits,
            invoiceId: invoice.id,
            expiresAt: addMonths(at, creditPackMonths),
          })
          .onConflictDoNothing();
      }
      break;
    }
    case 'subscription': {
      // A new plan bought through checkout: its first period starts when it is paid.
      if (!isPlanCode(invoice.plan)) break;
      const interval = (invoice.interval as Interval | null) ?? 'month';
      const start = at;
      const values = {
        plan: invoice.plan,
        interval,
        currency: invoice.currency,
        provider: invoice.provider,
        status: 'active' as const,
        currentPeriodStart: start,
        currentPeriodEnd: periodEnd(start, interval),
        cancelAtPeriodEnd: false,
        canceledAt: null,
        endsAt: null,
        scheduledPlan: null,
        scheduledInterval: null,
        pastDueSince: null,
        lastEventAt: at,
        updatedAt: at,
      };
      const [saved] = current
        ? await tx.update(subscriptions).set(values).where(eq(subscriptions.id, current.id)).returning()
        : await tx
            .insert(subscriptions)
            .values({ teamId: invoice.teamId, ...values })
            .returning();
      await tx
        .update(invoices)
        .set({ periodStart: saved.currentPeriodStart, periodEnd: saved.currentPeriodEnd })
        .where(eq(invoices.id, invoice.id));
      await settleTeam(tx, services, invoice.teamId, saved, at);
      return;
    }
    case 'renewal':
    case 'proration': {
      if (!current) break;
      const stillOwed = await tx
        .select({ id: invoices.id })
        .from(invoices)
        .where(
          and(
            eq(invoices.teamId, invoice.teamId),
            eq(invoices.status, 'open'),
            ne(invoices.purpose, 'credit_pack'),
            isNotNull(invoices.dueAt),
            lte(invoices.dueAt, at),
          ),
        );
      if (stillOwed.length === 0 && current.status === 'past_due') {
        const [saved] = await tx
          .update(subscriptions)
          .set({ status: 'active', pastDueSince: null, updatedAt: at })
          .where(eq(subscriptions.id, current.id))
          .returning();
        await settleTeam(tx, services, invoice.teamId, saved, at);
      }
      return;
    }
  }
}

/**
 * A payment failed (Stripe's invoice.payment_failed, a renewal invoice past its due date): the
 * subscription is past due and the plan holds for the grace period, then the team is on Free.
 */
export async function markPastDue(services: BillingServices, teamId: number, at: Date = new Date()): Promise<boolean> {
  const changed = await services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.teamId, teamId)).for('update');
    if (!current || current.status === 'canceled' || current.status === 'past_due') return undefined;
    const [saved] = await tx
      .update(subscriptions)
      .set({ status: 'past_due', pastDueSince: at, updatedAt: at })
      .where(eq(subscriptions.id, current.id))
      .returning();
    await settleTeam(tx, services, teamId, saved, at);
    return saved;
  });
  if (!changed) return false;
  await billingUpdated(services, teamId);
  const [team] = await services.db.select({ pastDueUntil: teams.pastDueUntil }).from(teams).where(eq(teams.id, teamId));
  await warnPaymentFailed(services, teamId, team?.pastDueUntil ?? null, planOf(changed.plan));
  return true;
}

// ---------------------------------------------------------------- the team's own changes

/** Changes the subscription's own settings (not the plan in force) and tells open pages. */
async function changeSubscription(
  services: BillingServices,
  subscription: SubscriptionRow,
  values: Partial<typeof subscriptions.$inferInsert>,
): Promise<SubscriptionRow> {
  const [saved] = await services.db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscription.id))
    .returning();
  await billingUpdated(services, subscription.teamId);
  return saved;
}

/** Cancels at the period's end: the plan holds until then (the grace period), then Free. */
export function cancelAtPeriodEnd(
  services: BillingServices,
  subscription: SubscriptionRow,
  at: Date = new Date(),
): Promise<SubscriptionRow> {
  return changeSubscription(services, subscription, {
    cancelAtPeriodEnd: true,
    canceledAt: at,
    endsAt: subscription.currentPeriodEnd,
    scheduledPlan: null,
    scheduledInterval: null,
  });
}

/** Takes a cancellation back while its grace period lasts. */
export function resume(services: BillingServices, subscription: SubscriptionRow): Promise<SubscriptionRow> {
  return changeSubscription(services, subscription, { cancelAtPeriodEnd: false, canceledAt: null, endsAt: null });
}

/** A downgrade waits for the period's end; choosing the current plan again takes it back. */
export function scheduleChange(
  services: BillingServices,
  subscription: SubscriptionRow,
  plan: PlanCode | null,
  interval: Interval | null,
): Promise<SubscriptionRow> {
  return changeSubscription(services, subscription, { scheduledPlan: plan, scheduledInterval: interval });
}

/** An upgrade now: the new plan's limits hold at once (its price is invoiced by the caller). */
export async function switchPlanNow(
  services: BillingServices,
  subscription: SubscriptionRow,
  plan: PlanCode,
  interval: Interval,
  at: Date = new Date(),
): Promise<SubscriptionRow> {
  const saved = await services.db.transaction(async (tx) => {
    const intervalChanged = interval !== subscription.interval;
    const [row] = await tx
      .update(subscriptions)
      .set({
        plan,
        interval,
        scheduledPlan: null,
        scheduledInterval: null,
        // A longer interval starts a new period now (it is paid for in full, less the unused time).
        ...(intervalChanged ? { currentPeriodStart: at, currentPeriodEnd: periodEnd(at, interval) } : {}),
        updatedAt: at,
      })
      .where(eq(subscriptions.id, subscription.id))
      .returning();
    await settleTeam(tx, services, subscription.teamId, row, at);
    return row;
  });
  await billingUpdated(services, subscription.teamId);
  return saved;
}

// ---------------------------------------------------------------- the schedule

/**
 * What the clock decides, run by the workers every minute and safe to run twice or to stop half
 * way (every step is a compare-and-set on the period it saw): periods that ended roll over (a
 * scheduled downgrade takes effect, a canceled subscription ends on Free, a prepaid one gets its
 * renewal invoice), renewal invoices past due make the team past due, and a grace period that ran
 * out moves the team to Free. Stripe's subscriptions roll over at Stripe, from its events.
 */
export async function rollOver(services: BillingServices, now: Date = new Date()): Promise<{ teams: number[] }> {
  const touched = new Set<number>();
  const due = await services.db
    .select()
    .from(subscriptions)
    .where(
      or(
        and(lte(subscriptions.currentPeriodEnd, now), ne(subscriptions.status, 'canceled')),
        and(eq(subscriptions.status, 'past_due'), isNotNull(subscriptions.pastDueSince)),
      ),
    );
  for (const subscription of due) {
    if (await rollOne(services, subscription, now)) touched.add(subscription.teamId);
  }
  const overdue = await services.db
    .select({ teamId: invoices.teamId })
    .from(invoices)
    .where(
      and(
        eq(invoices.status, 'open'),
        inArray(invoices.purpose, ['renewal', 'proration']),
        // Stripe runs its own dunning and says so in its events (invoice.payment_failed).
        inArray(invoices.provider, ['manual', 'xendit']),
        isNotNull(invoices.dueAt),
        lt(invoices.dueAt, now),
      ),
    );
  for (const teamId of new Set(overdue.map((row) => row.teamId))) {
    if (await markPastDue(services, teamId, now)) touched.add(teamId);
  }
  for (const teamId of touched) await billingUpdated(services, teamId);
  return { teams: [...touched] };
}

async function rollOne(services: BillingServices, seen: SubscriptionRow, now: Date): Promise<boolean> {
  return services.db.transaction(async (tx) => {
    const [current] = await tx.select().from(subscriptions).where(eq(subscriptions.id, seen.id)).for('update');
    if (
      !current ||
      current.currentPeriodEnd.getTime() !== seen.currentPeriodEnd.getTime() ||
      current.status !== seen.status
    ) {
      return false;
    }
    const graceMs = services.config.billing.graceDays * 86_400_000;
    // A grace period after a failed payment that ran out: the team is on Free.
    if (
      current.status === 'past_due' &&
      current.pastDueSince &&
      current.pastDueSince.getTime() + graceMs <= now.getTime()
    ) {
      const [saved] = await tx
        .update(subscriptions)
        .set({ status: 'canceled', endsAt: now, canceledAt: current.canceledAt ?? now, updatedAt: now })
        .where(eq(subscriptions.id, current.id))
        .returning();
      await tx
        .update(invoices)
        .set({ status: 'uncollectible', updatedAt: now })
        .where(
          and(
            eq(invoices.teamId, current.teamId),
            eq(invoices.status, 'open'),
            inArray(invoices.purpose, ['renewal', 'proration']),
          ),
        );
      await settleTeam(tx, services, current.teamId, saved, now);
      return true;
    }
    if (current.currentPeriodEnd > now) return false;
    if (current.cancelAtPeriodEnd || current.scheduledPlan === 'free') {
      const [saved] = await tx
        .update(subscriptions)
        .set({ status: 'canceled', endsAt: current.currentPeriodEnd, updatedAt: now })
        .where(eq(subscriptions.id, current.id))
        .returning();
      await settleTeam(tx, services, current.teamId, saved, now);
      return true;
    }
    if (current.provider === 'stripe') {
      // Stripe renews by itself; only a downgrade chosen in Kawan takes effect here.
      if (!current.scheduledPlan) return false;
      const [saved] = await tx
        .update(subscriptions)
        .set({
          plan: current.scheduledPlan,
          interval: current.scheduledInterval ?? current.interval,
          scheduledPlan: null,
          scheduledInterval: null,
          updatedAt: now,
        })
        .where(eq(subscriptions.id, current.id))
        .returning();
      await settleTeam(tx, services, current.teamId, saved, now);
      return true;
    }
    // Prepaid (manual, Xendit): the next period begins at once, with its invoice to pay.
    const plan = isPlanCode(current.scheduledPlan) ? current.scheduledPlan : (current.plan as PlanCode);
    const interval = (current.scheduledInterval ?? current.interval) as Interval;
    const start = current.currentPeriodEnd;
    const end = periodEnd(start, interval);
    const [saved] = await tx
      .update(subscriptions)
      .set({
        plan,
        interval,
        currentPeriodStart: start,
        currentPeriodEnd: end,
        scheduledPlan: null,
        scheduledInterval: null,
        updatedAt: now,
      })
      .where(eq(subscriptions.id, current.id))
      .returning();
    const price = planOf(plan).prices[interval][current.currency as Currency];
    if (price > 0) {
      await issueInvoice(tx, current.teamId, {
        provider: current.provider,
        purpose: 'renewal',
        currency: current.currency as Currency,
        plan,
        interval,
        periodStart: start,
        periodEnd: end,
        // Unpaid when due, the team is past due and keeps the plan for the grace period.
        dueAt: new Date(start.getTime() + renewalDueDays * 86_400_000),
        lines: [
          {
            description: `${planOf(plan).name} plan, ${interval === 'year' ? 'yearly' : 'monthly'}`,
            quantity: 1,
            amount: price,
          },
        ],
      });
    }
    await settleTeam(tx, services, current.teamId, saved, now);
    return true;
  });
}

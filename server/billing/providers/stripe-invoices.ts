/**
 * Kawan's copies of Stripe's invoices. Stripe bills a subscription itself; Kawan keeps each invoice
 * it hears of in `invoices` (provider 'stripe', Stripe's id and hosted page, a KWN number of its
 * own) so that the billing page lists every payment, whichever provider took it.
 */
import type Stripe from 'stripe';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, type InvoiceLine, type InvoicePurpose, type InvoiceStatus } from '../../db/schema/index';
import { isPlanCode, type Interval } from '../plans';
import { issueInvoice, type InvoiceRow } from '../subscriptions';
import { currencyOf, fromUnix } from './stripe';

/** Kawan's copy of a Stripe invoice or Checkout Session, by Stripe's id. */
export async function stripeInvoice(db: Database, providerInvoiceId: string): Promise<InvoiceRow | undefined> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, 'stripe'), eq(invoices.providerInvoiceId, providerInvoiceId)));
  return row;
}

/**
 * Kawan's copy of a Stripe invoice (its own KWN number, Stripe's id and hosted page), created on
 * the first event about it and updated by later ones; a paid copy never goes back to open.
 */
export async function mirrorInvoice(
  db: Database,
  teamId: number,
  invoice: Stripe.Invoice,
  status: InvoiceStatus,
): Promise<InvoiceRow> {
  const paidAt = status === 'paid' ? (fromUnix(invoice.status_transitions?.paid_at) ?? new Date()) : null;
  const existing = await stripeInvoice(db, invoice.id);
  if (existing) {
    if (existing.status === 'paid') return existing;
    const [updated] = await db
      .update(invoices)
      .set({
        status,
        hostedUrl: invoice.hosted_invoice_url ?? existing.hostedUrl,
        amountPaid: invoice.amount_paid,
        paidAt,
        updatedAt: new Date(),
      })
      .where(eq(invoices.id, existing.id))
      .returning();
    return updated;
  }
  const metadata = invoice.parent?.subscription_details?.metadata ?? {};
  const period = invoice.lines?.data?.[0]?.period;
  return issueInvoice(db, teamId, {
    provider: 'stripe',
    purpose: purposeOf(invoice.billing_reason),
    status,
    currency: currencyOf(invoice.currency),
    lines: linesOf(invoice),
    plan: isPlanCode(metadata.plan) ? metadata.plan : null,
    interval: metadata.interval === 'month' || metadata.interval === 'year' ? (metadata.interval as Interval) : null,
    periodStart: fromUnix(period?.start ?? invoice.period_start),
    periodEnd: fromUnix(period?.end ?? invoice.period_end),
    providerInvoiceId: invoice.id,
    hostedUrl: invoice.hosted_invoice_url ?? null,
    issuedAt: fromUnix(invoice.created) ?? new Date(),
    dueAt: fromUnix(invoice.due_date),
    paidAt,
    amountPaid: invoice.amount_paid,
  });
}

/** Why Stripe billed: the first payment, a renewal, or a change of plan (proration). */
export function purposeOf(reason: Stripe.Invoice.BillingReason | null | undefined): InvoicePurpose {
  switch (reason) {
    case 'subscription_create':
      return 'subscription';
    case 'subscription_update':
      return 'proration';
    default:
      return 'renewal';
  }
}

/** Stripe's lines as Kawan's; discounts and taxes, when there are any, as one line so the total is what Stripe charged. */
export function linesOf(invoice: Stripe.Invoice): InvoiceLine[] {
  const lines: InvoiceLine[] = (invoice.lines?.data ?? []).map((line) => ({
    description: line.description ?? 'Subscription',
    quantity: line.quantity ?? 1,
    amount: line.amount,
  }));
  const difference = invoice.total - lines.reduce((sum, line) => sum + line.amount, 0);
  if (difference !== 0) lines.push({ description: 'Discounts and taxes', quantity: 1, amount: difference });
  return lines;
}

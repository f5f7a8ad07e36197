/**
 * Xendit's invoice callback (POST /webhooks/xendit). Xendit signs nothing: it sends the account's
 * callback token in `x-callback-token`, compared here in constant time. The invoice it names is
 * Kawan's (by Xendit's id, else by Kawan's number as the external id). PAID or SETTLED for the full
 * amount in IDR marks it paid, which activates what it bought exactly once; EXPIRED voids it while
 * it is open. Every callback is logged in `billing_events`, keyed `<invoice id>:<status>`. Xendit
 * retries any answer but 2xx, so callbacks Kawan cannot use are answered 200 and logged 'ignored'.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { invoices } from '../../db/schema/index';
import { billingUpdated, markInvoicePaid, type BillingServices, type InvoiceRow } from '../subscriptions';
import { AlreadyApplied, applyOnce, recordBillingEvent, wasApplied, type WebhookAnswer } from './billing-event-log';
import type { XenditSettings } from './xendit';

export interface XenditDelivery {
  rawBody: Buffer;
  token: string | undefined;
}

const callbackSchema = z.object({
  id: z.string().min(1).max(255),
  external_id: z.string().max(255).optional(),
  status: z.string().min(1).max(32),
  paid_amount: z.number().optional(),
  paid_at: z.string().optional(),
  currency: z.string().optional(),
});
type XenditCallback = z.infer<typeof callbackSchema>;

/** Compares the token through SHA-256 digests: equal lengths, so the time taken says nothing of either. */
export function validCallbackToken(received: string | undefined, expected: string): boolean {
  if (!received) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(received), digest(expected));
}

export async function receiveXenditCallback(
  services: BillingServices,
  settings: XenditSettings & { callbackToken: string },
  delivery: XenditDelivery,
): Promise<WebhookAnswer> {
  const base = { provider: 'xendit' as const, rawBody: delivery.rawBody };
  if (!validCallbackToken(delivery.token, settings.callbackToken)) {
    await recordBillingEvent(services.db, {
      ...base,
      signatureValid: false,
      result: 'invalid',
      error: 'Missing or wrong x-callback-token.',
    });
    return { status: 401, body: { message: 'The callback token is missing or wrong.' } };
  }
  const callback = parse(delivery.rawBody);
  if (!callback) {
    await recordBillingEvent(services.db, {
      ...base,
      signatureValid: true,
      result: 'invalid',
      error: 'The body is not an invoice callback.',
    });
    return { status: 400, body: { message: 'The body is not a Xendit invoice callback.' } };
  }
  const entry = {
    ...base,
    eventId: `${callback.id}:${callback.status}`,
    type: `invoice.${callback.status.toLowerCase()}`,
  };
  if (await wasApplied(services.db, 'xendit', entry.eventId)) {
    await recordBillingEvent(services.db, { ...entry, signatureValid: true, result: 'duplicate' });
    return received('duplicate');
  }
  try {
    const invoice = await invoiceOf(services.db, callback);
    const outcome = invoice
      ? await settle(services, entry, invoice, callback)
      : { result: 'ignored' as const, reason: 'No Kawan invoice has this id.' };
    if (outcome.result === 'ignored') {
      await recordBillingEvent(services.db, {
        ...entry,
        teamId: invoice?.teamId,
        signatureValid: true,
        result: 'ignored',
        error: outcome.reason,
      });
    }
    return received(outcome.result);
  } catch (error) {
    return failed(services, entry, error);
  }
}

/** Logged 'failed' and answered 500: Xendit sends the callback again later. */
async function failed(
  services: BillingServices,
  entry: { provider: 'xendit'; rawBody: Buffer; eventId: string; type: string },
  error: unknown,
): Promise<WebhookAnswer> {
  const message = error instanceof Error ? error.message : String(error);
  services.logger.warn({ eventId: entry.eventId, error: message }, 'a Xendit callback could not be applied');
  await recordBillingEvent(services.db, { ...entry, signatureValid: true, result: 'failed', error: message });
  return { status: 500, body: { message: 'The callback could not be processed; it will be applied when sent again.' } };
}

function received(result: string): WebhookAnswer {
  return { status: 200, body: { received: true, result } };
}

function parse(rawBody: Buffer): XenditCallback | undefined {
  try {
    const parsed = callbackSchema.safeParse(JSON.parse(rawBody.toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Kawan's Xendit invoice by Xendit's id, else by its own number (the external id). */
async function invoiceOf(db: Database, callback: XenditCallback): Promise<InvoiceRow | undefined> {
  const [byId] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, 'xendit'), eq(invoices.providerInvoiceId, callback.id)));
  if (byId || !callback.external_id) return byId;
  const [byNumber] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.provider, 'xendit'), eq(invoices.number, callback.external_id)));
  return byNumber;
}

type Outcome = { result: 'applied' | 'duplicate' } | { result: 'ignored'; reason: string };
type Entry = { provider: 'xendit'; rawBody: Buffer; eventId: string; type: string; teamId?: number };

async function settle(
  services: BillingServices,
  entry: Entry,
  invoice: InvoiceRow,
  callback: XenditCallback,
): Promise<Outcome> {
  const logged = { ...entry, teamId: invoice.teamId };
  switch (callback.status) {
    case 'PAID':
    case 'SETTLED':
      return pay(services, logged, invoice, callback);
    case 'EXPIRED':
      return expire(services, logged, invoice);
    default:
      return { result: 'ignored', reason: `Kawan does not act on status ${callback.status}.` };
  }
}

/** Paid in full: the invoice is paid once (a second status, SETTLED after PAID, is a duplicate). */
async function pay(
  services: BillingServices,
  entry: Entry,
  invoice: InvoiceRow,
  callback: XenditCallback,
): Promise<Outcome> {
  const problem = paymentProblem(invoice, callback);
  if (problem) return { result: 'ignored', reason: problem };
  if (invoice.status === 'void') {
    // Money came in for an invoice Kawan gave up on: support refunds or applies it by hand.
    services.logger.warn({ invoiceId: invoice.id, xenditId: callback.id }, 'a void invoice was paid through Xendit');
    return { result: 'ignored', reason: 'Paid after the invoice was voided; refund or apply it by hand.' };
  }
  if (invoice.status === 'paid') {
    await recordBillingEvent(services.db, { ...entry, signatureValid: true, result: 'duplicate' });
    return { result: 'duplicate' };
  }
  const at = paidAt(callback.paid_at);
  const result = await applyOnce(services, entry, async (tx) => {
    await linkXenditId(tx.db, invoice, callback.id);
    if (!(await markInvoicePaid(tx, invoice.id, { at, amount: callback.paid_amount }))) throw new AlreadyApplied();
  });
  return { result };
}

/** Unpaid when Xendit's page closed: the invoice is void unless it was settled meanwhile. */
async function expire(services: BillingServices, entry: Entry, invoice: InvoiceRow): Promise<Outcome> {
  if (invoice.status !== 'open') return { result: 'ignored', reason: `The invoice is ${invoice.status}, not open.` };
  const result = await applyOnce(services, entry, async (tx) => {
    const [voided] = await tx.db
      .update(invoices)
      .set({ status: 'void', updatedAt: new Date() })
      .where(and(eq(invoices.id, invoice.id), eq(invoices.status, 'open')))
      .returning({ id: invoices.id });
    if (!voided) throw new AlreadyApplied();
    await billingUpdated(tx, invoice.teamId);
  });
  return { result };
}

/** A payment that does not cover the invoice, or in another currency, pays nothing (support sees why). */
function paymentProblem(invoice: InvoiceRow, callback: XenditCallback): string | undefined {
  if (invoice.currency !== 'IDR' || (callback.currency ?? 'IDR') !== 'IDR') {
    return `Paid in ${callback.currency ?? '?'} for an invoice in ${invoice.currency}.`;
  }
  if (callback.paid_amount === undefined || callback.paid_amount < invoice.total) {
    return `Paid ${callback.paid_amount ?? 'nothing'} of ${invoice.total}.`;
  }
  return undefined;
}

function paidAt(value: string | undefined): Date {
  const at = value ? new Date(value) : new Date();
  return Number.isNaN(at.getTime()) ? new Date() : at;
}

/** An invoice found by its number learns Xendit's id, so later callbacks find it directly. */
async function linkXenditId(db: Database, invoice: InvoiceRow, xenditId: string): Promise<void> {
  if (invoice.providerInvoiceId) return;
  await db.update(invoices).set({ providerInvoiceId: xenditId }).where(eq(invoices.id, invoice.id));
}

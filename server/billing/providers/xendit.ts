/**
 * Xendit (IDR, prepaid): Kawan issues its own invoice for a period or a credit pack, and checkout
 * creates a Xendit invoice for it (virtual account, QRIS, e-wallets on Xendit's hosted page). The
 * callback (xendit-events.ts), verified by its token, marks Kawan's invoice paid. Plain fetch: the
 * API is one call, and Xendit's Node SDK would add more than it saves.
 */
import type { Config } from '../../config/env';
import type { InvoiceRow } from '../subscriptions';
import { PaymentProviderError, type CheckoutRequest, type PaymentProvider } from './provider';

export type XenditSettings = NonNullable<Config['billing']['xendit']>;

const requestTimeoutMs = 10_000;
/** How long the hosted page takes payment: a week, Kawan's own due time for a prepaid invoice. */
export const invoiceDurationSeconds = 86_400 * 7;

interface XenditInvoice {
  id: string;
  invoice_url: string;
}

export function xenditProvider(settings: XenditSettings): PaymentProvider {
  return {
    name: 'xendit',
    recurring: false,
    issuesOwnInvoices: true,
    async checkout(request) {
      const invoice = request.invoice;
      if (!invoice) throw new PaymentProviderError('xendit', 'Xendit collects an invoice Kawan issued; there is none.');
      if (invoice.currency !== 'IDR') {
        throw new PaymentProviderError('xendit', `Xendit invoices are in IDR; this one is in ${invoice.currency}.`);
      }
      const created = await createInvoice(settings, invoiceBody(request, invoice));
      return { url: created.invoice_url, providerInvoiceId: created.id, hostedUrl: created.invoice_url };
    },
  };
}

/** The Create Invoice request: Kawan's number is the external id the callback names it by. */
export function invoiceBody(request: CheckoutRequest, invoice: InvoiceRow): Record<string, unknown> {
  return {
    external_id: invoice.number,
    amount: invoice.total,
    currency: 'IDR',
    payer_email: request.customer.email,
    description:
      `${request.team.name}: ${invoice.lines.map((line) => line.description).join(', ') || invoice.number}`.slice(
        0,
        1000,
      ),
    success_redirect_url: request.successUrl,
    failure_redirect_url: request.cancelUrl,
    invoice_duration: invoiceDurationSeconds,
  };
}

/** HTTP Basic with the secret key as the user and no password, Xendit's scheme. */
export function basicAuth(secret: string): string {
  return `Basic ${Buffer.from(`${secret}:`).toString('base64')}`;
}

async function createInvoice(settings: XenditSettings, body: Record<string, unknown>): Promise<XenditInvoice> {
  let response: Response;
  try {
    response = await fetch(`${settings.apiBase}/v2/invoices`, {
      method: 'POST',
      headers: {
        Authorization: basicAuth(settings.secret),
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new PaymentProviderError(
      'xendit',
      timedOut ? 'Xendit did not answer in time.' : 'Xendit could not be reached.',
    );
  }
  const answer = (await response.json().catch(() => undefined)) as
    (Partial<XenditInvoice> & { message?: unknown }) | undefined;
  if (!response.ok) {
    const message = typeof answer?.message === 'string' ? answer.message : `Xendit answered ${response.status}.`;
    throw new PaymentProviderError('xendit', message.slice(0, 500));
  }
  if (typeof answer?.id !== 'string' || typeof answer.invoice_url !== 'string') {
    throw new PaymentProviderError('xendit', 'Xendit answered without an invoice id and URL.');
  }
  return { id: answer.id, invoice_url: answer.invoice_url };
}

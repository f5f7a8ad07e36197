import type { PaymentProvider } from './provider';

/**
 * Kawan's own invoices, with no payment provider: checkout is the invoice page, which says how to
 * pay (bank transfer to the details the operator gives) and, where manual payments are allowed,
 * lets an owner mark it paid.
 */
export function manualProvider(route: (name: string, params?: Record<string, unknown>) => string): PaymentProvider {
  return {
    name: 'manual',
    recurring: false,
    issuesOwnInvoices: true,
    async checkout(request) {
      if (!request.invoice) throw new Error('The manual provider collects an invoice Kawan issued.');
      return { url: route('billing.invoices.show', { invoice: request.invoice.id }) };
    },
  };
}

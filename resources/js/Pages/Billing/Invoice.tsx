import type { ReactNode } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import type { BillingInvoiceProps } from '../../../../server/presenters/billing-presenter';
import ApplicationMark from '@/Components/ApplicationMark';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { PageHeader } from '@/Layouts/AppLayout';
import { formatDate } from '@/lib/dates';
import { route } from '@/lib/route';
import { firstError, formatNumber, formatShortDate, invoiceStatus, providerLink } from './Partials/format';

function Row({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) {
  return (
    <div className="flex justify-between gap-6 py-1.5">
      <dt className={strong ? 'font-semibold text-gray-900' : 'text-gray-600'}>{label}</dt>
      <dd className={strong ? 'font-semibold text-gray-900 tabular-nums' : 'text-gray-900 tabular-nums'}>{children}</dd>
    </div>
  );
}

/**
 * Billing/Invoice: one invoice as a document to read, print or save as PDF (the browser's print
 * hides the navigation and the buttons): seller, billed to, dates, lines and totals. An open
 * invoice of Kawan's own (manual) provider says how to pay it and, for the owner where allowed,
 * offers "Mark as paid" in place of a payment provider's confirmation.
 */
export default function Invoice({ invoice, team, seller, can, payment_instructions }: BillingInvoiceProps) {
  const form = useForm({});
  const status = invoiceStatus(invoice);
  const external = providerLink(invoice);
  const billedTo = invoice.billed_to;
  const manualOpen = invoice.provider === 'manual' && invoice.status === 'open';

  const pay = () => form.post(route('billing.invoices.pay', invoice.id), { preserveScroll: true });

  return (
    <>
      <Head title={`Invoice ${invoice.number}`} />
      <div className="print:hidden">
        <PageHeader title={`Invoice ${invoice.number}`}>
          <div className="flex items-center gap-4">
            <Link href={route('billing.index')} className="text-sm text-gray-600 underline hover:text-gray-900">
              Back to billing
            </Link>
            <SecondaryButton onClick={() => window.print()}>Print</SecondaryButton>
          </div>
        </PageHeader>
      </div>

      <div className="mx-auto max-w-4xl space-y-6 py-10 sm:px-6 lg:px-8 print:max-w-none print:p-0">
        <article
          aria-label={`Invoice ${invoice.number}`}
          className="bg-white px-4 py-6 shadow-sm sm:rounded-lg sm:p-10 print:p-0 print:shadow-none"
        >
          <header className="flex flex-col gap-6 border-b border-gray-200 pb-6 sm:flex-row sm:items-start sm:justify-between">
            <div>
              <ApplicationMark className="h-9 w-auto" />
              <p className="mt-3 font-semibold text-gray-900">{seller.name}</p>
              <p className="text-sm text-gray-600">{seller.url}</p>
            </div>
            <div className="sm:text-end">
              <h1 className="text-2xl font-semibold tracking-tight text-gray-900">Invoice</h1>
              <p className="mt-1 font-mono text-sm text-gray-700">{invoice.number}</p>
              <StatusBadge tone={status.tone} className="mt-2">
                {status.label}
              </StatusBadge>
            </div>
          </header>

          <div className="grid gap-8 border-b border-gray-200 py-6 sm:grid-cols-2">
            <section aria-labelledby="billed-to">
              <h2 id="billed-to" className="text-xs font-medium tracking-wide text-gray-500 uppercase">
                Billed to
              </h2>
              <div className="mt-2 space-y-0.5 text-sm text-gray-900">
                <p className="font-semibold">{billedTo.company_name ?? team.name}</p>
                {billedTo.address && <p className="whitespace-pre-line text-gray-700">{billedTo.address}</p>}
                {billedTo.tax_id && <p className="text-gray-700">Tax ID / NPWP: {billedTo.tax_id}</p>}
                {billedTo.email && <p className="text-gray-700">{billedTo.email}</p>}
              </div>
            </section>
            <dl className="text-sm sm:ms-auto sm:w-72">
              <Row label="Issued">{formatDate(invoice.issued_at)}</Row>
              {invoice.due_at && <Row label="Due">{formatDate(invoice.due_at)}</Row>}
              {invoice.paid_at && <Row label="Paid">{formatDate(invoice.paid_at)}</Row>}
              {invoice.period_start && invoice.period_end && (
                <Row label="Period">
                  {formatShortDate(invoice.period_start)} – {formatShortDate(invoice.period_end)}
                </Row>
              )}
              <Row label="Currency">{invoice.currency}</Row>
            </dl>
          </div>

          <table className="mt-6 min-w-full text-sm" aria-label="Invoice lines">
            <thead>
              <tr className="border-b border-gray-200 text-xs font-medium tracking-wide text-gray-500 uppercase">
                <th scope="col" className="py-2 pe-3 text-start">
                  Description
                </th>
                <th scope="col" className="px-3 py-2 text-end">
                  Qty
                </th>
                <th scope="col" className="py-2 ps-3 text-end">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {invoice.lines.map((line, index) => (
                <tr key={index}>
                  <td className="py-3 pe-3 text-gray-900">{line.description}</td>
                  <td className="px-3 py-3 text-end text-gray-700 tabular-nums">{formatNumber(line.quantity)}</td>
                  <td className="py-3 ps-3 text-end text-gray-900 tabular-nums">{line.amount_formatted}</td>
                </tr>
              ))}
            </tbody>
          </table>

          <dl className="mt-4 ms-auto border-t border-gray-200 pt-3 text-sm sm:w-72">
            <Row label="Subtotal">{invoice.subtotal_formatted}</Row>
            <Row label="Tax">{invoice.tax_formatted}</Row>
            <Row label="Total" strong>
              {invoice.total_formatted}
            </Row>
            <Row label="Amount paid">{invoice.amount_paid_formatted}</Row>
          </dl>
        </article>

        {manualOpen && payment_instructions && (
          <section
            aria-labelledby="how-to-pay"
            className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6 print:border print:border-gray-300 print:shadow-none"
          >
            <h2 id="how-to-pay" className="text-lg font-medium text-gray-900">
              How to pay
            </h2>
            <p className="mt-2 text-sm whitespace-pre-line text-gray-700">{payment_instructions}</p>
          </section>
        )}

        {manualOpen && can.pay && (
          <section
            aria-labelledby="mark-paid"
            className="border border-dashed border-amber-300 bg-amber-50 px-4 py-5 sm:rounded-lg sm:p-6 print:hidden"
          >
            <h2 id="mark-paid" className="text-lg font-medium text-gray-900">
              Record the payment
            </h2>
            <p className="mt-2 max-w-2xl text-sm text-gray-700">
              This invoice is Kawan&rsquo;s own, with no payment provider behind it. Marking it paid stands in for a
              provider&rsquo;s confirmation (it is how this installation takes payments in development and in the demo):
              what it is for takes effect at once.
            </p>
            <div className="mt-4 flex items-center gap-3">
              <PrimaryButton
                type="button"
                onClick={pay}
                disabled={form.processing}
                className={form.processing ? 'opacity-25' : undefined}
              >
                {form.processing ? 'Marking as paid…' : 'Mark as paid'}
              </PrimaryButton>
            </div>
            <InputError className="mt-2" message={firstError(form.errors)} />
          </section>
        )}

        {external && (
          <p className="px-4 text-sm sm:px-0 print:hidden">
            <a
              href={external.href}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-indigo-600 hover:text-indigo-800 hover:underline"
            >
              {external.label}
            </a>
          </p>
        )}
      </div>
    </>
  );
}

import { Link } from '@inertiajs/react';
import type { BillingIndexProps } from '../../../../../server/presenters/billing-presenter';
import ActionSection from '@/Components/ActionSection';
import Icon from '@/Components/Icon';
import StatusBadge from '@/Components/StatusBadge';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';
import { NONE, formatShortDate, invoiceStatus, providerLink } from './format';

const head = 'px-3 py-2 align-bottom';
const cell = 'px-3 py-2.5';

/**
 * The team's invoices, newest first: each number opens Kawan's printable invoice; an invoice a
 * provider keeps its own page for (Stripe, Xendit) links there too.
 */
export default function InvoiceList({ invoices }: Pick<BillingIndexProps, 'invoices'>) {
  const linked = invoices.some((invoice) => providerLink(invoice) !== null);
  return (
    <ActionSection title="Invoices" description="Every invoice for your team's plan, plan changes and credit packs.">
      {invoices.length === 0 ? (
        <div className="py-6 text-center">
          <Icon name="inbox" className="mx-auto size-10 text-gray-400" />
          <h4 className="mt-2 text-base font-semibold text-gray-900">No invoices yet</h4>
          <p className="mx-auto mt-2 max-w-md text-sm text-gray-600">
            Buying a plan or a credit pack issues an invoice; each one appears here with its status, to open, print or
            pay.
          </p>
        </div>
      ) : (
        <div className="-mx-4 overflow-x-auto sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label="Invoices">
            <thead>
              <tr className="text-xs font-medium tracking-wide text-gray-500 uppercase">
                <th scope="col" className={`${head} ps-4 text-start sm:ps-6`}>
                  Number
                </th>
                <th scope="col" className={`${head} text-start`}>
                  Description
                </th>
                <th scope="col" className={`${head} text-start`}>
                  Status
                </th>
                <th scope="col" className={`${head} text-end`}>
                  Total
                </th>
                <th scope="col" className={`${head} text-start`}>
                  Issued
                </th>
                <th scope="col" className={cn(head, 'text-start', !linked && 'pe-4 sm:pe-6')}>
                  Paid
                </th>
                {linked && (
                  <th scope="col" className={`${head} pe-4 sm:pe-6`}>
                    <span className="sr-only">At the provider</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {invoices.map((invoice) => {
                const status = invoiceStatus(invoice);
                const external = providerLink(invoice);
                return (
                  <tr key={invoice.id}>
                    <th scope="row" className={`${cell} ps-4 text-start font-medium whitespace-nowrap sm:ps-6`}>
                      <Link
                        href={route('billing.invoices.show', invoice.id)}
                        className="text-indigo-600 hover:text-indigo-800 hover:underline"
                      >
                        {invoice.number}
                      </Link>
                    </th>
                    <td className={`${cell} text-gray-700`}>{invoice.description}</td>
                    <td className={cell}>
                      <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                    </td>
                    <td className={`${cell} text-end whitespace-nowrap text-gray-900 tabular-nums`}>
                      {invoice.total_formatted}
                    </td>
                    <td className={`${cell} whitespace-nowrap text-gray-600`}>{formatShortDate(invoice.issued_at)}</td>
                    <td className={cn(cell, 'whitespace-nowrap text-gray-600', !linked && 'pe-4 sm:pe-6')}>
                      {invoice.paid_at ? formatShortDate(invoice.paid_at) : NONE}
                    </td>
                    {linked && (
                      <td className={`${cell} pe-4 whitespace-nowrap sm:pe-6`}>
                        {external && (
                          <a
                            href={external.href}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="text-indigo-600 hover:text-indigo-800 hover:underline"
                          >
                            {external.label}
                          </a>
                        )}
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </ActionSection>
  );
}

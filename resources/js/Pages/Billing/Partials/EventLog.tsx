import type { BillingIndexProps } from '../../../../../server/presenters/billing-presenter';
import ActionSection from '@/Components/ActionSection';
import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime } from '@/lib/dates';
import { NONE, eventResultTone, providerNames } from './format';

const head = 'px-3 py-2 text-start align-bottom';
const cell = 'px-3 py-2';

/**
 * What the payment providers told Kawan about the team, newest first: when, which event, whether
 * its signature checked out and what became of it. The owner's support log when a payment seems
 * lost.
 */
export default function EventLog({ events }: Pick<BillingIndexProps, 'events'>) {
  return (
    <ActionSection
      title="Payment events"
      description="Each notice from Stripe or Xendit about your team, and what Kawan did with it."
    >
      {events.length === 0 ? (
        <p className="text-sm text-gray-600">No payment provider has sent anything about your team yet.</p>
      ) : (
        <div className="-mx-4 overflow-x-auto sm:-mx-6">
          <table className="min-w-full divide-y divide-gray-200 text-xs" aria-label="Payment events">
            <thead>
              <tr className="font-medium tracking-wide text-gray-500 uppercase">
                <th scope="col" className={`${head} ps-4 sm:ps-6`}>
                  Received
                </th>
                <th scope="col" className={head}>
                  Provider
                </th>
                <th scope="col" className={head}>
                  Event
                </th>
                <th scope="col" className={head}>
                  Signature
                </th>
                <th scope="col" className={`${head} pe-4 sm:pe-6`}>
                  Result
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {events.map((event) => (
                <tr key={event.id}>
                  <td className={`${cell} ps-4 whitespace-nowrap text-gray-600 sm:ps-6`}>
                    {formatDateTime(event.received_at)}
                  </td>
                  <td className={`${cell} text-gray-700`}>
                    {providerNames[event.provider as keyof typeof providerNames] ?? event.provider}
                  </td>
                  <td className={`${cell} font-mono text-gray-700`}>{event.type ?? NONE}</td>
                  <td className={cell}>
                    <StatusBadge tone={event.signature_valid ? 'green' : 'red'}>
                      {event.signature_valid ? 'Valid' : 'Invalid'}
                    </StatusBadge>
                  </td>
                  <td className={`${cell} pe-4 sm:pe-6`}>
                    <StatusBadge tone={eventResultTone(event.result)}>{event.result}</StatusBadge>
                    {event.error && <p className="mt-1 text-red-700">{event.error}</p>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </ActionSection>
  );
}

import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import type { BillingIndexProps } from '../../../../../server/presenters/billing-presenter';
import ActionSection from '@/Components/ActionSection';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import { formatDate } from '@/lib/dates';
import { route } from '@/lib/route';
import { firstError, formatNumber, type Currency } from './format';

type Props = Pick<BillingIndexProps, 'packs' | 'credit_packs' | 'can'> & { currency: Currency };

/**
 * AI credits on top of the plan's, spent once the period's own run out: the packs the team holds
 * (what is left of each and when it expires) and, for the owner, packs to buy through checkout in
 * the currency chosen above the plans.
 */
export default function CreditPacks({ packs, credit_packs, can, currency }: Props) {
  const form = useForm({ purchase: 'pack', pack: '', currency: 'USD' });
  const [buying, setBuying] = useState<string | null>(null);

  const buy = (code: string) => {
    setBuying(code);
    form.transform(() => ({ purchase: 'pack', pack: code, currency }));
    form.post(route('billing.checkout'), { preserveScroll: true, onFinish: () => setBuying(null) });
  };

  return (
    <ActionSection
      title="AI credit packs"
      description="Extra AI credits for a busy month: used after the period's own credits, whatever the plan."
    >
      {credit_packs.packs.length > 0 && (
        <div className="mb-6">
          <h4 className="text-sm font-medium text-gray-900">Your packs</h4>
          <ul className="mt-2 divide-y divide-gray-100 text-sm">
            {credit_packs.packs.map((pack) => (
              <li key={pack.id} className="flex flex-wrap items-baseline justify-between gap-x-4 py-2">
                <span className="text-gray-700">
                  <span className="font-medium text-gray-900 tabular-nums">{formatNumber(pack.remaining)}</span> of{' '}
                  {formatNumber(pack.credits)} credits left
                </span>
                {pack.expires_at && <span className="text-gray-500">Expires on {formatDate(pack.expires_at)}</span>}
              </li>
            ))}
          </ul>
        </div>
      )}

      <ul className="grid gap-4 sm:grid-cols-2">
        {packs.map((pack) => (
          <li key={pack.code} className="flex flex-col rounded-lg border border-gray-200 p-4">
            <p className="text-base font-semibold text-gray-900">{formatNumber(pack.credits)} AI credits</p>
            <p className="mt-1 text-lg text-gray-700 tabular-nums">{pack.prices[currency].formatted}</p>
            {can.manage && (
              <PrimaryButton
                type="button"
                className="mt-4 self-start"
                onClick={() => buy(pack.code)}
                disabled={form.processing}
                aria-label={`Buy ${formatNumber(pack.credits)} AI credits for ${pack.prices[currency].formatted}`}
              >
                {buying === pack.code ? 'Buying…' : 'Buy'}
              </PrimaryButton>
            )}
          </li>
        ))}
      </ul>
      <InputError className="mt-3" message={firstError(form.errors)} />
    </ActionSection>
  );
}

import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';
import { billingEvents } from './format';

/** However often the team's billing changes, the page asks for it again at most this often. */
export const LIVE_RELOAD_MS = 1000;

/**
 * The props a live reload asks for: the billing state, and `auth` for the past-due banner and the
 * plan name every page carries. The team, the credit packs on sale, the providers and the billing
 * details (which the form holds while it is being edited) stay as they are.
 */
export const liveProps = [
  'auth',
  'plan',
  'subscription',
  'period',
  'meters',
  'credit_packs',
  'plans',
  'invoices',
  'events',
];

/**
 * While the billing page is open, listens on the team's private channel for `BillingUpdated`
 * (a payment went through or failed, the plan changed, a pack was bought) and reloads the billing
 * props.
 */
export function useLiveBilling(teamId: number | null): void {
  const reload = useThrottled(useLiveReload(liveProps), LIVE_RELOAD_MS);
  useChannel(teamId === null ? null : `teams.${teamId}`, {
    events: { [billingEvents.updated]: () => reload() },
  });
}

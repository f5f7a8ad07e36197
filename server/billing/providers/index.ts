import type { Services } from '../../services';
import type { BillingProviderName } from '../../db/schema/index';
import type { Currency } from '../plans';
import { manualProvider } from './manual';
import { stripeProvider } from './stripe';
import { xenditProvider } from './xendit';
import type { PaymentProvider } from './provider';

type ProviderServices = Pick<Services, 'config' | 'route'>;

/** Who takes a currency's payments here: Stripe for USD and Xendit for IDR when configured, else Kawan's own invoices. */
export function providerNameFor(config: ProviderServices['config'], currency: Currency): BillingProviderName {
  if (currency === 'USD' && config.billing.stripe) return 'stripe';
  if (currency === 'IDR' && config.billing.xendit) return 'xendit';
  return 'manual';
}

export function paymentProviderFor(services: ProviderServices, currency: Currency): PaymentProvider {
  return paymentProviderNamed(services, providerNameFor(services.config, currency));
}

/**
 * The provider a subscription or invoice was made with. One whose settings are gone since (keys
 * removed) is handled as manual: nothing is sent to it.
 */
export function paymentProviderNamed(services: ProviderServices, name: BillingProviderName): PaymentProvider {
  const { stripe, xendit } = services.config.billing;
  if (name === 'stripe' && stripe) return stripeProvider(stripe);
  if (name === 'xendit' && xendit) return xenditProvider(xendit);
  return manualProvider(services.route);
}

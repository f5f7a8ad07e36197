/**
 * One interface, three payment providers (docs/decisions/018-billing.md):
 *
 * - `manual` (the default with no keys): Kawan issues the invoice itself and shows it; in
 *   development an owner marks it paid, which takes effect exactly as a provider's event would.
 * - `stripe` (USD cards, recurring): Checkout in subscription mode, the Customer Portal, price
 *   changes with proration; Stripe's signed events drive the subscription (stripe-events.ts).
 * - `xendit` (IDR, prepaid): an invoice paid by virtual account, QRIS or e-wallet for a period or
 *   a credit pack; its callback, verified by token, marks Kawan's invoice paid.
 */
import type { BillingProviderName } from '../../db/schema/index';
import type { CreditPackCode, Currency, Interval, PlanCode } from '../plans';
import type { InvoiceRow, SubscriptionRow, SubscriptionSnapshot } from '../subscriptions';

export type Purchase =
  { kind: 'plan'; plan: Exclude<PlanCode, 'free'>; interval: Interval } | { kind: 'pack'; pack: CreditPackCode };

export interface CheckoutRequest {
  team: { id: number; name: string };
  purchase: Purchase;
  currency: Currency;
  /** Who pays: the billing e-mail (else the owner's), and the provider's customer when known. */
  customer: { email: string; name: string; providerCustomerId: string | null };
  /** Days of trial the team is offered (0 when it had a paid plan before). */
  trialDays: number;
  /** Kawan's own open invoice for the purchase (prepaid providers collect it; Stripe invoices itself). */
  invoice: InvoiceRow | null;
  successUrl: string;
  cancelUrl: string;
}

export interface CheckoutResult {
  /** Where the owner goes to pay. */
  url: string;
  /** The provider's id of the invoice it made for Kawan's invoice, and where it is paid. */
  providerInvoiceId?: string;
  hostedUrl?: string;
}

export interface PaymentProvider {
  readonly name: BillingProviderName;
  /** Stripe renews subscriptions itself; manual and Xendit are paid a period at a time. */
  readonly recurring: boolean;
  /** Whether Kawan issues an invoice before checkout (prepaid providers). */
  readonly issuesOwnInvoices: boolean;
  checkout(request: CheckoutRequest): Promise<CheckoutResult>;
  /** Where the customer manages cards and sees the provider's invoices (Stripe's Customer Portal). */
  portal?(subscription: SubscriptionRow, returnUrl: string): Promise<{ url: string }>;
  /**
   * Changes the price of a recurring subscription at the provider: with proration invoiced now (an
   * upgrade) or without (a downgrade that Kawan holds back until the period's end).
   */
  changePlan?(
    subscription: SubscriptionRow,
    plan: Exclude<PlanCode, 'free'>,
    interval: Interval,
    prorate: boolean,
  ): Promise<void>;
  /** Cancels at the period's end, or takes that back, at the provider. */
  setCancelAtPeriodEnd?(subscription: SubscriptionRow, cancel: boolean): Promise<void>;
  /** The provider's current view, re-fetched (never trusted from a redirect) before a downgrade. */
  refresh?(subscription: SubscriptionRow): Promise<SubscriptionSnapshot | undefined>;
}

/** A provider's API failed: the owner is told what it said (never a key). */
export class PaymentProviderError extends Error {
  constructor(
    readonly provider: BillingProviderName,
    message: string,
  ) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

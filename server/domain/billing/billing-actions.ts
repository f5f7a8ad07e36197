/**
 * What an owner does on the Billing page: buy a plan or a credit pack (checkout with the team's
 * payment provider), change plans (an upgrade now with proration, a downgrade at the period's end
 * once nothing is over the new plan's limits), cancel and resume, billing details, and, with the
 * manual provider in development, mark an invoice paid.
 */
import { and, eq } from 'drizzle-orm';
import type { Services } from '../../services';
import { billingDetails, invoices, teams, users } from '../../db/schema/index';
import { ValidationError, NotFoundError } from '../../support/errors';
import { validate } from '../shared/validation';
import { authorize, type TeamActor } from '../teams/team-access';
import { billingPolicy } from './billing-policy';
import { billingDetailsSchema, changePlanSchema, checkoutSchema } from './schemas';
import {
  billingUpdated,
  cancelAtPeriodEnd,
  issueInvoice,
  markInvoicePaid,
  resume,
  scheduleChange,
  subscriptionOf,
  switchPlanNow,
  type InvoiceRow,
  type SubscriptionRow,
} from '../../billing/subscriptions';
import {
  creditPackOf,
  formatMoney,
  planOf,
  planRank,
  plans,
  type Currency,
  type Interval,
  type PlanCode,
} from '../../billing/plans';
import { prorate } from '../../billing/periods';
import { overLimits } from '../../billing/overages';
import { paymentProviderFor, paymentProviderNamed } from '../../billing/providers/index';
import {
  PaymentProviderError,
  type CheckoutRequest,
  type CheckoutResult,
  type PaymentProvider,
  type Purchase,
} from '../../billing/providers/provider';

type BillingActionServices = Pick<Services, 'db' | 'config' | 'broadcaster' | 'logger' | 'route' | 'mailer'>;

/** The subscription while it still gives a paid plan (trialing, active, past due, canceled in grace). */
export function liveSubscription(
  subscription: SubscriptionRow | undefined,
  now = new Date(),
): SubscriptionRow | undefined {
  if (!subscription || subscription.status === 'canceled' || subscription.status === 'incomplete') return undefined;
  if (subscription.endsAt && subscription.endsAt <= now) return undefined;
  return subscription;
}

/** Starts paying for a plan or a credit pack: the URL to pay at (the provider's page or Kawan's invoice). */
export async function checkout(
  services: BillingActionServices,
  actor: TeamActor,
  input: unknown,
): Promise<{ url: string }> {
  authorize(billingPolicy.manage(actor));
  const data = validate(checkoutSchema, input);
  const currency = data.currency as Currency;
  const subscription = await subscriptionOf(services.db, actor.teamId);
  if (data.purchase === 'plan' && liveSubscription(subscription)) {
    throw new ValidationError({
      plan: `The team already has the ${planOf(subscription!.plan).name} plan: change plans instead.`,
    });
  }
  const purchase: Purchase =
    data.purchase === 'plan'
      ? { kind: 'plan', plan: data.plan, interval: data.interval as Interval }
      : { kind: 'pack', pack: data.pack as Purchase extends { pack: infer P } ? P : never };
  const provider = paymentProviderFor(services, currency);
  await saveCurrency(services, actor.teamId, currency);

  let invoice: InvoiceRow | null = null;
  if (provider.issuesOwnInvoices) {
    invoice = await issueInvoice(services.db, actor.teamId, purchaseInvoice(provider.name, purchase, currency));
  }
  const result = await collect(services, actor, provider, {
    purchase,
    currency,
    invoice,
    providerCustomerId: subscription?.providerCustomerId ?? null,
    trialDays: purchase.kind === 'plan' && !subscription ? plans[purchase.plan].trialDays : 0,
    // Nothing was bought if the provider refused: Kawan's invoice for it is void, not left open.
    voidOnFailure: true,
  });
  services.logger.info({ teamId: actor.teamId, provider: provider.name, purchase }, 'checkout started');
  return { url: result.url };
}

/**
 * Asks the provider where the owner pays, and keeps the provider's invoice id and page on Kawan's
 * invoice. A provider's refusal is a 422 (what it said, never a key).
 */
async function collect(
  services: BillingActionServices,
  actor: TeamActor,
  provider: PaymentProvider,
  request: Pick<CheckoutRequest, 'purchase' | 'currency' | 'invoice' | 'trialDays'> & {
    providerCustomerId: string | null;
    voidOnFailure: boolean;
  },
): Promise<CheckoutResult> {
  const owner = await payer(services, actor);
  const back = absolute(services, services.route('billing.index'));
  let result: CheckoutResult;
  try {
    result = await asValidation(
      provider.checkout({
        team: { id: actor.teamId, name: owner.teamName },
        purchase: request.purchase,
        currency: request.currency,
        customer: { email: owner.email, name: owner.name, providerCustomerId: request.providerCustomerId },
        trialDays: request.trialDays,
        invoice: request.invoice,
        successUrl: back,
        cancelUrl: back,
      }),
    );
  } catch (error) {
    if (request.invoice && request.voidOnFailure) {
      await services.db
        .update(invoices)
        .set({ status: 'void', updatedAt: new Date() })
        .where(eq(invoices.id, request.invoice.id));
    }
    throw error;
  }
  if (request.invoice && (result.providerInvoiceId || result.hostedUrl)) {
    await services.db
      .update(invoices)
      .set({ providerInvoiceId: result.providerInvoiceId ?? null, hostedUrl: result.hostedUrl ?? null })
      .where(eq(invoices.id, request.invoice.id));
  }
  return result;
}

function purchaseInvoice(provider: InvoiceRow['provider'], purchase: Purchase, currency: Currency) {
  if (purchase.kind === 'pack') {
    const pack = creditPackOf(purchase.pack)!;
    return {
      provider,
      purpose: 'credit_pack' as const,
      currency,
      packCode: pack.code,
      lines: [
        {
          description: `${pack.credits.toLocaleString('en-US')} AI credits`,
          quantity: 1,
          amount: pack.prices[currency],
        },
      ],
    };
  }
  const plan = plans[purchase.plan];
  return {
    provider,
    purpose: 'subscription' as const,
    currency,
    plan: plan.code,
    interval: purchase.interval,
    lines: [
      {
        description: planLine(plan.code, purchase.interval),
        quantity: 1,
        amount: plan.prices[purchase.interval][currency],
      },
    ],
  };
}

export function planLine(plan: PlanCode, interval: Interval): string {
  return `${planOf(plan).name} plan, ${interval === 'year' ? 'yearly' : 'monthly'}`;
}

/**
 * Changes the plan of a live subscription. Up (a bigger plan, or yearly over monthly): now, the
 * difference for the rest of the period invoiced. Down: at the period's end, refused while the team
 * has more than the new plan allows. The current plan again takes back a scheduled change.
 */
export async function changePlan(
  services: BillingActionServices,
  actor: TeamActor,
  input: unknown,
): Promise<{ message: string; invoice?: InvoiceRow }> {
  authorize(billingPolicy.manage(actor));
  const { plan: target, interval } = validate(changePlanSchema, input);
  const subscription = liveSubscription(await subscriptionOf(services.db, actor.teamId));
  if (!subscription) throw new ValidationError({ plan: 'The team has no paid plan to change: choose a plan to buy.' });
  if (target === 'free')
    throw new ValidationError({
      plan: 'To go back to Free, cancel the subscription: the plan holds until the period ends.',
    });
  const current = subscription.plan as PlanCode;
  if (subscription.cancelAtPeriodEnd) {
    throw new ValidationError({ plan: 'The subscription is canceled: resume it before changing plans.' });
  }
  if (target === current && interval === subscription.interval) {
    if (!subscription.scheduledPlan)
      throw new ValidationError({ plan: `The team is on the ${planOf(current).name} plan already.` });
    await scheduleChange(services, subscription, null, null);
    return { message: `The team stays on the ${planOf(current).name} plan.` };
  }
  const provider = paymentProviderNamed(services, subscription.provider);
  const upgrade = planRank(target) > planRank(current) || (target === current && interval === 'year');
  if (!upgrade) {
    const over = await overLimits(services.db, actor.teamId, plans[target]);
    if (over.length > 0) {
      throw new ValidationError({
        plan: `The ${plans[target].name} plan allows less than the team has now: ${over.join('; ')}. Remove what is over first.`,
      });
    }
    if (provider.refresh) {
      // Stripe is the source of truth: the subscription is read again before anything changes.
      const fresh = await asValidation(provider.refresh(subscription));
      if (!fresh || fresh.status === 'canceled')
        throw new ValidationError({ plan: 'The subscription has ended at the payment provider; reload the page.' });
    }
    if (provider.changePlan)
      await asValidation(provider.changePlan(subscription, target as Exclude<PlanCode, 'free'>, interval, false));
    await scheduleChange(services, subscription, target, interval);
    return {
      message: `The team moves to the ${plans[target].name} plan on ${subscription.currentPeriodEnd.toISOString().slice(0, 10)}.`,
    };
  }

  const now = new Date();
  if (provider.recurring) {
    if (provider.changePlan)
      await asValidation(provider.changePlan(subscription, target as Exclude<PlanCode, 'free'>, interval, true));
    await switchPlanNow(services, subscription, target, interval, now);
    return {
      message: `The team is on the ${plans[target].name} plan now; ${provider.name === 'stripe' ? 'Stripe invoices' : 'an invoice holds'} the difference.`,
    };
  }
  const currency = subscription.currency as Currency;
  const oldPrice = planOf(current).prices[subscription.interval as Interval][currency];
  const newPrice = plans[target].prices[interval][currency];
  const period = { start: subscription.currentPeriodStart, end: subscription.currentPeriodEnd };
  const share = prorate(period, now, oldPrice, newPrice);
  const charge = interval !== subscription.interval ? newPrice : share.charge;
  const lines = [
    {
      description: `Unused time on ${planLine(current, subscription.interval as Interval)}`,
      quantity: 1,
      amount: share.credit,
    },
    {
      description:
        interval !== subscription.interval
          ? planLine(target, interval)
          : `Remaining time on ${planLine(target, interval)}`,
      quantity: 1,
      amount: charge,
    },
  ];
  await switchPlanNow(services, subscription, target, interval, now);
  let invoice: InvoiceRow | undefined;
  if (charge + share.credit > 0) {
    invoice = await issueInvoice(services.db, actor.teamId, {
      provider: subscription.provider,
      purpose: 'proration',
      currency,
      plan: target,
      interval,
      lines,
      dueAt: new Date(now.getTime() + services.config.billing.graceDays * 86_400_000),
    });
    if (provider.issuesOwnInvoices && provider.name !== 'manual') {
      // The plan is switched: the difference stays owed (open) even if the provider's page failed.
      await collect(services, actor, provider, {
        purchase: { kind: 'plan', plan: target as Exclude<PlanCode, 'free'>, interval },
        currency,
        invoice,
        providerCustomerId: subscription.providerCustomerId,
        trialDays: 0,
        voidOnFailure: false,
      });
    }
  }
  return {
    message: invoice
      ? `The team is on the ${plans[target].name} plan now. Invoice ${invoice.number} holds the difference (${formatMoney(invoice.total, currency)}).`
      : `The team is on the ${plans[target].name} plan now.`,
    invoice,
  };
}

/** Cancels at the period's end (the grace period); the plan holds until then. */
export async function cancel(services: BillingActionServices, actor: TeamActor): Promise<SubscriptionRow> {
  authorize(billingPolicy.manage(actor));
  const subscription = liveSubscription(await subscriptionOf(services.db, actor.teamId));
  if (!subscription || subscription.cancelAtPeriodEnd)
    throw new ValidationError({ plan: 'The team has no subscription to cancel.' });
  const provider = paymentProviderNamed(services, subscription.provider);
  if (provider.setCancelAtPeriodEnd) await asValidation(provider.setCancelAtPeriodEnd(subscription, true));
  return cancelAtPeriodEnd(services, subscription);
}

/** Takes a cancellation back while the grace period lasts. */
export async function resumeSubscription(services: BillingActionServices, actor: TeamActor): Promise<SubscriptionRow> {
  authorize(billingPolicy.manage(actor));
  const subscription = liveSubscription(await subscriptionOf(services.db, actor.teamId));
  if (!subscription?.cancelAtPeriodEnd)
    throw new ValidationError({
      plan: 'There is no cancellation to take back: the subscription has ended or was not canceled.',
    });
  const provider = paymentProviderNamed(services, subscription.provider);
  if (provider.setCancelAtPeriodEnd) await asValidation(provider.setCancelAtPeriodEnd(subscription, false));
  return resume(services, subscription);
}

/** Where Stripe's customer portal takes the owner (cards, receipts). */
export async function portal(services: BillingActionServices, actor: TeamActor): Promise<{ url: string }> {
  authorize(billingPolicy.manage(actor));
  const subscription = await subscriptionOf(services.db, actor.teamId);
  const provider = subscription ? paymentProviderNamed(services, subscription.provider) : undefined;
  if (!subscription?.providerCustomerId || !provider?.portal) {
    throw new ValidationError({ plan: 'Payment methods are managed at Stripe, for teams that pay through Stripe.' });
  }
  return asValidation(provider.portal(subscription, absolute(services, services.route('billing.index'))));
}

export async function updateDetails(services: BillingActionServices, actor: TeamActor, input: unknown): Promise<void> {
  authorize(billingPolicy.manage(actor));
  const data = validate(billingDetailsSchema, input);
  const values = {
    companyName: data.company_name,
    address: data.address,
    taxId: data.tax_id,
    email: data.email,
    currency: data.currency,
    updatedAt: new Date(),
  };
  await services.db
    .insert(billingDetails)
    .values({ teamId: actor.teamId, ...values })
    .onConflictDoUpdate({ target: billingDetails.teamId, set: values });
  await billingUpdated(services, actor.teamId);
}

/** One of the team's invoices (another team's is a 404). */
export async function findInvoice(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  invoiceId: number,
): Promise<InvoiceRow> {
  authorize(billingPolicy.view(actor));
  const [row] = await services.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, invoiceId), eq(invoices.teamId, actor.teamId)));
  if (!row) throw new NotFoundError();
  return row;
}

/** Marks a manual invoice paid, as a provider's confirmation would (development and demo only). */
export async function payManually(
  services: BillingActionServices,
  actor: TeamActor,
  invoiceId: number,
): Promise<InvoiceRow> {
  const invoice = await findInvoice(services, actor, invoiceId);
  authorize(billingPolicy.manage(actor) && services.config.billing.manualPayments && invoice.provider === 'manual');
  if (invoice.status !== 'open')
    throw new ValidationError({ invoice: `Invoice ${invoice.number} is ${invoice.status}, not open.` });
  await markInvoicePaid(services, invoice.id);
  return invoice;
}

async function saveCurrency(services: BillingActionServices, teamId: number, currency: Currency): Promise<void> {
  await services.db
    .insert(billingDetails)
    .values({ teamId, currency })
    .onConflictDoUpdate({ target: billingDetails.teamId, set: { currency, updatedAt: new Date() } });
}

/** Who pays: the billing e-mail when set, else the owner's; and the team's name. */
async function payer(
  services: BillingActionServices,
  actor: TeamActor,
): Promise<{ email: string; name: string; teamName: string }> {
  const [row] = await services.db
    .select({ email: users.email, name: users.name, teamName: teams.name, billingEmail: billingDetails.email })
    .from(teams)
    .innerJoin(users, eq(users.id, teams.userId))
    .leftJoin(billingDetails, eq(billingDetails.teamId, teams.id))
    .where(eq(teams.id, actor.teamId));
  return { email: row.billingEmail ?? row.email, name: row.name, teamName: row.teamName };
}

function absolute(services: Pick<Services, 'config'>, path: string): string {
  return new URL(path, services.config.app.url).toString();
}

/** A provider's refusal as a 422 the owner can read (what the provider said, never a key). */
async function asValidation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new ValidationError({
        plan: `${error.provider === 'stripe' ? 'Stripe' : error.provider === 'xendit' ? 'Xendit' : 'The payment provider'} said: ${error.message}`,
      });
    throw error;
  }
}

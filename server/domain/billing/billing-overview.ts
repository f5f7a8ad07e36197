import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Services } from '../../services';
import { billingDetails, billingEvents, creditPackRows, invoices } from '../../db/schema/index';
import { authorize, type TeamActor } from '../teams/team-access';
import { billingPolicy } from './billing-policy';
import { teamBilling, type TeamBilling } from '../../billing/period-of-team';
import { creditsUsed } from '../../billing/metering';
import { knowledgeCharsOf, usedOf } from '../../billing/limits';
import { subscriptionOf, type InvoiceRow, type SubscriptionRow } from '../../billing/subscriptions';
import { providerNameFor } from '../../billing/providers/index';
import type { Currency } from '../../billing/plans';

export interface BillingOverview {
  billing: TeamBilling;
  subscription: SubscriptionRow | undefined;
  usage: {
    aiCredits: number;
    bots: number;
    channels: number;
    members: number;
    knowledgeSources: number;
    knowledgeChars: number;
  };
  packs: (typeof creditPackRows.$inferSelect)[];
  details: typeof billingDetails.$inferSelect | undefined;
  currency: Currency;
  providers: { USD: 'stripe' | 'manual'; IDR: 'xendit' | 'manual' };
  invoices: InvoiceRow[];
  events: (typeof billingEvents.$inferSelect)[];
  canManage: boolean;
}

/** Everything the Billing page shows, for owners and admins (a 403 for the rest). */
export async function billingOverview(
  services: Pick<Services, 'db' | 'config'>,
  actor: TeamActor,
  now = new Date(),
): Promise<BillingOverview> {
  authorize(billingPolicy.view(actor));
  const { db, config } = services;
  const billing = await teamBilling(db, config, actor.teamId, now);
  const [
    subscription,
    credits,
    bots,
    channels,
    members,
    knowledgeSources,
    knowledgeChars,
    packs,
    [details],
    invoiceRows,
  ] = await Promise.all([
    subscriptionOf(db, actor.teamId),
    creditsUsed(db, actor.teamId, billing.period.start, now),
    usedOf(db, actor.teamId, 'bots'),
    usedOf(db, actor.teamId, 'channels'),
    usedOf(db, actor.teamId, 'members'),
    usedOf(db, actor.teamId, 'knowledgeSources'),
    knowledgeCharsOf(db, actor.teamId),
    db
      .select()
      .from(creditPackRows)
      .where(
        and(
          eq(creditPackRows.teamId, actor.teamId),
          gt(creditPackRows.remaining, 0),
          or(isNull(creditPackRows.expiresAt), gt(creditPackRows.expiresAt, now)),
        ),
      )
      .orderBy(creditPackRows.expiresAt),
    db.select().from(billingDetails).where(eq(billingDetails.teamId, actor.teamId)),
    db
      .select()
      .from(invoices)
      .where(eq(invoices.teamId, actor.teamId))
      .orderBy(desc(invoices.issuedAt), desc(invoices.id))
      .limit(50),
  ]);
  const canManage = billingPolicy.manage(actor);
  const events = canManage
    ? await db
        .select()
        .from(billingEvents)
        .where(eq(billingEvents.teamId, actor.teamId))
        .orderBy(desc(billingEvents.id))
        .limit(20)
    : [];
  return {
    billing,
    subscription,
    usage: { aiCredits: credits.used, bots, channels, members, knowledgeSources, knowledgeChars },
    packs,
    details,
    currency: (details?.currency as Currency | undefined) ?? 'USD',
    providers: {
      USD: providerNameFor(config, 'USD') as 'stripe' | 'manual',
      IDR: providerNameFor(config, 'IDR') as 'xendit' | 'manual',
    },
    invoices: invoiceRows,
    events,
    canManage,
  };
}

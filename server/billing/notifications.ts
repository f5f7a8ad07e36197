/**
 * What owners and admins hear about billing, on the bell and by e-mail: a metered limit at 80 % and
 * at 100 % (once per counter and period: the counter's warned_80_at / warned_100_at claim it), and
 * a failed payment.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Services } from '../services';
import { teams, teamUser, users } from '../db/schema/index';
import { notify } from '../domain/notifications/notify';
import { sendOrLog } from '../support/mail/mailer';
import { claimWarning, type Threshold } from './metering';
import type { Plan } from './plans';

type NotifyServices = Pick<Services, 'db' | 'broadcaster' | 'mailer' | 'route' | 'logger' | 'config'>;

export const usageWarningType = 'billing-usage';
export const paymentFailedType = 'billing-payment-failed';

/** The owner and the team's admins, with their addresses. */
export async function billingRecipients(
  db: Services['db'],
  teamId: number,
): Promise<Array<{ id: number; email: string; name: string }>> {
  const [team] = await db.select({ ownerId: teams.userId, name: teams.name }).from(teams).where(eq(teams.id, teamId));
  if (!team) return [];
  const admins = await db
    .select({ userId: teamUser.userId })
    .from(teamUser)
    .where(and(eq(teamUser.teamId, teamId), eq(teamUser.role, 'admin')));
  const ids = [team.ownerId, ...admins.map((row) => row.userId).filter((id) => id !== team.ownerId)];
  return db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(inArray(users.id, ids));
}

/** Sends the warnings of the thresholds this caller claimed first (others already sent them). */
export async function warnUsage(
  services: NotifyServices,
  teamId: number,
  plan: Plan,
  crossed: Threshold[],
): Promise<void> {
  for (const threshold of crossed) {
    if (!(await claimWarning(services.db, threshold))) continue;
    const message =
      threshold.percent === 100
        ? `Your team has used all ${threshold.limit.toLocaleString('en-US')} AI credits of the ${plan.name} plan for this period. Bots now answer with their fallback message and hand conversations to your team.`
        : `Your team has used ${threshold.used.toLocaleString('en-US')} of its ${threshold.limit.toLocaleString('en-US')} AI credits (${threshold.percent} %) this period.`;
    await tellAdmins(services, teamId, usageWarningType, {
      message,
      subject: threshold.percent === 100 ? 'Your AI credits are used up' : 'Your AI credits are running low',
      action: 'View usage',
      extra: { percent: threshold.percent },
    });
  }
}

/** A payment failed: the plan holds until the grace period's end. */
export async function warnPaymentFailed(
  services: NotifyServices,
  teamId: number,
  until: Date | null,
  plan: Plan,
): Promise<void> {
  const by = until ? ` by ${until.toISOString().slice(0, 10)}` : '';
  await tellAdmins(services, teamId, paymentFailedType, {
    message: `A payment for the ${plan.name} plan failed. Pay the open invoice or update the payment method${by} to keep the plan.`,
    subject: 'A payment failed',
    action: 'Open billing',
    extra: {},
  });
}

async function tellAdmins(
  services: NotifyServices,
  teamId: number,
  type: string,
  content: { message: string; subject: string; action: string; extra: Record<string, unknown> },
): Promise<void> {
  const url = services.route('billing.index');
  const absolute = new URL(url, services.config.app.url).toString();
  for (const recipient of await billingRecipients(services.db, teamId)) {
    await notify(services, recipient.id, type, {
      message: content.message,
      url,
      action: content.action,
      team_id: teamId,
      ...content.extra,
    });
    await sendOrLog(services.logger, { mail: type, teamId, userId: recipient.id }, () =>
      services.mailer.send(recipient.email, {
        subject: content.subject,
        lines: [content.message],
        action: { text: content.action, url: absolute },
      }),
    );
  }
}

import type { Request, Response } from 'express';
import { billingOverview } from '../../../domain/billing/billing-overview';
import {
  cancel as cancelSubscription,
  changePlan,
  checkout as startCheckout,
  findInvoice,
  payManually,
  portal as openPortal,
  resumeSubscription,
  updateDetails,
} from '../../../domain/billing/billing-actions';
import { billingPolicy } from '../../../domain/billing/billing-policy';
import { presentBillingIndex, presentInvoice } from '../../../presenters/billing-presenter';
import { teamRepository } from '../../../db/repositories/team-repository';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

async function teamOf(req: Request, teamId: number) {
  const team = await teamRepository(req.services.db).findForUser(req.user!.id, teamId);
  return { id: teamId, name: team?.name ?? '' };
}

/** Billing/Index: plan and status, usage meters, plans, credit packs, details, invoices. */
export async function index(req: Request) {
  const actor = await teamActor(req);
  const overview = await billingOverview(req.services, actor);
  await req.inertia.render('Billing/Index', {
    ...presentBillingIndex(overview, await teamOf(req, actor.teamId), {
      manualPayments: req.services.config.billing.manualPayments,
    }),
  });
}

/** Sends the owner where they pay: the provider's page (an Inertia external visit) or Kawan's own invoice. */
export async function checkout(req: Request, res: Response) {
  const { url } = await startCheckout(req.services, await teamActor(req), req.body);
  leaveFor(req, res, url);
}

export async function portal(req: Request, res: Response) {
  const { url } = await openPortal(req.services, await teamActor(req));
  leaveFor(req, res, url);
}

export async function updatePlan(req: Request, res: Response) {
  const { message } = await changePlan(req.services, await teamActor(req), req.body);
  req.inertia.flash('banner', message).flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('billing.index'));
}

export async function cancel(req: Request, res: Response) {
  const subscription = await cancelSubscription(req.services, await teamActor(req));
  req.inertia
    .flash(
      'banner',
      `Canceled. The plan holds until ${subscription.currentPeriodEnd.toISOString().slice(0, 10)}; you can resume until then.`,
    )
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('billing.index'));
}

export async function resume(req: Request, res: Response) {
  await resumeSubscription(req.services, await teamActor(req));
  req.inertia.flash('banner', 'Resumed. The subscription renews as before.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('billing.index'));
}

export async function updateBillingDetails(req: Request, res: Response) {
  await updateDetails(req.services, await teamActor(req), req.body);
  res.redirect(303, req.services.route('billing.index'));
}

/** Billing/Invoice: one invoice, printable. */
export async function showInvoice(req: Request) {
  const actor = await teamActor(req);
  const invoice = await findInvoice(req.services, actor, routeId(req, 'invoice'));
  const { config } = req.services;
  await req.inertia.render('Billing/Invoice', {
    ...presentInvoice(invoice, await teamOf(req, actor.teamId), {
      canManage: billingPolicy.manage(actor),
      manualPayments: config.billing.manualPayments,
      appName: config.app.name,
      appUrl: config.app.url,
    }),
  });
}

/** Marks a manual invoice paid (development, demo): the plan or credits take effect at once. */
export async function pay(req: Request, res: Response) {
  const invoice = await payManually(req.services, await teamActor(req), routeId(req, 'invoice'));
  req.inertia.flash('banner', `Invoice ${invoice.number} is paid.`).flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('billing.index'));
}

/** A path of this app is a normal redirect; another site is an Inertia external visit (409 + X-Inertia-Location). */
function leaveFor(req: Request, res: Response, url: string): void {
  if (url.startsWith('/')) {
    res.redirect(303, url);
    return;
  }
  req.inertia.location(url);
}

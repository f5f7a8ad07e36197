import type { Request, Response } from 'express';
import { webhookRepository } from '../../../db/repositories/webhook-repository';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../../../db/repositories/webhook-repository';
import type { WebhookDeliveryState } from '../../../db/schema/webhooks';
import {
  createEndpoint,
  deleteEndpoint,
  resendDelivery,
  rotateEndpointSecret,
  sendTestEvent,
  updateEndpoint,
  webhookPolicy,
} from '../../../domain/webhooks/endpoints';
import { webhookLimits } from '../../../domain/webhooks/event-types';
import { MAX_ATTEMPTS } from '../../../domain/webhooks/delivery';
import { previousUntil, readSecret } from '../../../domain/webhooks/secrets';
import { authorize, type TeamActor } from '../../../domain/teams/team-access';
import { DEFAULT_TOLERANCE_SECONDS } from '../../../channels/webhook/signature';
import {
  eventTypeViews,
  presentDelivery,
  presentEndpoint,
  type WebhookShowProps,
  type WebhooksIndexProps,
} from '../../../presenters/webhook-presenter';
import { NotFoundError } from '../../../support/errors';
import { pageMeta, pageNumber } from '../../pagination';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';
import { redirectBack } from '../../redirect-back';

const deliveriesPerPage = 20;
const states: readonly WebhookDeliveryState[] = ['delivered', 'failed', 'pending'];

function present(req: Request, endpoint: WebhookEndpointRow, activity: Parameters<typeof presentEndpoint>[1]) {
  return presentEndpoint(endpoint, activity, previousUntil(readSecret(req.services.encrypter, endpoint.secret)));
}

/** Integrations/Webhooks/Index: the team's endpoints, how their last day went, and the form to add one. */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(webhookPolicy.view(actor));
  const repo = webhookRepository(req.services.db, actor.teamId);
  const endpoints = await repo.all();
  const activity = await repo.activity(endpoints.map(({ id }) => id));
  const props: WebhooksIndexProps = {
    endpoints: endpoints.map((endpoint) => present(req, endpoint, activity.get(endpoint.id)!)),
    event_types: eventTypeViews,
    limits: { endpoints: webhookLimits.endpoints },
  };
  await req.inertia.render('Integrations/Webhooks/Index', props);
}

async function found(req: Request, actor: TeamActor): Promise<WebhookEndpointRow> {
  authorize(webhookPolicy.view(actor));
  const endpoint = await webhookRepository(req.services.db, actor.teamId).find(routeId(req, 'webhook'));
  if (!endpoint) throw new NotFoundError();
  return endpoint;
}

/** Integrations/Webhooks/Show: one endpoint's settings, its secret's rotation, and its delivery log. */
export async function show(req: Request) {
  const actor = await teamActor(req);
  const endpoint = await found(req, actor);
  const repo = webhookRepository(req.services.db, actor.teamId);
  const state = states.find((value) => value === req.query.state);
  const page = pageNumber(req.query.page);
  const { rows, total } = await repo.deliveries(endpoint.id, { state, page, perPage: deliveriesPerPage });
  const activity = await repo.activity([endpoint.id]);
  const flashed = req.flashed?.page as { revealed_secret?: { label: string; value: string } } | undefined;
  const props: WebhookShowProps = {
    endpoint: present(req, endpoint, activity.get(endpoint.id)!),
    event_types: eventTypeViews,
    deliveries: {
      data: rows.map((row: WebhookDeliveryRow) => presentDelivery(row, MAX_ATTEMPTS)),
      meta: pageMeta(page, deliveriesPerPage, total),
    },
    filters: { state: state ?? 'all' },
    revealed_secret: flashed?.revealed_secret ?? null,
    signing: {
      signature_header: 'X-Kawan-Signature',
      event_header: 'X-Kawan-Event-Id',
      tolerance_seconds: DEFAULT_TOLERANCE_SECONDS,
    },
  };
  await req.inertia.render('Integrations/Webhooks/Show', props);
}

const toShow = (req: Request, res: Response, id: number) =>
  res.redirect(303, req.services.route('integrations.webhooks.show', id));

function banner(req: Request, text: string, style: 'success' | 'danger' = 'success') {
  req.inertia.flash('banner', text).flash('bannerStyle', style);
}

export async function store(req: Request, res: Response) {
  const { endpoint, secret } = await createEndpoint(req.services, await teamActor(req), req.body);
  req.inertia.flash('revealed_secret', { label: 'Signing secret', value: secret });
  banner(req, 'The endpoint was added. Copy its signing secret now, then send it a test event.');
  toShow(req, res, endpoint.id);
}

export async function update(req: Request, res: Response) {
  const endpoint = await updateEndpoint(req.services, await teamActor(req), routeId(req, 'webhook'), req.body);
  toShow(req, res, endpoint.id);
}

export async function destroy(req: Request, res: Response) {
  await deleteEndpoint(req.services, await teamActor(req), routeId(req, 'webhook'));
  banner(req, 'The endpoint was deleted. It hears nothing more.');
  res.redirect(303, req.services.route('integrations.webhooks.index'));
}

export async function rotate(req: Request, res: Response) {
  const id = routeId(req, 'webhook');
  const secret = await rotateEndpointSecret(req.services, await teamActor(req), id);
  req.inertia.flash('revealed_secret', { label: 'New signing secret', value: secret });
  banner(req, 'A new secret signs from now on; the previous one signs beside it for 24 hours.');
  toShow(req, res, id);
}

/** The outcome of a delivery made now, as the banner says it. */
function outcome(req: Request, delivery: WebhookDeliveryRow, what: string) {
  if (delivery.state === 'delivered') {
    banner(
      req,
      `${what} was delivered: the endpoint answered ${delivery.responseStatus} in ${delivery.durationMs} ms.`,
    );
  } else {
    banner(req, `${what} failed. ${delivery.error ?? ''}`.trim(), 'danger');
  }
}

export async function test(req: Request, res: Response) {
  const id = routeId(req, 'webhook');
  outcome(req, await sendTestEvent(req.services, await teamActor(req), id), 'The test event');
  toShow(req, res, id);
}

export async function resend(req: Request, res: Response) {
  const id = routeId(req, 'webhook');
  const delivery = await resendDelivery(req.services, await teamActor(req), id, routeId(req, 'delivery'));
  outcome(req, delivery, 'The event');
  redirectBack(req, res, req.services.route('integrations.webhooks.show', id));
}

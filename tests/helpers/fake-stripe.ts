import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import qs from 'qs';
import Stripe from 'stripe';

/**
 * A local Stripe API (node:http on 127.0.0.1, a free port) for the subset Kawan uses, driven
 * through the real `stripe` SDK (point STRIPE_API_BASE at `url`): form-encoded requests with
 * Stripe's bracket notation, `Authorization: Bearer <secret>`, answers and errors in Stripe's shape
 * (`{ error: { type, code, message, param } }`). State lives in memory.
 *
 *   POST /v1/customers, GET /v1/customers/:id
 *   POST /v1/checkout/sessions, GET /v1/checkout/sessions/:id
 *   POST /v1/billing_portal/sessions
 *   GET|POST|DELETE /v1/subscriptions/:id (retrieve, update items/metadata/cancel_at_period_end, cancel)
 *
 * Prices are plain ids; their amounts come from `prices` (0 when not given). Periods live on the
 * subscription item, as in API versions since 2025-03-31. Tests move state the way Stripe would
 * (`completeCheckout`, `createSubscription`, `updateSubscription`, `invoiceFor`) and deliver the
 * matching events signed as Stripe signs them (`signedEvent`).
 */

export interface StripeRequest {
  method: string;
  path: string;
  /** The form body (or query) as qs reads Stripe's bracket notation: `metadata[team_id]` → `{ metadata: { team_id } }`. */
  params: Record<string, unknown>;
  headers: IncomingHttpHeaders;
}

export interface FakeStripeOptions {
  /** The API key the fake accepts (default sk_test_x). */
  secret?: string;
  /** The endpoint secret events are signed with (default whsec_test). */
  webhookSecret?: string;
  /** Amounts (cents) by price id, for sessions, invoices and lines. */
  prices?: Record<string, number>;
}

export interface SubscriptionSetup {
  customer?: string;
  price: string;
  status?: Stripe.Subscription.Status;
  metadata?: Record<string, string>;
  /** Unix seconds; default now and a month later. */
  periodStart?: number;
  periodEnd?: number;
  trialEnd?: number | null;
  cancelAtPeriodEnd?: boolean;
}

export interface SignedDelivery {
  id: string;
  payload: string;
  /** The Stripe-Signature header. */
  header: string;
}

export interface FakeStripe {
  /** e.g. http://127.0.0.1:53211 */
  url: string;
  secret: string;
  webhookSecret: string;
  requests: StripeRequest[];
  /** Requests of one method whose path starts with `path` (`POST`, `/v1/checkout/sessions`). */
  requestsTo(method: string, path: string): StripeRequest[];
  customers: Map<string, Record<string, unknown>>;
  sessions: Map<string, Stripe.Checkout.Session>;
  subscriptions: Map<string, Stripe.Subscription>;
  createCustomer(email?: string): string;
  createSubscription(setup: SubscriptionSetup): Stripe.Subscription;
  /** Changes a subscription as Stripe would (a payment failed, the customer canceled…). */
  updateSubscription(id: string, patch: Partial<Stripe.Subscription>): Stripe.Subscription;
  /**
   * The customer finished paying on Checkout: a customer when the session had none; in
   * subscription mode the subscription (trialing with a trial, else active, with the session's
   * subscription_data.metadata); in payment mode payment_status 'paid' (or as given).
   */
  completeCheckout(
    sessionId: string,
    options?: { paymentStatus?: Stripe.Checkout.Session.PaymentStatus },
  ): Stripe.Checkout.Session;
  /** An invoice of the subscription as Stripe sends it in invoice.* events. */
  invoiceFor(
    subscriptionId: string,
    options: { billingReason: Stripe.Invoice.BillingReason; status: 'paid' | 'open'; id?: string },
  ): Stripe.Invoice;
  /** An event of `type` about `object`, as Stripe POSTs it: the exact body and its Stripe-Signature header. */
  signedEvent(
    type: string,
    object: unknown,
    options?: { id?: string; timestamp?: number; secret?: string },
  ): SignedDelivery;
  /** The next API call answers this Stripe error once. */
  failNext(error: { status: number; type: string; message: string; code?: string }): void;
  close(): Promise<void>;
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const month = 30 * 86_400;

export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secret = options.secret ?? 'sk_test_x';
  const webhookSecret = options.webhookSecret ?? 'whsec_test';
  const prices = options.prices ?? {};
  const requests: StripeRequest[] = [];
  const customers = new Map<string, Record<string, unknown>>();
  const sessions = new Map<string, Stripe.Checkout.Session>();
  const subscriptions = new Map<string, Stripe.Subscription>();
  const sessionPrices = new Map<string, string>();
  const failures: { status: number; type: string; message: string; code?: string }[] = [];

  class ApiError extends Error {
    constructor(
      readonly status: number,
      message: string,
      readonly code?: string,
      readonly param?: string,
    ) {
      super(message);
    }
  }
  const missing = (kind: string, id: string) => new ApiError(404, `No such ${kind}: '${id}'`, 'resource_missing', 'id');
  const required = (param: string) =>
    new ApiError(400, `Missing required param: ${param}.`, 'parameter_missing', param);

  function createCustomer(email?: string): string {
    const id = newId('cus');
    customers.set(id, { id, object: 'customer', email: email ?? null, created: now(), metadata: {} });
    return id;
  }

  function createSubscription(setup: SubscriptionSetup): Stripe.Subscription {
    const start = setup.periodStart ?? now();
    const subscription = {
      id: newId('sub'),
      object: 'subscription',
      customer: setup.customer ?? createCustomer(),
      status: setup.status ?? 'active',
      metadata: setup.metadata ?? {},
      currency: 'usd',
      created: start,
      start_date: start,
      cancel_at: null,
      cancel_at_period_end: setup.cancelAtPeriodEnd ?? false,
      canceled_at: null,
      ended_at: null,
      trial_start: setup.trialEnd ? start : null,
      trial_end: setup.trialEnd ?? null,
      latest_invoice: null,
      items: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: setup.price, object: 'price', unit_amount: prices[setup.price] ?? 0, currency: 'usd' },
            quantity: 1,
            current_period_start: start,
            current_period_end: setup.periodEnd ?? start + month,
          },
        ],
      },
    } as unknown as Stripe.Subscription;
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  function updateSubscription(id: string, patch: Partial<Stripe.Subscription>): Stripe.Subscription {
    const current = subscriptions.get(id);
    if (!current) throw new Error(`fake Stripe has no subscription ${id}`);
    const updated = { ...current, ...patch } as Stripe.Subscription;
    subscriptions.set(id, updated);
    return updated;
  }

  function completeCheckout(
    sessionId: string,
    completion: { paymentStatus?: Stripe.Checkout.Session.PaymentStatus } = {},
  ) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe has no session ${sessionId}`);
    const customer = (session.customer as string | null) ?? createCustomer(session.customer_email ?? undefined);
    const done: Record<string, unknown> = { ...session, customer, status: 'complete' };
    if (session.mode === 'subscription') {
      const data = (sessionData.get(sessionId) ?? {}) as {
        metadata?: Record<string, string>;
        trial_period_days?: string;
      };
      const trialDays = Number(data.trial_period_days ?? 0);
      const subscription = createSubscription({
        customer,
        price: sessionPrices.get(sessionId)!,
        status: trialDays > 0 ? 'trialing' : 'active',
        metadata: data.metadata ?? {},
        trialEnd: trialDays > 0 ? now() + trialDays * 86_400 : null,
        periodEnd: trialDays > 0 ? now() + trialDays * 86_400 : undefined,
      });
      done.subscription = subscription.id;
      done.payment_status = trialDays > 0 ? 'no_payment_required' : 'paid';
    } else {
      done.payment_status = completion.paymentStatus ?? 'paid';
    }
    sessions.set(sessionId, done as unknown as Stripe.Checkout.Session);
    return done as unknown as Stripe.Checkout.Session;
  }

  function invoiceFor(
    subscriptionId: string,
    invoice: { billingReason: Stripe.Invoice.BillingReason; status: 'paid' | 'open'; id?: string },
  ): Stripe.Invoice {
    const subscription = subscriptions.get(subscriptionId);
    if (!subscription) throw new Error(`fake Stripe has no subscription ${subscriptionId}`);
    const item = subscription.items.data[0];
    const amount = prices[item.price.id] ?? 0;
    const id = invoice.id ?? newId('in');
    return {
      id,
      object: 'invoice',
      customer: subscription.customer,
      status: invoice.status,
      billing_reason: invoice.billingReason,
      currency: 'usd',
      subtotal: amount,
      total: amount,
      amount_due: amount,
      amount_paid: invoice.status === 'paid' ? amount : 0,
      hosted_invoice_url: `https://invoice.stripe.test/i/${id}`,
      created: now(),
      due_date: null,
      period_start: item.current_period_start,
      period_end: item.current_period_end,
      status_transitions: { paid_at: invoice.status === 'paid' ? now() : null },
      metadata: {},
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: 'list',
        has_more: false,
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: 'usd',
            description: `1 × ${item.price.id}`,
            quantity: 1,
            period: { start: item.current_period_start, end: item.current_period_end },
          },
        ],
      },
    } as unknown as Stripe.Invoice;
  }

  function signedEvent(
    type: string,
    object: unknown,
    event: { id?: string; timestamp?: number; secret?: string } = {},
  ): SignedDelivery {
    const id = event.id ?? newId('evt');
    const payload = JSON.stringify({
      id,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
    });
    const header = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: event.secret ?? webhookSecret,
      timestamp: event.timestamp,
    });
    return { id, payload, header };
  }

  /** subscription_data of each subscription-mode session, applied when it completes. */
  const sessionData = new Map<string, unknown>();

  function createSession(params: Record<string, unknown>): Stripe.Checkout.Session {
    const lineItems = params.line_items as { price?: string; quantity?: string }[] | undefined;
    const price = lineItems?.[0]?.price;
    if (!params.mode) throw required('mode');
    if (!price) throw required('line_items[0][price]');
    if (!params.success_url) throw required('success_url');
    if (typeof params.customer === 'string' && !customers.has(params.customer))
      throw missing('customer', params.customer);
    const id = newId('cs_test');
    const session = {
      id,
      object: 'checkout.session',
      url: `https://checkout.stripe.test/c/pay/${id}`,
      mode: params.mode,
      status: 'open',
      payment_status: 'unpaid',
      client_reference_id: params.client_reference_id ?? null,
      customer: params.customer ?? null,
      customer_email: params.customer_email ?? null,
      metadata: params.metadata ?? {},
      subscription: null,
      amount_total: (prices[price] ?? 0) * Number(lineItems?.[0]?.quantity ?? 1),
      currency: 'usd',
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
    } as unknown as Stripe.Checkout.Session;
    sessions.set(id, session);
    sessionPrices.set(id, price);
    sessionData.set(id, params.subscription_data);
    return session;
  }

  function applyUpdate(id: string, params: Record<string, unknown>): Stripe.Subscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw missing('subscription', id);
    const items = params.items as { id?: string; price?: string }[] | undefined;
    const data = subscription.items.data.map((item) => {
      const change = items?.find((candidate) => candidate.id === item.id);
      if (items && items.length > 0 && !change)
        throw new ApiError(400, `Invalid subscription item: ${items[0].id}`, undefined, 'items');
      return change?.price
        ? { ...item, price: { ...item.price, id: change.price, unit_amount: prices[change.price] ?? 0 } }
        : item;
    });
    return updateSubscription(id, {
      items: { ...subscription.items, data },
      metadata: { ...subscription.metadata, ...((params.metadata as Record<string, string>) ?? {}) },
      ...(params.cancel_at_period_end !== undefined
        ? { cancel_at_period_end: params.cancel_at_period_end === 'true' }
        : {}),
    } as Partial<Stripe.Subscription>);
  }

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    const [, , resource, id, more] = path.split('/');
    const key = `${method} ${resource}${id ? '/:id' : ''}${more ? `/${more}` : ''}`;
    switch (key) {
      case 'POST customers': {
        const created = createCustomer(params.email as string | undefined);
        return customers.get(created);
      }
      case 'GET customers/:id':
        return customers.get(id) ?? raise(missing('customer', id));
      case 'GET subscriptions/:id':
        return subscriptions.get(id) ?? raise(missing('subscription', id));
      case 'POST subscriptions/:id':
        return applyUpdate(id, params);
      case 'DELETE subscriptions/:id': {
        if (!subscriptions.has(id)) throw missing('subscription', id);
        return updateSubscription(id, { status: 'canceled', canceled_at: now(), ended_at: now() });
      }
      default:
        throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`);
    }
  }

  function portalSession(params: Record<string, unknown>): unknown {
    if (!params.customer) throw required('customer');
    if (!customers.has(params.customer as string)) throw missing('customer', params.customer as string);
    const id = newId('bps');
    return {
      id,
      object: 'billing_portal.session',
      customer: params.customer,
      return_url: params.return_url ?? null,
      url: `https://billing.stripe.test/p/session/${id}`,
    };
  }

  /** Sessions (checkout/sessions, billing_portal/sessions) have two-part resource names. */
  function dispatch(method: string, path: string, params: Record<string, unknown>): unknown {
    const nested = /^\/v1\/(checkout|billing_portal)\/sessions(?:\/([^/]+))?$/.exec(path);
    if (!nested) return route(method, path, params);
    const [, area, id] = nested;
    if (area === 'checkout' && method === 'POST' && !id) return createSession(params);
    if (area === 'checkout' && method === 'GET' && id)
      return sessions.get(id) ?? raise(missing('checkout.session', id));
    if (area === 'billing_portal' && method === 'POST' && !id) return portalSession(params);
    throw new ApiError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (chunk: Buffer) => parts.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(parts).toString('utf8');
      const params = qs.parse(body || url.search.slice(1), { arrayLimit: 100, depth: 10 }) as Record<string, unknown>;
      const method = req.method ?? 'GET';
      requests.push({ method, path: url.pathname, params, headers: req.headers });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
        res.end(JSON.stringify(payload));
      };
      if (req.headers.authorization !== `Bearer ${secret}`) {
        const given = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
        return send(401, {
          error: {
            type: 'invalid_request_error',
            message: `Invalid API Key provided: ${given.slice(0, 8)}****${given.slice(-4)}`,
          },
        });
      }
      const failure = failures.shift();
      if (failure)
        return send(failure.status, { error: { type: failure.type, message: failure.message, code: failure.code } });
      try {
        send(200, dispatch(method, url.pathname, params));
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        send(error.status, {
          error: { type: 'invalid_request_error', message: error.message, code: error.code, param: error.param },
        });
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    secret,
    webhookSecret,
    requests,
    requestsTo: (method, path) =>
      requests.filter((request) => request.method === method && request.path.startsWith(path)),
    customers,
    sessions,
    subscriptions,
    createCustomer,
    createSubscription,
    updateSubscription,
    completeCheckout,
    invoiceFor,
    signedEvent,
    failNext: (error) => void failures.push(error),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

function raise(error: Error): never {
  throw error;
}

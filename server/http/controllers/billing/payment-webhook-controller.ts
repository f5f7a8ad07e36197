import type { Request, Response } from 'express';
import { receiveStripeEvent } from '../../../billing/providers/stripe-events';
import { receiveXenditCallback } from '../../../billing/providers/xendit-events';

/**
 * Payment providers' deliveries (routes/webhooks.ts): public, no session or CSRF token, the body
 * kept as raw bytes by the kernel for every /webhooks/ path. A provider that is not configured
 * (no key, or no webhook secret or callback token to check deliveries with) has no endpoint: 404.
 */

/** POST /webhooks/stripe: verified by Stripe-Signature over the raw body. */
export async function stripeWebhook(req: Request, res: Response): Promise<void> {
  const settings = req.services.config.billing.stripe;
  const webhookSecret = settings?.webhookSecret;
  if (!settings || !webhookSecret) return notConfigured(res);
  const answer = await receiveStripeEvent(
    req.services,
    { ...settings, webhookSecret },
    { rawBody: rawBodyOf(req), signature: req.get('stripe-signature') },
  );
  res.status(answer.status).json(answer.body);
}

/** POST /webhooks/xendit: verified by the x-callback-token header. */
export async function xenditWebhook(req: Request, res: Response): Promise<void> {
  const settings = req.services.config.billing.xendit;
  const callbackToken = settings?.callbackToken;
  if (!settings || !callbackToken) return notConfigured(res);
  const answer = await receiveXenditCallback(
    req.services,
    { ...settings, callbackToken },
    { rawBody: rawBodyOf(req), token: req.get('x-callback-token') },
  );
  res.status(answer.status).json(answer.body);
}

function rawBodyOf(req: Request): Buffer {
  return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
}

function notConfigured(res: Response): void {
  res.status(404).json({ message: 'Not found.' });
}

import { describe, expect, it } from 'vitest';
import { validCallbackToken } from '../../../server/billing/providers/xendit-events';
import { basicAuth, invoiceBody, invoiceDurationSeconds } from '../../../server/billing/providers/xendit';
import type { CheckoutRequest } from '../../../server/billing/providers/provider';
import type { InvoiceRow } from '../../../server/billing/subscriptions';

describe('Xendit callback token', () => {
  const expected = 'xnd-callback-token-0123456789';

  it('accepts exactly the configured token', () => {
    expect(validCallbackToken(expected, expected)).toBe(true);
  });

  it('refuses a missing, empty, shorter, longer or different token', () => {
    expect(validCallbackToken(undefined, expected)).toBe(false);
    expect(validCallbackToken('', expected)).toBe(false);
    expect(validCallbackToken(expected.slice(0, -1), expected)).toBe(false);
    expect(validCallbackToken(`${expected}x`, expected)).toBe(false);
    expect(validCallbackToken(expected.toUpperCase(), expected)).toBe(false);
  });
});

describe('Xendit invoice request', () => {
  it('authenticates with the secret key as the Basic user and an empty password', () => {
    expect(basicAuth('xnd_development_abc')).toBe(`Basic ${Buffer.from('xnd_development_abc:').toString('base64')}`);
  });

  it("names Kawan's invoice by its number and asks for its total in IDR for a week", () => {
    const invoice = {
      number: 'KWN-2026-001001',
      total: 449_000,
      currency: 'IDR',
      lines: [{ description: 'Starter plan, monthly', quantity: 1, amount: 449_000 }],
    } as unknown as InvoiceRow;
    const request = {
      team: { id: 1, name: 'Warung Kopi' },
      customer: { email: 'owner@kawan.test', name: 'Dewi', providerCustomerId: null },
      successUrl: 'http://kawan.test/billing?paid=1',
      cancelUrl: 'http://kawan.test/billing',
    } as unknown as CheckoutRequest;
    expect(invoiceBody(request, invoice)).toEqual({
      external_id: 'KWN-2026-001001',
      amount: 449_000,
      currency: 'IDR',
      payer_email: 'owner@kawan.test',
      description: 'Warung Kopi: Starter plan, monthly',
      success_redirect_url: 'http://kawan.test/billing?paid=1',
      failure_redirect_url: 'http://kawan.test/billing',
      invoice_duration: invoiceDurationSeconds,
    });
    expect(invoiceDurationSeconds).toBe(604_800);
  });
});

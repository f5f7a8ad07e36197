import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { invoices } from '../../../server/db/schema/index';
import { startFakeXendit, type FakeXendit } from '../../helpers/fake-xendit';
import { xenditEnv, xenditInvoice } from '../../helpers/payment-webhooks';
import { createOwnedTeam } from '../../factories/teams';
import { xenditProvider } from '../../../server/billing/providers/xendit';
import { PaymentProviderError, type CheckoutRequest } from '../../../server/billing/providers/provider';
import { issueInvoice } from '../../../server/billing/subscriptions';

/**
 * Checkout through Xendit creates a Xendit invoice for Kawan's open invoice (Kawan's number as
 * its external id, its total in IDR) and sends the owner to Xendit's hosted page.
 */
let app: TestApp;
let xendit: FakeXendit;

beforeAll(async () => {
  xendit = await startFakeXendit();
  app = await createTestApp({ env: xenditEnv(xendit) });
});
afterAll(async () => {
  await app.close();
  await xendit.close();
});

describe('Xendit checkout', () => {
  it("creates the Xendit invoice for Kawan's open invoice with Basic auth", async () => {
    const { team } = await createOwnedTeam(app.services);
    const { invoice, result } = await xenditInvoice(app, team.id, { plan: 'starter', interval: 'month' });

    const [sent] = xendit.requests.slice(-1);
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v2/invoices');
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`${xendit.secret}:`).toString('base64')}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      external_id: invoice.number,
      amount: 449_000,
      currency: 'IDR',
      payer_email: 'owner@kawan.test',
      description: 'Team: Starter plan',
      success_redirect_url: 'http://127.0.0.1/billing',
      failure_redirect_url: 'http://127.0.0.1/billing',
      invoice_duration: 604_800,
    });
    const created = [...xendit.invoices.values()].at(-1)!;
    expect(result).toEqual({ url: created.invoice_url, providerInvoiceId: created.id, hostedUrl: created.invoice_url });
  });

  async function openInvoice(currency: 'IDR' | 'USD' = 'IDR') {
    const { team } = await createOwnedTeam(app.services);
    return issueInvoice(app.services.db, team.id, {
      provider: 'xendit',
      purpose: 'credit_pack',
      packCode: 'pack_1000',
      currency,
      lines: [{ description: '1,000 AI credits', quantity: 1, amount: currency === 'IDR' ? 249_000 : 1_500 }],
    });
  }

  const request = (invoice: CheckoutRequest['invoice']): CheckoutRequest => ({
    team: { id: invoice?.teamId ?? 1, name: 'Team' },
    purchase: { kind: 'pack', pack: 'pack_1000' },
    currency: 'IDR',
    customer: { email: 'owner@kawan.test', name: 'Owner', providerCustomerId: null },
    trialDays: 0,
    invoice,
    successUrl: 'http://127.0.0.1/billing',
    cancelUrl: 'http://127.0.0.1/billing',
  });

  it("passes Xendit's message on, never the key", async () => {
    const invoice = await openInvoice();
    const wrongKey = xenditProvider({ ...app.services.config.billing.xendit!, secret: 'xnd_development_wrong' });
    const refused = await wrongKey.checkout(request(invoice)).catch((error: unknown) => error as PaymentProviderError);
    expect(refused).toBeInstanceOf(PaymentProviderError);
    expect(refused).toMatchObject({ provider: 'xendit', message: 'API key is incorrect' });

    xendit.failNext({ status: 400, errorCode: 'API_VALIDATION_ERROR', message: '"payer_email" must be a valid email' });
    await expect(xenditProvider(app.services.config.billing.xendit!).checkout(request(invoice))).rejects.toThrow(
      '"payer_email" must be a valid email',
    );
  });

  it('says so when Xendit cannot be reached', async () => {
    const invoice = await openInvoice();
    const unreachable = xenditProvider({ ...app.services.config.billing.xendit!, apiBase: 'http://127.0.0.1:1' });
    await expect(unreachable.checkout(request(invoice))).rejects.toThrow('Xendit could not be reached.');
  });

  it('collects only an IDR invoice Kawan issued', async () => {
    const provider = xenditProvider(app.services.config.billing.xendit!);
    const before = xendit.requests.length;
    await expect(provider.checkout(request(null))).rejects.toThrow(PaymentProviderError);
    await expect(provider.checkout(request(await openInvoice('USD')))).rejects.toThrow(/IDR/);
    expect(xendit.requests).toHaveLength(before);
  });

  it("voids the owner's invoice when Xendit refuses the checkout, and says what Xendit said", async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const client = await signedIn(app.app, owner);
    xendit.failNext({ status: 400, errorCode: 'API_VALIDATION_ERROR', message: '"payer_email" must be a valid email' });
    const res = await client.send('post', '/billing/checkout', {
      purchase: 'pack',
      pack: 'pack_1000',
      currency: 'IDR',
    });
    expect(res.status).toBe(303);
    expect(
      (expectPage(await client.visit('/billing'), 'Billing/Index').props.errors as Record<string, string>).plan,
    ).toBe('Xendit said: "payer_email" must be a valid email');
    const rows = await app.services.db.select().from(invoices).where(eq(invoices.teamId, team.id));
    expect(rows.map((row) => row.status)).toEqual(['void']);
  });
});

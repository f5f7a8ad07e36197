import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { startFakeXendit, type FakeXendit } from '../../helpers/fake-xendit';
import { billingEventLog, billingState, deliverXendit, xenditEnv, xenditInvoice } from '../../helpers/payment-webhooks';
import { createOwnedTeam } from '../../factories/teams';

/**
 * Xendit's invoice callback, checked by its token: paid in full marks Kawan's invoice paid, which
 * activates the plan or adds the pack once; an expired invoice is voided; a callback for no
 * invoice of Kawan's is acknowledged (Xendit retries anything else) and logged as ignored.
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

const logOf = async (xenditId: string) =>
  (await billingEventLog(app, 'xendit'))
    .filter((row) => row.eventId?.startsWith(`${xenditId}:`))
    .map((row) => [row.eventId, row.result]);

describe('Xendit callbacks', () => {
  it('marks the invoice paid and activates the plan; the same callback again changes nothing', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { invoice, xenditId } = await xenditInvoice(app, team.id, { plan: 'starter', interval: 'month' });
    const body = xendit.callbackBody(xenditId, 'PAID');
    const paidAt = new Date(JSON.parse(body).paid_at as string);

    const res = await deliverXendit(app, body);
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ received: true, result: 'applied' });
    const state = await billingState(app, team.id);
    expect(state.plan).toBe('starter');
    expect(state.subscription).toMatchObject({
      plan: 'starter',
      interval: 'month',
      currency: 'IDR',
      provider: 'xendit',
      status: 'active',
    });
    expect(state.subscription.currentPeriodStart).toEqual(paidAt);
    expect(state.invoices).toMatchObject([{ id: invoice.id, status: 'paid', amountPaid: 449_000, paidAt }]);

    const again = await deliverXendit(app, body);
    expect(again.body).toEqual({ received: true, result: 'duplicate' });
    const settled = await deliverXendit(app, xendit.callbackBody(xenditId, 'SETTLED'));
    expect(settled.body).toEqual({ received: true, result: 'duplicate' });
    expect(await billingState(app, team.id)).toEqual(state);
    expect(await logOf(xenditId)).toEqual([
      [`${xenditId}:PAID`, 'applied'],
      [`${xenditId}:PAID`, 'duplicate'],
      [`${xenditId}:SETTLED`, 'duplicate'],
    ]);
  });

  it('adds a paid credit pack once', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { invoice, xenditId } = await xenditInvoice(app, team.id, { pack: 'pack_1000' });
    const body = xendit.callbackBody(xenditId, 'PAID');

    for (let attempt = 0; attempt < 3; attempt++) expect((await deliverXendit(app, body)).status).toBe(200);
    const state = await billingState(app, team.id);
    expect(state.packs).toMatchObject([{ credits: 1_000, remaining: 1_000, invoiceId: invoice.id }]);
    expect(state.subscription).toBeUndefined();
    expect((await logOf(xenditId)).map(([, result]) => result)).toEqual(['applied', 'duplicate', 'duplicate']);
  });

  it('refuses a wrong or missing token with 401 and changes nothing', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { xenditId } = await xenditInvoice(app, team.id, { plan: 'starter', interval: 'month' });
    const body = xendit.callbackBody(xenditId, 'PAID');

    const wrong = await deliverXendit(app, body, 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toEqual({ message: expect.any(String) });
    expect((await deliverXendit(app, body, null)).status).toBe(401);

    const state = await billingState(app, team.id);
    expect(state.invoices).toMatchObject([{ status: 'open' }]);
    expect(state.plan).toBeNull();
    const invalid = (await billingEventLog(app, 'xendit')).slice(-2);
    expect(invalid.map((row) => [row.result, row.signatureValid, row.eventId])).toEqual([
      ['invalid', false, null],
      ['invalid', false, null],
    ]);
    expect(invalid[0].payload).toBe(body);
  });

  it('voids an expired invoice while it is open', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { xenditId } = await xenditInvoice(app, team.id, { plan: 'growth', interval: 'year' });

    expect((await deliverXendit(app, xendit.callbackBody(xenditId, 'EXPIRED'))).body.result).toBe('applied');
    const state = await billingState(app, team.id);
    expect(state.invoices).toMatchObject([{ status: 'void' }]);
    expect(state.plan).toBeNull();

    // A payment arriving for the voided invoice activates nothing, and support can see it.
    expect((await deliverXendit(app, xendit.callbackBody(xenditId, 'PAID'))).body.result).toBe('ignored');
    expect((await billingState(app, team.id)).subscription).toBeUndefined();
    expect((await billingEventLog(app, 'xendit')).at(-1)!.error).toMatch(/voided/);
    expect(app.logs().some((line) => line.msg === 'a void invoice was paid through Xendit')).toBe(true);
  });

  it('leaves a paid invoice paid when Xendit later reports it expired', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { xenditId } = await xenditInvoice(app, team.id, { pack: 'pack_5000' });
    await deliverXendit(app, xendit.callbackBody(xenditId, 'PAID'));
    expect((await deliverXendit(app, xendit.callbackBody(xenditId, 'EXPIRED'))).body.result).toBe('ignored');
    expect((await billingState(app, team.id)).invoices).toMatchObject([{ status: 'paid' }]);
  });

  it('finds the invoice by its number when its Xendit id was not kept, and keeps it then', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { invoice, xenditId } = await xenditInvoice(
      app,
      team.id,
      { plan: 'starter', interval: 'year' },
      { keepXenditId: false },
    );
    expect((await deliverXendit(app, xendit.callbackBody(xenditId, 'PAID'))).body.result).toBe('applied');
    const state = await billingState(app, team.id);
    expect(state.invoices).toMatchObject([{ id: invoice.id, status: 'paid', providerInvoiceId: xenditId }]);
    expect(state.subscription).toMatchObject({ plan: 'starter', interval: 'year' });
  });

  it('acknowledges and ignores a callback for no invoice of Kawan, or one not paid in full', async () => {
    const { team } = await createOwnedTeam(app.services);
    const { xenditId } = await xenditInvoice(app, team.id, { plan: 'starter', interval: 'month' });

    const stranger = xendit.callbackBody(xenditId, 'PAID', { id: 'xnd-unknown', external_id: 'someone-elses' });
    expect((await deliverXendit(app, stranger)).body).toEqual({ received: true, result: 'ignored' });

    const short = xendit.callbackBody(xenditId, 'PAID', { paid_amount: 100_000 });
    expect((await deliverXendit(app, short)).body.result).toBe('ignored');
    const dollars = xendit.callbackBody(xenditId, 'PAID', { currency: 'USD' });
    expect((await deliverXendit(app, dollars)).body.result).toBe('ignored');

    expect((await billingState(app, team.id)).invoices).toMatchObject([{ status: 'open' }]);
    const log = await billingEventLog(app, 'xendit');
    expect(log.find((row) => row.eventId === 'xnd-unknown:PAID')).toMatchObject({ result: 'ignored', teamId: null });
    expect(log.filter((row) => row.eventId === `${xenditId}:PAID`).map((row) => row.error)).toEqual([
      'Paid 100000 of 449000.',
      'Paid in USD for an invoice in IDR.',
    ]);
  });

  it('refuses a body that is no invoice callback', async () => {
    const res = await deliverXendit(app, '{"hello":"world"}');
    expect(res.status).toBe(400);
    expect((await billingEventLog(app, 'xendit')).at(-1)).toMatchObject({ result: 'invalid', signatureValid: true });
  });
});

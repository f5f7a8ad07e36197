import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { onPlan } from '../../helpers/billing';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createPublishedBot } from '../../factories/bots';
import { createChannel } from '../../factories/channels';
import { creditPackRows, invoices, subscriptions, teams } from '../../../server/db/schema/index';
import { rollOver } from '../../../server/billing/subscriptions';
import type { BillingIndexProps, BillingInvoiceProps } from '../../../server/presenters/billing-presenter';

/**
 * Billing with Kawan's own invoices (the manual provider, the default without keys): an owner buys
 * a plan and a credit pack, pays (marks the invoice paid, as a provider's confirmation would),
 * upgrades with a prorated invoice, downgrades at the period's end once nothing is over, cancels
 * and resumes; the clock renews, makes an unpaid team past due and, after the grace period, Free.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { BILLING_DEFAULT_PLAN: 'free', BILLING_GRACE_DAYS: '7' } });
});
afterAll(() => app.close());

async function owner() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const client = await signedIn(app.app, owner);
  const billing = async () =>
    expectPage(await client.visit('/billing'), 'Billing/Index').props as unknown as BillingIndexProps;
  return { owner, team, client, billing };
}

const teamRow = async (teamId: number) => (await app.services.db.select().from(teams).where(eq(teams.id, teamId)))[0];
const openInvoices = async (teamId: number) =>
  (await app.services.db.select().from(invoices).where(eq(invoices.teamId, teamId))).filter(
    (row) => row.status === 'open',
  );

describe('billing through Kawan’s own invoices', () => {
  it('starts on Free, buys Growth, pays, and has Growth’s limits at once', async () => {
    const { team, client, billing } = await owner();
    const before = await billing();
    expect(before).toMatchObject({
      plan: { code: 'free', name: 'Free' },
      subscription: null,
      can: { manage: true },
      currency: 'USD',
    });
    expect(before.providers).toEqual({ USD: 'manual', IDR: 'manual' });
    expect(before.meters.find((m) => m.key === 'bots')).toMatchObject({ used: 0, limit: 1, resets: false });
    expect(before.meters.find((m) => m.key === 'ai_credits')).toMatchObject({ used: 0, limit: 100, resets: true });
    expect(before.plans.map((plan) => [plan.code, plan.current])).toEqual([
      ['free', true],
      ['starter', false],
      ['growth', false],
      ['business', false],
    ]);
    expect(before.plans[2].prices.month.IDR).toEqual({
      amount: 1_590_000,
      formatted: expect.stringMatching(/^Rp\s?1\.590\.000$/),
    });

    const checkout = await client.send('post', '/billing/checkout', {
      purchase: 'plan',
      plan: 'growth',
      interval: 'month',
      currency: 'IDR',
    });
    expect(checkout.status).toBe(303);
    const [invoice] = await openInvoices(team.id);
    expect(checkout.headers.location).toBe(`/billing/invoices/${invoice.id}`);
    expect(invoice).toMatchObject({
      provider: 'manual',
      purpose: 'subscription',
      currency: 'IDR',
      total: 1_590_000,
      plan: 'growth',
      interval: 'month',
    });
    expect(invoice.number).toMatch(/^KWN-\d{4}-\d{6}$/);

    const shown = expectPage(await client.visit(checkout.headers.location as string), 'Billing/Invoice')
      .props as unknown as BillingInvoiceProps;
    expect(shown.can).toEqual({ pay: true, manage: true });
    expect(shown.invoice.lines).toEqual([
      {
        description: 'Growth plan, monthly',
        quantity: 1,
        amount: 1_590_000,
        amount_formatted: expect.stringMatching(/1\.590\.000/),
      },
    ]);
    expect(shown.payment_instructions).toContain(invoice.number);

    expect((await client.send('post', `/billing/invoices/${invoice.id}/pay`)).status).toBe(303);
    expect((await client.send('post', `/billing/invoices/${invoice.id}/pay`)).status).toBe(303);
    const after = await billing();
    expect(after.plan).toEqual({ code: 'growth', name: 'Growth' });
    expect(after.subscription).toMatchObject({
      plan: 'growth',
      status: 'active',
      provider: 'manual',
      currency: 'IDR',
      interval: 'month',
    });
    expect(after.meters.find((m) => m.key === 'bots')).toMatchObject({ limit: 5 });
    expect(after.invoices).toMatchObject([{ id: invoice.id, status: 'paid', description: 'Growth plan, monthly' }]);
    expect((await teamRow(team.id)).plan).toBe('growth');
    // Paying twice (a redelivered confirmation) changed nothing more.
    expect(await app.services.db.select().from(subscriptions).where(eq(subscriptions.teamId, team.id))).toHaveLength(1);
    expect(
      app.broadcasts.some((sent) => sent.event === 'App\\Events\\BillingUpdated' && sent.data.team_id === team.id),
    ).toBe(true);
    // Buying the plan again is refused: change plans instead.
    await client.send('post', '/billing/checkout', { purchase: 'plan', plan: 'business', currency: 'IDR' });
    expect(
      (expectPage(await client.visit('/billing'), 'Billing/Index').props.errors as Record<string, string>).plan,
    ).toMatch(/already has the Growth plan/);
  });

  it('buys a credit pack once, however often its invoice is paid', async () => {
    const { team, client, billing } = await owner();
    await client.send('post', '/billing/checkout', { purchase: 'pack', pack: 'pack_1000', currency: 'USD' });
    const [invoice] = await openInvoices(team.id);
    expect(invoice).toMatchObject({ purpose: 'credit_pack', total: 1500, currency: 'USD', packCode: 'pack_1000' });
    await client.send('post', `/billing/invoices/${invoice.id}/pay`);
    await client.send('post', `/billing/invoices/${invoice.id}/pay`);
    expect(await app.services.db.select().from(creditPackRows).where(eq(creditPackRows.teamId, team.id))).toMatchObject(
      [{ credits: 1000, remaining: 1000 }],
    );
    expect((await billing()).credit_packs).toMatchObject({
      remaining: 1000,
      packs: [{ credits: 1000, remaining: 1000 }],
    });
  });

  async function onGrowth() {
    const context = await owner();
    await context.client.send('post', '/billing/checkout', {
      purchase: 'plan',
      plan: 'growth',
      interval: 'month',
      currency: 'USD',
    });
    const [invoice] = await openInvoices(context.team.id);
    await context.client.send('post', `/billing/invoices/${invoice.id}/pay`);
    return context;
  }

  it('upgrades now with a prorated invoice, and downgrades at the period’s end once nothing is over', async () => {
    const { team, client, billing } = await onGrowth();
    await client.send('put', '/billing/plan', { plan: 'business', interval: 'month' });
    const afterUp = await billing();
    expect(afterUp.plan.code).toBe('business');
    const [proration] = await openInvoices(team.id);
    expect(proration.purpose).toBe('proration');
    expect(proration.lines.map((line) => line.description)).toEqual([
      'Unused time on Growth plan, monthly',
      'Remaining time on Business plan, monthly',
    ]);
    expect(proration.lines[0].amount).toBeLessThan(0);
    expect(proration.total).toBe(proration.lines[0].amount + proration.lines[1].amount);
    expect(proration.total).toBeGreaterThan(29_000);

    // Three bots and a webhook channel are more than Starter allows: refused, naming them.
    for (let index = 0; index < 3; index++) await createPublishedBot(app.services, team.id, { name: `Bot ${index}` });
    await createChannel(app.services, team.id, { type: 'webhook' });
    await client.send('put', '/billing/plan', { plan: 'starter', interval: 'month' });
    const refused = (expectPage(await client.visit('/billing'), 'Billing/Index').props.errors as Record<string, string>)
      .plan;
    expect(refused).toBe(
      'The Starter plan allows less than the team has now: 3 bots (Starter allows 2); webhook channels (Starter does not include them). Remove what is over first.',
    );
    expect((await billing()).subscription?.scheduled_plan).toBeNull();

    // Growth takes them: scheduled for the period's end, the limits unchanged until then.
    await client.send('put', '/billing/plan', { plan: 'growth', interval: 'month' });
    const scheduled = await billing();
    expect(scheduled.plan.code).toBe('business');
    expect(scheduled.subscription).toMatchObject({
      scheduled_plan: 'growth',
      scheduled_plan_name: 'Growth',
      scheduled_interval: 'month',
    });
    // Choosing the current plan again takes the change back.
    await client.send('put', '/billing/plan', { plan: 'business', interval: 'month' });
    expect((await billing()).subscription?.scheduled_plan).toBeNull();
  });

  it('cancels to the period’s end, resumes during the grace period, and ends on Free when it passes', async () => {
    const { team, client, billing } = await onGrowth();
    await client.send('post', '/billing/cancel');
    const canceled = await billing();
    expect(canceled.subscription).toMatchObject({
      cancel_at_period_end: true,
      on_grace_period: true,
      ends_at: canceled.subscription?.current_period_end,
    });
    expect(canceled.plan.code).toBe('growth');
    await client.send('post', '/billing/resume');
    expect((await billing()).subscription).toMatchObject({ cancel_at_period_end: false, ends_at: null });

    await client.send('post', '/billing/cancel');
    const [row] = await app.services.db.select().from(subscriptions).where(eq(subscriptions.teamId, team.id));
    await rollOver(app.services, new Date(row.currentPeriodEnd.getTime() + 60_000));
    await rollOver(app.services, new Date(row.currentPeriodEnd.getTime() + 120_000));
    const ended = await billing();
    expect(ended).toMatchObject({ plan: { code: 'free' }, subscription: null });
    expect((await teamRow(team.id)).plan).toBe('free');
    expect(await openInvoices(team.id)).toEqual([]);
  });

  it('renews with an invoice, is past due while it is unpaid (banner, bell, mail), and on Free after the grace period', async () => {
    const { owner: user, team, client, billing } = await onGrowth();
    const [row] = await app.services.db.select().from(subscriptions).where(eq(subscriptions.teamId, team.id));
    const renewedAt = new Date(row.currentPeriodEnd.getTime() + 60_000);
    await rollOver(app.services, renewedAt);
    const [renewal] = await openInvoices(team.id);
    expect(renewal).toMatchObject({ purpose: 'renewal', total: 9900, periodStart: row.currentPeriodEnd });
    // Running the clock again at the same moment changes nothing (a second worker, a restart).
    await rollOver(app.services, renewedAt);
    expect(await openInvoices(team.id)).toHaveLength(1);

    // Three days on, unpaid: past due, the plan kept for the grace period.
    await rollOver(app.services, new Date(renewedAt.getTime() + 2 * 86_400_000));
    expect((await teamRow(team.id)).pastDueUntil).toBeNull();
    const overdueAt = new Date(renewedAt.getTime() + 3 * 86_400_000);
    await rollOver(app.services, overdueAt);
    const pastDue = await teamRow(team.id);
    expect(pastDue.plan).toBe('growth');
    expect(pastDue.pastDueUntil?.getTime()).toBe(overdueAt.getTime() + 7 * 86_400_000);
    const page = expectPage(await client.visit('/dashboard'), 'Dashboard');
    expect((page.props.auth as { user: { current_team: { billing: unknown } } }).user.current_team.billing).toEqual({
      plan: 'growth',
      plan_name: 'Growth',
      past_due_until: pastDue.pastDueUntil?.toISOString(),
    });
    expect(
      app.mailbox.list().find((mail) => mail.to.includes(user.email) && mail.subject === 'A payment failed'),
    ).toBeDefined();

    // Paying the renewal clears it.
    await client.send('post', `/billing/invoices/${renewal.id}/pay`);
    expect((await teamRow(team.id)).pastDueUntil).toBeNull();
    expect((await billing()).subscription?.status).toBe('active');

    // Next period, unpaid past the grace period: Free.
    const [renewed] = await app.services.db.select().from(subscriptions).where(eq(subscriptions.teamId, team.id));
    const next = new Date(renewed.currentPeriodEnd.getTime() + 60_000);
    await rollOver(app.services, next);
    await rollOver(app.services, new Date(next.getTime() + 3 * 86_400_000));
    expect((await teamRow(team.id)).pastDueUntil).not.toBeNull();
    await rollOver(app.services, new Date(next.getTime() + 11 * 86_400_000));
    expect(await teamRow(team.id)).toMatchObject({ plan: 'free', pastDueUntil: null });
    expect((await openInvoices(team.id)).length).toBe(0);
  });

  it('saves billing details and refuses bad ones field by field', async () => {
    const { client, billing } = await owner();
    await client.send('put', '/billing/details', {
      company_name: 'PT Kopi Nusantara',
      address: 'Jl. Kemang Raya 12\nJakarta',
      tax_id: '01.234.567.8-901.000',
      email: 'FINANCE@kopi.example',
      currency: 'IDR',
    });
    expect((await billing()).details).toEqual({
      company_name: 'PT Kopi Nusantara',
      address: 'Jl. Kemang Raya 12\nJakarta',
      tax_id: '01.234.567.8-901.000',
      email: 'finance@kopi.example',
      currency: 'IDR',
    });
    await client.send('put', '/billing/details', {
      company_name: 'x'.repeat(300),
      tax_id: '<script>',
      email: 'nope',
      currency: 'EUR',
    });
    expect(expectPage(await client.visit('/billing'), 'Billing/Index').props.errors).toEqual({
      company_name: 'The company name field must not be greater than 255 characters.',
      tax_id: 'The tax id may contain letters, digits, spaces, dots, dashes and slashes only.',
      email: 'The email field must be a valid email address.',
      currency: 'The currency must be USD or IDR.',
    });
  });
});

describe('who sees billing', () => {
  it('lets admins look, not act; gives editors, agents and viewers a 403; hides other teams’ invoices', async () => {
    const { team, client } = await owner();
    await onPlan(app, team.id, 'growth');
    await client.send('post', '/billing/checkout', { purchase: 'pack', pack: 'pack_1000', currency: 'USD' });
    const [invoice] = await openInvoices(team.id);
    const admin = await signedIn(app.app, await createMember(app.services, team, 'admin', { current: true }));
    const seen = expectPage(await admin.visit('/billing'), 'Billing/Index').props as unknown as BillingIndexProps;
    expect(seen.can.manage).toBe(false);
    expect(seen.events).toEqual([]);
    expect(
      (
        expectPage(await admin.visit(`/billing/invoices/${invoice.id}`), 'Billing/Invoice')
          .props as unknown as BillingInvoiceProps
      ).can,
    ).toEqual({ pay: false, manage: false });
    expect(
      (await admin.send('post', '/billing/checkout', { purchase: 'pack', pack: 'pack_1000', currency: 'USD' })).status,
    ).toBe(403);
    expect((await admin.send('post', `/billing/invoices/${invoice.id}/pay`)).status).toBe(403);
    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const member = await signedIn(app.app, await createMember(app.services, team, role, { current: true }));
      expectPage(await member.visit('/billing'), 'Error', 403);
    }
    const stranger = await owner();
    expectPage(await stranger.client.visit(`/billing/invoices/${invoice.id}`), 'Error', 404);
  });

  it('refuses to mark invoices paid where manual payments are off', async () => {
    const strict = await createTestApp({ env: { BILLING_MANUAL_PAYMENTS: 'false' } });
    try {
      const { owner: user, team } = await createOwnedTeam(strict.services, { current: true });
      const client = await signedIn(strict.app, user);
      await client.send('post', '/billing/checkout', { purchase: 'pack', pack: 'pack_1000', currency: 'USD' });
      const [invoice] = await strict.services.db.select().from(invoices).where(eq(invoices.teamId, team.id));
      expect(
        (
          expectPage(await client.visit(`/billing/invoices/${invoice.id}`), 'Billing/Invoice')
            .props as unknown as BillingInvoiceProps
        ).can.pay,
      ).toBe(false);
      expect((await client.send('post', `/billing/invoices/${invoice.id}/pay`)).status).toBe(403);
    } finally {
      await strict.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { earlyAccessRepository } from '../../../server/db/repositories/early-access-repository';

let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const valid = {
  name: 'Ayu Lestari',
  email: 'Ayu@Example.com',
  company: 'Warung Kopi',
  use_case: 'A WhatsApp assistant for our cafés that takes orders.',
};

describe('early access', () => {
  it('shows the waiting-list form', async () => {
    const client = await browser(app.app);
    const page = expectPage(await client.visit('/early-access'), 'EarlyAccess');
    expect(page.flash).toBeUndefined();
  });

  it('refuses invalid input with a message per field and stores nothing', async () => {
    const client = await browser(app.app);
    const before = await earlyAccessRepository(app.services.db).count();
    const res = await client.send('post', '/early-access', { name: '', email: 'not-an-email', use_case: 'short' }, { Referer: '/early-access' });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/early-access');
    const page = expectPage(await client.visit('/early-access'), 'EarlyAccess');
    expect(page.props.errors).toEqual({
      name: 'The name field is required.',
      email: 'The email field must be a valid email address.',
      use_case: 'Tell us a little more: at least 10 characters.',
    });
    expect(await earlyAccessRepository(app.services.db).count()).toBe(before);
  });

  it('answers JSON requests with 422 and the errors per field', async () => {
    const client = await browser(app.app);
    const res = await client.agent
      .post('/early-access')
      .set({ Accept: 'application/json', 'X-XSRF-TOKEN': client.token })
      .send({ email: 'x' });
    expect(res.status).toBe(422);
    expect(res.body.errors.name).toEqual(['The name field is required.']);
    expect(res.body.errors.email).toEqual(['The email field must be a valid email address.']);
  });

  it('stores a signup, shows the thank-you state and keeps one row per address', async () => {
    const client = await browser(app.app);
    const res = await client.send('post', '/early-access', valid);
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit(res.headers.location), 'EarlyAccess');
    expect(page.flash).toEqual({ status: 'early-access-joined' });

    const again = await browser(app.app);
    const second = await again.send('post', '/early-access', { ...valid, email: 'ayu@example.com', name: 'Someone Else' });
    expect(second.status).toBe(303);
    expect(expectPage(await again.visit(second.headers.location), 'EarlyAccess').flash).toEqual({ status: 'early-access-joined' });

    const rows = (await earlyAccessRepository(app.services.db).all()).filter((row) => row.email === 'ayu@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0].name).toBe('Ayu Lestari');
  });

  it('limits signups per IP address with a 429 that says when to retry', async () => {
    const client = await browser(app.app);
    const statuses: number[] = [];
    let last;
    for (let attempt = 0; attempt < 7; attempt++) {
      last = await client.send('post', '/early-access', { ...valid, email: `limit${attempt}@example.com` });
      statuses.push(last.status);
    }
    expect(statuses).toContain(429);
    const page = expectPage(last!, 'Error', 429);
    expect(Number(last!.headers['retry-after'])).toBeGreaterThan(0);
    expect(page.props).toMatchObject({ status: 429, retryAfter: Number(last!.headers['retry-after']) });
  });
});

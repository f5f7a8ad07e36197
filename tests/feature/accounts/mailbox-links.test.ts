import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import type { MailboxIndexProps, MailboxShowProps } from '../../../server/presenters/mail-presenter';

// In development, mail lands in the local mailbox: the verify-email page says where, and the
// mailbox leads back to the app. Only while the mailbox is what mail goes to.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const verifyPage = async (target: TestApp) => {
  const user = await createUser(target.services, { verified: false });
  const client = await signedIn(target.app, user);
  return expectPage(await client.visit('/email/verify'), 'Auth/VerifyEmail');
};

describe('links between the app and the development mailbox', () => {
  it('the verify-email page links to the mailbox while no mail server is configured', async () => {
    const page = await verifyPage(app);
    expect(page.props.mailboxUrl).toBe('/_mailbox');
    expect(page.props.status).toBeNull();
  });

  it('the mailbox links back to the dashboard for a signed-in reader and to the welcome page for a guest', async () => {
    await app.services.mailer.send('reader.links@example.com', { subject: 'Hello', lines: ['Hi.'] });
    const [kept] = app.mailbox.to('reader.links@example.com');

    const guest = await browser(app.app);
    const guestIndex = expectPage(await guest.visit('/_mailbox'), 'Dev/Mailbox/Index');
    expect((guestIndex.props as unknown as MailboxIndexProps).appUrl).toBe('/');
    const guestShow = expectPage(await guest.visit(`/_mailbox/${kept.id}`), 'Dev/Mailbox/Show');
    expect((guestShow.props as unknown as MailboxShowProps).appUrl).toBe('/');

    const reader = await signedIn(app.app, await createUser(app.services, { verified: false }));
    const index = expectPage(await reader.visit('/_mailbox'), 'Dev/Mailbox/Index');
    expect((index.props as unknown as MailboxIndexProps).appUrl).toBe('/dashboard');
    const show = expectPage(await reader.visit(`/_mailbox/${kept.id}`), 'Dev/Mailbox/Show');
    expect(show.props as unknown as MailboxShowProps).toMatchObject({ appUrl: '/dashboard', indexUrl: '/_mailbox' });
  });
});

describe.each([
  ['in production', { NODE_ENV: 'production' }],
  ['when MAIL_URL sends mail for real', { MAIL_URL: 'smtp://127.0.0.1:2525' }],
])('the verify-email page %s', (_label, env) => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ env });
  });
  afterAll(() => other.close());

  it('does not link to a mailbox that is not in use', async () => {
    const page = await verifyPage(other);
    expect(page.props.mailboxUrl).toBeNull();
    expect(JSON.stringify(page)).not.toContain('_mailbox');
  });
});

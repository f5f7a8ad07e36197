import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { manifestRoutes } from '../../../server/http/router/manifest';
import type { MailboxIndexProps, MailboxShowProps } from '../../../server/presenters/mail-presenter';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('development mailbox', () => {
  it('says so when no mail was kept', async () => {
    const client = await browser(app.app);
    const page = expectPage(await client.visit('/_mailbox'), 'Dev/Mailbox/Index');
    expect((page.props as unknown as MailboxIndexProps).messages).toEqual([]);
  });

  it('lists kept mail newest first, with the address, subject, time and a link to each', async () => {
    await app.services.mailer.send('first@example.com', { subject: 'First message', lines: ['One.'] });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await app.services.mailer.send('second@example.com', { subject: 'Second message', lines: ['Two.'] });

    const client = await browser(app.app);
    const page = expectPage(await client.visit('/_mailbox'), 'Dev/Mailbox/Index');
    const { messages } = page.props as unknown as MailboxIndexProps;
    expect(messages.map((mail) => [mail.to, mail.subject])).toEqual([
      ['second@example.com', 'Second message'],
      ['first@example.com', 'First message'],
    ]);
    for (const mail of messages) {
      expect(Object.keys(mail).sort()).toEqual(['id', 'sent_at', 'subject', 'to', 'url']);
      expect(mail.url).toBe(`/_mailbox/${mail.id}`);
      expect(Number.isNaN(Date.parse(mail.sent_at))).toBe(false);
    }
  });

  it('shows one message with its headers and both bodies', async () => {
    await app.services.mailer.send('reader@example.com', {
      subject: 'Reset Password Notification',
      lines: ['Hello there.'],
      action: { text: 'Reset Password', url: '/reset-password/abc?email=reader%40example.com' },
    });
    const [kept] = app.mailbox.to('reader@example.com');
    const client = await browser(app.app);
    const page = expectPage(await client.visit(`/_mailbox/${kept.id}`), 'Dev/Mailbox/Show');
    const props = page.props as unknown as MailboxShowProps;
    expect(props.indexUrl).toBe('/_mailbox');
    expect(props.message).toEqual({
      id: kept.id,
      from: app.services.config.mail.from,
      to: 'reader@example.com',
      subject: 'Reset Password Notification',
      sent_at: kept.sentAt,
      html: kept.html,
      text: kept.text,
    });
    expect(props.message.html).toContain('href="http://127.0.0.1/reset-password/abc?email=reader%40example.com"');
  });

  it('answers 404 for an unknown message', async () => {
    const client = await browser(app.app);
    expectPage(await client.visit('/_mailbox/000-nope'), 'Error', 404);
    expectPage(await client.visit('/_mailbox/..%2F..%2Fetc'), 'Error', 404);
  });

  it('stays out of the route list the client receives', () => {
    const manifest = manifestRoutes(app.services.routes);
    expect(manifest['mailbox.index']).toBeUndefined();
    expect(manifest['mailbox.show']).toBeUndefined();
    expect(app.services.routes.has('mailbox.index')).toBe(true);
  });
});

describe.each([
  ['in production', { NODE_ENV: 'production' }],
  ['when MAIL_URL sends mail for real', { MAIL_URL: 'smtp://127.0.0.1:2525' }],
])('development mailbox %s', (_label, env) => {
  let other: TestApp;
  beforeAll(async () => {
    other = await createTestApp({ env });
  });
  afterAll(() => other.close());

  it('does not exist', async () => {
    const client = await browser(other.app);
    expectPage(await client.visit('/_mailbox'), 'Error', 404);
    expectPage(await client.visit('/_mailbox/000000000000001-abcd'), 'Error', 404);
  });
});

import type { Request } from 'express';
import type { Mailbox } from '../../../support/mail/mailbox';
import { developmentMailbox } from '../../../support/mail/development-mailbox';
import { NotFoundError } from '../../../support/errors';
import {
  presentMail,
  presentMailSummary,
  type MailboxIndexProps,
  type MailboxShowProps,
} from '../../../presenters/mail-presenter';

/**
 * The development mailbox at /_mailbox: the mail the app kept instead of sending (no MAIL_URL).
 * It does not exist in production or when mail really goes out: every route answers 404 then.
 */
function localMailbox(req: Request): Mailbox {
  const mailbox = developmentMailbox(req.services);
  if (!mailbox) throw new NotFoundError();
  return mailbox;
}

/** Back to Kawan: the dashboard for a signed-in reader, the welcome page otherwise. */
const appUrl = (req: Request) => req.services.route(req.user ? 'dashboard' : 'welcome');

export async function index(req: Request) {
  const messages = localMailbox(req)
    .list()
    .sort((a, b) => b.sentAt.localeCompare(a.sentAt) || b.id.localeCompare(a.id));
  const props: MailboxIndexProps = {
    messages: messages.map((mail) => presentMailSummary(mail, req.services.route('mailbox.show', { id: mail.id }))),
    appUrl: appUrl(req),
  };
  await req.inertia.render('Dev/Mailbox/Index', { ...props });
}

export async function show(req: Request) {
  const mail = localMailbox(req).find(String(req.params.id));
  if (!mail) throw new NotFoundError();
  const props: MailboxShowProps = {
    message: presentMail(mail),
    indexUrl: req.services.route('mailbox.index'),
    appUrl: appUrl(req),
  };
  await req.inertia.render('Dev/Mailbox/Show', { ...props });
}

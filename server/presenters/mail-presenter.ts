import type { StoredMail } from '../support/mail/mailbox';

/** A row of the development mailbox list. */
export interface MailSummary {
  id: string;
  to: string;
  subject: string;
  sent_at: string;
  /** The message's page (the mailbox routes are hidden from the client's route list). */
  url: string;
}

/** One message of the development mailbox, with both bodies. */
export interface MailDetail {
  id: string;
  from: string;
  to: string;
  subject: string;
  sent_at: string;
  html: string;
  text: string;
}

export function presentMailSummary(mail: StoredMail, url: string): MailSummary {
  return { id: mail.id, to: mail.to, subject: mail.subject, sent_at: mail.sentAt, url };
}

export function presentMail(mail: StoredMail): MailDetail {
  return {
    id: mail.id,
    from: mail.from,
    to: mail.to,
    subject: mail.subject,
    sent_at: mail.sentAt,
    html: mail.html,
    text: mail.text,
  };
}

export interface MailboxIndexProps {
  messages: MailSummary[];
  /** Back to the app: the dashboard when signed in, else the welcome page. */
  appUrl: string;
}

export interface MailboxShowProps {
  message: MailDetail;
  indexUrl: string;
  appUrl: string;
}

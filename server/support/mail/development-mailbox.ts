import type { Config } from '../../config/env';
import type { Mailbox } from './mailbox';

interface MailSetup {
  mailer: { readonly mailbox?: Mailbox };
  config: Pick<Config, 'isProduction' | 'mail'>;
}

/**
 * The mailbox the app keeps mail in instead of sending it (/_mailbox): only outside production and
 * without MAIL_URL. Undefined whenever mail really goes out, and then nothing links to it.
 */
export function developmentMailbox(services: MailSetup): Mailbox | undefined {
  const mailbox = services.mailer.mailbox;
  if (!mailbox || services.config.isProduction || services.config.mail.url) return undefined;
  return mailbox;
}

/** The development mailbox's address, for a page to link to; null when mail really goes out. */
export function developmentMailboxUrl(services: MailSetup & { route(name: 'mailbox.index'): string }): string | null {
  return developmentMailbox(services) ? services.route('mailbox.index') : null;
}

import nodemailer, { type Transporter } from 'nodemailer';
import { randomBytes } from 'node:crypto';
import type { Logger } from '../logger';
import type { Mailbox } from './mailbox';
import { renderMail, type MailContent } from './render';

export interface Mailer {
  send(to: string, content: MailContent): Promise<void>;
  /** Present when mail is kept locally (development and tests) instead of sent. */
  readonly mailbox?: Mailbox;
}

interface MailerOptions {
  from: string;
  app: { name: string; url: string };
  logger: Logger;
  /** SMTP URL; without it messages go to the mailbox. */
  url?: string;
  mailbox?: Mailbox;
}

/**
 * Sends through nodemailer: SMTP when MAIL_URL is set, otherwise nodemailer builds the message and
 * it is kept in the local mailbox (readable at /_mailbox in development).
 */
export function createMailer(options: MailerOptions): Mailer {
  const transport: Transporter = options.url
    ? nodemailer.createTransport(options.url)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailbox = options.url ? undefined : options.mailbox;

  return {
    mailbox,
    async send(to, content) {
      const rendered = renderMail(options.app, content);
      const info = await transport.sendMail({
        from: options.from,
        to,
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
      });
      if (mailbox) {
        const id = `${Date.now().toString().padStart(15, '0')}-${randomBytes(4).toString('hex')}`;
        mailbox.store(
          {
            id,
            from: options.from,
            to,
            subject: rendered.subject,
            html: rendered.html,
            text: rendered.text,
            sentAt: new Date().toISOString(),
          },
          (info as { message?: Buffer }).message ?? Buffer.from(''),
        );
      }
      options.logger.info({ subject: rendered.subject, transport: options.url ? 'smtp' : 'mailbox' }, 'mail sent');
    },
  };
}

/**
 * Sends a mail whose loss the user can recover from (they ask for another link, or invite again).
 * A failure is logged, naming the mail and the transport's error, never the body or its links,
 * and answered with false instead of failing the request. Each flow decides what false means
 * (docs/decisions/002, 004, 005).
 */
export async function sendOrLog(
  logger: Logger,
  context: { mail: string } & Record<string, unknown>,
  send: () => Promise<void>,
): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    logger.error({ ...context, error: transportError(error) }, 'mail not sent');
    return false;
  }
}

/** What a log may say of a failed send: the transport's error fields (nodemailer's), not the message. */
function transportError(error: unknown) {
  if (!(error instanceof Error)) return { message: String(error) };
  const { code, responseCode, command } = error as { code?: unknown; responseCode?: unknown; command?: unknown };
  return { type: error.name, message: error.message, code, responseCode, command };
}

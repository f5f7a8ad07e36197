import { MemoryMailbox, type StoredMail } from '../../server/support/mail/mailbox';

/**
 * The feature tests' mailbox: messages in memory, newest first. While `failure` is set every
 * message is refused with it, as by an SMTP server that is down or rejects the message.
 */
export class TestMailbox extends MemoryMailbox {
  failure: Error | undefined;

  override store(mail: StoredMail): void {
    if (this.failure) throw this.failure;
    super.store(mail);
  }

  /** Runs `during` with every message refused, then accepts messages again. */
  async failing<T>(during: () => Promise<T>, failure = new Error('connect ECONNREFUSED 127.0.0.1:587')): Promise<T> {
    this.failure = failure;
    try {
      return await during();
    } finally {
      this.failure = undefined;
    }
  }
}

/** The path and query of the mail's action button (`Reset Password`, `Verify Email Address`…). */
export function actionPath(mail: StoredMail, button: string): string {
  const line = mail.text.split('\n').find((candidate) => candidate.startsWith(`${button}: `));
  if (!line) throw new Error(`No "${button}" link in mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(line.slice(button.length + 2));
  return url.pathname + url.search;
}

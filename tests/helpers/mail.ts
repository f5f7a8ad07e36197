import type { StoredMail } from '../../server/support/mail/mailbox';

/** The path and query of the mail's action button (`Reset Password`, `Verify Email Address`…). */
export function actionPath(mail: StoredMail, button: string): string {
  const line = mail.text.split('\n').find((candidate) => candidate.startsWith(`${button}: `));
  if (!line) throw new Error(`No "${button}" link in mail "${mail.subject}":\n${mail.text}`);
  const url = new URL(line.slice(button.length + 2));
  return url.pathname + url.search;
}

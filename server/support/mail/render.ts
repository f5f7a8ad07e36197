/** A button in a mail: its label and where it leads (relative URLs are made absolute). */
export interface MailButton {
  text: string;
  url: string;
}

/** A line that is a link in the text, for mails that list several places to go (a digest). */
export interface MailLink extends MailButton {
  inline: true;
}

/**
 * A message in the shape of Laravel's MailMessage: greeting, lines, the main button, closing
 * lines. A line may itself be a button, for mails that offer a choice (Jetstream's invitation
 * offers "Create Account" before "Accept Invitation").
 */
export interface MailContent {
  subject: string;
  greeting?: string;
  lines: (string | MailButton | MailLink)[];
  action?: MailButton;
  outro?: string[];
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const styles = {
  paragraph: 'margin:0 0 16px;font-size:15px;line-height:24px;color:#374151',
  button:
    'display:inline-block;background:#1f2937;color:#ffffff;text-decoration:none;font-size:13px;font-weight:600;letter-spacing:.08em;text-transform:uppercase;padding:12px 20px;border-radius:6px',
  subcopy:
    'margin:24px 0 0;padding-top:16px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:#6b7280',
};

/** HTML and text bodies with Kawan's branding; relative button URLs are made absolute with APP_URL. */
export function renderMail(app: { name: string; url: string }, content: MailContent) {
  const absolute = <B extends MailButton>(button: B): B => ({
    ...button,
    url: new URL(button.url, `${app.url}/`).toString(),
  });
  const body = [...content.lines, ...(content.action ? [content.action] : [])].map((block) =>
    typeof block === 'string' ? block : absolute(block),
  );
  const buttons = body.filter(
    (block): block is MailButton => typeof block !== 'string' && !('inline' in block && block.inline),
  );
  const greeting = content.greeting ?? 'Hello!';
  const paragraph = (line: string) => `<p style="${styles.paragraph}">${escape(line)}</p>`;
  const link = ({ text, url }: MailButton) =>
    `<p style="${styles.paragraph}"><a href="${escape(url)}" style="color:#4f46e5">${escape(text)}</a></p>`;
  const block = (line: string | MailButton | MailLink) =>
    typeof line === 'string' ? paragraph(line) : 'inline' in line && line.inline ? link(line) : button(line);
  const button = ({ text, url }: MailButton) =>
    `<p style="margin:24px 0;text-align:center"><a href="${escape(url)}" style="${styles.button}">${escape(text)}</a></p>`;
  const subcopy = ({ text, url }: MailButton) =>
    `<p style="${styles.subcopy}">If you're having trouble clicking the "${escape(text)}" button, copy and paste this URL into your web browser: <a href="${escape(url)}" style="color:#4f46e5;word-break:break-all">${escape(url)}</a></p>`;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:32px 16px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 24px;text-align:center;font-size:22px;font-weight:700;color:#4f46e5">${escape(app.name)}</td></tr>
<tr><td style="background:#ffffff;border-radius:8px;padding:32px;box-shadow:0 1px 2px rgba(0,0,0,.05)">
<h1 style="margin:0 0 16px;font-size:18px;color:#111827">${escape(greeting)}</h1>
${body.map(block).join('\n')}
${(content.outro ?? []).map(paragraph).join('\n')}
<p style="margin:16px 0 0;font-size:15px;color:#374151">Regards,<br>${escape(app.name)}</p>
${buttons.map(subcopy).join('\n')}
</td></tr>
<tr><td style="padding:24px 0 0;text-align:center;font-size:12px;color:#9ca3af">&copy; ${new Date().getFullYear()} ${escape(app.name)}. All rights reserved.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    greeting,
    '',
    ...body.flatMap((block) => [typeof block === 'string' ? block : `${block.text}: ${block.url}`, '']),
    ...(content.outro ?? []).flatMap((line) => [line, '']),
    `Regards,`,
    app.name,
  ].join('\n');
  return { subject: content.subject, html, text };
}

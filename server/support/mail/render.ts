/** A message in the shape of Laravel's MailMessage: greeting, lines, one button, closing lines. */
export interface MailContent {
  subject: string;
  greeting?: string;
  lines: string[];
  action?: { text: string; url: string };
  outro?: string[];
}

const escape = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** HTML and text bodies with Kawan's branding; relative action URLs are made absolute with APP_URL. */
export function renderMail(app: { name: string; url: string }, content: MailContent) {
  const action = content.action ? { ...content.action, url: new URL(content.action.url, `${app.url}/`).toString() } : undefined;
  const greeting = content.greeting ?? 'Hello!';
  const paragraph = (line: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:24px;color:#374151">${escape(line)}</p>`;
  const html = `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:32px 16px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px">
<tr><td style="padding:0 0 24px;text-align:center;font-size:22px;font-weight:700;color:#4f46e5">${escape(app.name)}</td></tr>
<tr><td style="background:#ffffff;border-radius:8px;padding:32px;box-shadow:0 1px 2px rgba(0,0,0,.05)">
<h1 style="margin:0 0 16px;font-size:18px;color:#111827">${escape(greeting)}</h1>
${content.lines.map(paragraph).join('\n')}
${action ? `<p style="margin:24px 0;text-align:center"><a href="${escape(action.url)}" style="display:inline-block;background:#1f2937;color:#ffffff;text-decoration:none;font-size:13px;font-weight:600;letter-spacing:.08em;text-transform:uppercase;padding:12px 20px;border-radius:6px">${escape(action.text)}</a></p>` : ''}
${(content.outro ?? []).map(paragraph).join('\n')}
<p style="margin:16px 0 0;font-size:15px;color:#374151">Regards,<br>${escape(app.name)}</p>
${action ? `<p style="margin:24px 0 0;padding-top:16px;border-top:1px solid #e5e7eb;font-size:12px;line-height:18px;color:#6b7280">If you're having trouble clicking the "${escape(action.text)}" button, copy and paste this URL into your web browser: <a href="${escape(action.url)}" style="color:#4f46e5;word-break:break-all">${escape(action.url)}</a></p>` : ''}
</td></tr>
<tr><td style="padding:24px 0 0;text-align:center;font-size:12px;color:#9ca3af">&copy; ${new Date().getFullYear()} ${escape(app.name)}. All rights reserved.</td></tr>
</table></td></tr></table></body></html>`;
  const text = [
    greeting,
    '',
    ...content.lines.flatMap((line) => [line, '']),
    ...(action ? [`${action.text}: ${action.url}`, ''] : []),
    ...(content.outro ?? []).flatMap((line) => [line, '']),
    `Regards,`,
    app.name,
  ].join('\n');
  return { subject: content.subject, html, text };
}

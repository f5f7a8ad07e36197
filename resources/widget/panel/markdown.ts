/**
 * Markdown-light for chat bubbles: paragraphs (a blank line), line breaks, **bold**, links
 * ([text](url) and bare http(s) URLs). Everything else is text: the output is an HTML string in
 * which every character of the source is escaped, and the only tags are the ones made here (p, br,
 * strong, a). Links open in a new tab with rel="noopener noreferrer"; only http(s) and mailto
 * URLs become links, so `javascript:` and friends stay text.
 */

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char]);
}

/** The URL when it is safe to link to (http, https, mailto), else null. */
export function safeUrl(url: string): string | null {
  const trimmed = url.trim();
  if (/^https?:\/\/[^\s]+$/i.test(trimmed) || /^mailto:[^\s]+$/i.test(trimmed)) return trimmed;
  return null;
}

export function link(url: string, text: string): string {
  return `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>`;
}

// One of: **bold**, [text](url), or a bare URL. Bold may not start or end with a space.
const inlinePattern = /\*\*(?=\S)([\s\S]*?\S)\*\*|\[([^\]\n]+)\]\(([^()\s]+)\)|(https?:\/\/[^\s<>"']+)/g;

/** Splits a bare URL from the sentence punctuation that follows it. */
function trimBareUrl(url: string): [string, string] {
  let end = url.length;
  while (end > 0) {
    const char = url[end - 1];
    if ('.,;:!?\'"'.includes(char)) end--;
    else if (char === ')' && !url.slice(0, end).includes('(')) end--;
    else break;
  }
  return [url.slice(0, end), url.slice(end)];
}

function renderInline(text: string, allowBold: boolean): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const [whole, bold, label, href, bare] = match;
    const start = match.index;
    if (bold !== undefined) {
      if (!allowBold) continue;
      html += escapeHtml(text.slice(last, start)) + `<strong>${renderInline(bold, false)}</strong>`;
    } else if (label !== undefined) {
      const url = safeUrl(href);
      html += escapeHtml(text.slice(last, start)) + (url ? link(url, label) : escapeHtml(whole));
    } else {
      const [url, rest] = trimBareUrl(bare);
      html += escapeHtml(text.slice(last, start)) + link(url, url) + escapeHtml(rest);
    }
    last = start + whole.length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The bubble's HTML for a message text. */
export function renderMarkdown(source: string): string {
  const paragraphs = source
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t]*\n/)
    .map((paragraph) => paragraph.replace(/^\n+|\n+$/g, ''))
    .filter((paragraph) => paragraph.trim() !== '');
  return paragraphs
    .map(
      (paragraph) =>
        `<p>${paragraph
          .split('\n')
          .map((line) => renderInline(line, true))
          .join('<br>')}</p>`,
    )
    .join('');
}

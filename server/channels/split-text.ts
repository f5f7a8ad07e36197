/**
 * Splits a reply into parts a provider takes (WhatsApp and Telegram: 4096 characters), at the last
 * paragraph break, else line break, else sentence end, else space before the limit; a word longer
 * than the limit is cut. Parts are trimmed; empty parts are dropped. Counts UTF-16 code units, as
 * both providers do, and never cuts a surrogate pair.
 */
export function splitText(text: string, limit = 4096): string[] {
  const parts: string[] = [];
  let rest = text.trim();
  while (rest.length > limit) {
    const window = rest.slice(0, limit + 1);
    let cut = -1;
    for (const pattern of [/\n\s*\n/g, /\n/g, /[.!?…](?=\s)/g, /\s/g]) {
      let match: RegExpExecArray | null;
      let last = -1;
      while ((match = pattern.exec(window)) !== null) {
        const end = match.index + (pattern.source.startsWith('[') ? 1 : 0);
        if (end > 0 && end <= limit) last = end;
      }
      if (last > limit / 4) {
        cut = last;
        break;
      }
    }
    if (cut <= 0) {
      cut = limit;
      const code = rest.charCodeAt(cut - 1);
      if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    }
    const part = rest.slice(0, cut).trim();
    if (part) parts.push(part);
    rest = rest.slice(cut).trim();
  }
  if (rest) parts.push(rest);
  return parts;
}

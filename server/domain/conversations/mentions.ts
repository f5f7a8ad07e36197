/**
 * "@Name" in an internal note: which teammates a note names, shared by the server (who is told)
 * and the inbox (the reply box's list, the thread's highlight). Pure: no database, no DOM.
 */

/** At most this many teammates named in one note. */
export const mentionLimit = 20;

export interface Mentionable {
  id: number;
  name: string;
}

const wordChar = /[\p{L}\p{N}_]/u;
const fold = (value: string) => value.normalize('NFC').toLocaleLowerCase();

/**
 * Where "@<name>" stands in the text as a mention: the "@" at the start or after a character that is
 * not part of a word (so an e-mail address is not one), and the name not run on into a longer word.
 * Letter case is ignored.
 */
export function mentionRanges(text: string, name: string): Array<[start: number, end: number]> {
  const ranges: Array<[number, number]> = [];
  const wanted = fold(name);
  if (name.trim() === '') return ranges;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    const end = at + 1 + name.length;
    if (fold(text.slice(at + 1, end)) !== wanted) continue;
    if (at > 0 && wordChar.test(text[at - 1])) continue;
    if (end < text.length && wordChar.test(text[end])) continue;
    ranges.push([at, end]);
  }
  return ranges;
}

/**
 * The teammates a note names: of those the reply box picked (`requested`), the ones whose "@Name"
 * is still in the text (a name picked and then deleted names nobody), each once, in the order
 * picked. Where two names begin alike, "@Budi Santoso" names Budi Santoso and not also Budi.
 */
export function mentionedIn(text: string, requested: readonly number[], team: readonly Mentionable[]): number[] {
  const picked = team.filter((member) => requested.includes(member.id));
  const named = new Set(mentionParts(text, picked).flatMap((part) => (part.mention ? [part.mention.id] : [])));
  return requested.filter((id, index) => named.has(id) && requested.indexOf(id) === index);
}

/** A note's text cut into plain runs and the runs that name one of `mentioned`, in order. */
export function mentionParts(
  text: string,
  mentioned: readonly Mentionable[],
): Array<{ text: string; mention?: Mentionable }> {
  const found: Array<{ start: number; end: number; member: Mentionable }> = [];
  // Longer names first, so that "@Budi Santoso" is one mention even when a "Budi" is named too.
  for (const member of [...mentioned].sort((a, b) => b.name.length - a.name.length)) {
    for (const [start, end] of mentionRanges(text, member.name)) {
      if (!found.some((other) => start < other.end && other.start < end)) found.push({ start, end, member });
    }
  }
  found.sort((a, b) => a.start - b.start);
  const parts: Array<{ text: string; mention?: Mentionable }> = [];
  let at = 0;
  for (const { start, end, member } of found) {
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: text.slice(start, end), mention: member });
    at = end;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

/**
 * The "@word" being typed at the caret: an "@" at the start or after a character that is not part of
 * a word, then up to 40 characters on the same line (a name may hold spaces). Null when the caret is
 * not in one.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const line = text.lastIndexOf('\n', caret - 1) + 1;
  const start = text.lastIndexOf('@', caret - 1);
  if (start < line || caret - start > 41) return null;
  if (start > 0 && wordChar.test(text[start - 1])) return null;
  const query = text.slice(start + 1, caret);
  if (query.startsWith(' ')) return null;
  return { start, query: fold(query) };
}

/** Teammates whose name, or a word of it, begins with the query; whole-name matches first. */
export function matchingTeammates<T extends Mentionable>(team: readonly T[], query: string, limit = 8): T[] {
  const rank = (member: T) => {
    const name = fold(member.name);
    if (name.startsWith(query)) return 0;
    if (name.split(/\s+/).some((word) => word.startsWith(query))) return 1;
    return -1;
  };
  return team
    .map((member) => ({ member, rank: rank(member) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.member.name.localeCompare(b.member.name))
    .slice(0, limit)
    .map((entry) => entry.member);
}

/** The text with the "@word" from `start` to `caret` replaced by "@Name ", and where the caret goes. */
export function insertMention(
  text: string,
  start: number,
  caret: number,
  member: Mentionable,
): { text: string; caret: number } {
  const inserted = `@${member.name} `;
  const rest = text.slice(caret).replace(/^ /, '');
  return { text: text.slice(0, start) + inserted + rest, caret: start + inserted.length };
}

/** A note's first line, shortened for a bell's sentence. */
export function noteExcerpt(text: string, length = 120): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > length ? `${flat.slice(0, length - 1).trimEnd()}…` : flat;
}

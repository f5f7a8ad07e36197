import type { SearchMatch } from '../../db/repositories/conversation-repository';

/** About how many characters of a message a search hit shows, and how many of them before the match. */
const snippetLength = 140;
const snippetLead = 40;

/**
 * The part of a message around the first place that holds the search (case aside), on one line,
 * cut at spaces and marked "…" where it was cut: a short message whole.
 */
export function searchSnippet(text: string, search: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= snippetLength) return flat;
  const at = Math.max(0, flat.toLowerCase().indexOf(search.replace(/\s+/g, ' ').trim().toLowerCase()));
  let start = Math.max(0, at - snippetLead);
  if (start > 0) {
    const space = flat.indexOf(' ', start);
    if (space !== -1 && space < at) start = space + 1;
  }
  let end = Math.min(flat.length, start + snippetLength);
  if (end < flat.length) {
    const space = flat.lastIndexOf(' ', end);
    if (space > at + search.length) end = space;
  }
  return `${start > 0 ? '…' : ''}${flat.slice(start, end)}${end < flat.length ? '…' : ''}`;
}

/**
 * What the inbox shows of a search hit: the message to open the conversation at, who wrote it and
 * the part of it that matched. None where the row's last message already shows the match.
 */
export function presentSearchMatch(match: SearchMatch | undefined, search: string, lastPreview: string | null) {
  if (!match) return null;
  if (lastPreview?.toLowerCase().includes(search.toLowerCase())) return null;
  return {
    message_id: match.id,
    snippet: searchSnippet(match.text, search),
    from: match.kind === 'note' ? ('note' as const) : match.sender,
    created_at: match.createdAt.toISOString(),
  };
}

export type SearchMatchProps = NonNullable<ReturnType<typeof presentSearchMatch>>;

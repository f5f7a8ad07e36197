/**
 * Replies being written, kept per person and conversation in this browser (localStorage), so that
 * opening another conversation, a reload or a closed tab does not lose them: the reply box finds its
 * words (and whether they were a reply or a note) when the conversation is opened again. A draft
 * goes when it is sent or emptied, after a week, and every one of a browser's drafts at log out. The
 * files picked are not kept (a browser cannot store them).
 */

const prefix = 'kawan.reply-draft.';
/** A draft older than this is dropped when read. */
export const draftTtlMs = 7 * 24 * 60 * 60 * 1000;
/** The most drafts kept; the oldest go first. */
export const draftsKept = 50;

export type DraftMode = 'reply' | 'note';

export interface ReplyDraft {
  text: string;
  mode: DraftMode;
  /** When it was last written (ms since the epoch). */
  at: number;
}

const keyOf = (userId: number, conversationId: number) => `${prefix}${userId}.${conversationId}`;

/** localStorage, or null where it is refused (a private window's quota, a blocked site). */
function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

function parsed(value: string | null): ReplyDraft | null {
  if (value === null) return null;
  try {
    const draft = JSON.parse(value) as Partial<ReplyDraft>;
    if (typeof draft.text !== 'string' || typeof draft.at !== 'number') return null;
    return { text: draft.text, mode: draft.mode === 'note' ? 'note' : 'reply', at: draft.at };
  } catch {
    return null;
  }
}

/** The person's draft in this conversation, unless there is none or it is older than a week. */
export function readDraft(userId: number, conversationId: number, now = Date.now()): ReplyDraft | null {
  const store = storage();
  if (!store) return null;
  const draft = parsed(store.getItem(keyOf(userId, conversationId)));
  if (draft && now - draft.at > draftTtlMs) {
    store.removeItem(keyOf(userId, conversationId));
    return null;
  }
  return draft;
}

/** Keeps the words being written; words of only spaces are no draft (it is removed). */
export function saveDraft(
  userId: number,
  conversationId: number,
  text: string,
  mode: DraftMode,
  now = Date.now(),
): void {
  const store = storage();
  if (!store) return;
  const key = keyOf(userId, conversationId);
  if (text.trim() === '') {
    store.removeItem(key);
    return;
  }
  try {
    store.setItem(key, JSON.stringify({ text, mode, at: now } satisfies ReplyDraft));
  } catch {
    // Full: the oldest drafts make room, once.
    prune(store, Math.floor(draftsKept / 2));
    try {
      store.setItem(key, JSON.stringify({ text, mode, at: now } satisfies ReplyDraft));
    } catch {
      return;
    }
  }
  prune(store, draftsKept);
}

export function clearDraft(userId: number, conversationId: number): void {
  storage()?.removeItem(keyOf(userId, conversationId));
}

/** Every draft of this browser (at log out: a shared computer keeps no customer's words). */
export function clearAllDrafts(): void {
  const store = storage();
  if (!store) return;
  for (const key of draftKeys(store)) store.removeItem(key);
}

function draftKeys(store: Storage): string[] {
  const keys: string[] = [];
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    if (key?.startsWith(prefix)) keys.push(key);
  }
  return keys;
}

/** Leaves at most `keep` drafts, the newest. */
function prune(store: Storage, keep: number): void {
  const keys = draftKeys(store);
  if (keys.length <= keep) return;
  const drafts = keys
    .map((key) => ({ key, at: parsed(store.getItem(key))?.at ?? 0 }))
    .sort((a, b) => b.at - a.at);
  for (const { key } of drafts.slice(keep)) store.removeItem(key);
}

/**
 * The visitor's id, kept in localStorage per channel key so history comes back on the next visit,
 * and whether the chat was open, kept per tab (sessionStorage) so it stays open across the host
 * site's page loads. Storage can be missing or refuse (private windows, blocked third-party
 * storage): every access is guarded, and the widget then works for the page's lifetime only.
 */

const visitorKey = (channelKey: string) => `kawan:${channelKey}:visitor`;
const openKey = (channelKey: string) => `kawan:${channelKey}:open`;
const nudgedKey = (channelKey: string) => `kawan:${channelKey}:nudged`;
const awaitingKey = (channelKey: string) => `kawan:${channelKey}:awaiting`;

function store(kind: 'localStorage' | 'sessionStorage'): Storage | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

function read(kind: 'localStorage' | 'sessionStorage', key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: 'localStorage' | 'sessionStorage', key: string, value: string | null): void {
  try {
    if (value === null) store(kind)?.removeItem(key);
    else store(kind)?.setItem(key, value);
  } catch {
    // Storage full or refused: nothing to keep.
  }
}

export const readVisitorId = (channelKey: string) => read('localStorage', visitorKey(channelKey));
export const writeVisitorId = (channelKey: string, visitorId: string | null) =>
  write('localStorage', visitorKey(channelKey), visitorId);
export const readWasOpen = (channelKey: string) => read('sessionStorage', openKey(channelKey)) === '1';
export const writeWasOpen = (channelKey: string, open: boolean) =>
  write('sessionStorage', openKey(channelKey), open ? '1' : null);
/** Whether this tab's visitor has seen the proactive message go (opened the chat or dismissed it). */
export const readNudged = (channelKey: string) => read('sessionStorage', nudgedKey(channelKey)) === '1';
export const writeNudged = (channelKey: string) => write('sessionStorage', nudgedKey(channelKey), '1');
/**
 * Whether the visitor's conversation is with a person (waiting for one or answered by one): the
 * loader then loads the panel on every page, closed, so that a reply is heard and counted on the
 * launcher even before the visitor opens the chat again.
 */
export const readAwaiting = (channelKey: string) => read('localStorage', awaitingKey(channelKey)) === '1';
export const writeAwaiting = (channelKey: string, awaiting: boolean) =>
  write('localStorage', awaitingKey(channelKey), awaiting ? '1' : null);

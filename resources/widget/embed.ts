import type { Identity } from './types';

/**
 * What the loader reads from the page that embeds it: where Kawan lives (from the script's own
 * URL) and who the visitor is when the host page says so before the widget loads.
 */

/**
 * APP_URL from the loader's own `src`: `<APP_URL>/widget.js` (what the embed snippet names) or
 * `<APP_URL>/build/widget/widget.js` (the built file itself), query and hash ignored.
 */
export function appUrlFrom(scriptSrc: string): string {
  const url = new URL(scriptSrc);
  const path = url.pathname.replace(/\/(?:build\/widget\/)?widget\.js$/, '').replace(/\/+$/, '');
  return url.origin + path;
}

/** An identity when it has a non-empty userId and userHash; extra fields are dropped, names trimmed. */
export function toIdentity(value: unknown): Identity | null {
  if (!value || typeof value !== 'object') return null;
  const source = value as Record<string, unknown>;
  const text = (field: unknown) =>
    typeof field === 'string' && field.trim() !== ''
      ? field.trim()
      : typeof field === 'number' && Number.isFinite(field)
        ? String(field)
        : undefined;
  const userId = text(source.userId);
  const userHash = text(source.userHash);
  if (!userId || !userHash) return null;
  const identity: Identity = { userId, userHash };
  const name = text(source.name);
  const email = text(source.email);
  if (name) identity.name = name;
  if (email) identity.email = email;
  return identity;
}

/**
 * The identity set before load: `window.kawanSettings = { userId, userHash, name?, email? }`, or
 * the script's `data-user-id`, `data-user-hash`, `data-user-name`, `data-user-email`. The
 * settings object wins when both are there.
 */
export function identityFromPage(settings: unknown, dataset: Record<string, string | undefined>): Identity | null {
  return (
    toIdentity(settings) ??
    toIdentity({ userId: dataset.userId, userHash: dataset.userHash, name: dataset.userName, email: dataset.userEmail })
  );
}

/**
 * The session's current CSRF token: the XSRF-TOKEN cookie the server sets on every response
 * (server/http/middleware/csrf.ts). Read it as each request leaves, never once and kept: the
 * server rotates the token at login and logout, and another tab's login rotates it for this one
 * too. '' before the first response.
 */
export function xsrfToken(): string {
  const cookie = document.cookie.split('; ').find((part) => part.startsWith('XSRF-TOKEN='));
  return cookie ? decodeURIComponent(cookie.slice('XSRF-TOKEN='.length)) : '';
}

/**
 * What every XHR the client sends outside Inertia's own HTTP client (which adds both itself)
 * carries, as seed.md §7 asks: X-Requested-With, and the current token as X-XSRF-TOKEN.
 */
export function ajaxHeaders(): Record<string, string> {
  const token = xsrfToken();
  return { 'X-Requested-With': 'XMLHttpRequest', ...(token ? { 'X-XSRF-TOKEN': token } : {}) };
}

/**
 * Keeps `<meta name="csrf-token">` equal to the cookie after each visit. The tag comes with the
 * first load only, so after an in-page login or logout it would still show the rotated-away token.
 * The client's own requests never read it (they use `ajaxHeaders`); this is for whatever reads the
 * tag later, as Laravel's snippets do.
 */
export function refreshCsrfMeta(): void {
  const token = xsrfToken();
  const meta = document.querySelector('meta[name="csrf-token"]');
  if (token && meta && meta.getAttribute('content') !== token) meta.setAttribute('content', token);
}

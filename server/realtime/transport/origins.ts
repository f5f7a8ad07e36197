/**
 * Allowed browser origins. An entry is `*`, a full origin (`https://kawan.test:8443`), a host with
 * a port (`localhost:8000`) or a host pattern where `*` stands for any run of characters
 * (`*.kawan.test`). A request without an Origin header is not a browser's (browsers always send
 * one on WebSocket handshakes) and could claim any origin anyway, so it is let through.
 */
export function isOriginAllowed(origin: string | undefined, allowed: string[]): boolean {
  if (allowed.includes('*')) return true;
  if (origin === undefined || origin === '') return true;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  const host = url.host.toLowerCase();
  const hostname = url.hostname.toLowerCase();
  for (const entry of allowed) {
    const pattern = entry.trim().toLowerCase();
    if (pattern.includes('://')) {
      if (sameOrigin(pattern, url)) return true;
    } else if (pattern.includes(':') && !pattern.includes('*')) {
      if (pattern === host) return true;
    } else if (wildcard(pattern).test(hostname)) {
      return true;
    }
  }
  return false;
}

function sameOrigin(entry: string, url: URL): boolean {
  try {
    return new URL(entry).origin === url.origin;
  } catch {
    return false;
  }
}

function wildcard(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

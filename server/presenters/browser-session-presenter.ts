import { UAParser } from 'ua-parser-js';

/** One row of the "Browser Sessions" list on the profile page (Jetstream's shape). */
export interface BrowserSession {
  agent: {
    is_desktop: boolean;
    /** Operating system ("Linux", "macOS", "iOS"…), null when the user agent does not say. */
    platform: string | null;
    /** Browser ("Chrome", "Firefox", "Mobile Safari"…), null when the user agent does not say. */
    browser: string | null;
  };
  ip_address: string | null;
  is_current_device: boolean;
  /** ISO time of the session's last request; the page shows it relative to now. */
  last_active: string;
}

export interface SessionSummary {
  id: string;
  ipAddress: string | null;
  userAgent: string | null;
  /** Unix seconds. */
  lastActivity: number;
}

const handheld = new Set(['mobile', 'tablet', 'wearable']);

/** A session row as the page may see it: never its id or payload. */
export function presentBrowserSession(session: SessionSummary, currentSessionId: string): BrowserSession {
  const result = new UAParser(session.userAgent ?? '').getResult();
  return {
    agent: {
      is_desktop: !handheld.has(result.device.type ?? ''),
      platform: result.os.name ?? null,
      browser: result.browser.name ?? null,
    },
    ip_address: displayIp(session.ipAddress),
    is_current_device: session.id === currentSessionId,
    last_active: new Date(session.lastActivity * 1000).toISOString(),
  };
}

/** IPv4 clients reach a dual-stack server as `::ffff:203.0.113.7`; show them the usual way. */
function displayIp(ip: string | null): string | null {
  if (!ip) return null;
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
}

/**
 * robots.txt as RFC 9309 reads it: groups of user-agent lines with their Allow/Disallow rules,
 * plus the Sitemap lines (which belong to no group). Pure, no I/O; crawl.ts fetches the file.
 *
 * - A group is one or more `User-agent` lines and the rules after them; a `User-agent` line after a
 *   rule starts a new group. Groups naming the same agent are merged. Rules before any
 *   `User-agent` line and unknown keys (Crawl-delay, Host…) are ignored.
 * - The crawler obeys the group whose agent is the longest case-insensitive prefix of its product
 *   token (`KawanBot/1.0 (+…)` → `kawanbot`; `KawanBot` and `Kawan` both match, `KawanBot` wins),
 *   otherwise the `*` group, otherwise nothing restricts it.
 * - The longest matching pattern decides; on a tie Allow wins. `*` matches any run of characters,
 *   a trailing `$` anchors the end; otherwise a pattern matches a prefix of the path (with query).
 *   An empty `Disallow:` restricts nothing. /robots.txt itself is always allowed.
 */

export interface RobotsRule {
  allow: boolean;
  /** Normalised: starts with `/` or `*`, non-ASCII and percent escapes in upper-case %XX form. */
  pattern: string;
}

export interface RobotsGroup {
  /** Lower-cased product tokens (`*` for everyone). */
  agents: string[];
  rules: RobotsRule[];
}

export interface Robots {
  groups: RobotsGroup[];
  /** Sitemap URLs as declared (absolute by the standard; crawl.ts resolves them against robots.txt). */
  sitemaps: string[];
}

/** RFC 9309 asks crawlers to read at least 500 KiB; what follows is ignored. */
const MAX_ROBOTS_CHARS = 512 * 1024;

export function parseRobots(text: string): Robots {
  const robots: Robots = { groups: [], sitemaps: [] };
  let group: RobotsGroup | undefined;
  let groupHasRules = false;
  for (const rawLine of text
    .slice(0, MAX_ROBOTS_CHARS)
    .replace(/^\uFEFF/, '')
    .split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, '');
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'user-agent') {
      if (!group || groupHasRules) {
        group = { agents: [], rules: [] };
        groupHasRules = false;
        robots.groups.push(group);
      }
      const agent = productToken(value);
      if (agent) group.agents.push(agent);
    } else if (key === 'allow' || key === 'disallow') {
      if (!group) continue;
      groupHasRules = true;
      if (value) group.rules.push({ allow: key === 'allow', pattern: normalisePattern(value) });
    } else if (key === 'sitemap' || key === 'site-map') {
      if (value) robots.sitemaps.push(value);
    }
  }
  return robots;
}

/** Whether `userAgent` may fetch `path` (a URL path with its query, e.g. `/docs/a?x=1`). */
export function robotsAllows(robots: Robots, userAgent: string, path: string): boolean {
  const target = normalisePath(path);
  if (target === '/robots.txt') return true;
  let best: RobotsRule | undefined;
  for (const rule of rulesFor(robots, userAgent)) {
    if (!patternMatches(rule.pattern, target)) continue;
    if (
      !best ||
      rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)
    ) {
      best = rule;
    }
  }
  return best?.allow ?? true;
}

function rulesFor(robots: Robots, userAgent: string): RobotsRule[] {
  const token = productToken(userAgent);
  let chosen = '';
  for (const group of robots.groups) {
    for (const agent of group.agents) {
      if (agent !== '*' && token.startsWith(agent) && agent.length > chosen.length) chosen = agent;
    }
  }
  const agent = chosen || '*';
  return robots.groups.filter((group) => group.agents.includes(agent)).flatMap((group) => group.rules);
}

/** `KawanBot/1.0 (+https://…)` → `kawanbot`; `*` stays `*`. */
function productToken(value: string): string {
  const trimmed = value.trim();
  if (trimmed.startsWith('*')) return '*';
  return (/^[A-Za-z0-9_.-]+/.exec(trimmed)?.[0] ?? '').toLowerCase();
}

function normalisePattern(value: string): string {
  const pattern = value.startsWith('/') || value.startsWith('*') ? value : `/${value}`;
  return normalisePath(pattern);
}

/** Non-ASCII and spaces percent-encoded, escapes upper-cased, so `/caf%c3%a9` and `/café` compare equal. */
function normalisePath(value: string): string {
  return value
    .replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run))
    .replace(/%[0-9a-fA-F]{2}/g, (escape) => escape.toUpperCase());
}

/**
 * Glob matching with `*` only (and a final `$` anchor), without regular expressions so that a
 * hostile pattern like `/*a*a*a*a*b` cannot make matching blow up: greedy with one backtrack point.
 */
function patternMatches(rawPattern: string, path: string): boolean {
  const anchored = rawPattern.endsWith('$');
  const pattern = anchored ? rawPattern.slice(0, -1) : `${rawPattern}*`;
  let p = 0;
  let s = 0;
  let starAt = -1;
  let resumeAt = 0;
  while (s < path.length) {
    if (p < pattern.length && pattern[p] === '*') {
      starAt = p++;
      resumeAt = s;
    } else if (p < pattern.length && pattern[p] === path[s]) {
      p++;
      s++;
    } else if (starAt >= 0) {
      p = starAt + 1;
      s = ++resumeAt;
    } else {
      return false;
    }
  }
  while (p < pattern.length && pattern[p] === '*') p++;
  return p === pattern.length;
}

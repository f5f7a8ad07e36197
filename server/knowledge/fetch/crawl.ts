/**
 * Which pages of a site a sitemap source covers. The pages themselves are fetched later by the
 * caller; this module only finds their URLs, through the injected `fetch` (fetchUrl bound with the
 * caller's options, or a stand-in in tests). No framework, no database.
 *
 * 1. The start URL is fetched (the user named it, so robots.txt does not stop this one fetch).
 *    If it redirects, the site is where it lands.
 * 2. If it is a sitemap (`<urlset>` or `<sitemapindex>`, gzipped or not), its pages are the result;
 *    an index's child sitemaps are read in order, at most 25 files, two levels deep.
 * 3. Otherwise the start page is the first page, then the sitemaps robots.txt declares, else
 *    /sitemap.xml; if they add no page, links are followed breadth-first from the start page.
 *
 * Decisions:
 * - One site = one host with any leading `www.` removed, and the same port: `example.com` and
 *   `www.example.com` are the same site (owners serve the same pages on both), `docs.example.com`
 *   is another host. http and https of one host are the same site.
 * - Dedupe ignores the scheme, `www.`, the fragment and a trailing slash (`/docs` = `/docs/`); the
 *   first form seen is the one returned, never a rewritten one (servers may answer only one form).
 * - robots.txt is read per origin and obeyed for every page found (not the start URL, see 1):
 *   a 4xx robots.txt allows everything, a 5xx or unreachable one disallows everything (RFC 9309).
 * - maxPages defaults to 50 and is held to 1…500. The link crawl fetches at most 2 × maxPages + 10
 *   URLs (failures included), 4 at a time; results are taken in queue order, so the answer is
 *   deterministic. Links to documents Kawan reads (.pdf, .docx, .xlsx, .csv, .txt, .md) are
 *   listed without being fetched; media, archives, fonts, scripts and the like are ignored.
 * - `skipped` lists at most 1000 entries; links that are not http(s) (mailto:, javascript:) and
 *   ignored file types are not listed there.
 */
import { gunzipSync } from 'node:zlib';
import { SourceContentError } from '../document';
import { DEFAULT_USER_AGENT, HttpStatusError, type FetchResult } from './fetch-url';
import { parseRobots, robotsAllows, type Robots } from './robots';

export type SkipReason = 'robots' | 'other_host' | 'limit' | 'error';

export interface DiscoverOptions {
  /** Default 50, at most 500. */
  maxPages?: number;
  fetch: (url: string) => Promise<FetchResult>;
  /** Whose robots.txt rules apply. Default DEFAULT_USER_AGENT. */
  userAgent?: string;
}

export interface DiscoveredPages {
  pages: string[];
  skipped: Array<{ url: string; reason: SkipReason }>;
}

export const DEFAULT_MAX_PAGES = 50;
export const MAX_PAGES = 500;
const MAX_SITEMAP_FILES = 25;
const MAX_SITEMAP_DEPTH = 2;
/** The sitemaps.org limit for one file, uncompressed. */
const MAX_SITEMAP_BYTES = 50 * 1024 * 1024;
const MAX_SKIPPED = 1000;
const MAX_LINKS_PER_PAGE = 5000;
const CONCURRENCY = 4;

const ALLOW_ALL: Robots = { groups: [], sitemaps: [] };
const DISALLOW_ALL: Robots = { groups: [{ agents: ['*'], rules: [{ allow: false, pattern: '/' }] }], sitemaps: [] };

/** Listed as pages without being fetched (they have no links to follow). */
const DOCUMENT_EXTENSIONS = new Set(['pdf', 'docx', 'xlsx', 'csv', 'txt', 'md']);
/** Never pages. */
const IGNORED_EXTENSIONS = new Set(
  (
    'png jpg jpeg gif webp svg ico bmp tif tiff avif heic mp3 mp4 m4a m4v mov avi wmv webm ogg ogv wav flac mkv ' +
    'zip gz tgz tar rar 7z bz2 xz dmg iso exe msi apk bin deb rpm woff woff2 ttf otf eot css js mjs map json ' +
    'doc xls ppt pptx odt ods odp rtf eps ps'
  ).split(' '),
);

export async function discoverPages(startUrl: string, options: DiscoverOptions): Promise<DiscoveredPages> {
  const requested = options.maxPages ?? DEFAULT_MAX_PAGES;
  const maxPages = Math.min(
    MAX_PAGES,
    Math.max(1, Math.floor(Number.isFinite(requested) ? requested : DEFAULT_MAX_PAGES)),
  );
  const first = await options.fetch(startUrl.trim());
  const start = withoutHash(new URL(first.url));
  const discovery = new Discovery(start, maxPages, options.fetch, options.userAgent ?? DEFAULT_USER_AGENT);

  if (parseSitemap(first.body)) {
    await discovery.readSitemaps([{ url: start, result: first }], { quiet: false });
    return discovery.result();
  }

  discovery.addPage(start);
  const robots = await discovery.robotsFor(start);
  const declared = robots.sitemaps.flatMap((declaredUrl) => {
    const url = parseUrl(declaredUrl, new URL('/robots.txt', start));
    return url ? [url] : [];
  });
  const readDeclared =
    declared.length > 0 &&
    (await discovery.readSitemaps(
      declared.map((url) => ({ url })),
      { quiet: false },
    ));
  if (!readDeclared || discovery.pageCount() <= 1) {
    await discovery.readSitemaps([{ url: new URL('/sitemap.xml', start) }], { quiet: true });
  }
  if (discovery.pageCount() <= 1) await discovery.crawlLinks(first);
  return discovery.result();
}

interface QueuedLink {
  url: URL;
  /** Documents are listed as they are; pages are fetched for their links. */
  fetch: boolean;
}

class Discovery {
  private readonly pages: string[] = [];
  private readonly skipped: DiscoveredPages['skipped'] = [];
  /** Page keys already listed, queued or skipped. */
  private readonly seen = new Set<string>();
  private readonly robotsByOrigin = new Map<string, Promise<Robots>>();
  private readonly sitemapsRead = new Set<string>();

  constructor(
    private readonly start: URL,
    private readonly maxPages: number,
    private readonly fetch: (url: string) => Promise<FetchResult>,
    private readonly userAgent: string,
  ) {}

  result(): DiscoveredPages {
    return { pages: [...this.pages], skipped: [...this.skipped] };
  }

  pageCount(): number {
    return this.pages.length;
  }

  addPage(url: URL): void {
    this.seen.add(pageKey(url));
    this.pages.push(url.href);
  }

  robotsFor(url: URL): Promise<Robots> {
    let robots = this.robotsByOrigin.get(url.origin);
    if (!robots) {
      robots = readRobots(new URL('/robots.txt', url), this.fetch);
      this.robotsByOrigin.set(url.origin, robots);
    }
    return robots;
  }

  /**
   * Reads sitemap files (and, for an index, its child sitemaps) and lists their pages. Whether at
   * least one of them was a sitemap. `quiet`: a missing file is expected (the /sitemap.xml guess).
   */
  async readSitemaps(
    initial: Array<{ url: URL; result?: FetchResult }>,
    { quiet }: { quiet: boolean },
  ): Promise<boolean> {
    const queue = initial.map((entry) => ({ ...entry, depth: 0 }));
    let readOne = false;
    for (let entry = queue.shift(); entry; entry = queue.shift()) {
      const { url, depth } = entry;
      if (this.sitemapsRead.has(url.href)) continue;
      if (this.full() || this.sitemapsRead.size >= MAX_SITEMAP_FILES) {
        this.skip(url, 'limit');
        continue;
      }
      this.sitemapsRead.add(url.href);
      let result = entry.result;
      if (!result) {
        try {
          result = await this.fetch(url.href);
        } catch (error) {
          if (!(error instanceof SourceContentError)) throw error;
          if (!quiet) this.skip(url, 'error');
          continue;
        }
      }
      const sitemap = parseSitemap(result.body);
      if (!sitemap) continue;
      readOne = true;
      const base = new URL(result.url);
      for (const loc of sitemap.locs) {
        const target = parseUrl(loc, base);
        if (!target) continue;
        if (sitemap.kind === 'urlset') {
          await this.offer({ url: target, fetch: false }, (link) => this.list(link.url));
        } else if (!sameSite(target, this.start)) {
          this.skip(target, 'other_host');
        } else if (depth + 1 <= MAX_SITEMAP_DEPTH) {
          queue.push({ url: target, result: undefined, depth: depth + 1 });
        }
      }
    }
    return readOne;
  }

  /** Breadth-first over same-site links from the start page, which is already listed. */
  async crawlLinks(startPage: FetchResult): Promise<void> {
    const queue: QueuedLink[] = [];
    const enqueue = (link: QueuedLink) => {
      queue.push(link);
    };
    for (const link of extractLinks(startPage)) await this.offer(link, enqueue);
    let fetches = 0;
    const maxFetches = 2 * this.maxPages + 10;
    while (queue.length > 0 && !this.full() && fetches < maxFetches) {
      const batch = queue.splice(0, Math.min(CONCURRENCY, this.maxPages - this.pages.length, maxFetches - fetches));
      const toFetch = batch.filter((link) => link.fetch);
      fetches += toFetch.length;
      const results = await Promise.allSettled(toFetch.map((link) => this.fetch(link.url.href)));
      for (const link of batch) {
        if (!link.fetch) {
          this.list(link.url);
          continue;
        }
        const settled = results[toFetch.indexOf(link)];
        if (settled.status === 'rejected') {
          if (!(settled.reason instanceof SourceContentError)) throw settled.reason;
          this.skip(link.url, 'error');
          continue;
        }
        const page = settled.value;
        const landed = withoutHash(new URL(page.url));
        if (!sameSite(landed, this.start)) {
          this.skip(link.url, 'other_host');
          continue;
        }
        if (pageKey(landed) !== pageKey(link.url)) {
          if (this.seen.has(pageKey(landed))) continue;
          this.seen.add(pageKey(landed));
          if (!robotsAllows(await this.robotsFor(landed), this.userAgent, pathOf(landed))) {
            this.skip(link.url, 'robots');
            continue;
          }
        }
        if (/^(image|audio|video|font)\//i.test(page.contentType ?? '')) continue;
        if (this.full()) {
          this.skip(link.url, 'limit');
          continue;
        }
        this.pages.push(landed.href);
        for (const found of extractLinks(page)) await this.offer(found, enqueue);
      }
    }
    for (const link of queue) this.skip(link.url, 'limit');
  }

  /** A URL found on the site: handed to `accept` unless it is another host's, already seen, or disallowed. */
  private async offer(link: QueuedLink, accept: (link: QueuedLink) => void): Promise<void> {
    const { url } = link;
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return;
    const extension = extensionOf(url);
    if (IGNORED_EXTENSIONS.has(extension)) return;
    const key = pageKey(url);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (!sameSite(url, this.start)) return this.skip(url, 'other_host');
    if (!robotsAllows(await this.robotsFor(url), this.userAgent, pathOf(url))) return this.skip(url, 'robots');
    accept({ url, fetch: link.fetch && !DOCUMENT_EXTENSIONS.has(extension) });
  }

  private list(url: URL): void {
    if (this.full()) this.skip(url, 'limit');
    else this.pages.push(url.href);
  }

  private full(): boolean {
    return this.pages.length >= this.maxPages;
  }

  private skip(url: URL, reason: SkipReason): void {
    if (this.skipped.length < MAX_SKIPPED) this.skipped.push({ url: url.href, reason });
  }
}

/** RFC 9309 §2.3.1: a 4xx robots.txt means no rules; an error or 5xx means stay out. */
async function readRobots(url: URL, fetch: (url: string) => Promise<FetchResult>): Promise<Robots> {
  try {
    const result = await fetch(url.href);
    return parseRobots(new TextDecoder().decode(result.body));
  } catch (error) {
    if (!(error instanceof SourceContentError)) throw error;
    if (error instanceof HttpStatusError && error.status >= 400 && error.status < 500) return ALLOW_ALL;
    if (error.code === 'too_large') return ALLOW_ALL;
    return DISALLOW_ALL;
  }
}

/**
 * A sitemap's `<loc>` values in document order, or undefined when the body is not a sitemap (an
 * HTML page answering for /sitemap.xml). Tolerant reading, not an XML parser: comments dropped,
 * CDATA unwrapped, entities decoded, whitespace trimmed; only the `<loc>` elements of the sitemap
 * namespace count (not `<image:loc>`). Linear in the input.
 */
export function parseSitemap(body: Uint8Array): { kind: 'urlset' | 'index'; locs: string[] } | undefined {
  let bytes = body;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = gunzipSync(bytes, { maxOutputLength: MAX_SITEMAP_BYTES });
    } catch {
      return undefined;
    }
  }
  const text = cutSections(
    cutSections(new TextDecoder().decode(bytes), /<!--/g, /-->/g),
    /<!\[CDATA\[/g,
    /\]\]>/g,
    escapeXml,
  );
  const root = /^\s*(?:<\?[^>]*>\s*|<!DOCTYPE[^>]*>\s*)*<([\w.-]+:)?(urlset|sitemapindex)[\s>/]/i.exec(text);
  if (!root) return undefined;
  const prefix = (root[1] ?? '').toLowerCase();
  const locs: string[] = [];
  for (const match of text.matchAll(/<([\w.-]+:)?loc(?:\s[^>]*)?>([^<]*)<\/([\w.-]+:)?loc\s*>/gi)) {
    if ((match[1] ?? '').toLowerCase() !== prefix) continue;
    const loc = decodeEntities(match[2]).trim();
    if (loc) locs.push(loc);
  }
  return { kind: root[2].toLowerCase() === 'urlset' ? 'urlset' : 'index', locs };
}

/** `<a href>` and `<area href>` targets of an HTML page, resolved against its URL or `<base href>`. */
function extractLinks(page: FetchResult): QueuedLink[] {
  if (!isHtml(page)) return [];
  const html = cutSections(
    cutSections(cutSections(new TextDecoder().decode(page.body), /<!--/g, /-->/g), /<script\b/gi, /<\/script\s*>/gi),
    /<style\b/gi,
    /<\/style\s*>/gi,
  );
  const pageUrl = new URL(page.url);
  const baseHref = /<base\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(html);
  const base = (baseHref && parseUrl(decodeEntities(baseHref[1] ?? baseHref[2] ?? baseHref[3]), pageUrl)) || pageUrl;
  const links: QueuedLink[] = [];
  for (const match of html.matchAll(/<(?:a|area)\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi)) {
    const url = parseUrl(decodeEntities(match[1] ?? match[2] ?? match[3]), base);
    if (url) links.push({ url, fetch: true });
    if (links.length >= MAX_LINKS_PER_PAGE) break;
  }
  return links;
}

function isHtml(page: FetchResult): boolean {
  if (page.contentType) return /html/i.test(page.contentType);
  const head = new TextDecoder().decode(page.body.subarray(0, 1024));
  return /^\s*(?:<!doctype html|<html)/i.test(head);
}

/**
 * `text` without the sections from `open` to `close` (or to the end, when unclosed); `keep` turns
 * a section's inside into what replaces it. Linear: each search starts where the last one ended.
 */
function cutSections(text: string, open: RegExp, close: RegExp, keep?: (inside: string) => string): string {
  let out = '';
  let at = 0;
  for (;;) {
    open.lastIndex = at;
    const opened = open.exec(text);
    if (!opened) break;
    close.lastIndex = opened.index + opened[0].length;
    const closed = close.exec(text);
    out += text.slice(at, opened.index);
    if (!closed) return out;
    if (keep) out += keep(text.slice(opened.index + opened[0].length, closed.index));
    at = closed.index + closed[0].length;
  }
  return out + text.slice(at);
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function parseUrl(value: string, base: URL): URL | undefined {
  try {
    return withoutHash(new URL(value.trim(), base));
  } catch {
    return undefined;
  }
}

function withoutHash(url: URL): URL {
  url.hash = '';
  return url;
}

/** The host without a leading `www.`, port included when not the default. */
function siteOf(url: URL): string {
  return url.host.replace(/^www\./, '');
}

function sameSite(url: URL, start: URL): boolean {
  return siteOf(url) === siteOf(start);
}

/** What dedupes pages: site, path without a trailing slash, query. Scheme and fragment ignored. */
function pageKey(url: URL): string {
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  return `${siteOf(url)}${path}${url.search}`;
}

function pathOf(url: URL): string {
  return `${url.pathname}${url.search}`;
}

function extensionOf(url: URL): string {
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

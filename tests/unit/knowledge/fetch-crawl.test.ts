import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { SourceContentError } from '../../../server/knowledge/document';
import { discoverPages, parseSitemap } from '../../../server/knowledge/fetch/crawl';
import { fetchUrl, HttpStatusError, type FetchResult } from '../../../server/knowledge/fetch/fetch-url';

// Small sites served by one local server, told apart by the Host header; an injected DNS maps
// their names to 127.0.0.1, so "other host" and "www." are real hosts to fetchUrl.

type Reply = { status?: number; type?: string; body: string | Buffer; location?: string };
const sites: Record<string, Record<string, Reply>> = {};
const requested: string[] = [];
let server: Server;
let port: number;
let A: string; // a site with a sitemap index
let B: string; // a site without a sitemap
let WWW_B: string;

const names = ['site-a.test', 'site-b.test', 'www.site-b.test', 'other.test'];
const lookup = async (hostname: string) => {
  if (!names.includes(hostname)) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address: '127.0.0.1', family: 4 }];
};
const fetch = (url: string) => fetchUrl(url, { allowPrivate: true, lookup, timeoutMs: 5000 });
const html = (body: string): Reply => ({
  type: 'text/html; charset=utf-8',
  body: `<!doctype html><html><body>${body}</body></html>`,
});
const xml = (body: string): Reply => ({
  type: 'application/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?>\n${body}`,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    const host = (req.headers.host ?? '').replace(/:\d+$/, '');
    const path = req.url ?? '/';
    requested.push(`${host}${path}`);
    const reply = sites[host]?.[path] ?? { status: 404, body: 'not found' };
    res.writeHead(reply.status ?? (reply.location ? 302 : 200), {
      ...(reply.type ? { 'Content-Type': reply.type } : {}),
      ...(reply.location ? { Location: reply.location } : {}),
    });
    res.end(reply.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  A = `http://site-a.test:${port}`;
  B = `http://site-b.test:${port}`;
  WWW_B = `http://www.site-b.test:${port}`;

  sites['site-a.test'] = {
    '/robots.txt': {
      type: 'text/plain',
      body: `User-agent: *\nDisallow: /private\n\nSitemap: ${A}/sitemap-index.xml\n`,
    },
    '/': html('<a href="/not-followed">sitemaps come first</a>'),
    '/sitemap-index.xml': xml(`
      <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <sitemap><loc>${A}/sitemap-pages.xml</loc><lastmod>2025-01-01</lastmod></sitemap>
        <sitemap>
          <loc>
            ${A}/sitemap-blog.xml.gz
          </loc>
        </sitemap>
        <sitemap><loc>http://other.test:${port}/sitemap.xml</loc></sitemap>
      </sitemapindex>`),
    '/sitemap-pages.xml': xml(`
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
        <!-- <url><loc>${A}/commented-out</loc></url> -->
        <url><loc>${A}/</loc></url>
        <url><loc>${A}/pricing</loc><image:image><image:loc>${A}/pricing.png</image:loc></image:image></url>
        <url><loc><![CDATA[${A}/search?q=a&b=1]]></loc></url>
        <url><loc>${A}/docs?lang=en&amp;v=2</loc></url>
        <url><loc>${A}/docs?lang=en&amp;v=2#top</loc></url>
        <url><loc>${A}/about/</loc></url>
        <url><loc>${A}/about</loc></url>
        <url><loc>${A}/private/plans</loc></url>
        <url><loc>http://other.test:${port}/elsewhere</loc></url>
      </urlset>`),
    '/sitemap-blog.xml.gz': {
      type: 'application/gzip',
      body: gzipSync(
        `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `<url><loc>${A}/blog/first</loc></url><url><loc>${A}/blog/second</loc></url></urlset>`,
      ),
    },
  };

  sites['site-b.test'] = {
    '/robots.txt': {
      type: 'text/plain',
      body: 'User-agent: *\nDisallow: /admin\n\nUser-agent: KawanBot\nDisallow: /drafts\n',
    },
    '/': html(`
      <a href="/about">About</a>
      <a href='/docs/'>Docs</a>
      <a href=/docs>Docs again</a>
      <a href="/about#team">Team</a>
      <a href="mailto:hi@site-b.test">Mail</a>
      <a href="javascript:void(0)">Nothing</a>
      <a href="/logo.png">Logo</a>
      <a href="/guide.pdf">Guide</a>
      <a href="http://other.test:${port}/x">Elsewhere</a>
      <a href="${WWW_B}/contact">Contact</a>
      <a href="/admin/panel">Admin (disallowed for * only: KawanBot has its own group)</a>
      <a href="/drafts/next">Drafts (disallowed for KawanBot)</a>
      <a href="/broken">Broken</a>
      <a href="/moved">Moved</a>
      <!-- <a href="/commented">hidden</a> -->
      <script>document.write('<a href="/scripted">x</a>')</script>
    `),
    '/about': html('<a href="/">Home</a> <a href="/team?tab=1&amp;x=2">Team</a>'),
    '/docs/': html('<a href="intro">Intro</a> <a href="../about">About</a>'),
    '/docs/intro': html('No links here.'),
    '/admin/panel': html('Admin'),
    '/moved': { status: 301, location: '/docs/moved-here', body: '' },
    '/docs/moved-here': html('<a href="/docs/intro">Intro</a>'),
    '/team?tab=1&x=2': html('<a href="/team?tab=1&x=2">Self</a>'),
  };
  sites['www.site-b.test'] = {
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nAllow: /\n' },
    '/contact': html('<base href="/docs/"><a href="intro">Intro, via base</a>'),
  };
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('discoverPages: a site with a sitemap index', () => {
  const fromSitemaps = () => [
    `${A}/pricing`,
    `${A}/search?q=a&b=1`,
    `${A}/docs?lang=en&v=2`,
    `${A}/about/`,
    `${A}/blog/first`,
    `${A}/blog/second`,
  ];

  it('starts from the page, then the sitemaps robots.txt declares', async () => {
    const found = await discoverPages(`${A}/`, { maxPages: 50, fetch });
    expect(found.pages).toEqual([`${A}/`, ...fromSitemaps()]);
    expect(found.skipped).toEqual([
      { url: `http://other.test:${port}/sitemap.xml`, reason: 'other_host' }, // from the index, read first
      { url: `${A}/private/plans`, reason: 'robots' },
      { url: `http://other.test:${port}/elsewhere`, reason: 'other_host' },
    ]);
    expect(requested).not.toContain(`site-a.test/not-followed`);
    expect(requested.some((entry) => entry.startsWith('other.test'))).toBe(false);
  });

  it('reads a sitemap given as the start URL, without listing the sitemap itself', async () => {
    const found = await discoverPages(`${A}/sitemap-index.xml`, { maxPages: 50, fetch });
    expect(found.pages).toEqual([`${A}/`, ...fromSitemaps()]);
  });

  it('stops at maxPages and says what it left out', async () => {
    const found = await discoverPages(`${A}/sitemap-pages.xml`, { maxPages: 2, fetch });
    expect(found.pages).toEqual([`${A}/`, `${A}/pricing`]);
    expect(found.skipped.filter((entry) => entry.reason === 'limit').map((entry) => entry.url)).toEqual([
      `${A}/search?q=a&b=1`,
      `${A}/docs?lang=en&v=2`,
      `${A}/about/`,
    ]);
  });
});

describe('discoverPages: a site without a sitemap', () => {
  it('follows same-site links breadth-first, obeying robots.txt', async () => {
    const found = await discoverPages(`${B}/`, { maxPages: 50, fetch });
    expect(found.pages).toEqual([
      `${B}/`,
      `${B}/about`,
      `${B}/docs/`,
      `${B}/guide.pdf`, // a document: listed, not fetched
      `${WWW_B}/contact`, // www. is the same site
      `${B}/admin/panel`,
      `${B}/docs/moved-here`, // where /moved redirects
      `${B}/team?tab=1&x=2`,
      `${B}/docs/intro`,
    ]);
    expect(found.skipped).toEqual([
      { url: `http://other.test:${port}/x`, reason: 'other_host' },
      { url: `${B}/drafts/next`, reason: 'robots' },
      { url: `${B}/broken`, reason: 'error' },
    ]);
    for (const never of ['/guide.pdf', '/logo.png', '/drafts/next', '/commented', '/scripted']) {
      expect(requested, never).not.toContain(`site-b.test${never}`);
    }
  });

  it('answers the same every time', async () => {
    const first = await discoverPages(`${B}/`, { maxPages: 50, fetch });
    const second = await discoverPages(`${B}/`, { maxPages: 50, fetch });
    expect(second).toEqual(first);
  });

  it('stops at maxPages', async () => {
    const found = await discoverPages(`${B}/`, { maxPages: 3, fetch });
    expect(found.pages).toEqual([`${B}/`, `${B}/about`, `${B}/docs/`]);
    expect(found.skipped.filter((entry) => entry.reason === 'limit').map((entry) => entry.url)).toEqual([
      `${B}/guide.pdf`,
      `${WWW_B}/contact`,
      `${B}/admin/panel`,
      `${B}/broken`,
      `${B}/moved`,
      `${B}/team?tab=1&x=2`,
      `${B}/docs/intro`,
    ]);
  });

  it('throws the start page’s own error', async () => {
    const error = await discoverPages(`${B}/nowhere`, { fetch }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(HttpStatusError);
    expect((error as SourceContentError).message).toBe(`The page ${B}/nowhere answered 404 Not Found.`);
  });
});

/** An in-memory site for the robots.txt answers a real server would make awkward. */
function memorySite(pages: Record<string, { status?: number; body: string; type?: string }>) {
  const calls: string[] = [];
  const fetchPage = async (url: string): Promise<FetchResult> => {
    calls.push(url);
    const page = pages[url] ?? { status: 404, body: '' };
    const status = page.status ?? 200;
    if (status >= 400) throw new HttpStatusError(status, `The page ${url} answered ${status}.`);
    return { url, status, contentType: page.type ?? 'text/html', body: new TextEncoder().encode(page.body) };
  };
  return { calls, fetch: fetchPage };
}

describe('discoverPages: robots.txt answers', () => {
  const home = { body: '<a href="/a">a</a> <a href="/b">b</a>' };

  it('allows everything when robots.txt is missing (4xx)', async () => {
    const site = memorySite({
      'https://m.test/': home,
      'https://m.test/a': { body: '' },
      'https://m.test/b': { body: '' },
    });
    expect((await discoverPages('https://m.test/', { fetch: site.fetch })).pages).toEqual([
      'https://m.test/',
      'https://m.test/a',
      'https://m.test/b',
    ]);
  });

  it('stays out when robots.txt fails with a 5xx, but keeps the page the user named', async () => {
    const site = memorySite({ 'https://m.test/': home, 'https://m.test/robots.txt': { status: 503, body: '' } });
    const found = await discoverPages('https://m.test/', { fetch: site.fetch });
    expect(found.pages).toEqual(['https://m.test/']);
    expect(found.skipped).toEqual([
      { url: 'https://m.test/a', reason: 'robots' },
      { url: 'https://m.test/b', reason: 'robots' },
    ]);
    expect(site.calls).not.toContain('https://m.test/a');
  });

  it('holds maxPages to 1…500', async () => {
    const links = Array.from({ length: 600 }, (_, n) => `<a href="/p${n}">${n}</a>`).join('');
    const pages: Record<string, { body: string }> = { 'https://m.test/': { body: links } };
    for (let n = 0; n < 600; n++) pages[`https://m.test/p${n}`] = { body: '' };
    const many = await discoverPages('https://m.test/', { maxPages: 10_000, fetch: memorySite(pages).fetch });
    expect(many.pages).toHaveLength(500);
    const one = await discoverPages('https://m.test/', { maxPages: 0, fetch: memorySite(pages).fetch });
    expect(one.pages).toEqual(['https://m.test/']);
  });

  it('rethrows what is not a content error (a bug, a cancellation)', async () => {
    const reason = new Error('cancelled');
    const fetchPage = async (url: string): Promise<FetchResult> => {
      if (url.endsWith('/robots.txt')) throw reason;
      return { url, status: 200, contentType: 'text/html', body: new TextEncoder().encode(home.body) };
    };
    await expect(discoverPages('https://m.test/', { fetch: fetchPage })).rejects.toBe(reason);
  });
});

describe('discoverPages: where the sitemap is', () => {
  const urlset = (...urls: string[]) => ({
    type: 'application/xml',
    body: `<urlset>${urls.map((url) => `<url><loc>${url}</loc></url>`).join('')}</urlset>`,
  });

  it('tries /sitemap.xml when robots.txt declares none', async () => {
    const site = memorySite({
      'https://m.test/': { body: '<a href="/linked">not needed</a>' },
      'https://m.test/sitemap.xml': urlset('https://m.test/one', 'https://www.m.test/two'),
    });
    expect((await discoverPages('https://m.test/', { fetch: site.fetch })).pages).toEqual([
      'https://m.test/',
      'https://m.test/one',
      'https://www.m.test/two',
    ]);
    expect(site.calls).not.toContain('https://m.test/linked');
  });

  it('says a declared sitemap failed, then tries /sitemap.xml', async () => {
    const site = memorySite({
      'https://m.test/': { body: '' },
      'https://m.test/robots.txt': { type: 'text/plain', body: 'Sitemap: https://m.test/gone.xml' },
      'https://m.test/sitemap.xml': urlset('https://m.test/one'),
    });
    expect(await discoverPages('https://m.test/', { fetch: site.fetch })).toEqual({
      pages: ['https://m.test/', 'https://m.test/one'],
      skipped: [{ url: 'https://m.test/gone.xml', reason: 'error' }],
    });
  });

  it('follows links when /sitemap.xml is an HTML page (a single-page app answering every path)', async () => {
    const site = memorySite({
      'https://m.test/': { body: '<a href="/a">a</a>' },
      'https://m.test/sitemap.xml': { body: '<!doctype html><div id="app"></div>' },
      'https://m.test/a': { body: '' },
    });
    expect((await discoverPages('https://m.test/', { fetch: site.fetch })).pages).toEqual([
      'https://m.test/',
      'https://m.test/a',
    ]);
  });
});

describe('parseSitemap', () => {
  const encode = (text: string) => new TextEncoder().encode(text);

  it('reads a urlset tolerantly', () => {
    expect(
      parseSitemap(
        encode(`\uFEFF<?xml version="1.0"?>
          <?xml-stylesheet type="text/xsl" href="/sitemap.xsl"?>
          <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
            <url><loc>
              https://a.test/one
            </loc></url>
            <url><LOC>https://a.test/caps</LOC></url>
            <url><loc><![CDATA[https://a.test/two?x=1&y=<2>]]></loc></url>
            <url><loc>https://a.test/three?x=1&amp;y=&#50;&#x33;</loc></url>
            <url><loc></loc></url>
          </urlset>`),
      ),
    ).toEqual({
      kind: 'urlset',
      locs: [
        'https://a.test/one',
        'https://a.test/caps',
        'https://a.test/two?x=1&y=<2>',
        'https://a.test/three?x=1&y=23',
      ],
    });
  });

  it('reads a prefixed sitemap index and gzipped sitemaps', () => {
    expect(
      parseSitemap(
        gzipSync(
          '<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">' +
            '<sm:sitemap><sm:loc>https://a.test/s1.xml</sm:loc></sm:sitemap><loc>https://a.test/stray</loc>' +
            '</sm:sitemapindex>',
        ),
      ),
    ).toEqual({ kind: 'index', locs: ['https://a.test/s1.xml'] });
  });

  it('knows an HTML page or broken gzip is not a sitemap', () => {
    expect(parseSitemap(encode('<!doctype html><html><body>&lt;urlset&gt;<loc>x</loc></body></html>'))).toBeUndefined();
    expect(parseSitemap(encode('<html><urlset><loc>https://a.test/</loc></urlset></html>'))).toBeUndefined();
    expect(parseSitemap(Uint8Array.from([0x1f, 0x8b, 1, 2, 3]))).toBeUndefined();
    expect(parseSitemap(encode(''))).toBeUndefined();
  });

  it('stays linear on unclosed comments and CDATA', () => {
    const started = performance.now();
    parseSitemap(encode(`<urlset>${'<!-- <![CDATA[ <loc>'.repeat(50_000)}`));
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('discoverPages and SourceContentError', () => {
  it('passes fetchUrl’s refusal of the start address through', async () => {
    const error = await discoverPages('ftp://a.test/', { fetch }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(SourceContentError);
  });
});

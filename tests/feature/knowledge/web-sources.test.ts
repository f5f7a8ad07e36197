import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { createOwnedTeam } from '../../factories/teams';
import { queueDueRefreshes } from '../../../server/jobs/knowledge-jobs';

/**
 * Web page and sitemap sources against a local site (KNOWLEDGE_ALLOW_PRIVATE_URLS lets the test
 * reach 127.0.0.1; without it such an address is refused), scheduled refresh with its diff.
 */
const pages: Record<string, { type: string; body: string; status?: number }> = {};
let site: Server;
let origin: string;
let app: TestApp;
let guarded: TestApp;

const article = (title: string, text: string) =>
  `<!doctype html><html><head><title>${title}</title></head><body><nav><a href="/">Home</a> <a href="/promo">Promo</a></nav>` +
  `<main><h1>${title}</h1><p>${text}</p></main><footer>© Kopi Senja</footer></body></html>`;

beforeAll(async () => {
  site = createServer((req, res) => {
    const page = pages[req.url ?? '/'];
    if (!page) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(page.status ?? 200, { 'content-type': page.type });
    res.end(page.body);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  pages['/robots.txt'] = { type: 'text/plain', body: `User-agent: *\nDisallow: /private\nSitemap: ${origin}/sitemap.xml` };
  pages['/sitemap.xml'] = {
    type: 'application/xml',
    body: `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['/hours', '/delivery', '/private/staff']
      .map((path) => `<url><loc>${origin}${path}</loc></url>`)
      .join('')}</urlset>`,
  };
  pages['/'] = { type: 'text/html', body: article('Kopi Senja', 'Selamat datang di Kopi Senja.') };
  pages['/hours'] = { type: 'text/html; charset=utf-8', body: article('Jam buka', 'Kami buka setiap hari pukul 07.00 sampai 22.00.') };
  pages['/delivery'] = { type: 'text/html', body: article('Pesan antar', 'Ongkos kirim ke Bandung Rp 10.000, gratis di atas Rp 150.000.') };
  pages['/private/staff'] = { type: 'text/html', body: article('Staff', 'Rahasia internal.') };
  app = await createTestApp({ env: { KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true' } });
  guarded = await createTestApp();
});
afterAll(async () => {
  await app.close();
  await guarded.close();
  await new Promise<void>((resolve) => site.close(() => resolve()));
});

async function knowledgeIn(target: TestApp) {
  const { owner } = await createOwnedTeam(target.services, { current: true });
  const client = await knowledgeClient(target, owner);
  const created = await client.send('post', '/knowledges', { name: 'Web', language: 'indonesian' });
  const id = Number((created.headers.location as string).split('/')[2]);
  const sources = async () =>
    expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form').props.sources as Array<Record<string, unknown> & { id: number }>;
  return { client, id, sources };
}

describe('web sources', () => {
  it('reads a page without its navigation, titles it from the page, and refreshes it on schedule with a diff', async () => {
    const { client, id, sources } = await knowledgeIn(app);
    await client.send('post', `/knowledges/${id}/sources`, { type: 'url', url: `${origin}/hours`, refresh: 'daily' });
    await client.work();
    const [source] = await sources();
    expect(source).toMatchObject({ type: 'url', status: 'ready', title: 'Jam buka', refresh: 'daily', details: { format: 'html' } });
    expect(Date.parse(source.next_refresh_at as string)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const found = await client.agent.get(`/knowledges/${id}/search`).query({ q: 'jam buka' }).set('Accept', 'application/json');
    expect(found.body.chunks[0].content).toContain('07.00');
    expect(JSON.stringify(found.body.chunks)).not.toContain('© Kopi Senja');

    pages['/hours'] = { type: 'text/html', body: article('Jam buka', 'Mulai Desember kami buka pukul 06.00 sampai 23.00.') };
    const later = new Date(Date.now() + 25 * 3600_000);
    expect(await queueDueRefreshes(app.services, later)).toBeGreaterThanOrEqual(1);
    // Claimed once: a second look (another worker's) finds nothing due.
    expect(await queueDueRefreshes(app.services, later)).toBe(0);
    await client.work();
    const [refreshed] = await sources();
    expect(refreshed).toMatchObject({ status: 'ready', diff: { added: 1, removed: 1, unchanged: expect.any(Number) } });
  });

  it('reads the pages a sitemap lists, skipping what robots.txt disallows', async () => {
    const { client, id, sources } = await knowledgeIn(app);
    await client.send('post', `/knowledges/${id}/sources`, { type: 'sitemap', url: `${origin}/`, max_pages: 10 });
    await client.work();
    const [source] = await sources();
    expect(source).toMatchObject({ type: 'sitemap', status: 'ready', details: { crawled: 3 } });
    expect((source.details as { skipped: number }).skipped).toBeGreaterThanOrEqual(1);
    expect(source.error).toBeNull();
    const found = await client.agent.get(`/knowledges/${id}/search`).query({ q: 'ongkir ke bandung' }).set('Accept', 'application/json');
    expect(found.body.chunks[0]).toMatchObject({ source: { url: `${origin}/delivery` } });
    const secret = await client.agent.get(`/knowledges/${id}/search`).query({ q: 'rahasia internal' }).set('Accept', 'application/json');
    expect(JSON.stringify(secret.body.chunks)).not.toContain('Rahasia');
  });

  it('reports an unreachable page and a 404 on the source, and keeps the others', async () => {
    const { client, id, sources } = await knowledgeIn(app);
    await client.send('post', `/knowledges/${id}/sources`, { type: 'url', url: `${origin}/missing` });
    await client.send('post', `/knowledges/${id}/sources`, { type: 'url', url: 'http://127.0.0.1:9/nothing-listens' });
    await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Wifi', text: 'Wifi gratis.' });
    await client.work();
    const byUrl = Object.fromEntries((await sources()).map((s) => [s.url ?? s.title, [s.status, s.error]]));
    expect(byUrl[`${origin}/missing`][0]).toBe('error');
    expect(byUrl[`${origin}/missing`][1]).toMatch(/404/);
    expect(byUrl['http://127.0.0.1:9/nothing-listens'][0]).toBe('error');
    expect(byUrl['Wifi']).toEqual(['ready', null]);
  });

  it('refuses private, loopback and link-local addresses unless the setting allows them', async () => {
    const { client, id, sources } = await knowledgeIn(guarded);
    for (const url of [`${origin}/hours`, 'http://169.254.169.254/latest/meta-data/', 'http://[::1]/', 'http://10.0.0.5/']) {
      await client.send('post', `/knowledges/${id}/sources`, { type: 'url', url });
    }
    await client.work();
    const all = await sources();
    expect(all).toHaveLength(4);
    for (const source of all) {
      expect(source.status).toBe('error');
      expect(source.error).toMatch(/private or local network address/);
    }
  });
});

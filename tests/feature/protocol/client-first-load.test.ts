/**
 * Checklist A2–A4 (protocols.md §1.2, §8): the first-load HTML as the real @inertiajs/core 3.7.1
 * reads it in jsdom — getInitialPageFromDOM, escaping inside the script element, page.url and the
 * history entry router.init writes.
 */
import { describe, expect, it } from 'vitest';
import { testVersion } from '../../helpers/app';
import { bootRouter, clientSession, loadCore } from '../../helpers/inertia-client';
import type { RouteRegistry } from '../../../server/http/router/registry';

const hostile = `</script><script>alert(1)</script>&amp;"'`;
const separators = 'line\u2028separator\u2029paragraph';
const mixed = `<!-- --> <\\/script> \\ / é 日本 😀 \u0000`;

function routes(r: RouteRegistry) {
  r.get('/test/first-load', async (req, _res) => {
    await req.inertia.render('Test/FirstLoad', { hostile, separators, mixed, query: req.query });
  }).name('test.first-load');
}

const session = clientSession(routes);

describe('first load read by the real client', () => {
  it('A2: one page script right before #app; getInitialPageFromDOM returns a complete page object', async () => {
    const browser = await session.open('/test/first-load');
    const core = await loadCore();

    expect(browser.response.status).toBe(200);
    expect(browser.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(browser.response.headers.get('x-inertia')).toBeNull();

    const scripts = browser.document.querySelectorAll('script[data-page="app"][type="application/json"]');
    expect(scripts).toHaveLength(1);
    const mount = scripts[0].nextElementSibling;
    expect(mount?.tagName).toBe('DIV');
    expect(mount?.id).toBe('app');
    expect(mount?.hasAttribute('data-server-rendered')).toBe(false);

    const page = core.getInitialPageFromDOM('app') as unknown as Record<string, unknown>;
    expect(page).not.toBeNull();
    expect(page.component).toBe('Test/FirstLoad');
    expect(typeof page.url).toBe('string');
    expect(page.version).toBe(testVersion);
    expect(page.props).toBeTypeOf('object');
    expect((page.props as Record<string, unknown>).errors).toEqual({});
  });

  it('A3: hostile strings and U+2028/U+2029 round-trip byte-identically; no </script inside the JSON', async () => {
    const browser = await session.open('/test/first-load');
    const core = await loadCore();

    const page = core.getInitialPageFromDOM('app') as unknown as { props: Record<string, unknown> };
    expect(page.props.hostile).toBe(hostile);
    expect(Buffer.from(page.props.hostile as string).equals(Buffer.from(hostile))).toBe(true);
    expect(page.props.separators).toBe(separators);
    expect(page.props.mixed).toBe(mixed);

    // The raw script body: everything between the opening tag and the first `</script`.
    const open = '<script data-page="app" type="application/json">';
    const start = browser.html.indexOf(open);
    expect(start).toBeGreaterThan(-1);
    const body = browser.html.slice(start + open.length, browser.html.indexOf('</script>', start));
    expect(body.toLowerCase()).not.toContain('</script');
    expect(body).not.toContain('<');
    expect(body).not.toContain('\u2028');
    expect(body).not.toContain('\u2029');
    // No HTML entity encoding: the body is the JSON itself.
    expect(JSON.parse(body)).toEqual(page);
    // The hostile value did not open or close any element: jsdom parsed exactly the script tags of the raw HTML.
    expect(browser.document.querySelectorAll('script')).toHaveLength(
      (browser.html.match(/<script[\s>]/g) ?? []).length,
    );
  });

  it('A4: page.url equals the browser URL with its query; router.init replaces the entry (history.length unchanged)', async () => {
    const browser = await session.open('/test/first-load?page=2&sort=name');
    const core = await loadCore();

    const page = core.getInitialPageFromDOM('app') as unknown as { url: string; props: Record<string, unknown> };
    expect(page.url).toBe('/test/first-load?page=2&sort=name');
    expect(page.props.query).toEqual({ page: '2', sort: 'name' });

    const lengthBefore = browser.window.history.length;
    const hrefBefore = browser.window.location.href;
    const inertia = await bootRouter(core);
    try {
      expect(browser.window.history.length).toBe(lengthBefore);
      expect(browser.window.location.href).toBe(hrefBefore);
      expect(browser.window.location.pathname + browser.window.location.search).toBe(
        '/test/first-load?page=2&sort=name',
      );
      const state = browser.window.history.state as { page: { component: string; url: string } };
      expect(state.page.component).toBe('Test/FirstLoad');
      expect(state.page.url).toBe('/test/first-load?page=2&sort=name');
      expect(inertia.pages).toHaveLength(1);
      expect(inertia.requests).toHaveLength(0);
    } finally {
      inertia.dispose();
    }
  });
});

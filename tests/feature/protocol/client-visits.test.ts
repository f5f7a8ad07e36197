/**
 * Checklist B6, C11, C13, D16, D18, D19 (protocols.md §1.4, §1.7, §1.8, §8) with the real @inertiajs/core
 * 3.7.1 router in jsdom against the app on a loopback port.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { testVersion } from '../../helpers/app';
import { clientSession, recordCallbacks, until } from '../../helpers/inertia-client';
import type { RouteRegistry } from '../../../server/http/router/registry';

interface Received {
  method: string;
  contentType: string | undefined;
  inertia: string | undefined;
  body: unknown;
}
const received: Received[] = [];

function routes(r: RouteRegistry) {
  r.get('/test/visits/start', async (req, _res) => {
    await req.inertia.render('Test/Start', { greeting: 'hello' });
  }).name('test.visits.start');
  r.get('/test/visits/users', async (req, _res) => {
    await req.inertia.render('Test/Users', {
      method: req.method,
      inertiaHeader: req.get('x-inertia') ?? null,
      versionHeader: req.get('x-inertia-version') ?? null,
      query: req.query,
    });
  }).name('test.visits.users');
  r.post('/test/visits/users', (req, res) => {
    received.push({
      method: req.method,
      contentType: req.get('content-type'),
      inertia: req.get('x-inertia'),
      body: req.body,
    });
    res.redirect('/test/visits/users?created=1');
  }).name('test.visits.users.store');
  r.get('/test/visits/away', (req, _res) => {
    req.inertia.location('https://example.com/elsewhere?x=1');
  }).name('test.visits.away');
  r.get('/test/visits/jump', (req, res) => {
    res.redirect('/test/visits/users#top');
  }).name('test.visits.jump');
  r.post('/test/visits/jump', (req, res) => {
    received.push({
      method: req.method,
      contentType: req.get('content-type'),
      inertia: req.get('x-inertia'),
      body: req.body,
    });
    res.redirect('/test/visits/users?from=post#top');
  }).name('test.visits.jump.store');
}

const session = clientSession(routes);

/** A fresh browser on `path`, with the router booted from its first load. */
const start = (path = '/test/visits/start', transformHtml?: (html: string) => string) =>
  session.start(path, { transformHtml });

afterEach(() => {
  received.length = 0;
});

describe('visits with the real router', () => {
  it('B6: router.visit fires onSuccess and inertia:navigate, pushes one entry and changes location', async () => {
    const { browser, inertia, router } = await start();
    const navigated: string[] = [];
    const stop = router.on('navigate', (event) => {
      navigated.push(event.detail.page.component);
    });
    const lengthBefore = browser.window.history.length;
    const calls = recordCallbacks();
    router.visit('/test/visits/users', calls.options);
    await calls.finished();
    stop();

    expect(calls.order).toEqual(['onBefore', 'onStart', 'onSuccess', 'onFinish']);
    expect((calls.args.onSuccess?.[0] as { component: string }).component).toBe('Test/Users');
    expect(navigated).toEqual(['Test/Users']);
    expect(browser.window.location.pathname).toBe('/test/visits/users');
    expect(browser.window.history.length).toBe(lengthBefore + 1);
    expect(inertia.current()).toMatchObject({
      component: 'Test/Users',
      url: '/test/visits/users',
      version: testVersion,
      props: { errors: {}, method: 'GET', inertiaHeader: 'true', versionHeader: testVersion },
    });

    const request = inertia.requests.at(-1)!;
    expect(request.headers['x-inertia']).toBe('true');
    expect(request.headers['x-inertia-version']).toBe(testVersion);
    const response = inertia.responses.at(-1)!;
    expect(response.status).toBe(200);
    expect(response.headers['x-inertia']).toBe('true');
    expect(response.headers.vary).toMatch(/X-Inertia/i);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(browser.jsdomErrors).toEqual([]);
  });

  it('C11: a stale version makes the client fire inertia:location with versionChange true (no page swap)', async () => {
    // The page was rendered by an older build: the client holds version "old-build".
    const { browser, inertia, router } = await start('/test/visits/start', (html) =>
      html.replace(`"version":"${testVersion}"`, '"version":"old-build"'),
    );
    expect(inertia.current().version).toBe('old-build');

    const locations: { url: string; versionChange: boolean }[] = [];
    const stop = router.on('location', (event) => {
      locations.push({ url: String(event.detail.url), versionChange: event.detail.versionChange });
      event.preventDefault(); // jsdom cannot navigate; the app would do a full page load here.
    });
    const domEvents: string[] = [];
    const listener = (event: Event) => domEvents.push(event.type);
    browser.document.addEventListener('inertia:location', listener);
    const calls = recordCallbacks();
    router.visit('/test/visits/users?page=2', calls.options);
    await calls.finished();
    stop();
    browser.document.removeEventListener('inertia:location', listener);

    expect(inertia.requests.at(-1)!.headers['x-inertia-version']).toBe('old-build');
    const response = inertia.responses.at(-1)!;
    expect(response.status).toBe(409);
    expect(response.text).toBe('');
    expect(response.headers['x-inertia']).toBeUndefined();
    expect(response.headers['x-inertia-location']).toBe(`${session.origin}/test/visits/users?page=2`);
    expect(response.headers['x-inertia-version']).toBe(testVersion);

    expect(domEvents).toEqual(['inertia:location']);
    expect(locations).toEqual([{ url: `${session.origin}/test/visits/users?page=2`, versionChange: true }]);
    expect(calls.order).toEqual(['onBefore', 'onStart', 'onFinish']);
    expect(inertia.pages).toHaveLength(1);
    expect(browser.window.location.pathname).toBe('/test/visits/start');
  });

  it('C13: a POST with a stale version is processed; the GET its redirect leads to gets the version 409', async () => {
    const { inertia, router } = await start('/test/visits/start', (html) =>
      html.replace(`"version":"${testVersion}"`, '"version":"old-build"'),
    );
    const locations: { url: string; versionChange: boolean }[] = [];
    const stop = router.on('location', (event) => {
      locations.push({ url: String(event.detail.url), versionChange: event.detail.versionChange });
      event.preventDefault();
    });
    const calls = recordCallbacks();
    router.post('/test/visits/users', { name: 'Ayu' }, calls.options);
    await calls.finished();
    stop();

    expect(received).toEqual([expect.objectContaining({ method: 'POST', body: { name: 'Ayu' } })]);
    expect(inertia.responses.at(-1)!.status).toBe(409);
    expect(locations).toEqual([{ url: `${session.origin}/test/visits/users?created=1`, versionChange: true }]);
    expect(inertia.pages).toHaveLength(1);
  });

  it('D18: Inertia::location → 409 X-Inertia-Location; the client fires inertia:location without a version change', async () => {
    const { browser, inertia, router } = await start();
    const locations: { url: string; versionChange: boolean }[] = [];
    const stop = router.on('location', (event) => {
      locations.push({ url: String(event.detail.url), versionChange: event.detail.versionChange });
      event.preventDefault();
    });
    const calls = recordCallbacks();
    router.visit('/test/visits/away', calls.options);
    await calls.finished();
    stop();

    const response = inertia.responses.at(-1)!;
    expect(response.status).toBe(409);
    expect(response.headers['x-inertia-location']).toBe('https://example.com/elsewhere?x=1');
    expect(response.headers['x-inertia']).toBeUndefined();
    expect(locations).toEqual([{ url: 'https://example.com/elsewhere?x=1', versionChange: false }]);
    expect(calls.order).toEqual(['onBefore', 'onStart', 'onFinish']);
    expect(browser.window.location.pathname).toBe('/test/visits/start');
  });

  it('D16: router.post → redirect → the client lands on the target; the redirected GET carried X-Inertia', async () => {
    const { browser, inertia, router } = await start();
    const calls = recordCallbacks();
    router.post('/test/visits/users', { name: 'Ayu', tags: ['a', 'b'] }, calls.options);
    await calls.finished();

    expect(received).toEqual([
      { method: 'POST', contentType: 'application/json', inertia: 'true', body: { name: 'Ayu', tags: ['a', 'b'] } },
    ]);
    expect(calls.order).toEqual(['onBefore', 'onStart', 'onSuccess', 'onFinish']);
    expect(browser.window.location.pathname + browser.window.location.search).toBe('/test/visits/users?created=1');
    expect(inertia.current()).toMatchObject({
      component: 'Test/Users',
      url: '/test/visits/users?created=1',
      props: { method: 'GET', inertiaHeader: 'true', versionHeader: testVersion, query: { created: '1' } },
    });
    expect(inertia.responses.at(-1)!.headers['x-inertia']).toBe('true');
  });

  it.each([
    ['GET', '/test/visits/users#top', '/test/visits/users'],
    ['POST', '/test/visits/users?from=post#top', '/test/visits/users?from=post'],
  ])(
    'D19: %s whose handler redirects to a #fragment → 409 X-Inertia-Redirect → the client ends at the fragment',
    async (method, target, landed) => {
      const { browser, inertia, router } = await start();
      const calls = recordCallbacks();
      if (method === 'GET') router.visit('/test/visits/jump', calls.options);
      else router.post('/test/visits/jump', { note: 'x' }, calls.options);
      await until(() => calls.order.includes('onSuccess'));
      await calls.finished(2);

      const redirect = inertia.responses.find((response) => response.status === 409)!;
      expect(redirect).toBeDefined();
      expect(redirect.headers['x-inertia-redirect']).toBe(`${session.origin}${target}`);
      expect(redirect.headers['x-inertia']).toBeUndefined();
      expect(redirect.text).toBe('');

      // The client re-visits the target with GET (and the same callbacks).
      expect(inertia.requests.map((request) => request.method)).toEqual([method, 'GET']);
      expect(inertia.requests[1].url).toBe(`${session.origin}${landed}`);
      expect(calls.order).toEqual([
        'onBefore',
        'onStart',
        'onBefore',
        'onCancel',
        'onFinish',
        'onStart',
        'onSuccess',
        'onFinish',
      ]);

      expect(browser.window.location.hash).toBe('#top');
      expect(browser.window.location.pathname + browser.window.location.search).toBe(landed);
      expect(inertia.current()).toMatchObject({
        component: 'Test/Users',
        url: `${landed}#top`,
        props: { method: 'GET' },
      });
      if (method === 'POST')
        expect(received).toEqual([expect.objectContaining({ method: 'POST', body: { note: 'x' } })]);
    },
  );
});

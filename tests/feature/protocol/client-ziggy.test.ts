/**
 * Checklist I44, I45 (protocols.md §3, §8): ziggy-js 2.6.4 reading the manifest the server embeds
 * in `#ziggy-routes-json`, in jsdom at the server's URL, with navigation done by the real
 * @inertiajs/core router.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { route as ziggyRoute } from 'ziggy-js';
import { clientSession, recordCallbacks, type Browser, type InertiaHarness } from '../../helpers/inertia-client';
import type { RouteRegistry } from '../../../server/http/router/registry';

/** ziggy-js's `route`, without the generated route-name types (these routes exist only in tests). */
interface ZiggyRouter {
  current(name?: string, params?: Record<string, unknown>): string | boolean | undefined;
  has(name: string): boolean;
  params: Record<string, unknown>;
}
const route = ziggyRoute as unknown as {
  (): ZiggyRouter;
  (name: string, params?: unknown, absolute?: boolean): string;
};

function routes(r: RouteRegistry) {
  r.get('/test/ziggy/start', async (req, _res) => {
    await req.inertia.render('Test/ZiggyStart');
  }).name('test.ziggy.start');
  r.get('/test/ziggy/posts/{post}', async (req, _res) => {
    await req.inertia.render('Test/Post', { post: req.params.post });
  })
    .name('test.posts.show')
    .bind('post', 'slug');
  r.get('/test/ziggy/users/{user}', async (req, _res) => {
    await req.inertia.render('Test/User', { user: req.params.user });
  })
    .name('test.users.show')
    .where('user', '[0-9]+');
  r.get('/test/ziggy/docs/{page?}', async (req, _res) => {
    await req.inertia.render('Test/Docs', { page: req.params.page ?? null });
  }).name('test.docs');
}

const session = clientSession(routes);
let browser: Browser;
let inertia: InertiaHarness;

async function visit(url: string) {
  const calls = recordCallbacks();
  inertia.router.visit(url, calls.options);
  await calls.finished();
  expect(calls.order).toContain('onSuccess');
}

beforeAll(async () => {
  ({ browser, inertia } = await session.start('/test/ziggy/start'));
});

describe('ziggy-js against the embedded manifest', () => {
  it('reads the manifest from #ziggy-routes-json with the browser origin', () => {
    const manifest = JSON.parse(browser.document.getElementById('ziggy-routes-json')!.textContent!) as {
      url: string;
      port: number | null;
      routes: Record<string, unknown>;
    };
    expect(manifest.url).toBe(session.origin);
    expect(manifest.port).toBe(Number(new URL(session.origin).port));
    expect(manifest.routes['test.posts.show']).toEqual({
      uri: 'test/ziggy/posts/{post}',
      methods: ['GET', 'HEAD'],
      parameters: ['post'],
      bindings: { post: 'slug' },
    });
    expect(manifest.routes['test.users.show']).toEqual({
      uri: 'test/ziggy/users/{user}',
      methods: ['GET', 'HEAD'],
      wheres: { user: '[0-9]+' },
      parameters: ['user'],
    });
    expect(route().has('test.posts.show')).toBe(true);
    expect(route().has('test.nope')).toBe(false);
  });

  it('I44: URLs from route() are served by the named route; route().current() follows the navigation', async () => {
    expect(route().current()).toBe('test.ziggy.start');

    const postUrl = route('test.posts.show', { slug: 'hello-world', id: 3 });
    expect(postUrl).toBe(`${session.origin}/test/ziggy/posts/hello-world`);
    expect(route('test.posts.show', 'hello-world', false)).toBe('/test/ziggy/posts/hello-world');
    await visit(postUrl);
    expect(inertia.current()).toMatchObject({ component: 'Test/Post', props: { post: 'hello-world' } });
    expect(browser.window.location.pathname).toBe('/test/ziggy/posts/hello-world');
    expect(route().current()).toBe('test.posts.show');
    expect(route().current('test.posts.*')).toBe(true);
    expect(route().current('test.users.*')).toBe(false);
    expect(route().current('test.posts.show', { post: 'hello-world' })).toBe(true);
    expect(route().current('test.posts.show', { post: 'other' })).toBe(false);
    expect(route().params).toEqual({ post: 'hello-world' });

    await visit(route('test.users.show', { user: 5, tab: 'bots' }));
    expect(inertia.current()).toMatchObject({
      component: 'Test/User',
      url: '/test/ziggy/users/5?tab=bots',
      props: { user: '5' },
    });
    expect(route().current()).toBe('test.users.show');
    expect(route().params).toEqual({ user: '5', tab: 'bots' });

    await visit(route('test.docs'));
    expect(inertia.current()).toMatchObject({ component: 'Test/Docs', url: '/test/ziggy/docs', props: { page: null } });
    expect(route().current()).toBe('test.docs');
    await visit(route('test.docs', 'intro'));
    expect(inertia.current()).toMatchObject({ component: 'Test/Docs', props: { page: 'intro' } });
    expect(route().current('test.docs', { page: 'intro' })).toBe(true);
  });

  it('I45: the four Ziggy errors, word for word, given our manifest', () => {
    expect(() => route('test.nope')).toThrowError(
      new Error("Ziggy error: route 'test.nope' is not in the route list."),
    );
    expect(() => route('test.posts.show')).toThrowError(
      new Error("Ziggy error: 'post' parameter is required for route 'test.posts.show'."),
    );
    expect(() => route('test.users.show', 'abc')).toThrowError(
      new Error(
        "Ziggy error: 'user' parameter 'abc' does not match required format '[0-9]+' for route 'test.users.show'.",
      ),
    );
    expect(() => route('test.posts.show', { post: { title: 'x' } })).toThrowError(
      new Error("Ziggy error: object passed as 'post' parameter is missing route model binding key 'slug'."),
    );
  });
});

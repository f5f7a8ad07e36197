/**
 * Checklist E21–E28 (protocols.md §1.5, §1.6, §8): partial reloads, optional, deferred, merge and
 * once props, driven by the real @inertiajs/core 3.7.1 router in jsdom against the app on a
 * loopback port. Each assertion looks at three places: what the client sent, what the server
 * answered, and the props the client ends up holding.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { clientSession, recordCallbacks, sleep, until } from '../../helpers/inertia-client';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { defer, merge, once, optional } from '../../../server/http/inertia/props';

let users: string[] = ['ayu', 'budi'];
let notifications: string[] = ['n1'];
let statsHits = 0;
let heavyHits = 0;
let planGeneration = 0;
const deferredLog: { partialData: string | null; partialComponent: string | null }[] = [];

const postsPage = (page: number) => [`p${page * 2 - 1}`, `p${page * 2}`];

function routes(r: RouteRegistry) {
  r.get('/test/partials/basic', async (req, _res) => {
    await req.inertia.render('Test/Basic', {
      users: () => users,
      stats: () => ({ hits: ++statsHits }),
      auth: { user: { name: 'Ayu' }, notifications: () => notifications },
      heavy: optional(() => ({ computed: ++heavyHits })),
    });
  }).name('test.partials.basic');
  r.get('/test/partials/other', async (req, _res) => {
    await req.inertia.render('Test/Other', { other: 'yes', users: () => users });
  }).name('test.partials.other');
  r.get('/test/partials/deferred', async (req, _res) => {
    deferredLog.push({
      partialData: req.get('x-inertia-partial-data') ?? null,
      partialComponent: req.get('x-inertia-partial-component') ?? null,
    });
    await req.inertia.render('Test/Deferred', {
      title: 'Report',
      feed: defer(() => ['f1', 'f2']),
      chart: defer(() => ({ points: [1, 2, 3] }), 'charts'),
      summary: defer(() => 'sum', 'charts'),
    });
  }).name('test.partials.deferred');
  r.get('/test/partials/merge', async (req, _res) => {
    const page = Number(req.query.page ?? 1);
    await req.inertia.render('Test/Merge', { page, posts: merge(() => postsPage(page)) });
  }).name('test.partials.merge');
  r.get('/test/partials/once/{which}', async (req, _res) => {
    await req.inertia.render(`Test/Once${String(req.params.which).toUpperCase()}`, {
      which: req.params.which,
      plans: once(() => ({ generation: ++planGeneration })),
    });
  }).name('test.partials.once');
}

const session = clientSession(routes);

/** Runs a router call with recorded callbacks and waits for its onFinish. */
async function run(call: (options: Record<string, unknown>) => void) {
  const calls = recordCallbacks();
  call(calls.options);
  await calls.finished();
  return calls;
}

const keys = (value: object | undefined) => Object.keys(value ?? {}).sort();
/** The page's own prop keys plus the app's shared props (whatever server/http/shared-props.ts shares). */
const withShared = (page: { sharedProps?: string[] }, own: string[]) =>
  [...new Set([...(page.sharedProps ?? []), ...own])].sort();

afterEach(() => {
  users = ['ayu', 'budi'];
  notifications = ['n1'];
  deferredLog.length = 0;
});

describe('partial reloads with the real router', () => {
  it('E21: reload({only: [users]}) sends the partial headers, gets users + errors only, keeps the other props', async () => {
    const { inertia, router } = await session.start('/test/partials/basic');
    const before = inertia.current();
    expect(before.props.stats).toEqual({ hits: statsHits });

    users = ['ayu', 'budi', 'citra'];
    const calls = await run((options) => router.reload({ only: ['users'], ...options }));
    expect(calls.order).toEqual(['onBefore', 'onStart', 'onSuccess', 'onFinish']);

    const request = inertia.requests.at(-1)!;
    expect(request.headers['x-inertia-partial-component']).toBe('Test/Basic');
    expect(request.headers['x-inertia-partial-data']).toBe('users');
    expect(request.headers['x-inertia-partial-except']).toBeUndefined();
    const response = inertia.responses.at(-1)!.json!;
    expect(keys(response.props)).toEqual(['errors', 'users']);
    expect(response.props.users).toEqual(['ayu', 'budi', 'citra']);

    const after = inertia.current();
    expect(after.props.users).toEqual(['ayu', 'budi', 'citra']);
    expect(after.props.stats).toEqual(before.props.stats);
    expect(after.props.auth).toEqual(before.props.auth);
    expect(after.props.app).toEqual(before.props.app);
    expect(after.props.errors).toEqual({});
  });

  it('E22: reload({except: [stats]}) returns every prop but stats; stats keeps its value', async () => {
    const { inertia, router } = await session.start('/test/partials/basic');
    const before = inertia.current();
    await run((options) => router.reload({ except: ['stats'], ...options }));

    const request = inertia.requests.at(-1)!;
    expect(request.headers['x-inertia-partial-component']).toBe('Test/Basic');
    expect(request.headers['x-inertia-partial-except']).toBe('stats');
    expect(request.headers['x-inertia-partial-data']).toBeUndefined();
    const response = inertia.responses.at(-1)!.json!;
    // Like Laravel's resolvePartialProperties: an except-only partial selects every prop, optional ones included.
    expect(keys(response.props)).toEqual(withShared(response, ['auth', 'errors', 'heavy', 'users']));
    expect(response.props).not.toHaveProperty('stats');
    expect(inertia.current().props.stats).toEqual(before.props.stats);
  });

  it('E23: a partial visit that lands on another component gets that component’s full prop set', async () => {
    const { browser, inertia, router } = await session.start('/test/partials/basic');
    await run((options) => router.visit('/test/partials/other', { only: ['users'], ...options }));

    expect(inertia.requests.at(-1)!.headers['x-inertia-partial-component']).toBe('Test/Basic');
    expect(inertia.requests.at(-1)!.headers['x-inertia-partial-data']).toBe('users');
    const response = inertia.responses.at(-1)!.json!;
    expect(response.component).toBe('Test/Other');
    expect(keys(response.props)).toEqual(withShared(response, ['errors', 'other', 'users']));
    expect(inertia.current().component).toBe('Test/Other');
    expect(keys(inertia.current().props)).toEqual(withShared(response, ['errors', 'other', 'users']));
    expect(browser.window.location.pathname).toBe('/test/partials/other');
  });

  it('E24: only: [auth.notifications] returns just that branch and the client deep-merges it into auth', async () => {
    const { inertia, router } = await session.start('/test/partials/basic');
    notifications = ['n1', 'n2'];
    await run((options) => router.reload({ only: ['auth.notifications'], ...options }));

    expect(inertia.requests.at(-1)!.headers['x-inertia-partial-data']).toBe('auth.notifications');
    const response = inertia.responses.at(-1)!.json!;
    expect(response.props).toEqual({ errors: {}, auth: { notifications: ['n1', 'n2'] } });
    expect(inertia.current().props.auth).toEqual({ user: { name: 'Ayu' }, notifications: ['n1', 'n2'] });
    expect(inertia.current().props.users).toEqual(['ayu', 'budi']);
  });

  it('E26: optional props are left out and not announced, and sent when named in only', async () => {
    const { inertia, router } = await session.start('/test/partials/basic');
    expect(inertia.current().props).not.toHaveProperty('heavy');
    expect(inertia.current().deferredProps ?? {}).toEqual({});
    const hitsBefore = heavyHits;

    await run((options) => router.reload(options));
    expect(inertia.responses.at(-1)!.json!.props).not.toHaveProperty('heavy');
    expect(inertia.responses.at(-1)!.json!.deferredProps).toBeUndefined();
    expect(heavyHits).toBe(hitsBefore);

    await run((options) => router.reload({ only: ['heavy'], ...options }));
    expect(keys(inertia.responses.at(-1)!.json!.props)).toEqual(['errors', 'heavy']);
    expect(inertia.current().props.heavy).toEqual({ computed: hitsBefore + 1 });
    expect(inertia.current().props.users).toEqual(['ayu', 'budi']);
  });

  it.each(['first load', 'visit'])(
    'E25 (%s): deferred props are announced, fetched with exactly one partial reload per group, and not re-announced',
    async (how) => {
      const { inertia, router } = await session.start(
        how === 'first load' ? '/test/partials/deferred' : '/test/partials/basic',
      );
      if (how === 'visit') router.visit('/test/partials/deferred');
      await until(() => {
        const props = inertia.pages.at(-1)?.props ?? {};
        return 'feed' in props && 'chart' in props && 'summary' in props;
      });
      await sleep(300); // any further (looping) deferred request would show up here

      expect(deferredLog).toHaveLength(3);
      expect(deferredLog[0]).toEqual({ partialData: null, partialComponent: null });
      expect(deferredLog.slice(1).map((entry) => entry.partialComponent)).toEqual(['Test/Deferred', 'Test/Deferred']);
      expect(
        deferredLog
          .slice(1)
          .map((entry) => entry.partialData)
          .sort(),
      ).toEqual(['chart,summary', 'feed']);

      const pages = inertia.responses
        .filter((response) => response.json?.component === 'Test/Deferred')
        .map((r) => r.json!);
      const full = how === 'first load' ? inertia.pages[0] : pages[0];
      expect(full.deferredProps).toEqual({ default: ['feed'], charts: ['chart', 'summary'] });
      expect(full.props).not.toHaveProperty('feed');
      expect(full.props).not.toHaveProperty('chart');
      const partials = how === 'first load' ? pages : pages.slice(1);
      expect(partials).toHaveLength(2);
      for (const partial of partials) expect(partial).not.toHaveProperty('deferredProps');
      expect(partials.map((partial) => keys(partial.props).join(',')).sort()).toEqual([
        'chart,errors,summary',
        'errors,feed',
      ]);

      expect(inertia.current().props).toMatchObject({
        title: 'Report',
        feed: ['f1', 'f2'],
        chart: { points: [1, 2, 3] },
        summary: 'sum',
        errors: {},
      });
    },
  );

  it('E27: merge props are labelled and appended on partial reloads; reset replaces', async () => {
    const { inertia, router } = await session.start('/test/partials/merge');
    expect(inertia.current().mergeProps).toEqual(['posts']);
    expect(inertia.current().props.posts).toEqual(['p1', 'p2']);

    await run((options) => router.reload({ only: ['posts'], data: { page: 2 }, ...options }));
    let response = inertia.responses.at(-1)!.json!;
    expect(response.mergeProps).toEqual(['posts']);
    expect(response.props.posts).toEqual(['p3', 'p4']);
    expect(inertia.current().props.posts).toEqual(['p1', 'p2', 'p3', 'p4']);

    await run((options) => router.reload({ reset: ['posts'], data: { page: 3 }, ...options }));
    const request = inertia.requests.at(-1)!;
    expect(request.headers['x-inertia-reset']).toBe('posts');
    expect(request.headers['x-inertia-partial-data']).toBe('posts');
    response = inertia.responses.at(-1)!.json!;
    expect(response.mergeProps ?? []).not.toContain('posts');
    expect(response.props.posts).toEqual(['p5', 'p6']);
    expect(inertia.current().props.posts).toEqual(['p5', 'p6']);

    // A plain full visit replaces as well.
    await run((options) => router.visit('/test/partials/merge?page=1', options));
    expect(inertia.current().props.posts).toEqual(['p1', 'p2']);
  });

  it('E28: once props round-trip X-Inertia-Except-Once-Props; the client keeps the old value', async () => {
    const { inertia, router } = await session.start('/test/partials/once/a');
    const first = inertia.current();
    expect(first.onceProps).toEqual({ plans: { prop: 'plans', expiresAt: null } });
    const original = first.props.plans as { generation: number };
    expect(original).toEqual({ generation: planGeneration });

    await run((options) => router.visit('/test/partials/once/b', options));
    expect(inertia.requests.at(-1)!.headers['x-inertia-except-once-props']).toBe('plans');
    const response = inertia.responses.at(-1)!.json!;
    expect(response.component).toBe('Test/OnceB');
    expect(response.props).not.toHaveProperty('plans');
    expect(response.onceProps).toEqual({ plans: { prop: 'plans', expiresAt: null } });
    expect(planGeneration).toBe(original.generation);
    expect(inertia.current().component).toBe('Test/OnceB');
    expect(inertia.current().props.plans).toEqual(original);

    // A partial reload that names the once prop resolves it again.
    await run((options) => router.reload({ only: ['plans'], ...options }));
    expect(inertia.responses.at(-1)!.json!.props.plans).toEqual({ generation: original.generation + 1 });
    expect(inertia.current().props.plans).toEqual({ generation: original.generation + 1 });
  });
});

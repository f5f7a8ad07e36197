// @vitest-environment jsdom
import type { ComponentProps, ReactNode } from 'react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type * as JsonRequestModule from '@/lib/json-request';
import Index from '@/Pages/Knowledges/Index';
import Form from '@/Pages/Knowledges/Form';
import type {
  Knowledge,
  KnowledgeFormProps,
  KnowledgeIndexProps,
  KnowledgeSummary,
  SearchResult,
  Source,
  SourceListInfo,
} from '@/Pages/Knowledges/Partials/types';

type Options = Record<string, unknown> & {
  onSuccess?: () => void;
  onStart?: () => void;
  onFinish?: () => void;
};
type Call = { method: string; url: string; data?: unknown; options?: Options };

// Inertia stands in as the current page, a router that records what it is asked, useForm as local
// state that records its submissions; route() names the route and its parameters; the channel
// hook keeps the handlers so a test can play events; requestJson is a mock per test.
const fake = vi.hoisted(() => ({
  calls: [] as Call[],
  channels: new Map<string, Record<string, (payload: unknown) => void>>(),
  /** The current team's `viewBilling` flag (owners and admins see Billing). */
  billing: true,
  requestJson: null as unknown as Mock<(...args: unknown[]) => Promise<unknown>>,
  /** Reloads still waiting for their answer when a test holds them (`null`: answered at once). */
  heldReloads: null as Array<() => void> | null,
}));

vi.mock('@inertiajs/react', async () => {
  const { useState } = await import('react');
  const record = (method: string) => (url: string, data?: unknown, options?: Options) =>
    fake.calls.push({ method, url, data, options });
  return {
    usePage: () => ({
      props: { auth: { user: { id: 1, current_team: { id: 7, can: { viewBilling: fake.billing } } } }, errors: {} },
    }),
    router: {
      get: record('get'),
      post: record('post'),
      put: record('put'),
      delete: (url: string, options?: Options) => fake.calls.push({ method: 'delete', url, options }),
      // The server answers at once unless a test holds the answers.
      reload: (options?: Options) => {
        fake.calls.push({ method: 'reload', url: '', options });
        const finish = () => options?.onFinish?.();
        if (fake.heldReloads) fake.heldReloads.push(finish);
        else finish();
      },
      visit: (url: string) => fake.calls.push({ method: 'visit', url }),
      on: () => () => {},
    },
    useForm: <T extends Record<string, unknown>>(initial: T) => {
      const [data, setAll] = useState(initial);
      const [errors, setErrors] = useState<Record<string, string>>({});
      let transform = (value: T): unknown => value;
      const submit = (method: string) => (url: string, options?: Options) =>
        fake.calls.push({ method: `form.${method}`, url, data: transform(data), options });
      return {
        data,
        errors,
        processing: false,
        progress: null,
        recentlySuccessful: false,
        setData: (key: string, value: unknown) => setAll((current) => ({ ...current, [key]: value })),
        setError: (key: string, message: string) => setErrors((current) => ({ ...current, [key]: message })),
        clearErrors: () => setErrors({}),
        reset: () => setAll(initial),
        transform: (callback: (value: T) => unknown) => {
          transform = callback;
        },
        post: submit('post'),
        put: submit('put'),
        delete: submit('delete'),
      };
    },
    Link: ({ href, children, ...props }: ComponentProps<'a'> & { href: string; preserveScroll?: boolean }) => {
      const { preserveScroll: _preserveScroll, ...rest } = props;
      return (
        <a href={href} {...rest}>
          {children}
        </a>
      );
    },
    Head: ({ title }: { title?: string; children?: ReactNode }) => <title>{title}</title>,
  };
});

vi.mock('@/lib/route', () => {
  const route = (name?: string, params?: unknown) =>
    name === undefined
      ? { has: () => false, current: () => false }
      : `route:${name}${params === undefined ? '' : `:${JSON.stringify(params)}`}`;
  // Billing is the one optional page these pages link to.
  return { route, optionalRoute: (name: string) => (name === 'billing.index' ? route(name) : null) };
});

vi.mock('@/hooks/use-channel', () => ({
  useChannel: (name: string | null, options: { events?: Record<string, (payload: unknown) => void> } = {}) => {
    if (name) fake.channels.set(name, options.events ?? {});
    return { whisper: () => {}, connected: true };
  },
}));

vi.mock('@/lib/json-request', async (importOriginal) => {
  const actual = await importOriginal<typeof JsonRequestModule>();
  return { ...actual, requestJson: (...args: unknown[]) => fake.requestJson(...args) };
});

const embedder = {
  label: 'Offline lexical embedder',
  available: true,
  offline: true,
  model: 'lexical-v1',
  dimensions: 256,
  outdated: false,
  default_label: 'Offline lexical embedder',
};

function summary(overrides: Partial<KnowledgeSummary> = {}): KnowledgeSummary {
  return {
    id: 1,
    name: 'Menu and prices',
    description: 'What we serve and what it costs.',
    language: 'indonesian',
    language_label: 'Indonesian',
    status: 'ready',
    progress: null,
    sources_count: 3,
    chunks_count: 42,
    failed_sources: 0,
    chars: 18_234,
    embedder,
    last_ingested_at: new Date().toISOString(),
    updated_at: new Date().toISOString(),
    created_at: new Date().toISOString(),
    ...overrides,
  };
}

function indexProps(overrides: Partial<KnowledgeIndexProps> = {}): KnowledgeIndexProps {
  const data = [summary()];
  return {
    knowledges: {
      data,
      meta: { current_page: 1, last_page: 1, per_page: 12, total: data.length, from: 1, to: data.length },
    },
    filters: { search: '' },
    storage: { chars: 84_000, file_bytes: 1_258_291, sources: 5 },
    limit: { used: 5, limit: 500, reached: false, plan: 'Growth' },
    can: { create: true, update: true, delete: true },
    ...overrides,
  };
}

const knowledge: Knowledge = {
  id: 1,
  name: 'Menu and prices',
  description: '',
  language: 'indonesian',
  language_label: 'Indonesian',
  embedder,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
};

function source(overrides: Partial<Source> = {}): Source {
  return {
    id: 10,
    knowledge_id: 1,
    type: 'text',
    title: 'Opening hours',
    status: 'ready',
    working: false,
    progress: 100,
    error: null,
    enabled: true,
    chunk_count: 4,
    hit_count: 12,
    chars: 2_400,
    url: null,
    max_pages: null,
    file_name: null,
    file_size: null,
    refresh: 'never',
    next_refresh_at: null,
    last_ingested_at: '2026-01-01T10:00:00.000Z',
    last_hit_at: null,
    diff: null,
    details: { format: null, pages: null, crawled: null, skipped: null, language: 'indonesian' },
    text: '# Hours\nOpen daily.',
    question: null,
    alternatives: [],
    answer: null,
    created_at: '2026-01-01T09:00:00.000Z',
    updated_at: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The list info of one page holding `sources`, no search, every state. */
function listOf(sources: Source[], filters: SourceListInfo['filters'] = { search: '', state: 'all' }): SourceListInfo {
  const total = sources.length;
  return {
    filters,
    meta: { current_page: 1, last_page: 1, per_page: 20, total, from: total ? 1 : null, to: total || null },
    counts: {
      all: total,
      working: sources.filter((s) => s.working).length,
      error: sources.filter((s) => s.status === 'error').length,
      off: sources.filter((s) => !s.enabled).length,
    },
  };
}

function formProps(overrides: Partial<KnowledgeFormProps> = {}): KnowledgeFormProps {
  return {
    knowledge,
    sources: [],
    source_list: listOf(overrides.sources ?? []),
    languages: [
      { value: 'indonesian', label: 'Indonesian' },
      { value: 'english', label: 'English' },
      { value: 'simple', label: 'Other (no stemming)' },
    ],
    refreshSchedules: ['never', 'daily', 'weekly'],
    limits: {
      max_file_bytes: 1024 * 1024,
      crawl_max_pages: 50,
      file_types: ['PDF', 'DOCX'],
      accept: '.pdf,.docx',
    },
    defaultEmbedder: 'Offline lexical embedder',
    limit: { used: 5, limit: 500, reached: false, plan: 'Growth' },
    can: { create: true, update: true, delete: true },
    ...overrides,
  };
}

const play = (event: string, payload: unknown) =>
  act(() => {
    fake.channels.get('teams.7')?.[event]?.(payload);
  });

beforeEach(() => {
  fake.calls.length = 0;
  fake.channels.clear();
  fake.billing = true;
  fake.heldReloads = null;
  fake.requestJson = vi.fn<(...args: unknown[]) => Promise<unknown>>();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('Knowledges/Index', () => {
  it('explains what a knowledge base is when the team has none, with the create button', () => {
    const props = indexProps();
    render(
      <Index
        {...props}
        knowledges={{ data: [], meta: { ...props.knowledges.meta, total: 0, from: null, to: null } }}
        storage={{ chars: 0, file_bytes: 0, sources: 0 }}
      />,
    );

    expect(screen.getByRole('heading', { name: 'No knowledge bases yet' })).toBeTruthy();
    expect(screen.getByText(/what your bots answer from/)).toBeTruthy();
    const create = screen.getAllByRole('link', { name: 'New knowledge base' });
    expect(create.length).toBe(2);
    expect(create[0].getAttribute('href')).toBe('route:knowledges.create');
    expect(screen.queryByLabelText('Search knowledge bases')).toBeNull();
  });

  it('offers no create button to those who may not create', () => {
    const props = indexProps({ can: { create: false, update: false, delete: false } });
    render(<Index {...props} knowledges={{ data: [], meta: { ...props.knowledges.meta, total: 0 } }} />);

    expect(screen.queryByRole('link', { name: 'New knowledge base' })).toBeNull();
    expect(screen.getByText(/an owner, admin or editor adds them/)).toBeTruthy();
  });

  it('says when a search finds nothing', () => {
    const props = indexProps({ filters: { search: 'sushi' } });
    render(<Index {...props} knowledges={{ data: [], meta: { ...props.knowledges.meta, total: 0 } }} />);

    expect(screen.getByText(/No knowledge bases match “sushi”/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'get', url: 'route:knowledges.index:{"_query":{}}' });
  });

  it('lists knowledge bases with their state, a live progress bar while processing, and the storage used', () => {
    const data = [
      summary(),
      summary({ id: 2, name: 'Store policies', status: 'processing', progress: 40 }),
      summary({
        id: 3,
        name: 'Manuals',
        status: 'degraded',
        failed_sources: 2,
        embedder: { ...embedder, available: false },
      }),
    ];
    render(
      <Index {...indexProps({ knowledges: { data, meta: { ...indexProps().knowledges.meta, total: 3, to: 3 } } })} />,
    );

    const list = screen.getByRole('list', { name: 'Knowledge bases' });
    const processing = within(list).getByRole('listitem', { name: 'Store policies' });
    expect(within(processing).getByText('Processing 40%')).toBeTruthy();
    const bar = within(processing).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe('40');

    const ready = within(list).getByRole('listitem', { name: 'Menu and prices' });
    expect(within(ready).getByText('Ready')).toBeTruthy();
    expect(within(ready).queryByRole('progressbar')).toBeNull();
    expect(within(ready).getByText('18.2k characters')).toBeTruthy();
    expect(within(ready).getByText('42 chunks')).toBeTruthy();
    expect(within(ready).getByRole('link', { name: 'Menu and prices' }).getAttribute('href')).toBe(
      'route:knowledges.edit:1',
    );

    const degraded = within(list).getByRole('listitem', { name: 'Manuals' });
    expect(within(degraded).getByText('2 sources failed')).toBeTruthy();
    expect(within(degraded).getByText(/Not available on this server/)).toBeTruthy();

    expect(screen.getByTestId('knowledge-storage').textContent).toBe(
      'Using 1.2 MB of files and 84k characters in 5 sources',
    );
  });

  it('searches after a pause in typing, keeping the page state', () => {
    vi.useFakeTimers();
    render(<Index {...indexProps()} />);

    fireEvent.change(screen.getByLabelText('Search knowledge bases'), { target: { value: 'me' } });
    fireEvent.change(screen.getByLabelText('Search knowledge bases'), { target: { value: 'menu ' } });
    expect(fake.calls).toHaveLength(0);
    act(() => vi.advanceTimersByTime(300));

    expect(fake.calls).toHaveLength(1);
    expect(fake.calls[0]).toMatchObject({
      method: 'get',
      url: 'route:knowledges.index',
      data: { search: 'menu' },
      options: { preserveState: true, replace: true },
    });
  });

  it('pages with Previous and Next, keeping the search', () => {
    const meta = { current_page: 2, last_page: 3, per_page: 12, total: 30, from: 13, to: 24 };
    render(<Index {...indexProps({ filters: { search: 'menu' }, knowledges: { data: [summary()], meta } })} />);

    const nav = screen.getByRole('navigation', { name: 'Knowledge bases pages' });
    expect(nav.textContent).toContain('Showing 13 to 24 of 30 knowledge bases');
    expect(within(nav).getByRole('link', { name: 'Previous' }).getAttribute('href')).toBe(
      'route:knowledges.index:{"_query":{"search":"menu"}}',
    );
    expect(within(nav).getByRole('link', { name: 'Next' }).getAttribute('href')).toBe(
      'route:knowledges.index:{"_query":{"search":"menu","page":3}}',
    );
  });

  it('reloads the list on the team’s knowledge events, at most twice a second', () => {
    vi.useFakeTimers();
    render(<Index {...indexProps()} />);

    play('KnowledgeSourceUpdated', { team_id: 7, knowledge_id: 1, source: source() });
    play('KnowledgeSourceUpdated', { team_id: 7, knowledge_id: 1, source: source() });
    play('KnowledgeChanged', { team_id: 7, knowledge_id: 1, action: 'created' });
    expect(fake.calls.filter((call) => call.method === 'reload')).toHaveLength(1);
    expect(fake.calls[0].options).toMatchObject({ only: ['knowledges', 'storage', 'limit'] });

    act(() => vi.advanceTimersByTime(500));
    expect(fake.calls.filter((call) => call.method === 'reload')).toHaveLength(2);
  });
});

describe('Knowledges/Form', () => {
  it('creates: the settings alone, posted to knowledges.store, with no sources section', () => {
    render(<Form {...formProps({ knowledge: null })} />);

    expect(screen.getByRole('heading', { name: 'New knowledge base', level: 3 })).toBeTruthy();
    expect(screen.queryByText('Sources')).toBeNull();
    expect(screen.queryByText('Add a source')).toBeNull();
    expect(screen.queryByText('Try a question')).toBeNull();
    expect(screen.getByText(/will be indexed with/).textContent).toContain('Offline lexical embedder');

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'FAQ' } });
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'english' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:knowledges.store',
      data: { name: 'FAQ', description: '', language: 'english' },
    });
  });

  it('edits: lists the sources with their states, errors and retries, and what reading them gave', () => {
    const sources = [
      source({ diff: { added: 3, removed: 1, unchanged: 12 } }),
      source({
        id: 11,
        type: 'url',
        title: 'Delivery area',
        url: 'https://warung.example/delivery',
        status: 'error',
        progress: 0,
        error: 'The page answered 404 Not Found.',
        refresh: 'daily',
      }),
      source({
        id: 12,
        type: 'file',
        title: 'Menu PDF',
        file_name: 'menu.pdf',
        file_size: 48_000,
        status: 'embedding',
        working: true,
        progress: 65,
        error: 'Attempt 1 of 4 failed (the embedding server answered 503); trying again shortly.',
        details: { format: 'pdf', pages: 3, crawled: null, skipped: null, language: null },
      }),
    ];
    render(<Form {...formProps({ sources })} />);

    const list = screen.getByRole('list', { name: 'Sources' });
    const ready = within(list).getByRole('listitem', { name: 'Opening hours' });
    expect(within(ready).getByText('Ready')).toBeTruthy();
    expect(within(ready).getByText('Last read: +3 added · −1 removed · 12 unchanged')).toBeTruthy();
    expect(within(ready).queryByRole('button', { name: 'Refresh Opening hours' })).toBeNull();
    expect(within(ready).getByRole('button', { name: 'Edit Opening hours' })).toBeTruthy();

    const failed = within(list).getByRole('listitem', { name: 'Delivery area' });
    expect(within(failed).getByText('Failed')).toBeTruthy();
    expect(within(failed).getByRole('alert').textContent).toContain('The page answered 404 Not Found.');
    fireEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(fake.calls.at(-1)).toMatchObject({ method: 'post', url: 'route:knowledges.sources.refresh:[1,11]' });

    const working = within(list).getByRole('listitem', { name: 'Menu PDF' });
    expect(within(working).getByText('Indexing 65%')).toBeTruthy();
    expect(within(working).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('65');
    expect(within(working).getByRole('status').textContent).toContain('Attempt 1 of 4 failed');
    expect(within(working).getByText('menu.pdf').parentElement?.textContent).toBe('File · menu.pdf (46.9 KB)');
    expect(within(working).getByText(/3 pages/)).toBeTruthy();

    fireEvent.click(within(ready).getByRole('switch', { name: 'Use Opening hours in answers' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'put',
      url: 'route:knowledges.sources.update:[1,10]',
      data: { enabled: false },
    });
  });

  it('moves a source’s progress from KnowledgeSourceUpdated and reloads the sources when one is added', () => {
    const working = source({ status: 'fetching', working: true, progress: 10 });
    render(<Form {...formProps({ sources: [working] })} />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('10');

    play('KnowledgeSourceUpdated', {
      team_id: 7,
      knowledge_id: 1,
      source: { ...working, status: 'chunking', progress: 45, updated_at: '2026-01-01T10:00:05.000Z' },
    });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');
    expect(screen.getByText('Splitting 45%')).toBeTruthy();

    play('KnowledgeSourceUpdated', { team_id: 7, knowledge_id: 2, source: { ...working, progress: 90 } });
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('45');

    play('KnowledgeChanged', { team_id: 7, knowledge_id: 1, action: 'source-added' });
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'reload',
      options: { only: ['knowledge', 'sources', 'source_list', 'limit'] },
    });
  });

  it('searches the sources and shows them by state, asking only for the list, back to its first page', () => {
    vi.useFakeTimers();
    const sources = [source(), source({ id: 11, title: 'Menu', status: 'error', working: false })];
    render(<Form {...formProps({ sources })} />);
    const states = screen.getByRole('navigation', { name: 'Source states' });
    expect(within(states).getByRole('button', { name: 'All 2' }).getAttribute('aria-current')).toBe('page');

    fireEvent.change(screen.getByLabelText('Search sources'), { target: { value: ' menu ' } });
    expect(fake.calls.filter((call) => call.method === 'get')).toHaveLength(0);
    act(() => vi.advanceTimersByTime(300));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:knowledges.edit:{"knowledge":1,"_query":{"search":"menu"}}',
      options: { only: ['sources', 'source_list'], preserveState: true, preserveScroll: true, replace: true },
    });

    fireEvent.click(within(states).getByRole('button', { name: 'Failed 1' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:knowledges.edit:{"knowledge":1,"_query":{"search":"menu","state":"error"}}',
    });
  });

  it('pages through many sources, and says when none match with a way back to all of them', () => {
    const sources = Array.from({ length: 20 }, (_, index) => source({ id: 100 + index, title: `Q ${index}` }));
    const list = listOf(sources, { search: 'q', state: 'all' });
    list.meta = { current_page: 2, last_page: 3, per_page: 20, total: 45, from: 21, to: 40 };
    list.counts.all = 45;
    const { rerender } = render(<Form {...formProps({ sources, source_list: list })} />);
    const pages = screen.getByRole('navigation', { name: 'Pages of sources' });
    expect(pages.textContent).toContain('Showing 21 to 40 of 45 sources');
    fireEvent.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:knowledges.edit:{"knowledge":1,"_query":{"search":"q","page":3}}',
    });
    fireEvent.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(fake.calls.at(-1)).toMatchObject({ url: 'route:knowledges.edit:{"knowledge":1,"_query":{"search":"q"}}' });

    const none = listOf([], { search: 'zzz', state: 'error' });
    none.counts.all = 45;
    rerender(<Form {...formProps({ sources: [], source_list: none })} />);
    expect(screen.getByText('No failed sources match “zzz”.')).toBeTruthy();
    expect(screen.queryByText(/No sources yet/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show all sources' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'get',
      url: 'route:knowledges.edit:{"knowledge":1,"_query":{}}',
    });
  });

  it('reloads the list when a source finishes or fails, not at each step of its progress', () => {
    const working = source({ status: 'chunking', working: true, progress: 20 });
    render(<Form {...formProps({ sources: [working] })} />);
    const reloads = () => fake.calls.filter((call) => call.method === 'reload');

    play('KnowledgeSourceUpdated', { team_id: 7, knowledge_id: 1, source: { ...working, progress: 40 } });
    expect(reloads()).toHaveLength(0);
    play('KnowledgeSourceUpdated', {
      team_id: 7,
      knowledge_id: 1,
      source: { ...working, status: 'ready', working: false, progress: 100, updated_at: '2026-01-01T10:00:09.000Z' },
    });
    expect(reloads()).toHaveLength(1);
    expect(reloads()[0].options).toMatchObject({ only: ['knowledge', 'sources', 'source_list', 'limit'] });
  });

  it('opens the chunks of a cited source that is not on the page of sources shown', () => {
    const elsewhere = source({ id: 99, title: 'Old price list' });
    window.history.replaceState(null, '', '/knowledges/1/edit?preview=99');
    try {
      const props = formProps({ sources: [source()] });
      const { rerender } = render(<Form {...props} />);
      expect(fake.calls.at(-1)).toMatchObject({
        method: 'reload',
        options: { only: ['preview'], data: { preview: 99, preview_page: 1 } },
      });
      rerender(
        <Form {...props} preview={{ source_id: 99, source: elsewhere, page: 1, last_page: 1, total: 0, chunks: [] }} />,
      );
      expect(screen.getByRole('dialog').textContent).toContain('Old price list');
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('asks for the sources once at a time: a change while a reload is in flight reloads again after it', () => {
    fake.heldReloads = [];
    render(<Form {...formProps({ sources: [source()] })} />);
    const reloads = () => fake.calls.filter((call) => call.method === 'reload');

    play('KnowledgeChanged', { team_id: 7, knowledge_id: 1, action: 'source-added' });
    play('KnowledgeChanged', { team_id: 7, knowledge_id: 1, action: 'updated' });
    // The second change waits for the first answer: two answers at once could land in either order.
    expect(reloads()).toHaveLength(1);

    act(() => fake.heldReloads?.shift()?.());
    expect(reloads()).toHaveLength(2);
    expect(reloads()[1].options).toMatchObject({ only: ['knowledge', 'sources', 'source_list', 'limit'], async: true });
    act(() => fake.heldReloads?.shift()?.());
    expect(reloads()).toHaveLength(2);
  });

  it('checks a file’s size before uploading it', () => {
    render(<Form {...formProps()} />);

    fireEvent.click(screen.getByRole('tab', { name: 'File' }));
    expect(screen.getByText('PDF, DOCX; up to 1 MB.')).toBeTruthy();
    const big = new File([new Uint8Array(2 * 1024 * 1024)], 'huge.pdf', { type: 'application/pdf' });
    fireEvent.change(document.getElementById('source-file') as HTMLInputElement, { target: { files: [big] } });
    expect(screen.getByText('huge.pdf is 2 MB; a file may be at most 1 MB.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(fake.calls.filter((call) => call.method === 'form.post')).toHaveLength(0);

    const small = new File(['hello'], 'menu.pdf', { type: 'application/pdf' });
    fireEvent.change(document.getElementById('source-file') as HTMLInputElement, { target: { files: [small] } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      url: 'route:knowledges.sources.store:1',
      data: { type: 'file', title: '', file: small },
      options: { forceFormData: true, errorBag: 'addSource' },
    });
  });

  it('adds a Q&A pair with only its own fields', () => {
    render(<Form {...formProps()} />);

    fireEvent.click(screen.getByRole('tab', { name: 'Q&A' }));
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'Do you deliver?' } });
    fireEvent.change(screen.getByLabelText('Other ways to ask it (optional)'), { target: { value: 'Delivery?' } });
    fireEvent.change(screen.getByLabelText('Answer'), { target: { value: 'Yes, within 5 km.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Q&A' }));

    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.post',
      data: { type: 'qa', question: 'Do you deliver?', alternatives: 'Delivery?', answer: 'Yes, within 5 km.' },
      options: { forceFormData: false },
    });
    expect(Object.keys(fake.calls.at(-1)?.data as object).sort()).toEqual([
      'alternatives',
      'answer',
      'question',
      'type',
    ]);
  });

  it('is read-only for those who may not update, but they may still try a question', () => {
    render(<Form {...formProps({ sources: [source()], can: { create: false, update: false, delete: false } })} />);

    expect((screen.getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByText('Add a source')).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit Opening hours/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByText('Try a question')).toBeTruthy();
  });

  it('offers re-embedding when the embedding model is outdated', () => {
    render(
      <Form
        {...formProps({
          knowledge: {
            ...knowledge,
            embedder: { ...embedder, outdated: true, default_label: 'text-embedding-3-small' },
          },
        })}
      />,
    );

    fireEvent.click(screen.getByRole('button', { name: 'Re-embed with text-embedding-3-small' }));
    fireEvent.click(screen.getByRole('button', { name: 'Re-embed' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'put',
      url: 'route:knowledges.update:1',
      data: { name: 'Menu and prices', description: '', language: 'indonesian', reembed: true },
    });
  });

  it('loads a source’s chunks by a partial reload of `preview`', () => {
    const props = formProps({ sources: [source()] });
    const { rerender } = render(<Form {...props} />);

    fireEvent.click(screen.getByRole('button', { name: 'Chunks of Opening hours' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'reload',
      options: { only: ['preview'], data: { preview: 10, preview_page: 1 }, preserveUrl: true },
    });
    expect(screen.getByText('Loading the chunks…')).toBeTruthy();

    const chunk = {
      id: 100,
      source_id: 10,
      position: 0,
      content: 'Open daily from 8 to 22.',
      context: 'Hours',
      tokens: 9,
      meta: { page: 2 },
      enabled: true,
      edited: true,
      hit_count: 5,
      last_hit_at: null,
    };
    rerender(
      <Form
        {...props}
        preview={{ source_id: 10, source: props.sources[0], page: 1, last_page: 1, total: 1, chunks: [chunk] }}
      />,
    );
    const item = screen.getByRole('listitem', { name: 'Chunk 1' });
    expect(within(item).getByText('Open daily from 8 to 22.')).toBeTruthy();
    expect(within(item).getByText('Edited')).toBeTruthy();
    expect(within(item).getByText('Page 2')).toBeTruthy();

    fireEvent.click(within(item).getByRole('button', { name: 'Edit chunk 1' }));
    fireEvent.change(screen.getByLabelText('Text of chunk 1'), { target: { value: 'Open daily from 8 to 23.' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save' }));
    expect(fake.calls.at(-1)).toMatchObject({
      method: 'form.put',
      url: 'route:knowledges.chunks.update:[1,100]',
      data: { content: 'Open daily from 8 to 23.' },
    });
  });
});

describe('Try a question', () => {
  const result: SearchResult = {
    query: 'delivery',
    retrievers: ['fulltext', 'vector'],
    chunks: [
      {
        id: 5,
        knowledge_id: 1,
        source: { id: 11, title: 'Delivery area', type: 'url', url: 'https://warung.example/delivery' },
        content: 'We deliver within 5 km.',
        context: 'Delivery',
        meta: {},
        score: 0.032787,
        retrievers: { fulltext: { rank: 1, score: 0.1234 }, vector: { rank: 3, similarity: 0.6123 } },
      },
      {
        id: 6,
        knowledge_id: 1,
        source: { id: 10, title: 'Opening hours', type: 'text', url: null },
        content: 'Open daily.',
        context: '',
        meta: {},
        score: 0.016,
        retrievers: { fulltext: null, vector: { rank: 1, similarity: 0.7 } },
      },
    ],
  };

  it('shows the retrievers that ran and the ranked chunks with each retriever’s rank and score', async () => {
    fake.requestJson.mockResolvedValue(result);
    render(<Form {...formProps()} />);

    fireEvent.change(screen.getByLabelText('Question to try'), { target: { value: 'do you deliver?' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });

    expect(fake.requestJson).toHaveBeenCalledWith('GET', 'route:knowledges.search:1?q=do%20you%20deliver%3F');
    expect(screen.getByText('Full-text search')).toBeTruthy();
    expect(screen.getByText('Vector search')).toBeTruthy();
    const results = screen.getByRole('list', { name: 'Results' });
    const first = within(results).getByRole('listitem', { name: 'Result 1' });
    expect(within(first).getByRole('link', { name: 'Delivery area' }).getAttribute('href')).toBe(
      'https://warung.example/delivery',
    );
    expect(within(first).getByText('Full-text #1 · 0.12')).toBeTruthy();
    expect(within(first).getByText('Vector #3 · 0.61 similarity')).toBeTruthy();
    expect(within(first).getByText('Score 0.0328')).toBeTruthy();
    const second = within(results).getByRole('listitem', { name: 'Result 2' });
    expect(within(second).queryByText(/Full-text #/)).toBeNull();
    expect(screen.getByText(/not counted as hits/)).toBeTruthy();
  });

  it('shows the message of a 422 and of a failure', async () => {
    const { JsonRequestError } = await import('@/lib/json-request');
    fake.requestJson.mockRejectedValueOnce(
      new JsonRequestError(422, {
        message: 'Invalid.',
        errors: { q: ['The q field must not be greater than 1000 characters.'] },
      }),
    );
    render(<Form {...formProps()} />);

    fireEvent.change(screen.getByLabelText('Question to try'), { target: { value: 'x' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('The q field must not be greater than 1000 characters.');

    fake.requestJson.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(screen.getByRole('alert').textContent).toMatch(/could not be run/);

    fireEvent.change(screen.getByLabelText('Question to try'), { target: { value: '  ' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Type a question first.');
    expect(fake.requestJson).toHaveBeenCalledTimes(2);
  });
});

describe('the plan’s knowledge sources', () => {
  it('counts them on the list and above Add a source', () => {
    const { unmount } = render(<Index {...indexProps()} />);
    expect(screen.getByTestId('plan-limit').textContent).toBe('5 of 500 knowledge sources on the Growth plan');
    expect(screen.queryByTestId('plan-limit-reached')).toBeNull();
    unmount();

    render(<Form {...formProps()} />);
    expect(screen.getByTestId('plan-limit').textContent).toBe(
      '5 of 500 knowledge sources on the Growth plan, across all knowledge bases',
    );
    expect(screen.getByRole('form', { name: 'Add a source' })).toBeTruthy();
  });

  it('puts a notice in the form’s place once all are used, and says so on the list', () => {
    const full = { used: 10, limit: 10, reached: true, plan: 'Free' };
    const { unmount } = render(<Form {...formProps({ limit: full })} />);
    expect(screen.queryByRole('form', { name: 'Add a source' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add a source' })).toBeTruthy();
    const notice = screen.getByTestId('plan-limit-reached');
    expect(notice.textContent).toContain('Your team has all 10 knowledge sources its Free plan includes.');
    expect(within(notice).getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('route:billing.index');
    unmount();

    fake.billing = false;
    render(<Index {...indexProps({ limit: full })} />);
    expect(screen.getByTestId('plan-limit-reached').textContent).toContain(
      "The team's owner can upgrade the plan to add more knowledge sources.",
    );
  });
});

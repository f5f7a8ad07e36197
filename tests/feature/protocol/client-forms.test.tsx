/**
 * Checklist F29–F35 (protocols.md §1.9, §1.16, §2, §8): useForm from @inertiajs/react 3.7.1 with
 * React 19 in jsdom, mounted by the real createInertiaApp, against the app on a loopback port.
 *
 * The page component `Test/Forms` calls useForm with the data the test chose (`nextForm`) and hands
 * the form object and usePage() to the test on every render. A GET visit to /test/forms remounts it
 * with fresh form state; post/put/patch/delete keep it (preserveState), as in an app.
 */
import { useEffect } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testVersion } from '../../helpers/app';
import { createUser } from '../../factories/users';
import {
  clientSession,
  recordCallbacks,
  recordTraffic,
  sleep,
  until,
  type Browser,
  type Traffic,
} from '../../helpers/inertia-client';
import type * as InertiaReactModule from '@inertiajs/react';
import type { InertiaFormProps } from '@inertiajs/react';
import type { RouteRegistry } from '../../../server/http/router/registry';
import { ValidationError } from '../../../server/support/errors';
import { UploadedFile } from '../../../server/http/middleware/body';

type FormInput = Record<string, unknown>;
/** The form object as the test reads it (field values are whatever the test put in). */
type Form = InertiaFormProps<FormInput>;
type InertiaReact = typeof InertiaReactModule;

interface Received {
  method: string;
  path: string;
  contentType: string;
  errorBag: string | null;
  body: unknown;
  status?: number;
}
const received: Received[] = [];

function describeBody(value: unknown): unknown {
  if (value instanceof UploadedFile) {
    return { file: value.originalName, type: value.mimeType, size: value.size, content: value.buffer.toString('utf8') };
  }
  if (Array.isArray(value)) return value.map(describeBody);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, describeBody(v)]));
  return value;
}

let releaseSlow: (() => void) | undefined;

function routes(r: RouteRegistry) {
  const record = (req: Parameters<Parameters<RouteRegistry['get']>[1]>[0]) => {
    const entry: Received = {
      method: req.method,
      path: req.path,
      contentType: (req.get('content-type') ?? '').split(';')[0],
      errorBag: req.get('x-inertia-error-bag') ?? null,
      body: describeBody(req.body),
    };
    received.push(entry);
    return entry;
  };
  r.get('/test/forms', async (req, _res) => {
    await req.inertia.render('Test/Forms', { notice: 'forms', errorBagHeader: req.get('x-inertia-error-bag') ?? null });
  }).name('test.forms');
  r.post('/test/forms/users', (req, res) => {
    record(req);
    const body = req.body as { name?: string; email?: string };
    const errors: Record<string, string> = {};
    if (!body.name) errors.name = 'The name field is required.';
    if (!body.email?.includes('@')) errors.email = 'The email field must be a valid email address.';
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
    req.inertia.flash('status', 'user-created');
    res.redirect('/test/forms');
  }).name('test.forms.users.store');
  r.delete('/test/forms/posts/{post}', (req, res) => {
    const entry = record(req);
    res.redirect('/test/forms');
    entry.status = res.statusCode;
  }).name('test.forms.posts.destroy');
  r.get('/test/forms/search', async (req, _res) => {
    await req.inertia.render('Test/Forms', { notice: 'search', query: req.query, requestUrl: req.originalUrl });
  }).name('test.forms.search');
  r.put('/test/forms/uploads/{upload}', (req, res) => {
    const entry = record(req);
    res.redirect('/test/forms');
    entry.status = res.statusCode;
  }).name('test.forms.uploads.update');
  r.post('/test/forms/slow', async (req, res) => {
    record(req);
    await new Promise<void>((resolve) => {
      releaseSlow = resolve;
      setTimeout(resolve, 5000).unref();
    });
    if (!res.writableEnded && !req.socket.destroyed) res.redirect('/test/forms');
  }).name('test.forms.slow');
}

const session = clientSession(routes);
let browser: Browser;
let traffic: Traffic;
let inertiaReact: InertiaReact;

/** What the next mount of Test/Forms passes to useForm. */
let nextForm: FormInput = {};
/** The latest render of Test/Forms. */
const view: {
  form?: Form;
  page?: ReturnType<InertiaReact['usePage']>;
  mounts: number;
  /** Set when a render saw `processing` true. */
  renderedProcessing: boolean;
} = { mounts: 0, renderedProcessing: false };
const form = () => {
  if (!view.form) throw new Error('Test/Forms is not mounted');
  return view.form;
};

function FormsPage() {
  const formState = inertiaReact.useForm(nextForm as Record<string, string>) as unknown as Form;
  const page = inertiaReact.usePage();
  // Hands every committed render to the test.
  useEffect(() => {
    view.form = formState;
    view.page = page;
    if (formState.processing) view.renderedProcessing = true;
  });
  return (
    <section>
      <h1>{String(page.props.notice)}</h1>
      <p data-testid="errors">{JSON.stringify(formState.errors)}</p>
    </section>
  );
}

/** Waits until React committed the end of the submission (useForm resets these in onFinish). */
const settled = () => until(() => !form().processing && form().progress === null);

/** A fresh Test/Forms (GET visit, so the component remounts) whose useForm starts with `data`. */
async function mountForm(data: FormInput) {
  nextForm = data;
  const mounts = view.mounts;
  const calls = recordCallbacks();
  inertiaReact.router.visit('/test/forms', calls.options);
  await calls.finished();
  await until(() => view.mounts > mounts && view.page?.props.notice === 'forms');
  traffic.clear();
  return form();
}

beforeAll(async () => {
  // Signed in: uploads are only read for a signed-in user.
  const user = await createUser(session.app.services);
  browser = await session.open('/test/forms', { signIn: { email: user.email, password: 'password' } });
  // Only now: react-dom decides at import time whether it runs in a DOM.
  const [core, reactDom] = await Promise.all([import('@inertiajs/core'), import('react-dom/client')]);
  inertiaReact = await import('@inertiajs/react');
  traffic = recordTraffic(core);

  const Mounted = (props: object) => {
    useEffect(() => {
      view.mounts++;
    }, []);
    return <FormsPage {...props} />;
  };
  await inertiaReact.createInertiaApp({
    resolve: (name) => {
      if (name !== 'Test/Forms') throw new Error(`Page not found: ${name}`);
      return Mounted;
    },
    setup: ({ el, App, props }) => reactDom.createRoot(el!).render(<App {...props} />),
    progress: false,
  });
  await until(() => view.form !== undefined);
});

afterEach(() => {
  received.length = 0;
});

afterAll(async () => {
  releaseSlow?.();
  traffic?.dispose();
});

describe('useForm with React 19 and the real client', () => {
  it('F29/F35: invalid post → redirect back → errors per field; onError, no onSuccess; order onBefore > onStart > onError > onFinish', async () => {
    await mountForm({ name: '', email: 'nope' });
    const calls = recordCallbacks();
    view.renderedProcessing = false;
    form().post('/test/forms/users', calls.options);
    await calls.finished();
    await settled();
    await until(() => form().hasErrors);

    expect(view.renderedProcessing).toBe(true);
    expect(received).toEqual([
      expect.objectContaining({ method: 'POST', contentType: 'application/json', body: { name: '', email: 'nope' } }),
    ]);
    expect(calls.order).toEqual(['onBefore', 'onStart', 'onError', 'onFinish']);
    expect(calls.args.onError?.[0]).toEqual({
      name: 'The name field is required.',
      email: 'The email field must be a valid email address.',
    });
    expect(form().errors).toEqual({
      name: 'The name field is required.',
      email: 'The email field must be a valid email address.',
    });
    expect(form().hasErrors).toBe(true);
    expect(form().processing).toBe(false);
    expect(form().wasSuccessful).toBe(false);
    // The redirected GET is an Inertia request for the form's page, with the errors as strings.
    const page = traffic.responses.at(-1)!.json!;
    expect(page.component).toBe('Test/Forms');
    expect(page.props.errors).toEqual({
      name: 'The name field is required.',
      email: 'The email field must be a valid email address.',
    });
    expect(browser.window.location.pathname).toBe('/test/forms');
    expect(browser.document.querySelector('[data-testid="errors"]')!.textContent).toContain(
      'The name field is required.',
    );
  });

  it('F30: errorBag createUser → the server nests the errors under the bag; form.errors gets the fields', async () => {
    await mountForm({ name: '', email: 'ayu@example.com' });
    const calls = recordCallbacks();
    form().post('/test/forms/users', { errorBag: 'createUser', ...calls.options });
    await calls.finished();
    await settled();
    await until(() => form().hasErrors);

    expect(traffic.requests.at(-1)!.headers['x-inertia-error-bag']).toBe('createUser');
    expect(received[0].errorBag).toBe('createUser');
    const page = traffic.responses.at(-1)!.json!;
    expect(page.props.errors).toEqual({ createUser: { name: 'The name field is required.' } });
    // The redirected GET carried the bag header again (replayed by the XHR across the redirect).
    expect(page.props.errorBagHeader).toBe('createUser');
    expect(calls.args.onError?.[0]).toEqual({ name: 'The name field is required.' });
    expect(form().errors).toEqual({ name: 'The name field is required.' });
  });

  it('F31/F35: valid post → errors cleared, wasSuccessful/recentlySuccessful, isDirty false; recentlySuccessful false after ~2 s', async () => {
    await mountForm({ name: '', email: '' });
    // A previous failure, so clearing is visible.
    const failed = recordCallbacks();
    form().post('/test/forms/users', failed.options);
    await failed.finished();
    await settled();
    await until(() => form().hasErrors);

    form().setData({ name: 'Ayu', email: 'ayu@example.com' });
    await until(() => form().isDirty);
    const calls = recordCallbacks();
    form().post('/test/forms/users', calls.options);
    await calls.finished();
    await settled();
    await until(() => form().wasSuccessful && !form().isDirty);

    expect(calls.order).toEqual(['onBefore', 'onStart', 'onFlash', 'onSuccess', 'onFinish']);
    expect(calls.args.onFlash?.[0]).toEqual({ status: 'user-created' });
    expect(received.at(-1)!.body).toEqual({ name: 'Ayu', email: 'ayu@example.com' });
    expect(form().errors).toEqual({});
    expect(form().hasErrors).toBe(false);
    expect(form().wasSuccessful).toBe(true);
    expect(form().recentlySuccessful).toBe(true);
    expect(form().isDirty).toBe(false);
    expect(form().data).toEqual({ name: 'Ayu', email: 'ayu@example.com' });
    expect(form().processing).toBe(false);
    expect(view.page!.flash).toEqual({ status: 'user-created' });

    await sleep(2200);
    expect(form().recentlySuccessful).toBe(false);
    expect(form().wasSuccessful).toBe(true);
  });

  it('F32: delete sends the form data as a JSON body and the 303 lands back on the page', async () => {
    await mountForm({ reason: 'x' });
    const calls = recordCallbacks();
    form().delete('/test/forms/posts/1', calls.options);
    await calls.finished();
    await settled();

    expect(received).toEqual([
      {
        method: 'DELETE',
        path: '/test/forms/posts/1',
        contentType: 'application/json',
        errorBag: null,
        body: { reason: 'x' },
        status: 303,
      },
    ]);
    expect(traffic.requests.at(-1)!.method).toBe('DELETE');
    expect(calls.order).toEqual(['onBefore', 'onStart', 'onSuccess', 'onFinish']);
    expect(traffic.responses.at(-1)!.json!.component).toBe('Test/Forms');
    expect(browser.window.location.pathname).toBe('/test/forms');
  });

  it('F33: get puts the data in the query string; the server parses arrays and booleans', async () => {
    await mountForm({ q: 'a b', tags: ['x', 'y'], f: true, nested: { g: false } });
    const calls = recordCallbacks();
    form().get('/test/forms/search', calls.options);
    await calls.finished();
    await settled();
    await until(() => view.page?.props.notice === 'search');

    expect(traffic.requests.at(-1)!.method).toBe('GET');
    expect(traffic.requests.at(-1)!.url).toBe(
      `${session.origin}/test/forms/search?q=a%20b&tags[]=x&tags[]=y&f=true&nested[g]=false`,
    );
    const props = view.page!.props as Record<string, unknown>;
    expect(props.query).toEqual({ q: 'a b', tags: ['x', 'y'], f: 'true', nested: { g: 'false' } });
    expect(props.requestUrl).toBe('/test/forms/search?q=a%20b&tags[]=x&tags[]=y&f=true&nested[g]=false');
    expect(view.page!.url).toBe(props.requestUrl);
    expect(browser.window.location.pathname + browser.window.location.search).toBe(props.requestUrl);
  });

  it('F34: a File with forceFormData posts multipart; nested tags[0], booleans 1/0 and _method=put are parsed and routed as PUT', async () => {
    await mountForm({
      _method: 'put',
      title: 'Report',
      tags: ['a', 'b'],
      flags: { public: true, draft: false },
      avatar: null,
    });
    const file = new browser.window.File(['hello world'], 'hello.txt', { type: 'text/plain' });
    form().setData('avatar', file);
    await until(() => form().data.avatar === file);

    const calls = recordCallbacks();
    const progress: number[] = [];
    form().post('/test/forms/uploads/7', {
      forceFormData: true,
      ...calls.options,
      onProgress: (event) => {
        calls.options.onProgress(event);
        if (event) progress.push(event.percentage ?? 0);
      },
    });
    await calls.finished();
    await settled();

    const request = traffic.requests.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.data).toBeInstanceOf(browser.window.FormData);
    expect(received).toEqual([
      {
        method: 'PUT',
        path: '/test/forms/uploads/7',
        contentType: 'multipart/form-data',
        errorBag: null,
        body: {
          _method: 'put',
          title: 'Report',
          tags: ['a', 'b'],
          flags: { public: '1', draft: '0' },
          avatar: { file: 'hello.txt', type: 'text/plain', size: 11, content: 'hello world' },
        },
        status: 303,
      },
    ]);
    expect(calls.order.filter((name) => name !== 'onProgress')).toEqual([
      'onBefore',
      'onStart',
      'onSuccess',
      'onFinish',
    ]);
    expect(progress.at(-1)).toBe(100);
    expect(form().progress).toBeNull();
    expect(traffic.responses.at(-1)!.json!.component).toBe('Test/Forms');
  });

  it('F35: cancel() during a slow request → onCancel > onFinish, no success, processing false', async () => {
    await mountForm({ name: 'slow' });
    const calls = recordCallbacks();
    form().post('/test/forms/slow', calls.options);
    await until(() => received.length === 1 && form().processing);
    form().cancel();
    await calls.finished();
    await settled();
    releaseSlow?.();
    await sleep(100);

    expect(calls.order).toEqual(['onBefore', 'onStart', 'onCancel', 'onFinish']);
    expect(form().processing).toBe(false);
    expect(form().wasSuccessful).toBe(false);
    expect(form().errors).toEqual({});
    expect(browser.window.location.pathname).toBe('/test/forms');
    expect(view.page!.version).toBe(testVersion);
  });
});

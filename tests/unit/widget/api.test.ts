import { describe, expect, it } from 'vitest';
import { createApi, errorMessage, parseRetryAfter, WidgetApiError } from '../../../resources/widget/api';

interface Call {
  url: string;
  init: RequestInit;
}

function fakeFetch(respond: (call: Call) => Response | Promise<Response>) {
  const calls: Call[] = [];
  const fetch = async (url: string, init: RequestInit = {}) => {
    const call = { url, init };
    calls.push(call);
    return respond(call);
  };
  return { calls, fetch };
}

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });

const base = 'https://kawan.test/widget/pk_123/';

async function failure(promise: Promise<unknown>): Promise<WidgetApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(WidgetApiError);
    return error as WidgetApiError;
  }
  throw new Error('expected the call to fail');
}

describe('createApi', () => {
  it('gets the config without credentials or custom headers (a simple CORS request)', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, { title: 'Help' }));
    const api = createApi(base, fetch);
    await expect(api.config()).resolves.toEqual({ title: 'Help' });
    expect(calls[0].url).toBe(`${base}config`);
    expect(calls[0].init).toMatchObject({ method: 'GET', credentials: 'omit', mode: 'cors' });
    expect(calls[0].init.headers).toEqual({ Accept: 'application/json' });
  });

  it('posts JSON with the Bearer token once the session gave one', async () => {
    const { calls, fetch } = fakeFetch(({ url }) =>
      url.endsWith('session') ? json(200, { token: 't0k' }) : new Response(null, { status: 204 }),
    );
    const api = createApi(base, fetch);
    await api.session({ visitorId: 'v1' });
    expect(calls[0].init.headers).not.toHaveProperty('Authorization');
    expect(JSON.parse(String(calls[0].init.body))).toEqual({ visitorId: 'v1' });
    api.setToken('t0k');
    await expect(api.typing(true)).resolves.toBeUndefined();
    await api.feedback(42, 'up');
    expect(calls[1]).toMatchObject({ url: `${base}typing`, init: { method: 'POST', body: '{"typing":true}' } });
    expect(calls[1].init.headers).toMatchObject({ Authorization: 'Bearer t0k', 'Content-Type': 'application/json' });
    expect(calls[2].url).toBe(`${base}messages/42/feedback`);
    expect(calls[2].init.body).toBe('{"value":"up"}');
  });

  it('authorizes the realtime channel with a form body, as pusher-js would', async () => {
    const { calls, fetch } = fakeFetch(() => json(200, { auth: 'key:sig' }));
    const api = createApi(base, fetch);
    api.setToken('abc');
    await expect(api.authorize(`${base}broadcasting/auth`, '1.2', 'private-widget.9')).resolves.toEqual({
      auth: 'key:sig',
    });
    expect(calls[0].init.body).toBe('socket_id=1.2&channel_name=private-widget.9');
    expect(calls[0].init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Content-Type': 'application/x-www-form-urlencoded',
    });
  });

  it('maps 403 to "not available on this site"', async () => {
    const api = createApi(base, fakeFetch(() => json(403, { message: 'Origin not allowed.' })).fetch);
    const error = await failure(api.session({}));
    expect(error.status).toBe(403);
    expect(error.message).toBe('This chat is not available on this site');
  });

  it('maps 429 to a wait of Retry-After seconds', async () => {
    const api = createApi(
      base,
      fakeFetch(() => json(429, { message: 'Too Many Requests' }, { 'Retry-After': '17' })).fetch,
    );
    const error = await failure(api.send({ text: 'hi', clientId: 'c' }));
    expect(error).toMatchObject({
      status: 429,
      retryAfter: 17,
      message: 'Too many requests. Please try again in 17 seconds.',
    });
  });

  it('reads the wait from the body’s retry_after when the Retry-After header is missing', async () => {
    const api = createApi(
      base,
      fakeFetch(() => json(429, { message: 'Too many requests. Please try again in 1 second.', retry_after: 1 })).fetch,
    );
    const error = await failure(api.session({}));
    expect(error).toMatchObject({
      status: 429,
      retryAfter: 1,
      message: 'Too many requests. Please try again in 1 second.',
    });
  });

  it('shows a 422 with the server’s message, and falls back when it has none', async () => {
    const withMessage = createApi(
      base,
      fakeFetch(() => json(422, { message: 'The text is too long.', errors: {} })).fetch,
    );
    expect((await failure(withMessage.send({ text: 'x', clientId: 'c' }))).message).toBe('The text is too long.');
    const without = createApi(base, fakeFetch(() => new Response('oops', { status: 422 })).fetch);
    expect((await failure(without.send({ text: 'x', clientId: 'c' }))).message).toBe('That message could not be sent.');
  });

  it('turns a network failure (offline, refused by CORS) into status 0', async () => {
    const api = createApi(base, fakeFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetch);
    const error = await failure(api.config());
    expect(error.status).toBe(0);
    expect(error.message).toMatch(/Can't reach the chat/);
  });

  it('maps 401, 404 and 5xx to sentences of their own', async () => {
    for (const [status, pattern] of [
      [401, /session has expired/],
      [404, /does not exist/],
      [500, /Something went wrong/],
      [503, /Something went wrong/],
    ] as const) {
      const api = createApi(base, fakeFetch(() => json(status, { message: 'internal detail' })).fetch);
      const error = await failure(api.handoff());
      expect(error.status).toBe(status);
      expect(error.message).toMatch(pattern);
      expect(error.message).not.toContain('internal detail');
    }
  });
});

describe('parseRetryAfter and errorMessage', () => {
  it('reads seconds or an HTTP date, and nothing else', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('30', now)).toBe(30);
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:45 GMT', now)).toBe(45);
    expect(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });

  it('says a wait even when the server did not (the header may be hidden by CORS)', () => {
    expect(errorMessage(429, null)).toBe('Too many requests. Please try again in 30 seconds.');
  });
});

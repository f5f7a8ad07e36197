// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const echo = vi.hoisted(() => ({ socketId: undefined as string | undefined }));
vi.mock('@/lib/echo-connection', () => ({ socketId: () => echo.socketId }));

import { JsonRequestError, requestJson } from '@/lib/json-request';

const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  document.cookie = 'XSRF-TOKEN=token%2Fvalue';
});

afterEach(() => {
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  echo.socketId = undefined;
});

const sentHeaders = () => fetchMock.mock.calls[0][1]!.headers as Record<string, string>;

describe('requestJson', () => {
  it("sends the session's XSRF token, X-Requested-With and a JSON body, and decodes the answer", async () => {
    fetchMock.mockResolvedValue(new Response('{"unread_count":2}', { status: 200 }));
    await expect(requestJson('PUT', '/user/notifications/1', { a: 1 })).resolves.toEqual({ unread_count: 2 });
    expect(sentHeaders()).toMatchObject({
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-XSRF-TOKEN': 'token/value',
      'Content-Type': 'application/json',
    });
    expect(fetchMock.mock.calls[0][1]!.body).toBe('{"a":1}');
  });

  it("carries this tab's socket id while connected, so the server leaves this tab out of the broadcast", async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await requestJson('PUT', '/user/notifications/1');
    expect(sentHeaders()).not.toHaveProperty('X-Socket-ID');

    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    echo.socketId = '1234.5678';
    await requestJson('PUT', '/user/notifications/1');
    expect(fetchMock.mock.calls[1][1]!.headers).toMatchObject({ 'X-Socket-ID': '1234.5678' });
  });

  it('rejects a non-2xx answer with its status and decoded body', async () => {
    fetchMock.mockResolvedValue(new Response('{"message":"Password confirmation required."}', { status: 423 }));
    const error = await requestJson('GET', '/user/confirmed-password-status').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JsonRequestError);
    expect(error).toMatchObject({ status: 423, body: { message: 'Password confirmation required.' } });
  });
});

import { ajaxHeaders } from '@/lib/csrf';
import { socketId } from '@/lib/echo-connection';

/** A JSON answer other than 2xx: the status and the decoded body (`{message, errors}` for a 422). */
export class JsonRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly body: unknown,
  ) {
    super(`Request failed with status ${status}`);
    this.name = 'JsonRequestError';
  }
}

/**
 * A same-origin XHR that asks for JSON (outside Inertia's page visits), carrying the CSRF token the
 * way axios does and, like Inertia's requests, this tab's X-Socket-ID, so that what it causes is
 * broadcast to the user's other tabs, not back to this one. Resolves with the decoded body (null when empty); rejects with JsonRequestError.
 */
export async function requestJson<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  body?: unknown,
): Promise<T> {
  const socket = socketId();
  const response = await fetch(url, {
    method,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...ajaxHeaders(),
      ...(socket ? { 'X-Socket-ID': socket } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = decode(await response.text());
  if (!response.ok) throw new JsonRequestError(response.status, data);
  return data as T;
}

function decode(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

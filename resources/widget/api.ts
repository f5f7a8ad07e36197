import type {
  ContactRequest,
  CsatRequest,
  HandoffResponse,
  SendRequest,
  SessionRequest,
  SessionResponse,
  WidgetConfig,
  WidgetMessage,
} from '../../server/channels/web/protocol';
import { englishWords, type PanelWords } from './strings';

/**
 * The widget's HTTP client for the endpoints of server/channels/web/protocol.ts. No cookies
 * (`credentials: 'omit'`): the visitor is known by the Bearer token from `session` alone. Every
 * failure becomes a WidgetApiError whose message can be shown to the visitor as it is.
 */

export class WidgetApiError extends Error {
  constructor(
    /** The HTTP status, or 0 when the request never got an answer (offline, CORS refused). */
    readonly status: number,
    message: string,
    /** Seconds to wait before trying again (429), when the server said. */
    readonly retryAfter: number | null = null,
    /** A 422's message per field, as the server wrote them. */
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'WidgetApiError';
  }
}

/** Seconds from a Retry-After header: a number of seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - now) / 1000));
}

/** The sentence the visitor reads for a failed call, in the widget's words (English until it knows its locale). */
export function errorMessage(
  status: number,
  retryAfter: number | null,
  serverMessage?: string,
  words: PanelWords = englishWords,
): string {
  switch (status) {
    case 0:
      return words.offline;
    case 401:
      return words.expired;
    case 403:
      return words.notHere;
    case 404:
      return words.missing;
    case 413:
    case 422:
      return serverMessage?.trim() || words.refused;
    case 429:
      return words.tooMany(retryAfter ?? 30);
    default:
      return words.failed;
  }
}

/** A 429's `retry_after` seconds from its JSON body, for when a proxy dropped the header. */
function retryAfterIn(body: unknown): number | null {
  const value = body && typeof body === 'object' ? (body as { retry_after?: unknown }).retry_after : undefined;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null;
}

/** A 422's first message per field (the server sends Laravel's `{ errors: { field: [message] } }`). */
function fieldErrorsIn(body: unknown): Record<string, string> {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined;
  if (!errors || typeof errors !== 'object') return {};
  const first = (messages: unknown) => (Array.isArray(messages) ? messages[0] : messages);
  return Object.fromEntries(
    Object.entries(errors)
      .map(([field, messages]) => [field, first(messages)])
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface WidgetApi {
  readonly token: string | null;
  setToken(token: string | null): void;
  config(): Promise<WidgetConfig>;
  session(request: SessionRequest): Promise<SessionResponse>;
  /** The pre-chat form's answers. */
  contact(answers: ContactRequest): Promise<void>;
  /** A file the visitor sends (its bytes as the body). */
  upload(file: Blob, name: string, clientId: string): Promise<{ message: WidgetMessage }>;
  /** A file of the visitor's chat, to show or download. */
  file(messageId: number, index: number): Promise<Blob>;
  send(request: SendRequest): Promise<{ message: WidgetMessage }>;
  handoff(): Promise<HandoffResponse>;
  typing(typing: boolean): Promise<void>;
  csat(request: CsatRequest): Promise<void>;
  feedback(messageId: number, value: 'up' | 'down' | null): Promise<void>;
  /** POST broadcasting/auth (form-encoded, as pusher-js would) for the visitor's private channel. */
  authorize(endpoint: string, socketId: string, channelName: string): Promise<{ auth: string }>;
}

/** `apiBase` is `<APP_URL>/widget/<publicKey>/` (with the trailing slash). */
export function createApi(apiBase: string, fetchImpl: Fetch = (input, init) => fetch(input, init)): WidgetApi {
  let token: string | null = null;

  async function request<T>(
    url: string,
    init: RequestInit,
    headers: Record<string, string>,
    as: 'json' | 'blob' = 'json',
  ): Promise<T> {
    const allHeaders: Record<string, string> = { Accept: 'application/json', ...headers };
    if (token) allHeaders.Authorization = `Bearer ${token}`;
    let response: Response;
    try {
      response = await fetchImpl(url, { ...init, headers: allHeaders, credentials: 'omit', mode: 'cors' });
    } catch {
      throw new WidgetApiError(0, errorMessage(0, null));
    }
    if (response.status === 204) return undefined as T;
    if (as === 'blob' && response.ok) {
      try {
        return (await response.blob()) as T;
      } catch {
        throw new WidgetApiError(0, errorMessage(0, null));
      }
    }
    let body: unknown;
    try {
      const text = await response.text();
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (!response.ok) {
      const retryAfter = parseRetryAfter(response.headers.get('Retry-After')) ?? retryAfterIn(body);
      const serverMessage =
        body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string'
          ? (body as { message: string }).message
          : undefined;
      throw new WidgetApiError(
        response.status,
        errorMessage(response.status, retryAfter, serverMessage),
        retryAfter,
        fieldErrorsIn(body),
      );
    }
    return body as T;
  }

  const post = <T>(path: string, payload: unknown) =>
    request<T>(
      apiBase + path,
      { method: 'POST', body: JSON.stringify(payload) },
      { 'Content-Type': 'application/json' },
    );

  return {
    get token() {
      return token;
    },
    setToken(value) {
      token = value;
    },
    config: () => request<WidgetConfig>(apiBase + 'config', { method: 'GET' }, {}),
    session: (payload) => post<SessionResponse>('session', payload),
    contact: (answers) => post<void>('contact', answers),
    upload: (file, name, clientId) =>
      request<{ message: WidgetMessage }>(
        `${apiBase}attachments?${new URLSearchParams({ clientId, name }).toString()}`,
        { method: 'POST', body: file },
        { 'Content-Type': 'application/octet-stream' },
      ),
    file: (messageId, index) =>
      request<Blob>(`${apiBase}messages/${messageId}/attachments/${index}`, { method: 'GET' }, {}, 'blob'),
    send: (payload) => post<{ message: WidgetMessage }>('messages', payload),
    handoff: () => post<HandoffResponse>('handoff', {}),
    typing: (typing) => post<void>('typing', { typing }),
    csat: (payload) => post<void>('csat', payload),
    feedback: (messageId, value) => post<void>(`messages/${encodeURIComponent(String(messageId))}/feedback`, { value }),
    authorize: (endpoint, socketId, channelName) =>
      request<{ auth: string }>(
        endpoint,
        { method: 'POST', body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString() },
        { 'Content-Type': 'application/x-www-form-urlencoded' },
      ),
  };
}

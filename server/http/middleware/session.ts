import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { serialize as serializeCookie } from 'cookie';
import { sign, unsign } from 'cookie-signature';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Config } from '../../config/env';
import type { SessionRepository } from '../../db/repositories/session-repository';
import type { Services } from '../../services';
import { markEnding, unmarkEnding } from '../response-state';
import { requestCookie } from '../cookies';

/** What a session keeps; other modules add their keys (`declare module '…/session'`). */
export interface SessionData {
  /** CSRF token of this session. */
  _token: string;
  /** One-shot values for the next request. */
  _flash: Record<string, unknown>;
  userId: number;
  ip: string;
  userAgent: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** The browser's session (web requests; the bearer-token API has none). */
      session: Session & Partial<SessionData>;
    }
  }
}

const seconds = () => Math.floor(Date.now() / 1000);

/**
 * A browser session: its data as own properties (`req.session.userId`), its id and upkeep in
 * private fields, so that JSON.stringify(session) is exactly the payload kept.
 */
export class Session {
  #id: string;
  /** Ids this session had before regenerate() or invalidate() in this request (made on the first). */
  #retired: string[] | undefined = undefined;
  /** The payload as the store held it when the request began (null: new, or an express-session row). */
  readonly #loadedJson: string | null;
  readonly #hadRow: boolean;
  /** Whether the response has taken this session's writes in hand (once per request). */
  #committing = false;

  constructor(id: string, data: Record<string, unknown> = {}, loaded: { json: string | null; hadRow: boolean } = none) {
    this.#id = id;
    this.#loadedJson = loaded.json;
    this.#hadRow = loaded.hadRow;
    for (const key of Object.keys(data)) {
      // Only data keys: never the prototype, never a name of this class's own members.
      if (key === '__proto__' || key in Session.prototype) continue;
      (this as Record<string, unknown>)[key] = data[key];
    }
  }

  get id(): string {
    return this.#id;
  }

  /** Ids given up during this request (their rows are deleted when the response is sent). */
  get retiredIds(): readonly string[] {
    return this.#retired ?? noIds;
  }

  /** The payload the store held when the request began, when it was written by Kawan. */
  get loadedJson(): string | null {
    return this.#loadedJson;
  }

  /** Whether the store held a row for the id the request came with. */
  get hadRow(): boolean {
    return this.#hadRow;
  }

  /** True the first time only: the response that asks first writes the session. */
  claimCommit(): boolean {
    if (this.#committing) return false;
    this.#committing = true;
    return true;
  }

  /** A new id for the same data (on login and privilege changes, against session fixation). */
  regenerate(): void {
    (this.#retired ??= []).push(this.#id);
    this.#id = newSessionId();
  }

  /** Empties the session under a new id (logout). */
  invalidate(): void {
    for (const key of Object.keys(this)) delete (this as Record<string, unknown>)[key];
    this.regenerate();
  }
}

/** A session the store did not hold, and one that gave up no id. */
const none = { json: null, hadRow: false };
const noIds: readonly string[] = Object.freeze([]);

/** A response method as it was before the session's hook (the prototype's, or a wrapper's). */
type Original = (...args: unknown[]) => unknown;

/** A new session id: 24 random bytes, URL-safe. */
function newSessionId(): string {
  return randomBytes(24).toString('base64url');
}

/** A session as the store keeps it: the payload as JSON (every request parses its own copy). */
export interface StoredSession {
  json: string;
  userId: number | null;
  lastActivity: number;
}

const cacheKey = (sid: string) => `session:${sid}`;

/** Any other write to the table (ending a user's other sessions, pruning) drops every cached session. */
const readOf = { groups: ['sessions'] };

/**
 * Sessions kept in the `sessions` table, so a user's browser sessions can be listed and ended,
 * and in the hot cache, so that a request whose session did not change reads nothing: writes
 * go to the table and then into the cache (write-through), and to the other processes as a drop.
 * A session holding nothing (a guest who only looks) has no row.
 */
export class DatabaseSessionStore {
  /**
   * last_activity of the sessions read lately, as last read or written. Kept after a request ends:
   * several requests of one browser in flight at once share it, and one finishing must not make the
   * others think a write is due (each would then send an update that changes nothing). Bounded.
   */
  private readonly lastActivity = new Map<string, number>();

  constructor(
    private readonly repository: SessionRepository,
    private readonly lifetimeSeconds: number,
    private readonly cache?: Pick<Services, 'cache' | 'invalidateElsewhere'>,
    /** Chance per write that expired rows are deleted (Laravel's lottery: 2 in 100). */
    private readonly pruneChance = 0.02,
  ) {}

  /** The live session, from the cache when it holds it; a session that looks expired is read again. */
  async read(sid: string): Promise<StoredSession | null> {
    const load = async (): Promise<StoredSession | null> => {
      const row = await this.repository.find(sid);
      return row ? { json: JSON.stringify(row.payload), userId: row.userId, lastActivity: row.lastActivity } : null;
    };
    const cache = this.cache?.cache;
    let stored: StoredSession | null;
    if (!cache) stored = await load();
    else {
      stored = await cache.get(cacheKey(sid), readOf, load);
      // Another process may have kept it alive since this one cached it.
      if (stored && this.expired(stored)) {
        cache.drop({ keys: [cacheKey(sid)] });
        stored = await load();
      }
    }
    return stored && !this.expired(stored) ? this.live(sid, stored) : null;
  }

  /**
   * The live session as the cache holds it, without waiting (most requests): null when it holds
   * that there is none, undefined when `read()` must decide (not kept, or it looks expired).
   */
  cached(sid: string): StoredSession | null | undefined {
    const kept = this.cache?.cache.peek<StoredSession | null>(cacheKey(sid));
    if (kept === undefined) return undefined;
    if (kept.value === null) return null;
    return this.expired(kept.value) ? undefined : this.live(sid, kept.value);
  }

  private expired(stored: StoredSession): boolean {
    return stored.lastActivity < seconds() - this.lifetimeSeconds;
  }

  /** A session found live: its last activity remembered (touch() decides from it). */
  private live(sid: string, stored: StoredSession): StoredSession {
    this.remember(sid, stored.lastActivity);
    return stored;
  }

  /** Keeps the session's data (`json` is JSON.stringify(data), made by the caller already). */
  async save(sid: string, data: Partial<SessionData>, json = JSON.stringify(data)): Promise<void> {
    const now = seconds();
    const payload = JSON.parse(json) as Record<string, unknown>;
    const userId = data.userId ?? null;
    await this.repository.save({
      id: sid,
      userId,
      ipAddress: data.ip ?? null,
      userAgent: data.userAgent ?? null,
      payload,
      lastActivity: now,
    });
    this.remember(sid, now);
    this.cache?.cache.put(cacheKey(sid), { json, userId, lastActivity: now } satisfies StoredSession, readOf);
    await this.cache?.invalidateElsewhere({ keys: [cacheKey(sid)] });
    if (Math.random() < this.pruneChance) await this.repository.pruneOlderThan(now - this.lifetimeSeconds);
  }

  /**
   * Writes last_activity at most once a minute per session: the value read with the session
   * tells whether a write is due, so most requests make no second query (and get undefined).
   */
  touch(sid: string): Promise<void> | undefined {
    const now = seconds();
    const known = this.lastActivity.get(sid);
    if (known !== undefined && known >= now - 60) return undefined;
    // Concurrent requests of this session need not write too.
    this.remember(sid, now);
    return this.repository.touch(sid, now, now - 60).then(() => {
      this.cache?.cache.update<StoredSession | null>(cacheKey(sid), (stored) =>
        stored ? { ...stored, lastActivity: now } : stored,
      );
    });
  }

  async destroy(sid: string): Promise<void> {
    this.lastActivity.delete(sid);
    await this.repository.destroy(sid);
    this.cache?.cache.drop({ keys: [cacheKey(sid)] });
    await this.cache?.invalidateElsewhere({ keys: [cacheKey(sid)] });
  }

  private remember(sid: string, lastActivity: number): void {
    if (this.lastActivity.size >= 10_000 && !this.lastActivity.has(sid)) this.lastActivity.clear();
    this.lastActivity.set(sid, lastActivity);
  }
}

/** The session cookie's attributes. */
export function sessionCookie(config: Config) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.app.secure,
    maxAge: config.session.lifetimeMinutes * 60_000,
    path: '/',
  };
}

/**
 * The session cookie's value is `s:<id>.<HMAC-SHA256 of the id>` (cookie-signature, keyed with
 * APP_KEY), as express-session wrote it, so sessions outlive the change to this middleware. Both
 * directions are remembered (one HMAC per session id, not two per request); bounded.
 */
class CookieSigner {
  private readonly verified = new Map<string, string>();
  private readonly signed = new Map<string, string>();

  constructor(private readonly secret: string) {}

  /** The id a cookie value names, when its signature is ours. */
  idOf(value: string): string | undefined {
    const known = this.verified.get(value);
    if (known !== undefined) return known;
    if (!value.startsWith('s:')) return undefined;
    const id = unsign(value.slice(2), this.secret);
    if (id === false) return undefined;
    if (this.verified.size >= 10_000) this.verified.clear();
    this.verified.set(value, id);
    return id;
  }

  valueOf(id: string): string {
    let value = this.signed.get(id);
    if (value === undefined) {
      value = `s:${sign(id, this.secret)}`;
      if (this.signed.size >= 10_000) this.signed.clear();
      this.signed.set(id, value);
    }
    return value;
  }
}

/**
 * Kawan's session middleware: every web visitor gets a session cookie at once (their CSRF token
 * is bound to it), refreshed on every response (the session lives SESSION_LIFETIME from the last
 * request); a row only once the session holds something. Before the response goes out, a session
 * whose data changed is saved, retired ids are deleted, and an unchanged one has its last activity
 * written at most once a minute; the response waits for that, so the browser's next request sees
 * it. A failed write is answered by `onError` instead, while nothing has been sent yet.
 *
 * Why not express-session: per request it signed and verified the cookie (two HMACs), hashed the
 * session twice (SHA-1) to see whether it changed, and split the response in two writes around the
 * store's touch; on the guest page visit that was about a third of Kawan's own time (decision 011).
 */
export function sessionMiddleware(
  config: Config,
  store: DatabaseSessionStore,
  /** Answers a request whose session could not be written (the application's error handler). */
  onError: (error: unknown, req: Request, res: Response) => void,
  /** The app's `app.response`, the prototype of its responses: the cookie and the writes hook in there. */
  response: object,
): RequestHandler[] {
  const name = config.session.cookie;
  const signer = new CookieSigner(config.app.key.toString('base64'));
  const attributes = sessionCookie(config);
  // The cookie rolls with each request: its Expires moves once a second, and the header made for a
  // session in that second is sent again by its other responses (bounded).
  let second = 0;
  let cookies = new Map<string, string>();
  const cookieFor = (id: string) => {
    const now = seconds();
    if (now !== second) {
      second = now;
      cookies = new Map();
    }
    let cookie = cookies.get(id);
    if (cookie === undefined) {
      cookie = serializeCookie(name, signer.valueOf(id), {
        path: attributes.path,
        expires: new Date(now * 1000 + attributes.maxAge),
        httpOnly: attributes.httpOnly,
        secure: attributes.secure,
        sameSite: attributes.sameSite,
      });
      if (cookies.size < 10_000) cookies.set(id, cookie);
    }
    return cookie;
  };

  /** Sends the session's cookie with the headers of a response to a request that has a session. */
  const writingHead = (res: Response) => {
    const req = res.req;
    const session = req.session as Session | undefined;
    if (session !== undefined && (!attributes.secure || req.secure)) appendSetCookie(res, cookieFor(session.id));
  };

  /** end(): the session's writes first (the response waits for them), then `original` ends it. */
  const ending = (res: Response, original: Original, args: unknown[]) => {
    const req = res.req;
    const session = req.session as (Session & Partial<SessionData>) | undefined;
    if (session === undefined || !session.claimCommit()) return original.apply(res, args);
    const writes = commit(store, session);
    if (!writes) return original.apply(res, args);
    markEnding(res);
    writes.then(
      () => original.apply(res, args),
      (error: unknown) => {
        if (res.headersSent) return res.destroy(error instanceof Error ? error : new Error(String(error)));
        // Nothing has gone out: the answer becomes the error's (its end() passes straight through).
        unmarkEnding(res);
        for (const header of ['Location', 'Content-Length', 'Content-Type', 'X-Inertia']) res.removeHeader(header);
        onError(error, req, res);
      },
    );
    return res;
  };

  // On the prototype, not on each response: a property added to a response costs V8 a copy of its
  // property store (about a kilobyte a request; server/http/request-context.ts).
  const base = Object.getPrototypeOf(response) as { writeHead: Original; end: Original };
  Object.defineProperties(response, {
    writeHead: {
      configurable: true,
      writable: true,
      value: function (this: Response, ...args: unknown[]) {
        writingHead(this);
        return base.writeHead.apply(this, args);
      },
    },
    end: {
      configurable: true,
      writable: true,
      value: function (this: Response, ...args: unknown[]) {
        return ending(this, base.end, args);
      },
    },
  });

  const open = (req: Request, res: Response, next: NextFunction, id: string, stored: StoredSession | null) => {
    const data = stored ? (JSON.parse(stored.json) as Record<string, unknown>) : {};
    // Rows written by express-session kept its cookie's attributes in the payload.
    const legacy = 'cookie' in data;
    if (legacy) delete data.cookie;
    req.session = new Session(id, data, {
      json: stored && !legacy ? stored.json : null,
      hadRow: stored !== null,
    }) as Session & Partial<SessionData>;
    // A step before this one wrapped end() (compression does, for a client that accepts it): the
    // session's writes must still come before anything of the body goes out, so they wrap it in turn.
    if (Object.hasOwn(res, 'end')) {
      const wrapped = res.end as Original;
      res.end = function (this: Response, ...args: unknown[]) {
        return ending(this, wrapped, args);
      } as typeof res.end;
    }
    next();
  };

  return [
    (req, res, next) => {
      if (req.session) return next();
      const raw = requestCookie(req, name);
      const id = raw ? signer.idOf(raw) : undefined;
      if (id === undefined) return open(req, res, next, newSessionId(), null);
      const cached = store.cached(id);
      if (cached !== undefined) return open(req, res, next, id, cached);
      store.read(id).then((stored) => open(req, res, next, id, stored), next);
    },
    (req, _res, next) => {
      // Remember where a signed-in session is used from, for the browser-sessions list (a guest's
      // session stays empty, and so needs no row).
      if (req.session.userId) rememberDevice(req);
      // Flash: what the previous request flashed is readable now and gone after this one.
      req.flashed = req.session._flash ?? {};
      if (req.session._flash) delete req.session._flash;
      next();
    },
  ];
}

/**
 * The writes a response waits for, or undefined when there are none (most requests): retired ids'
 * rows deleted, changed data saved (an empty session without a row needs none), else last
 * activity touched.
 */
function commit(store: DatabaseSessionStore, session: Session & Partial<SessionData>): Promise<unknown> | undefined {
  const { loadedJson, hadRow } = session;
  const writes: Promise<unknown>[] = [];
  const retired = session.retiredIds;
  // Only the id the request came with can have a row; ids made during it never had one.
  if (retired.length > 0 && hadRow) writes.push(store.destroy(retired[0]));
  const current = retired.length > 0 ? null : loadedJson;
  const json = JSON.stringify(session);
  if (json !== current) {
    const rowless = retired.length > 0 || !hadRow;
    if (!(rowless && json === '{}')) writes.push(store.save(session.id, session, json));
  } else if (hadRow) {
    const touched = store.touch(session.id);
    if (touched) writes.push(touched);
  }
  if (writes.length === 0) return undefined;
  return writes.length === 1 ? writes[0] : Promise.all(writes);
}

function appendSetCookie(res: ServerResponse, cookie: string): void {
  const existing = res.getHeader('Set-Cookie');
  if (existing === undefined) res.setHeader('Set-Cookie', cookie);
  else res.setHeader('Set-Cookie', [...(Array.isArray(existing) ? existing : [String(existing)]), cookie]);
}

/** Records the address and browser a session is used from (shown in the browser-sessions list). */
export function rememberDevice(req: IncomingMessage & Pick<Request, 'session' | 'ip' | 'get'>): void {
  const userAgent = (req.get('user-agent') ?? '').slice(0, 500);
  // The address a trusted proxy forwarded is whatever it was sent: kept only when it is one.
  const ip = req.ip && isIP(req.ip) ? req.ip : '';
  if (req.session.ip !== ip) req.session.ip = ip;
  if (req.session.userAgent !== userAgent) req.session.userAgent = userAgent;
}

/** Gives the session a new id, keeping its data (on login, logout and privilege changes). */
export function regenerateSession(req: Pick<Request, 'session'>): void {
  req.session.regenerate();
}

/** Flashes a value for the next request. */
export function flash(req: Express.Request, key: string, value: unknown): void {
  req.session._flash = { ...(req.session._flash ?? {}), [key]: value };
}

/** Keeps this request's flashed values for one more request (a 409 version reload must not lose them). */
export function reflash(req: Express.Request): void {
  req.session._flash = { ...req.flashed, ...(req.session._flash ?? {}) };
}

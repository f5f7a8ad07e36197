import session, { Store, type SessionData } from 'express-session';
import { randomBytes } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { Config } from '../../config/env';
import type { SessionRepository } from '../../db/repositories/session-repository';
import type { Services } from '../../services';
import { sessionStoreWrites } from '../../cache/cached-reads';

declare module 'express-session' {
  interface SessionData {
    /** CSRF token of this session. */
    _token: string;
    /** One-shot values for the next request. */
    _flash: Record<string, unknown>;
    userId: number;
    ip: string;
    userAgent: string;
  }
}

const seconds = () => Math.floor(Date.now() / 1000);

/** A session as the cache keeps it: the payload as JSON (every request gets its own copy). */
interface StoredSession {
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
 */
export class DatabaseSessionStore extends Store {
  /**
   * last_activity of the sessions read lately, as last read or written. Kept after a request ends:
   * several requests of one browser in flight at once share it, and one finishing must not make the
   * others think a write is due (each would then send an update that changes nothing). Bounded.
   */
  private readonly lastActivity = new Map<string, number>();
  /** Sessions of requests in flight that have no row (a guest's empty session). */
  private readonly rowless = new Set<string>();

  constructor(
    private readonly repository: SessionRepository,
    private readonly lifetimeSeconds: number,
    private readonly cache?: Pick<Services, 'cache' | 'invalidateElsewhere'>,
    /** Chance per write that expired rows are deleted (Laravel's lottery: 2 in 100). */
    private readonly pruneChance = 0.02,
    /** The session cookie's options, for an empty session that has no row. */
    private readonly cookie: Record<string, unknown> = {},
  ) {
    super();
  }

  /**
   * A session holding nothing but its cookie: a guest who has not logged in, been flashed a
   * message or been given a token of their own. It needs no row: its CSRF token is derived from
   * its (signed) id, so it reads back the same from the id alone (csrfToken in csrf.ts).
   */
  /** A new session id (express-session's genid): it has no row until something is kept in it. */
  newId(): string {
    const sid = randomBytes(24).toString('base64url');
    if (this.rowless.size > 10_000) this.rowless.clear();
    this.rowless.add(sid);
    return sid;
  }

  static isEmpty(data: SessionData): boolean {
    return Object.entries(data).every(([key, value]) => key === 'cookie' || value === undefined);
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.read(sid).then(
      (stored) => {
        if (this.rowless.size > 10_000) this.rowless.clear();
        if (!stored) {
          // Its signed id is one this application gave out: an empty session without a row (or one
          // whose row ended: logged out elsewhere, expired), a guest either way.
          this.rowless.add(sid);
          const maxAge = this.lifetimeSeconds * 1000;
          return callback(null, {
            cookie: { ...this.cookie, originalMaxAge: maxAge, expires: new Date(Date.now() + maxAge) },
          } as unknown as SessionData);
        }
        this.rowless.delete(sid);
        this.remember(sid, stored.lastActivity);
        callback(null, JSON.parse(stored.json) as SessionData);
      },
      (error) => callback(error),
    );
  }

  /** The live session, from the cache when it holds it; a session that looks expired is read again. */
  private async read(sid: string): Promise<StoredSession | null> {
    const load = async (): Promise<StoredSession | null> => {
      const row = await this.repository.find(sid);
      return row ? { json: JSON.stringify(row.payload), userId: row.userId, lastActivity: row.lastActivity } : null;
    };
    const expired = (stored: StoredSession | null) => !stored || stored.lastActivity < seconds() - this.lifetimeSeconds;
    const cache = this.cache?.cache;
    if (!cache) {
      const stored = await load();
      return expired(stored) ? null : stored;
    }
    let stored = await cache.get(cacheKey(sid), readOf, load);
    // Another process may have kept it alive since this one cached it.
    if (stored && expired(stored)) {
      cache.drop({ keys: [cacheKey(sid)] });
      stored = await load();
    }
    return expired(stored) ? null : stored;
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const now = seconds();
    // A new session, or one without a row, that is still empty: nothing to keep.
    if (this.rowless.delete(sid) && DatabaseSessionStore.isEmpty(data)) return callback?.();
    const payload = JSON.parse(JSON.stringify(data)) as Record<string, unknown>;
    const userId = data.userId ?? null;
    sessionStoreWrites
      .run(true, () =>
        this.repository.save({
          id: sid,
          userId,
          ipAddress: data.ip ?? null,
          userAgent: data.userAgent ?? null,
          payload,
          lastActivity: now,
        }),
      )
      .then(async () => {
        this.remember(sid, now);
        const stored: StoredSession = { json: JSON.stringify(payload), userId, lastActivity: now };
        this.cache?.cache.put(cacheKey(sid), stored, readOf);
        await this.cache?.invalidateElsewhere({ keys: [cacheKey(sid)] });
        if (Math.random() < this.pruneChance) await this.repository.pruneOlderThan(now - this.lifetimeSeconds);
      })
      .then(
        () => callback?.(),
        (error) => callback?.(error),
      );
  }

  /**
   * Writes last_activity at most once a minute per session: the value read with the session
   * tells whether a write is due, so most requests make no second query.
   */
  override touch(sid: string, _data: SessionData, callback?: (err?: unknown) => void): void {
    const now = seconds();
    const known = this.lastActivity.get(sid);
    if (this.rowless.delete(sid)) return callback?.();
    if (known !== undefined && known >= now - 60) return callback?.();
    // Concurrent requests of this session need not write too.
    this.remember(sid, now);
    sessionStoreWrites
      .run(true, () => this.repository.touch(sid, now, now - 60))
      .then(() => {
        this.cache?.cache.update<StoredSession | null>(cacheKey(sid), (stored) =>
          stored ? { ...stored, lastActivity: now } : stored,
        );
      })
      .then(
        () => callback?.(),
        (error) => callback?.(error),
      );
  }

  private remember(sid: string, lastActivity: number): void {
    if (this.lastActivity.size >= 10_000 && !this.lastActivity.has(sid)) this.lastActivity.clear();
    this.lastActivity.set(sid, lastActivity);
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.lastActivity.delete(sid);
    sessionStoreWrites
      .run(true, () => this.repository.destroy(sid))
      .then(async () => {
        this.cache?.cache.drop({ keys: [cacheKey(sid)] });
        await this.cache?.invalidateElsewhere({ keys: [cacheKey(sid)] });
      })
      .then(
        () => callback?.(),
        (error) => callback?.(error),
      );
  }
}

/** The session cookie: the store needs its options for an empty session it has no row for. */
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
 * Every visitor gets a session cookie at once (their CSRF token is bound to it), but a row only
 * once the session holds something: see DatabaseSessionStore.isEmpty.
 */
export function sessionMiddleware(config: Config, store: DatabaseSessionStore): RequestHandler[] {
  return [
    session({
      name: config.session.cookie,
      secret: config.app.key.toString('base64'),
      store,
      genid: () => store.newId(),
      resave: false,
      saveUninitialized: true,
      rolling: true,
      unset: 'destroy',
      cookie: sessionCookie(config),
    }),
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

/** Records the address and browser a session is used from (shown in the browser-sessions list). */
export function rememberDevice(req: Express.Request & { ip?: string; get(name: string): string | undefined }): void {
  const userAgent = (req.get('user-agent') ?? '').slice(0, 500);
  if (req.session.ip !== req.ip) req.session.ip = req.ip ?? '';
  if (req.session.userAgent !== userAgent) req.session.userAgent = userAgent;
}

/** Gives the session a new id, keeping its data (on login, logout and privilege changes). */
export function regenerateSession(req: Express.Request): Promise<void> {
  const keep = { ...req.session } as Partial<SessionData> & { cookie?: unknown };
  delete keep.cookie;
  return new Promise((resolve, reject) => {
    req.session.regenerate((error) => {
      if (error) return reject(error);
      Object.assign(req.session, keep);
      resolve();
    });
  });
}

/** Flashes a value for the next request. */
export function flash(req: Express.Request, key: string, value: unknown): void {
  req.session._flash = { ...(req.session._flash ?? {}), [key]: value };
}

/** Keeps this request's flashed values for one more request (a 409 version reload must not lose them). */
export function reflash(req: Express.Request): void {
  req.session._flash = { ...req.flashed, ...(req.session._flash ?? {}) };
}

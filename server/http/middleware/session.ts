import session, { Store, type SessionData } from 'express-session';
import type { RequestHandler } from 'express';
import type { Config } from '../../config/env';
import type { SessionRepository } from '../../db/repositories/session-repository';

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

/** Sessions kept in the `sessions` table, so a user's browser sessions can be listed and ended. */
export class DatabaseSessionStore extends Store {
  /** last_activity of sessions read by requests still in flight (cleared when they finish). */
  private readonly lastActivity = new Map<string, number>();

  constructor(
    private readonly repository: SessionRepository,
    private readonly lifetimeSeconds: number,
    /** Chance per write that expired rows are deleted (Laravel's lottery: 2 in 100). */
    private readonly pruneChance = 0.02,
  ) {
    super();
  }

  override get(sid: string, callback: (err: unknown, session?: SessionData | null) => void): void {
    this.repository.find(sid).then(
      (row) => {
        if (!row || row.lastActivity < seconds() - this.lifetimeSeconds) return callback(null, null);
        if (this.lastActivity.size > 10_000) this.lastActivity.clear();
        this.lastActivity.set(sid, row.lastActivity);
        callback(null, row.payload as unknown as SessionData);
      },
      (error) => callback(error),
    );
  }

  override set(sid: string, data: SessionData, callback?: (err?: unknown) => void): void {
    const now = seconds();
    this.lastActivity.delete(sid);
    this.repository
      .save({
        id: sid,
        userId: data.userId ?? null,
        ipAddress: data.ip ?? null,
        userAgent: data.userAgent ?? null,
        payload: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
        lastActivity: now,
      })
      .then(() => (Math.random() < this.pruneChance ? this.repository.pruneOlderThan(now - this.lifetimeSeconds) : undefined))
      .then(() => callback?.(), (error) => callback?.(error));
  }

  /**
   * Writes last_activity at most once a minute per session: the value read with the session
   * tells whether a write is due, so most requests make no second query.
   */
  override touch(sid: string, _data: SessionData, callback?: (err?: unknown) => void): void {
    const now = seconds();
    const known = this.lastActivity.get(sid);
    this.lastActivity.delete(sid);
    if (known !== undefined && known >= now - 60) return callback?.();
    this.repository.touch(sid, now, now - 60).then(() => callback?.(), (error) => callback?.(error));
  }

  override destroy(sid: string, callback?: (err?: unknown) => void): void {
    this.lastActivity.delete(sid);
    this.repository.destroy(sid).then(() => callback?.(), (error) => callback?.(error));
  }
}

export function sessionMiddleware(config: Config, store: Store): RequestHandler[] {
  const lifetimeMs = config.session.lifetimeMinutes * 60_000;
  return [
    session({
      name: config.session.cookie,
      secret: config.app.key.toString('base64'),
      store,
      resave: false,
      saveUninitialized: false,
      rolling: true,
      unset: 'destroy',
      cookie: { httpOnly: true, sameSite: 'lax', secure: config.app.secure, maxAge: lifetimeMs, path: '/' },
    }),
    (req, _res, next) => {
      // Remember where the session is used from, for the browser-sessions list.
      const userAgent = (req.get('user-agent') ?? '').slice(0, 500);
      if (req.session.ip !== req.ip) req.session.ip = req.ip ?? '';
      if (req.session.userAgent !== userAgent) req.session.userAgent = userAgent;
      // Flash: what the previous request flashed is readable now and gone after this one.
      req.flashed = req.session._flash ?? {};
      if (req.session._flash) delete req.session._flash;
      next();
    },
  ];
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

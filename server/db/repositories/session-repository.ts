import { and, asc, desc, eq, lt, ne, sql } from 'drizzle-orm';
import { writeThroughMark } from '../write-observer';
import type { Database } from '../client';
import { sessions } from '../schema/index';

export interface SessionRecord {
  id: string;
  userId: number | null;
  ipAddress: string | null;
  userAgent: string | null;
  payload: Record<string, unknown>;
  lastActivity: number;
}

export function sessionRepository(db: Database) {
  return {
    async find(id: string): Promise<SessionRecord | undefined> {
      const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
      return row;
    },

    /*
     * save, touch and destroy are the session store's own writes (server/http/middleware/session.ts),
     * which keeps the hot cache right itself, per session id: they begin with WriteObserver's
     * write-through mark, so that they do not drop every cached session as other writes to the
     * table do (logging out other browsers, a password reset).
     */
    async save(record: SessionRecord): Promise<void> {
      await db.execute(sql`${sql.raw(writeThroughMark)}insert into sessions
        (id, user_id, ip_address, user_agent, payload, last_activity)
        values (${record.id}, ${record.userId}, ${record.ipAddress}, ${record.userAgent},
          ${JSON.stringify(record.payload)}::jsonb, ${record.lastActivity})
        on conflict (id) do update set user_id = excluded.user_id, ip_address = excluded.ip_address,
          user_agent = excluded.user_agent, payload = excluded.payload, last_activity = excluded.last_activity`);
    },

    async touch(id: string, lastActivity: number, notAfter: number): Promise<void> {
      await db.execute(
        sql`${sql.raw(writeThroughMark)}update sessions set last_activity = ${lastActivity}
          where id = ${id} and last_activity < ${notAfter}`,
      );
    },

    async destroy(id: string): Promise<void> {
      await db.execute(sql`${sql.raw(writeThroughMark)}delete from sessions where id = ${id}`);
    },

    async pruneOlderThan(lastActivity: number): Promise<void> {
      await db.delete(sessions).where(lt(sessions.lastActivity, lastActivity));
    },

    async forUser(userId: number) {
      return db
        .select({
          id: sessions.id,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
          lastActivity: sessions.lastActivity,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.lastActivity), asc(sessions.id)); // stable among sessions active in the same second
    },

    async destroyAllOfUser(userId: number): Promise<void> {
      await db.delete(sessions).where(eq(sessions.userId, userId));
    },

    async destroyOthersOfUser(userId: number, keepId: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)));
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;

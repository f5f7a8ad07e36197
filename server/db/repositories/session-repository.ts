import { and, asc, desc, eq, lt, ne } from 'drizzle-orm';
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

    async save(record: SessionRecord): Promise<void> {
      await db
        .insert(sessions)
        .values(record)
        .onConflictDoUpdate({
          target: sessions.id,
          set: {
            userId: record.userId,
            ipAddress: record.ipAddress,
            userAgent: record.userAgent,
            payload: record.payload,
            lastActivity: record.lastActivity,
          },
        });
    },

    async touch(id: string, lastActivity: number, notAfter: number): Promise<void> {
      await db
        .update(sessions)
        .set({ lastActivity })
        .where(and(eq(sessions.id, id), lt(sessions.lastActivity, notAfter)));
    },

    async destroy(id: string): Promise<void> {
      await db.delete(sessions).where(eq(sessions.id, id));
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

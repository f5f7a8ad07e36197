import { v7 as uuidv7 } from 'uuid';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { notifications } from '../schema/index';

export interface NotificationRow {
  id: string;
  userId: number;
  type: string;
  data: Record<string, unknown>;
  readAt: Date | null;
  createdAt: Date;
}

const columns = {
  id: notifications.id,
  userId: notifications.userId,
  type: notifications.type,
  data: notifications.data,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

/** Data containing every key and value of `match` (jsonb containment). */
const containing = (match: Record<string, string | number>) =>
  sql`${notifications.data} @> ${JSON.stringify(match)}::jsonb`;

/**
 * A user's database notifications (Laravel's `notifications` table). Every query names the user:
 * a notification of someone else is simply not found.
 */
export function notificationRepository(db: Database, userId: number) {
  const own = (id: string) => and(eq(notifications.userId, userId), eq(notifications.id, id));

  return {
    /**
     * `createdAt` defaults to now (demo data backdates it). The id is a UUIDv7, monotonic within
     * the process, so notifications made in the same millisecond (PGlite's clock resolution) or the
     * same transaction (one `now()`) still list in the order they were made.
     */
    async create(type: string, data: Record<string, unknown>, createdAt?: Date): Promise<NotificationRow> {
      const [row] = await db
        .insert(notifications)
        .values({ id: uuidv7(), userId, type, data, ...(createdAt ? { createdAt } : {}) })
        .returning(columns);
      return row;
    },

    /** Newest first; `limit + 1` rows are read so that the caller knows whether more exist. */
    async page(pageNumber: number, perPage: number): Promise<{ rows: NotificationRow[]; hasMore: boolean }> {
      const rows = await db
        .select(columns)
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(perPage + 1)
        .offset((pageNumber - 1) * perPage);
      return { rows: rows.slice(0, perPage), hasMore: rows.length > perPage };
    },

    async unreadCount(): Promise<number> {
      const [row] = await db
        .select({ total: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return Number(row?.total ?? 0);
    },

    async find(id: string): Promise<NotificationRow | undefined> {
      const [row] = await db.select(columns).from(notifications).where(own(id)).limit(1);
      return row;
    },

    /** Marks one notification read (keeping the first read time); false when it is not the user's. */
    async markRead(id: string): Promise<boolean> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
        .where(own(id))
        .returning({ id: notifications.id });
      return rows.length > 0;
    },

    /**
     * Whether the user has a notification of the type whose data contains `match` (jsonb `@>`);
     * with `unread`, one not read yet.
     */
    async existsWith(
      type: string,
      match: Record<string, string | number>,
      options: { unread?: boolean } = {},
    ): Promise<boolean> {
      const [row] = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.type, type),
            containing(match),
            options.unread ? isNull(notifications.readAt) : undefined,
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /**
     * Settles the notifications of the type whose data contains `match`: marks them read (keeping
     * a first read time) and drops the data keys named, such as a link that leads nowhere now.
     * Returns the ids of those that were unread.
     */
    async settleWith(type: string, match: Record<string, string | number>, dropKeys: string[]): Promise<string[]> {
      const where = and(eq(notifications.userId, userId), eq(notifications.type, type), containing(match));
      const unread = await db
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(where, isNull(notifications.readAt)));
      let data = sql`${notifications.data}`;
      for (const key of dropKeys) data = sql`(${data} - ${key}::text)`;
      await db
        .update(notifications)
        .set({ readAt: sql`coalesce(${notifications.readAt}, now())`, data })
        .where(where);
      return unread.map((row) => row.id);
    },

    /** Marks read the unread notifications of these types whose data contains `match`; returns their ids. */
    async readAbout(types: string[], match: Record<string, string | number>): Promise<string[]> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, userId),
            inArray(notifications.type, types),
            isNull(notifications.readAt),
            containing(match),
          ),
        )
        .returning({ id: notifications.id });
      return rows.map((row) => row.id);
    },

    /** Marks every unread notification read; returns their ids. */
    async markAllRead(): Promise<string[]> {
      const rows = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return rows.map((row) => row.id);
    },
  };
}

export type NotificationRepository = ReturnType<typeof notificationRepository>;

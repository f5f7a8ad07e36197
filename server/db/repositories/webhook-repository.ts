import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { webhookDeliveries, webhookEndpoints, type WebhookDeliveryState } from '../schema/index';
import { cachedFrozen, committedOf } from '../../cache/cached-reads';
import { rowsOf } from '../rows';
import type { EndpointActivity } from '../../presenters/webhook-presenter';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** What an event needs to know of the team's endpoints: which are on and what each hears. */
export interface Subscriber {
  id: number;
  events: readonly string[];
}

/**
 * The team's enabled endpoints, through the hot cache (inside the pipeline's inbound transaction
 * too, which writes none): every conversation change asks, and a team without endpoints must pay
 * nothing more than this lookup.
 */
export function subscribersOf(db: Database, teamId: number): Promise<readonly Subscriber[]> {
  return cachedFrozen(committedOf(db), `webhook-subscribers:${teamId}`, { groups: ['webhook_endpoints'] }, () =>
    db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.enabled, true)))
      .orderBy(asc(webhookEndpoints.id)),
  );
}

/** A team's webhook endpoints and their deliveries; `teamId` is in every `where`. */
export function webhookRepository(db: Database, teamId: number) {
  const mine = (id: number) => and(eq(webhookEndpoints.teamId, teamId), eq(webhookEndpoints.id, id));
  const delivery = (id: number) => and(eq(webhookDeliveries.teamId, teamId), eq(webhookDeliveries.id, id));
  return {
    all(): Promise<WebhookEndpointRow[]> {
      return db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.teamId, teamId))
        .orderBy(asc(webhookEndpoints.id));
    },

    async find(id: number): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db.select().from(webhookEndpoints).where(mine(id));
      return row;
    },

    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId));
      return row?.n ?? 0;
    },

    async create(
      values: Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'secret' | 'enabled' | 'createdBy'>,
    ): Promise<WebhookEndpointRow> {
      const [row] = await db
        .insert(webhookEndpoints)
        .values({ ...values, teamId })
        .returning();
      return row!;
    },

    async update(
      id: number,
      values: Partial<
        Pick<
          WebhookEndpointRow,
          'url' | 'description' | 'events' | 'secret' | 'enabled' | 'disabledReason' | 'failingSince'
        >
      >,
    ): Promise<WebhookEndpointRow | undefined> {
      const [row] = await db
        .update(webhookEndpoints)
        .set({ ...values, updatedAt: new Date() })
        .where(mine(id))
        .returning();
      return row;
    },

    async remove(id: number): Promise<boolean> {
      const removed = await db.delete(webhookEndpoints).where(mine(id)).returning({ id: webhookEndpoints.id });
      return removed.length > 0;
    },

    /** Each endpoint's last delivery and its last 24 hours, counted per state. */
    async activity(endpointIds: readonly number[], now = new Date()): Promise<Map<number, EndpointActivity>> {
      const activity = new Map<number, EndpointActivity>(
        endpointIds.map((id) => [id, { last: null, delivered: 0, failed: 0, pending: 0 }]),
      );
      if (endpointIds.length === 0) return activity;
      const since = new Date(now.getTime() - 24 * 60 * 60_000);
      const counts = await db
        .select({ endpointId: webhookDeliveries.endpointId, state: webhookDeliveries.state, n: count() })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.teamId, teamId),
            inArray(webhookDeliveries.endpointId, [...endpointIds]),
            gte(webhookDeliveries.createdAt, since),
          ),
        )
        .groupBy(webhookDeliveries.endpointId, webhookDeliveries.state);
      for (const { endpointId, state, n } of counts) {
        const entry = activity.get(endpointId);
        if (entry) entry[state] = n;
      }
      const lasts = await db
        .selectDistinctOn([webhookDeliveries.endpointId], {
          endpointId: webhookDeliveries.endpointId,
          state: webhookDeliveries.state,
          responseStatus: webhookDeliveries.responseStatus,
          at: sql<Date>`coalesce(${webhookDeliveries.deliveredAt}, ${webhookDeliveries.createdAt})`.mapWith(
            (value: string | Date) => new Date(value),
          ),
        })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.teamId, teamId), inArray(webhookDeliveries.endpointId, [...endpointIds])))
        .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.id));
      for (const { endpointId, ...last } of lasts) {
        const entry = activity.get(endpointId);
        if (entry) entry.last = last;
      }
      return activity;
    },

    /** One endpoint's deliveries, newest first, in one state or all. */
    async deliveries(
      endpointId: number,
      options: { state?: WebhookDeliveryState; page: number; perPage: number },
    ): Promise<{ rows: WebhookDeliveryRow[]; total: number }> {
      const where = and(
        eq(webhookDeliveries.teamId, teamId),
        eq(webhookDeliveries.endpointId, endpointId),
        options.state ? eq(webhookDeliveries.state, options.state) : undefined,
      );
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(where)
        .orderBy(desc(webhookDeliveries.id))
        .limit(options.perPage)
        .offset((options.page - 1) * options.perPage);
      const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
      return { rows, total: total?.n ?? 0 };
    },

    async delivery(endpointId: number, id: number): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(and(delivery(id), eq(webhookDeliveries.endpointId, endpointId)));
      return row;
    },

    /** A delivered or failed delivery made pending again, due now ("Resend"); undefined when it was not either. */
    async reopen(id: number, now = new Date()): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ state: 'pending', nextAttemptAt: now, lockedUntil: null })
        .where(and(delivery(id), inArray(webhookDeliveries.state, ['delivered', 'failed'])))
        .returning();
      return row;
    },

    /** A new event for these endpoints, one delivery each, due now. */
    async queue(
      endpointIds: readonly number[],
      event: { eventId: string; type: string; payload: unknown },
      now = new Date(),
    ): Promise<WebhookDeliveryRow[]> {
      if (endpointIds.length === 0) return [];
      return db
        .insert(webhookDeliveries)
        .values(
          endpointIds.map((endpointId) => ({
            teamId,
            endpointId,
            eventId: event.eventId,
            type: event.type,
            payload: event.payload,
            nextAttemptAt: now,
            createdAt: now,
          })),
        )
        .returning();
    },
  };
}

/**
 * The deliveries' own bookkeeping, by id, as the delivery job runs them (the job's data carries
 * only the id; the team is read from the row).
 */
export function webhookDeliveryRepository(db: Database) {
  return {
    /**
     * Takes a pending delivery for one attempt: held until `until` so that a second run of the job,
     * or the sweep, leaves it. Undefined when it is not pending, or held by another run.
     */
    async claim(id: number, until: Date, now = new Date()): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ lockedUntil: until })
        .where(
          and(
            eq(webhookDeliveries.id, id),
            eq(webhookDeliveries.state, 'pending'),
            sql`(${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} < ${now})`,
          ),
        )
        .returning();
      return row;
    },

    async settle(
      id: number,
      values: Pick<
        WebhookDeliveryRow,
        'state' | 'attempts' | 'responseStatus' | 'error' | 'durationMs' | 'nextAttemptAt' | 'deliveredAt'
      >,
    ): Promise<WebhookDeliveryRow | undefined> {
      const [row] = await db
        .update(webhookDeliveries)
        .set({ ...values, lockedUntil: null })
        .where(eq(webhookDeliveries.id, id))
        .returning();
      return row;
    },

    /** Pending deliveries whose attempt is overdue and that no run holds: a job lost to a crash. */
    async overdue(before: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.state, 'pending'),
            lt(webhookDeliveries.nextAttemptAt, before),
            sql`(${webhookDeliveries.lockedUntil} is null or ${webhookDeliveries.lockedUntil} < now())`,
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt))
        .limit(limit);
      return rows.map(({ id }) => id);
    },

    /** Deliveries older than `before`, a batch at a time (the log keeps 30 days). */
    async prune(before: Date, limit: number): Promise<number> {
      const removed = await db.execute(
        sql`delete from ${webhookDeliveries} where ${webhookDeliveries.id} in (
              select ${webhookDeliveries.id} from ${webhookDeliveries}
              where ${webhookDeliveries.createdAt} < ${before} limit ${limit})
            returning ${webhookDeliveries.id}`,
      );
      return rowsOf(removed).length;
    },
  };
}

import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Counts how often chunks (and their sources) are used in answers without a write per hit on the
 * request path: hits gather in memory and one statement per table adds them up every few seconds
 * (or when many are waiting, or on shutdown). A process that dies loses at most that window.
 */
export class HitCounter {
  private chunks = new Map<number, number>();
  private sources = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  private flushing?: Promise<void>;

  constructor(
    private readonly db: Database,
    private readonly options: { intervalMs?: number; maxPending?: number; onError?: (error: unknown) => void } = {},
  ) {}

  record(hits: Array<{ id: number; sourceId: number }>): void {
    for (const hit of hits) {
      this.chunks.set(hit.id, (this.chunks.get(hit.id) ?? 0) + 1);
      this.sources.set(hit.sourceId, (this.sources.get(hit.sourceId) ?? 0) + 1);
    }
    if (this.chunks.size >= (this.options.maxPending ?? 500)) {
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => void this.flush(), this.options.intervalMs ?? 5000);
    this.timer.unref();
  }

  /** Writes what has gathered; resolves when it is written. */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.flushing;
    if (this.chunks.size === 0) return;
    const chunks = this.chunks;
    const sources = this.sources;
    this.chunks = new Map();
    this.sources = new Map();
    this.flushing = this.write(chunks, sources).catch((error: unknown) => this.options.onError?.(error));
    await this.flushing;
    this.flushing = undefined;
  }

  private async write(chunks: Map<number, number>, sources: Map<number, number>): Promise<void> {
    await this.db.execute(sql`
      update knowledge_chunks c set hit_count = c.hit_count + h.n, last_hit_at = now()
        from unnest(${pgArray([...chunks.keys()])}::int[], ${pgArray([...chunks.values()])}::int[]) as h(id, n)
       where c.id = h.id`);
    await this.db.execute(sql`
      update knowledge_sources s set hit_count = s.hit_count + h.n, last_hit_at = now()
        from unnest(${pgArray([...sources.keys()])}::int[], ${pgArray([...sources.values()])}::int[]) as h(id, n)
       where s.id = h.id`);
  }
}

const pgArray = (values: number[]) => `{${values.map((value) => Math.trunc(value)).join(',')}}`;

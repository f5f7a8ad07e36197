/**
 * What the request path reads on every page (the session, the signed-in user, their teams, the
 * bell) kept in this process's memory, so that a page visit costs no query when nothing changed.
 *
 * Correctness comes before hits:
 * - Every entry names the tables it was read from (`groups`): any write to one of them, in this
 *   process or (through Redis, see invalidation-bus.ts) in another, drops every entry of that group.
 *   The database reports writes itself (db/write-observer.ts), so a new write path cannot forget to.
 * - Entries may also carry tags (`user-sessions:42`) for finer drops by name.
 * - A value loaded while any drop happened is returned to its caller but not kept: a load that read
 *   the row just before a write committed cannot store what the write replaced.
 * - Concurrent loads of one key share one query; a drop makes later callers load afresh.
 * - A bounded size (oldest first out) and a time to live bound memory and any staleness a lost
 *   invalidation message could cause.
 * - While `enabled` is false (several processes and the invalidation channel is down) nothing is
 *   kept or served: every read goes to the database.
 */
export interface CacheOptions {
  /** Most entries kept (default 20 000). */
  maxEntries?: number;
  /** Longest an entry is served, in milliseconds (default 5 minutes). */
  ttlMs?: number;
  now?: () => number;
}

export interface CachedRead {
  /** Tables the value was read from: a write to any of them drops it. */
  groups: readonly string[];
  /** Names to drop it by besides its key. */
  tags?: readonly string[];
}

interface Entry {
  value: unknown;
  groups: readonly string[];
  tags: readonly string[];
  expiresAt: number;
}

export class HotCache {
  private readonly entries = new Map<string, Entry>();
  private readonly byLabel = new Map<string, Set<string>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  /** Bumped by every drop: a load that saw it move keeps nothing. */
  private generation = 0;
  private on = true;
  readonly stats = { hits: 0, misses: 0, drops: 0 };

  constructor(options: CacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 20_000;
    this.ttlMs = options.ttlMs ?? 5 * 60_000;
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.on;
  }

  /** Turns the cache off (everything dropped, reads go to the database) or on again. */
  setEnabled(enabled: boolean): void {
    if (!enabled) this.clear();
    this.on = enabled;
  }

  /**
   * The value under `key`, loaded by `load` when absent. `copy` is applied to what callers get, so a
   * caller that changes its copy cannot change the cached value.
   */
  async get<T>(
    key: string,
    read: CachedRead | ((value: T) => CachedRead),
    load: () => Promise<T>,
    copy: (value: T) => T = (value) => value,
  ): Promise<T> {
    if (!this.on) return load();
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > this.now()) {
      this.stats.hits += 1;
      return copy(entry.value as T);
    }
    if (entry) this.remove(key);
    const pending = this.inFlight.get(key) as Promise<T> | undefined;
    if (pending) return copy(await pending);
    this.stats.misses += 1;
    const started = this.generation;
    const loading = load();
    this.inFlight.set(key, loading);
    try {
      const value = await loading;
      if (this.on && this.generation === started)
        this.store(key, value, typeof read === 'function' ? read(value) : read);
      return copy(value);
    } finally {
      if (this.inFlight.get(key) === loading) this.inFlight.delete(key);
    }
  }

  /**
   * The value kept under `key` right now, without loading or waiting (`{ value }`, or undefined
   * when nothing fresh is kept): a hot path that must not wait a tick for a hit. The value is the
   * kept one itself, for values nobody changes (a session's stored JSON).
   */
  peek<T>(key: string): { value: T } | undefined {
    if (!this.on) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= this.now()) return undefined;
    this.stats.hits += 1;
    return { value: entry.value as T };
  }

  /** Keeps a value just written (write-through): whatever was there is dropped first. */
  put(key: string, value: unknown, read: CachedRead): void {
    this.drop({ keys: [key] });
    if (this.on) this.store(key, value, read);
  }

  /** Changes a kept value in place (a session's last activity), if it is still kept. */
  update<T>(key: string, change: (value: T) => T): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = change(entry.value as T);
  }

  /** Drops the named keys, every entry of the groups and every entry carrying one of the tags. */
  drop(what: { keys?: readonly string[]; groups?: readonly string[]; tags?: readonly string[] }): void {
    this.generation += 1;
    this.stats.drops += 1;
    this.inFlight.clear();
    for (const key of what.keys ?? []) this.remove(key);
    for (const label of [...(what.groups ?? []).map(groupLabel), ...(what.tags ?? []).map(tagLabel)]) {
      const keys = this.byLabel.get(label);
      if (!keys) continue;
      for (const key of [...keys]) this.remove(key);
    }
  }

  clear(): void {
    this.generation += 1;
    this.inFlight.clear();
    this.entries.clear();
    this.byLabel.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: unknown, read: CachedRead): void {
    this.remove(key);
    if (this.entries.size >= this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.remove(oldest);
    }
    const tags = read.tags ?? [];
    this.entries.set(key, { value, groups: read.groups, tags, expiresAt: this.now() + this.ttlMs });
    for (const label of [...read.groups.map(groupLabel), ...tags.map(tagLabel)]) {
      let keys = this.byLabel.get(label);
      if (!keys) this.byLabel.set(label, (keys = new Set()));
      keys.add(key);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    for (const label of [...entry.groups.map(groupLabel), ...entry.tags.map(tagLabel)]) {
      const keys = this.byLabel.get(label);
      keys?.delete(key);
      if (keys?.size === 0) this.byLabel.delete(label);
    }
  }
}

const groupLabel = (group: string) => `g:${group}`;
const tagLabel = (tag: string) => `t:${tag}`;

import { AsyncLocalStorage } from 'node:async_hooks';
import type { HotCache, CachedRead } from './hot-cache';

/** The hot cache of each database handle's root `db` (transactions have none: they read fresh). */
const caches = new WeakMap<object, HotCache>();

export function attachCache(db: object, cache: HotCache): void {
  caches.set(db, cache);
}

export function cacheOf(db: object): HotCache | undefined {
  return caches.get(db);
}

/**
 * A read through the hot cache of `db` when it has one (the application's root database), else
 * straight from the database: inside a transaction, in scripts and in tests of repositories.
 */
export function cachedRead<T>(
  db: object,
  key: string,
  read: CachedRead | ((value: T) => CachedRead),
  load: () => Promise<T>,
  copy?: (value: T) => T,
): Promise<T> {
  const cache = caches.get(db);
  return cache ? cache.get(key, read, load, copy) : load();
}

/** A copy callers may change freely (rows hold Dates, which JSON would turn into strings). */
export const copied = <T>(value: T): T => structuredClone(value);

/**
 * Writes the session store makes to the `sessions` table by id: it keeps the cache right itself
 * (write-through), so they do not drop every cached session as other writes to that table do.
 */
export const sessionStoreWrites = new AsyncLocalStorage<true>();

import type { HotCache, CachedRead } from './hot-cache';

/** The hot cache of each database handle's root `db` (transactions have none: they read fresh). */
const caches = new WeakMap<object, HotCache>();

export function attachCache(db: object, cache: HotCache): void {
  caches.set(db, cache);
}

export function cacheOf(db: object): HotCache | undefined {
  return caches.get(db);
}

/** Transactions whose cached reads may come from their root database's cache (see `readsCommitted`). */
const committedReads = new WeakMap<object, object>();

/**
 * Lets a transaction read cached, committed values through `root`: for a transaction that never
 * writes what those reads read (the channel pipeline's inbound one writes no bot, no endpoint).
 */
export function readsCommitted(tx: object, root: object): void {
  committedReads.set(tx, root);
}

/** The database whose cache a read of committed values may use: the root of such a transaction, or `db` itself. */
export function committedOf<D extends object>(db: D): D {
  return (committedReads.get(db) as D | undefined) ?? db;
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

/**
 * A copy callers may change freely. Rows are plain objects, arrays, Dates and primitives, copied
 * here by a walk that costs a tenth of structuredClone's serialization; anything else inside (a
 * Map, a Buffer) goes through structuredClone.
 */
export function copied<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(copied) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const copy: Record<string, unknown> = proto === null ? Object.create(null) : {};
  for (const key of Object.keys(value)) {
    const item = copied((value as Record<string, unknown>)[key]);
    // A jsonb value's own `__proto__` key stays a key (an assignment would set the prototype).
    if (key === '__proto__')
      Object.defineProperty(copy, key, { value: item, writable: true, enumerable: true, configurable: true });
    else copy[key] = item;
  }
  return copy as T;
}

/**
 * A read through the hot cache whose value is deep-frozen once, when loaded, and then handed to
 * every caller as it is: no copy per read (a month of report figures or a feed of fifteen items
 * costs more to copy than the rest of a page). Callers only read it; one that tried to change it
 * would throw (modules are strict), except through a Date's setters or a Map's or Set's own
 * methods, which no caller of it uses.
 */
export function cachedFrozen<T>(
  db: object,
  key: string,
  read: CachedRead | ((value: T) => CachedRead),
  load: () => Promise<T>,
): Promise<T> {
  return cachedRead(db, key, read, async () => deepFreeze(await load()));
}

function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  if (value instanceof Map) {
    for (const [key, entry] of value) {
      deepFreeze(key);
      deepFreeze(entry);
    }
  } else if (value instanceof Set) {
    for (const entry of value) deepFreeze(entry);
  } else if (!(value instanceof Date)) {
    for (const entry of Object.values(value)) deepFreeze(entry);
  }
  return value;
}

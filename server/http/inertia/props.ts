/**
 * Prop kinds of the Inertia protocol. A plain value or function is an ordinary prop (functions are
 * evaluated only when the prop is sent, so they are lazy); the markers below change when a prop is
 * sent and how the client merges it.
 */
export type Resolvable<T = unknown> = T | (() => T | Promise<T>);

export type MergeStrategy = 'append' | 'prepend' | 'deep';

export class Prop<T = unknown> {
  merge: MergeStrategy | null = null;
  matchOn: string[] = [];
  onceExpiresAt: number | null = null;

  constructor(
    readonly kind: 'always' | 'optional' | 'deferred' | 'once' | 'mergeable',
    readonly value: Resolvable<T>,
    readonly group = 'default',
  ) {}

  /** Append on partial reloads (the default merge). */
  append(...matchOn: string[]): this {
    this.merge = 'append';
    this.matchOn = matchOn;
    return this;
  }

  prepend(...matchOn: string[]): this {
    this.merge = 'prepend';
    this.matchOn = matchOn;
    return this;
  }

  deepMerge(): this {
    this.merge = 'deep';
    return this;
  }

  /** For once props: the client keeps the value until this moment (ms since the epoch). */
  until(expiresAt: Date | number): this {
    this.onceExpiresAt = typeof expiresAt === 'number' ? expiresAt : expiresAt.getTime();
    return this;
  }
}

/** Sent on every response, partial reloads included (like `errors`). */
export const always = <T>(value: Resolvable<T>) => new Prop('always', value);
/** Never sent unless a partial reload asks for it by name; not announced. */
export const optional = <T>(value: () => T | Promise<T>) => new Prop('optional', value);
/** Left out of the first response, announced under `deferredProps`, fetched by the client afterwards per group. */
export const defer = <T>(value: () => T | Promise<T>, group = 'default') => new Prop('deferred', value, group);
/** Sent once; the client keeps it across visits that say they already hold it. */
export const once = <T>(value: () => T | Promise<T>) => new Prop('once', value);
/** Merged into the client's value on partial reloads instead of replacing it. */
export const merge = <T>(value: Resolvable<T>) => new Prop('mergeable', value).append();
export const deepMerge = <T>(value: Resolvable<T>) => new Prop('mergeable', value).deepMerge();

export type PropBag = Record<string, unknown>;

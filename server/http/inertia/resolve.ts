import { Prop, type PropBag } from './props';
import type { Page } from './page';

/** What the request asked of the props (from the X-Inertia-* headers). */
export interface PropRequest {
  partial: boolean;
  only: string[];
  except: string[];
  reset: string[];
  exceptOnce: string[];
}

type PropMeta = Pick<
  Page,
  'mergeProps' | 'prependProps' | 'deepMergeProps' | 'matchPropsOn' | 'deferredProps' | 'onceProps'
>;

/**
 * Decides which props a response carries and evaluates them, following the protocol's evaluation
 * model: always props every time; optional and deferred props only when asked for by a partial
 * reload (deferred ones announced on full responses); once props skipped when the client holds them;
 * merge labels on every response that carries a mergeable prop, except for keys being reset.
 */
export async function resolveProps(all: PropBag, request: PropRequest): Promise<{ props: PropBag; meta: PropMeta }> {
  const meta: Required<PropMeta> = {
    mergeProps: [],
    prependProps: [],
    deepMergeProps: [],
    matchPropsOn: [],
    deferredProps: {},
    onceProps: {},
  };
  const props: PropBag = {};
  const selected = (key: string) => {
    if (!request.partial) return true;
    const top = (path: string) => path.split('.')[0];
    const inOnly = request.only.length === 0 || request.only.some((path) => top(path) === key);
    const excludedWhole = request.except.includes(key);
    return inOnly && !excludedWhole;
  };

  for (const [key, raw] of Object.entries(all)) {
    const prop = raw instanceof Prop ? raw : undefined;
    const kind = prop?.kind;
    if (kind === 'always') {
      const value = evaluate(prop!.value);
      props[key] = isThenable(value) ? await value : value;
      continue;
    }
    if (!selected(key)) continue;
    if (!request.partial) {
      if (kind === 'optional') continue;
      if (kind === 'deferred') {
        (meta.deferredProps[prop!.group] ??= []).push(key);
        labelMerge(meta, key, prop!, request);
        continue;
      }
      if (kind === 'once') {
        meta.onceProps[key] = { prop: key, expiresAt: prop!.onceExpiresAt };
        if (request.exceptOnce.includes(key)) continue;
      }
    } else if (kind === 'once') {
      meta.onceProps[key] = { prop: key, expiresAt: prop!.onceExpiresAt };
    }
    // Awaited only when something is pending: most props are plain or computed at once.
    const value = evaluate(prop ? prop.value : raw);
    props[key] = isThenable(value) ? await value : value;
    if (prop) labelMerge(meta, key, prop, request);
  }

  if (request.partial) narrowDotPaths(props, request);

  const compact: PropMeta = {};
  for (const [name, value] of Object.entries(meta) as [keyof PropMeta, unknown][]) {
    const empty = Array.isArray(value) ? value.length === 0 : Object.keys(value as object).length === 0;
    if (!empty) (compact as Record<string, unknown>)[name] = value;
  }
  return { props, meta: compact };
}

function labelMerge(meta: Required<PropMeta>, key: string, prop: Prop, request: PropRequest) {
  if (!prop.merge || request.reset.includes(key)) return;
  const list =
    prop.merge === 'append' ? meta.mergeProps : prop.merge === 'prepend' ? meta.prependProps : meta.deepMergeProps;
  list.push(key);
  for (const field of prop.matchOn) meta.matchPropsOn.push(`${key}.${field}`);
}

/**
 * Evaluates functions and promises, also inside plain objects and arrays. Plain data is walked
 * synchronously and returned as it is: an object or array is copied only where something inside it
 * was evaluated, and a promise is made only where a function or a promise is met. A page of plain
 * props (a presenter's output, a frozen cached value) costs one walk and no allocation. The value
 * itself comes back when nothing was pending, a promise of it otherwise.
 */
export function evaluate(value: unknown): unknown {
  return resolveValue(value);
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  value !== null &&
  (typeof value === 'object' || typeof value === 'function') &&
  typeof (value as { then?: unknown }).then === 'function';

function resolveValue(value: unknown): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function')) return value;
  if (typeof value === 'function') return resolveValue((value as () => unknown)());
  if (isThenable(value)) return Promise.resolve(value).then(resolveValue);
  if (value instanceof Prop) return resolveValue(value.value);
  if (Array.isArray(value)) return resolveArray(value);
  if (!isPlainObject(value)) return value;
  return resolveObject(value);
}

function resolveArray(value: unknown[]): unknown {
  let items: unknown[] | undefined;
  let pending = false;
  for (let index = 0; index < value.length; index++) {
    const item = value[index];
    const resolved = resolveValue(item);
    if (resolved === item && !items) continue;
    items ??= value.slice(0, index);
    items.push(resolved);
    if (isThenable(resolved)) pending = true;
  }
  if (!items) return value;
  return pending ? Promise.all(items) : items;
}

function resolveObject(value: Record<string, unknown>): unknown {
  let changed: Map<string, unknown> | undefined;
  let pending = false;
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    const item = value[key];
    const resolved = resolveValue(item);
    if (resolved === item) continue;
    (changed ??= new Map()).set(key, resolved);
    if (isThenable(resolved)) pending = true;
  }
  if (!changed) return value;
  // Same keys in the same order, the evaluated ones replaced (defined, so that an own `__proto__`
  // key stays a key).
  const result: Record<string, unknown> = { ...value };
  const put = (key: string, item: unknown) =>
    Object.defineProperty(result, key, { value: item, writable: true, enumerable: true, configurable: true });
  for (const [key, item] of changed) put(key, item);
  if (!pending) return result;
  return Promise.all([...changed].map(async ([key, item]) => put(key, await item))).then(() => result);
}

function narrowDotPaths(props: PropBag, request: PropRequest) {
  const deepOnly = request.only.filter((path) => path.includes('.'));
  for (const key of Object.keys(props)) {
    if (key === 'errors') continue;
    const paths = deepOnly.filter((path) => path.split('.')[0] === key);
    const wholeRequested = request.only.includes(key);
    if (paths.length > 0 && !wholeRequested) {
      const narrowed: Record<string, unknown> = {};
      for (const path of paths) {
        const found = getPath(props[key], path.split('.').slice(1));
        if (found !== undefined) setPath(narrowed, path.split('.').slice(1), found);
      }
      props[key] = narrowed;
    }
  }
  for (const path of request.except.filter((p) => p.includes('.'))) {
    const [key, ...rest] = path.split('.');
    if (Object.hasOwn(props, key)) props[key] = withoutPath(props[key], rest);
  }
}

/**
 * The value at a dot path, following own properties only: the path comes from a request header,
 * and `auth.__proto__.hasOwnProperty` must name nothing (rather than Object.prototype's method,
 * which `except` would then delete for the whole process).
 */
function getPath(value: unknown, path: string[]): unknown {
  let current = value;
  for (const part of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Writes into a fresh object built here, along a path getPath found (so own keys only). */
function setPath(target: Record<string, unknown>, path: string[], value: unknown) {
  let current = target;
  path.slice(0, -1).forEach((part) => {
    if (!isPlainObject(current[part])) current[part] = {};
    current = current[part] as Record<string, unknown>;
  });
  current[path[path.length - 1]] = value;
}

/**
 * `value` without the property at `path` (own properties only). Resolved props may be shared with
 * a presenter or a cache (frozen), so nothing is deleted in place: the objects along the path are
 * copied, and `value` is returned as it is when the path names nothing.
 */
function withoutPath(value: unknown, path: string[]): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return value;
  const [part, ...rest] = path;
  if (!Object.hasOwn(value, part)) return value;
  const record = value as Record<string, unknown>;
  if (rest.length > 0) {
    const inner = withoutPath(record[part], rest);
    if (inner === record[part]) return value;
    if (Array.isArray(value)) return Object.assign([...value], { [part]: inner });
    return { ...record, [part]: inner };
  }
  if (Array.isArray(value)) {
    const copy = [...value];
    delete copy[Number(part)];
    return copy;
  }
  const { [part]: _removed, ...rest2 } = record;
  return rest2;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

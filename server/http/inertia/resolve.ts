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
      props[key] = await evaluate(prop!.value);
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
    props[key] = await evaluate(prop ? prop.value : raw);
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
 * synchronously: a promise is made only where a function or a promise is met, so a large page
 * of plain props (a presenter's output) costs one walk and no allocation per value.
 */
export async function evaluate(value: unknown): Promise<unknown> {
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
  if (Array.isArray(value)) {
    let pending = false;
    const items = value.map((item) => {
      const resolved = resolveValue(item);
      if (isThenable(resolved)) pending = true;
      return resolved;
    });
    return pending ? Promise.all(items) : items;
  }
  if (!isPlainObject(value)) return value;
  let pending = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const resolved = resolveValue(item);
    if (isThenable(resolved)) pending = true;
    return [key, resolved] as const;
  });
  if (!pending) return Object.fromEntries(entries);
  return Promise.all(entries.map(async ([key, item]) => [key, await item] as const)).then(Object.fromEntries);
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
    if (Object.hasOwn(props, key)) deletePath(props[key], rest);
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

function deletePath(value: unknown, path: string[]) {
  const parent = getPath(value, path.slice(0, -1));
  const last = path[path.length - 1];
  if (parent && typeof parent === 'object' && Object.hasOwn(parent, last)) {
    delete (parent as Record<string, unknown>)[last];
  }
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

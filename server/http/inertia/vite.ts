import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../../support/crypto';
import { escapeAttribute } from './page';

export const clientEntry = 'resources/js/app.tsx';
/** The chunk listing the signed-in application's pages, and their layout (resources/js/lib/pages.ts). */
const appPagesChunk = 'resources/js/lib/app-pages.ts';
const appLayoutChunk = 'resources/js/Layouts/AppLayout.tsx';

/** The tags that load the client, and the asset version the Inertia protocol compares. */
export interface Assets {
  /**
   * The tags, each script carrying `nonce` when one is given (the response's CSP nonce), with the
   * chunks of the page `component` preloaded so that the client does not fetch them one after another.
   */
  tags(nonce?: string, component?: string): string;
  version(): string;
  /** The Vite dev server's origin while `npm run dev` runs (the CSP allows it), else undefined. */
  devOrigin?(): string | undefined;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  dynamicImports?: string[];
  isEntry?: boolean;
}

type Tags = (nonce?: string, component?: string) => string;

/**
 * Reads `public/hot` (written by `npm run dev`) for the Vite dev server, else the production
 * manifest under `public/build`. The files are looked at again at most once a second (a rebuild
 * or `npm run dev` is noticed without a restart, and a request costs no file-system call), and the
 * manifest is re-read only when it changed.
 */
export function viteAssets(publicDir: string, recheckMs = 1000): Assets {
  const hotFile = join(publicDir, 'hot');
  const manifestFile = join(publicDir, 'build', '.vite', 'manifest.json');
  let manifest: { mtimeMs: number; tags: Tags; version: string } | undefined;
  let state: { checkedAt: number; hot: string | undefined; tags: Tags; version: string } | undefined;

  const current = () => {
    const now = Date.now();
    if (state && now - state.checkedAt < recheckMs) return state;
    if (existsSync(hotFile)) {
      const origin = readFileSync(hotFile, 'utf8').trim().replace(/\/+$/, '');
      state = { checkedAt: now, hot: origin, tags: (nonce) => devTags(origin, nonce), version: '' };
      return state;
    }
    if (!existsSync(manifestFile)) {
      state = { checkedAt: now, hot: undefined, tags: () => '', version: '' };
      return state;
    }
    const { mtimeMs } = statSync(manifestFile);
    if (manifest?.mtimeMs !== mtimeMs) {
      const raw = readFileSync(manifestFile, 'utf8');
      const chunks = JSON.parse(raw) as Record<string, ManifestChunk>;
      manifest = { mtimeMs, tags: manifestTags(chunks), version: sha256(raw).slice(0, 32) };
    }
    state = { checkedAt: now, hot: undefined, tags: manifest.tags, version: manifest.version };
    return state;
  };

  return {
    tags: (nonce, component) => current().tags(nonce, component),
    version: () => current().version,
    devOrigin: () => current().hot,
  };
}

const nonceAttribute = (nonce: string | undefined) => (nonce ? ` nonce="${escapeAttribute(nonce)}"` : '');

function manifestTags(manifest: Record<string, ManifestChunk>): Tags {
  const entry = manifest[clientEntry];
  if (!entry) return () => '';
  const url = (file: string) => escapeAttribute(`/build/${file}`);
  const linkTags = (css: Iterable<string>, js: Iterable<string>) => [
    ...[...css].map((file) => `<link rel="stylesheet" href="${url(file)}">`),
    ...[...js].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
  ];
  const first = closure(manifest, [clientEntry]);
  const entryLinks = linkTags(first.css, first.js);
  // A signed-in page also needs the chunk that lists those pages and their layout.
  const appPages = new Set(manifest[appPagesChunk]?.dynamicImports ?? []);
  // A page's own links beyond the entry's, worked out once per page (the server names a few dozen).
  const pageLinks = new Map<string, string[]>();
  const forPage = (component: string): string[] => {
    let found = pageLinks.get(component);
    if (found) return found;
    const key = `resources/js/Pages/${component}.tsx`;
    const page = manifest[key]
      ? closure(manifest, appPages.has(key) ? [appPagesChunk, appLayoutChunk, key] : [key])
      : undefined;
    found = page
      ? linkTags(
          [...page.css].filter((file) => !first.css.has(file)),
          [...page.js].filter((file) => !first.js.has(file)),
        )
      : [];
    pageLinks.set(component, found);
    return found;
  };
  return (nonce, component) =>
    [...entryLinks, ...(component ? forPage(component) : [])].join('\n    ') +
    `\n    <script type="module" src="${url(entry.file)}"${nonceAttribute(nonce)}></script>`;
}

/**
 * The stylesheets and JavaScript files of these chunks and of everything they import statically;
 * the entry's own file is left out (its script tag loads it).
 */
function closure(manifest: Record<string, ManifestChunk>, keys: string[]): { css: Set<string>; js: Set<string> } {
  const css = new Set<string>();
  const js = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunk.css?.forEach((file) => css.add(file));
    if (key !== clientEntry) js.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { css, js };
}

function devTags(origin: string, nonce?: string): string {
  const base = escapeAttribute(origin.replace(/\/+$/, ''));
  const n = nonceAttribute(nonce);
  return [
    `<script type="module"${n}>import RefreshRuntime from '${base}/@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$ = () => {};window.$RefreshSig$ = () => (type) => type;window.__vite_plugin_react_preamble_installed__ = true;</script>`,
    `<script type="module" src="${base}/@vite/client"${n}></script>`,
    `<script type="module" src="${base}/${clientEntry}"${n}></script>`,
  ].join('\n    ');
}

/** For tests and tools that need a fixed version and no client. */
export function staticAssets(version = '', tags = ''): Assets {
  return { tags: () => tags, version: () => version, devOrigin: () => undefined };
}

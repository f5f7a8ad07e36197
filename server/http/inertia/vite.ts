import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../../support/crypto';
import { escapeAttribute } from './page';

export const clientEntry = 'resources/js/app.tsx';

/** The tags that load the client, and the asset version the Inertia protocol compares. */
export interface Assets {
  /** The tags, each script carrying `nonce` when one is given (the response's CSP nonce). */
  tags(nonce?: string): string;
  version(): string;
  /** The Vite dev server's origin while `npm run dev` runs (the CSP allows it), else undefined. */
  devOrigin?(): string | undefined;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Reads `public/hot` (written by `npm run dev`) for the Vite dev server, else the production
 * manifest under `public/build`. The files are looked at again at most once a second (a rebuild
 * or `npm run dev` is noticed without a restart, and a request costs no file-system call), and the
 * manifest is re-read only when it changed.
 */
export function viteAssets(publicDir: string, recheckMs = 1000): Assets {
  const hotFile = join(publicDir, 'hot');
  const manifestFile = join(publicDir, 'build', '.vite', 'manifest.json');
  let manifest: { mtimeMs: number; tags: (nonce?: string) => string; version: string } | undefined;
  let state:
    { checkedAt: number; hot: string | undefined; tags: (nonce?: string) => string; version: string } | undefined;

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
    tags: (nonce) => current().tags(nonce),
    version: () => current().version,
    devOrigin: () => current().hot,
  };
}

const nonceAttribute = (nonce: string | undefined) => (nonce ? ` nonce="${escapeAttribute(nonce)}"` : '');

function manifestTags(manifest: Record<string, ManifestChunk>): (nonce?: string) => string {
  const entry = manifest[clientEntry];
  if (!entry) return () => '';
  const css = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string, seen = new Set<string>()) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    chunk.css?.forEach((file) => css.add(file));
    if (key !== clientEntry) preloads.add(chunk.file);
    chunk.imports?.forEach((child) => visit(child, seen));
  };
  visit(clientEntry);
  const url = (file: string) => escapeAttribute(`/build/${file}`);
  const links = [
    ...[...css].map((file) => `<link rel="stylesheet" href="${url(file)}">`),
    ...[...preloads].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
  ].join('\n    ');
  return (nonce) => `${links}\n    <script type="module" src="${url(entry.file)}"${nonceAttribute(nonce)}></script>`;
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

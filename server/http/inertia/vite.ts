import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sha256 } from '../../support/crypto';
import { escapeAttribute } from './page';

export const clientEntry = 'resources/js/app.tsx';

/** The tags that load the client, and the asset version the Inertia protocol compares. */
export interface Assets {
  tags(): string;
  version(): string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
  isEntry?: boolean;
}

/**
 * Reads `public/hot` (written by `npm run dev`) for the Vite dev server, else the production
 * manifest under `public/build`. The manifest is re-read only when it changes on disk.
 */
export function viteAssets(publicDir: string): Assets {
  const hotFile = join(publicDir, 'hot');
  const manifestFile = join(publicDir, 'build', '.vite', 'manifest.json');
  let cached: { mtimeMs: number; tags: string; version: string } | undefined;

  const fromManifest = () => {
    if (!existsSync(manifestFile)) return { tags: '', version: '' };
    const { mtimeMs } = statSync(manifestFile);
    if (cached?.mtimeMs === mtimeMs) return cached;
    const raw = readFileSync(manifestFile, 'utf8');
    const manifest = JSON.parse(raw) as Record<string, ManifestChunk>;
    cached = { mtimeMs, tags: manifestTags(manifest), version: sha256(raw).slice(0, 32) };
    return cached;
  };

  return {
    tags() {
      if (existsSync(hotFile)) return devTags(readFileSync(hotFile, 'utf8').trim());
      return fromManifest().tags;
    },
    version() {
      if (existsSync(hotFile)) return '';
      return fromManifest().version;
    },
  };
}

function manifestTags(manifest: Record<string, ManifestChunk>): string {
  const entry = manifest[clientEntry];
  if (!entry) return '';
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
  return [
    ...[...css].map((file) => `<link rel="stylesheet" href="${url(file)}">`),
    ...[...preloads].map((file) => `<link rel="modulepreload" href="${url(file)}">`),
    `<script type="module" src="${url(entry.file)}"></script>`,
  ].join('\n    ');
}

function devTags(origin: string): string {
  const base = escapeAttribute(origin.replace(/\/+$/, ''));
  return [
    `<script type="module">import RefreshRuntime from '${base}/@react-refresh';RefreshRuntime.injectIntoGlobalHook(window);window.$RefreshReg$ = () => {};window.$RefreshSig$ = () => (type) => type;window.__vite_plugin_react_preamble_installed__ = true;</script>`,
    `<script type="module" src="${base}/@vite/client"></script>`,
    `<script type="module" src="${base}/${clientEntry}"></script>`,
  ].join('\n    ');
}

/** For tests and tools that need a fixed version and no client. */
export function staticAssets(version = '', tags = ''): Assets {
  return { tags: () => tags, version: () => version };
}

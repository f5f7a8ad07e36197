import type { ComponentType } from 'react';
import { isAppPage } from '../Layouts/layout-for';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their own props
export type PageModule = { default: ComponentType<any> };
export type PageMap = Record<string, () => Promise<PageModule>>;

/**
 * The pages a guest may open, each its own chunk: the public ones, the account screens, the error
 * page and the development tools. Only this map is in the entry a first visit downloads; the
 * signed-in application's pages are listed in a chunk of their own (app-pages.ts), fetched with the
 * first of them. Forms private to a page (Partials/) are not pages.
 */
export const guestPages: PageMap = import.meta.glob<PageModule>([
  '../Pages/Welcome.tsx',
  '../Pages/EarlyAccess.tsx',
  '../Pages/Error.tsx',
  '../Pages/Legal/**/*.tsx',
  '../Pages/Auth/**/*.tsx',
  '../Pages/Dev/**/*.tsx',
  '!../Pages/**/Partials/**',
]);

export class PageNotFoundError extends Error {
  constructor(readonly component: string) {
    super(`Page not found: ${component}`);
    this.name = 'PageNotFoundError';
  }
}

let appPages: Promise<PageMap> | undefined;

/** The signed-in application's page map, fetched once (again after a failed fetch). */
export function loadAppPages(): Promise<PageMap> {
  appPages ??= import('./app-pages').then(
    (module) => module.appPages,
    (error: unknown) => {
      appPages = undefined;
      throw error;
    },
  );
  return appPages;
}

/** Loads the page component the server named; a missing one raises 'Page not found'. */
export async function resolvePage(name: string): Promise<PageModule['default']> {
  const key = `../Pages/${name}.tsx`;
  const load = guestPages[key] ?? (isAppPage(name) ? (await loadAppPages())[key] : undefined);
  if (!load) throw new PageNotFoundError(name);
  return (await load()).default;
}

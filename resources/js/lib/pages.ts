import type { ComponentType } from 'react';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take their own props
type PageModule = { default: ComponentType<any> };

/** Every page, each its own chunk; forms private to a page (Partials/) are not pages. */
const pages = import.meta.glob<PageModule>(['../Pages/**/*.tsx', '!../Pages/**/Partials/**']);

export class PageNotFoundError extends Error {
  constructor(readonly component: string) {
    super(`Page not found: ${component}`);
    this.name = 'PageNotFoundError';
  }
}

export function pageExists(name: string): boolean {
  return `../Pages/${name}.tsx` in pages;
}

/** Loads the page component the server named; a missing one raises 'Page not found'. */
export async function resolvePage(name: string): Promise<PageModule['default']> {
  const load = pages[`../Pages/${name}.tsx`];
  if (!load) throw new PageNotFoundError(name);
  return (await load()).default;
}

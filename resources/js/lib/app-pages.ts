import type { PageMap, PageModule } from './pages';

/**
 * The signed-in application's pages, each its own chunk: every page but those pages.ts lists for
 * guests (the two lists are checked against each other and layout-for.ts in
 * tests/unit/page-maps.test.ts). This map is a chunk of its own, so that a guest's first load does
 * not carry a line for every page of the application; the server preloads it with a signed-in page.
 */
export const appPages: PageMap = import.meta.glob<PageModule>([
  '../Pages/**/*.tsx',
  '!../Pages/Welcome.tsx',
  '!../Pages/EarlyAccess.tsx',
  '!../Pages/Error.tsx',
  '!../Pages/Legal/**',
  '!../Pages/Auth/**',
  '!../Pages/Dev/**',
  '!../Pages/**/Partials/**',
]);

import type { ComponentType } from 'react';
import PublicLayout from './PublicLayout';

type LayoutKind = 'app' | 'public' | null;

/**
 * The one place that picks a page's layout from its name. Public pages share the marketing
 * chrome; account screens (Auth/*) draw their own card; the Error page and development tools
 * stand alone; everything else is the signed-in application.
 */
function layoutKind(name: string): LayoutKind {
  if (name === 'Error' || name.startsWith('Auth/') || name.startsWith('Dev/')) return null;
  if (name === 'Welcome' || name === 'EarlyAccess' || name.startsWith('Legal/')) return 'public';
  return 'app';
}

/** Whether `name` is a page of the signed-in application (its chunk is listed in lib/app-pages.ts). */
export function isAppPage(name: string): boolean {
  return layoutKind(name) === 'app';
}

/**
 * The signed-in chrome (navigation, team switcher, notifications bell and their realtime hooks) is
 * its own chunk, loaded with the first signed-in page, so that a guest's first load carries none
 * of it. The public layout is small and ships with the entry.
 */
let appLayout: ComponentType | null = null;

/** Loads the layout `layoutFor(name)` will return; the app awaits it beside the page's own chunk. */
export async function loadLayout(name: string): Promise<void> {
  if (isAppPage(name) && !appLayout) appLayout = (await import('./AppLayout')).default;
}

/** The layout of the page `name`, which `loadLayout(name)` has loaded. */
export function layoutFor(name: string): ComponentType | null {
  const kind = layoutKind(name);
  if (kind === null) return null;
  if (kind === 'public') return PublicLayout;
  if (!appLayout) throw new Error(`The layout of ${name} is not loaded: resolve pages through loadLayout first.`);
  return appLayout;
}

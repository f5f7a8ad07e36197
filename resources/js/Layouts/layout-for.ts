import type { ComponentType } from 'react';
import AppLayout from './AppLayout';
import PublicLayout from './PublicLayout';

/**
 * The one place that picks a page's layout from its name. Public pages share the marketing
 * chrome; account screens (Auth/*) draw their own card; the Error page and development tools
 * stand alone; everything else is the signed-in application.
 */
export function layoutFor(name: string): ComponentType | null {
  if (name === 'Error' || name.startsWith('Auth/') || name.startsWith('Dev/')) return null;
  if (name === 'Welcome' || name === 'EarlyAccess' || name.startsWith('Legal/')) return PublicLayout;
  return AppLayout;
}

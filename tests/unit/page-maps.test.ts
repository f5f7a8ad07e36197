import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appPages } from '@/lib/app-pages';
import { guestPages } from '@/lib/pages';
import { isAppPage } from '@/Layouts/layout-for';

// Every page file under resources/js/Pages (Partials/ are a page's own parts, not pages).
const pageNames = readdirSync(new URL('../../resources/js/Pages/', import.meta.url), {
  recursive: true,
  encoding: 'utf8',
})
  .map((file) => file.split('\\').join('/'))
  .filter((file) => file.endsWith('.tsx') && !file.split('/').includes('Partials'))
  .map((file) => file.slice(0, -'.tsx'.length))
  .sort();

describe('the page maps', () => {
  it('list every page once, in the map its layout says', () => {
    expect(pageNames.length).toBeGreaterThan(40);
    for (const name of pageNames) {
      const key = `../Pages/${name}.tsx`;
      const where = [key in guestPages && 'guest', key in appPages && 'app'].filter(Boolean);
      expect({ name, where }).toEqual({ name, where: [isAppPage(name) ? 'app' : 'guest'] });
    }
    expect(Object.keys(guestPages).length + Object.keys(appPages).length).toBe(pageNames.length);
  });

  it('keep the public pages, the account screens and the error page out of the application map', () => {
    for (const name of ['Welcome', 'EarlyAccess', 'Error', 'Auth/Login', 'Legal/Terms']) {
      expect(`../Pages/${name}.tsx` in guestPages).toBe(true);
    }
    for (const name of ['Dashboard', 'Conversations/Index', 'Broadcasts/Show']) {
      expect(`../Pages/${name}.tsx` in appPages).toBe(true);
    }
  });
});

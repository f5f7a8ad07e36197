import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { router, usePage } from '@inertiajs/react';

/**
 * What a banner looks like, with its icons (the whole icon set), is loaded the first time one
 * shows: most pages never flash one, and this keeps it out of a guest's first load.
 */
const BannerView = lazy(() => import('./BannerView'));

type BannerFlash = { banner?: unknown; bannerStyle?: unknown };

interface Shown {
  message: string;
  style: 'success' | 'danger';
  /** The page it was flashed on (`component url`): it stays there until dismissed or replaced. */
  on: string;
}

const pageKey = (page: { component: string; url: string }) => `${page.component} ${page.url.split('?')[0]}`;

function bannerOf(flash: BannerFlash, on: string): Shown | null {
  if (typeof flash.banner !== 'string' || flash.banner === '') return null;
  return { message: flash.banner, style: flash.bannerStyle === 'danger' ? 'danger' : 'success', on };
}

/**
 * The one-shot flash banner (`flash.banner`, `flash.bannerStyle`: 'success' | 'danger'). It stays
 * on the page it was flashed on through partial reloads (a live notification reloads only the
 * bell's prop, and Inertia 3 replaces `flash` on every response but a deferred-props one) and goes
 * when the page changes or the user dismisses it; a new banner, even the same text, shows again.
 */
export default function Banner() {
  const page = usePage();
  const [shown, setShown] = useState<Shown | null>(() => bannerOf(page.flash, pageKey(page)));
  const current = useRef(pageKey(page));

  useEffect(() => {
    // A banner flashed from the client (router.flash) belongs to the page shown now.
    const offFlash = router.on('flash', (event) => {
      const next = bannerOf(event.detail.flash, current.current);
      if (next) setShown(next);
    });
    const offNavigate = router.on('navigate', (event) => {
      const here = pageKey(event.detail.page);
      current.current = here;
      const next = bannerOf(event.detail.page.flash, here);
      setShown((before) => next ?? (before && before.on === here ? before : null));
    });
    return () => {
      offFlash();
      offNavigate();
    };
  }, []);

  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      <BannerView message={shown.message} style={shown.style} onDismiss={() => setShown(null)} />
    </Suspense>
  );
}

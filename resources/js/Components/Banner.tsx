import { useEffect, useRef, useState } from 'react';
import { router, usePage } from '@inertiajs/react';
import { cn } from '@/lib/cn';
import Icon from './Icon';

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
  const { message, style } = shown;

  const danger = style === 'danger';

  return (
    <div className={danger ? 'bg-red-700' : 'bg-indigo-500'} role={danger ? 'alert' : 'status'}>
      <div className="mx-auto max-w-7xl px-3 py-2 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between">
          <div className="flex w-0 min-w-0 flex-1 items-center">
            <span className={cn('flex rounded-lg p-2', danger ? 'bg-red-600' : 'bg-indigo-600')}>
              <Icon name={danger ? 'exclamation-triangle' : 'check-circle'} className="size-5 text-white" />
            </span>

            <p className="ms-3 truncate text-sm font-medium text-white">{message}</p>
          </div>

          <div className="shrink-0 sm:ms-3">
            <button
              type="button"
              className={cn(
                '-me-1 flex rounded-md p-2 transition focus:outline-hidden sm:-me-2',
                danger ? 'hover:bg-red-600 focus:bg-red-600' : 'hover:bg-indigo-600 focus:bg-indigo-600',
              )}
              aria-label="Dismiss"
              onClick={() => setShown(null)}
            >
              <Icon name="x-mark" className="size-5 text-white" />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

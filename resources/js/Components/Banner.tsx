import { useEffect, useState } from 'react';
import { router, usePage } from '@inertiajs/react';
import { cn } from '@/lib/cn';

type BannerFlash = { banner?: unknown; bannerStyle?: unknown };

/**
 * The one-shot flash banner (`flash.banner`, `flash.bannerStyle`: 'success' | 'danger').
 * Dismissing hides it until a response flashes a banner again, even the same text.
 */
export default function Banner() {
  const flash: BannerFlash = usePage().flash;
  const message = typeof flash.banner === 'string' ? flash.banner : '';
  const style = flash.bannerStyle === 'danger' ? 'danger' : 'success';
  const [dismissed, setDismissed] = useState(false);

  useEffect(
    () =>
      router.on('flash', (event) => {
        const flashed: BannerFlash = event.detail.flash;
        if (typeof flashed.banner === 'string') setDismissed(false);
      }),
    [],
  );

  if (dismissed || message === '') return null;

  const danger = style === 'danger';

  return (
    <div className={danger ? 'bg-red-700' : 'bg-indigo-500'} role={danger ? 'alert' : 'status'}>
      <div className="mx-auto max-w-7xl px-3 py-2 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center justify-between">
          <div className="flex w-0 min-w-0 flex-1 items-center">
            <span className={cn('flex rounded-lg p-2', danger ? 'bg-red-600' : 'bg-indigo-600')}>
              <svg
                className="size-5 text-white"
                xmlns="http://www.w3.org/2000/svg"
                fill="none"
                viewBox="0 0 24 24"
                strokeWidth={1.5}
                stroke="currentColor"
                aria-hidden="true"
              >
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d={
                    danger
                      ? 'M12 9v3.75m-9.303 3.376c-.866 1.5.217 3.374 1.948 3.374h14.71c1.73 0 2.813-1.874 1.948-3.374L13.949 3.378c-.866-1.5-3.032-1.5-3.898 0L2.697 16.126ZM12 15.75h.007v.008H12v-.008Z'
                      : 'M9 12.75 11.25 15 15 9.75M21 12a9 9 0 1 1-18 0 9 9 0 0 1 18 0Z'
                  }
                />
              </svg>
            </span>

            <p className="ms-3 truncate text-sm font-medium text-white">{message}</p>
          </div>

          <div className="shrink-0 sm:ms-3">
            <button
              type="button"
              className={cn(
                '-me-1 flex rounded-md p-2 transition focus:outline-hidden sm:-me-2',
                danger
                  ? 'hover:bg-red-600 focus:bg-red-600'
                  : 'hover:bg-indigo-600 focus:bg-indigo-600',
              )}
              aria-label="Dismiss"
              onClick={() => setDismissed(true)}
            >
              <svg
                className="size-5 text-white"
                xmlns="http://www.w3.org/2000/svg"
                fill="none"
                viewBox="0 0 24 24"
                strokeWidth={1.5}
                stroke="currentColor"
                aria-hidden="true"
              >
                <path strokeLinecap="round" strokeLinejoin="round" d="M6 18 18 6M6 6l12 12" />
              </svg>
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

import { cn } from '@/lib/cn';
import Icon from './Icon';

interface BannerViewProps {
  message: string;
  style: 'success' | 'danger';
  onDismiss: () => void;
}

/** The flash banner's look (Banner decides when it shows): a status, or an alert when it is a danger. */
export default function BannerView({ message, style, onDismiss }: BannerViewProps) {
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
              onClick={onDismiss}
            >
              <Icon name="x-mark" className="size-5 text-white" />
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

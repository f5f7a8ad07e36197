import { Link } from '@inertiajs/react';
import Icon from '@/Components/Icon';
import { route } from '@/lib/route';
import type { QueuedToast } from './use-queued-alert';

/** The banners of conversations that just started waiting for a person, bottom right. */
export default function QueuedToasts({
  toasts,
  onDismiss,
}: {
  toasts: QueuedToast[];
  onDismiss: (id: number) => void;
}) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end sm:p-6"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role="status"
          className="pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg bg-white p-4 shadow-lg ring-1 ring-yellow-600/20"
        >
          <Icon name="bell" className="size-5 shrink-0 text-yellow-600" />
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-medium text-gray-900">Conversation #{toast.number} is waiting for a person</p>
            <Link
              href={route('conversations.show', { conversation: toast.id })}
              className="mt-1 inline-block font-medium text-indigo-700 underline hover:text-indigo-900"
            >
              Open it
            </Link>
          </div>
          <button
            type="button"
            onClick={() => onDismiss(toast.id)}
            className="shrink-0 cursor-pointer rounded-md text-gray-400 hover:text-gray-600 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
          >
            <Icon name="x-mark" className="size-5" label="Dismiss" />
          </button>
        </div>
      ))}
    </div>
  );
}

import { router } from '@inertiajs/react';
import { useState } from 'react';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';

/**
 * "Available" or "Away" for the person looking at the inbox (one who answers conversations): a
 * switch. Away, automatic assignment passes them by while Kawan is open; their teammates see it.
 */
export default function AvailabilityToggle({ away }: { away: boolean }) {
  const [saving, setSaving] = useState(false);
  const toggle = () =>
    router.put(
      route('conversations.availability.update'),
      { away: !away },
      {
        preserveScroll: true,
        preserveState: true,
        onStart: () => setSaving(true),
        onFinish: () => setSaving(false),
      },
    );
  return (
    <button
      type="button"
      role="switch"
      aria-checked={!away}
      aria-label="Available"
      disabled={saving}
      onClick={toggle}
      title={
        away
          ? 'You are away: conversations are not assigned to you automatically. Click when you are back.'
          : 'You are available: conversations may be assigned to you automatically. Click to go away.'
      }
      className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-gray-300 bg-white px-3 py-1 text-sm font-medium text-gray-700 shadow-xs transition hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden disabled:opacity-60"
    >
      <span aria-hidden="true" className={cn('size-2 rounded-full', away ? 'bg-amber-400' : 'bg-green-500')} />
      {away ? 'Away' : 'Available'}
    </button>
  );
}

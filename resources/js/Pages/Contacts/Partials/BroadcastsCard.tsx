import { router } from '@inertiajs/react';
import { useState } from 'react';
import Toggle from '@/Components/Toggle';
import { formatDate } from '@/lib/dates';
import { route } from '@/lib/route';

/**
 * Whether the contact receives the team's WhatsApp broadcasts. Someone who asked for none is left
 * out of every broadcast from then on (their conversations go on as before).
 */
export default function BroadcastsCard({
  contactId,
  unsubscribedAt,
  canEdit,
}: {
  contactId: number;
  unsubscribedAt: string | null;
  canEdit: boolean;
}) {
  const [saving, setSaving] = useState(false);
  const receives = unsubscribedAt === null;
  const change = (value: boolean) =>
    router.put(
      route('contacts.update', { contact: contactId }),
      { receives_broadcasts: value },
      {
        preserveScroll: true,
        only: ['contact', 'errors', 'flash'],
        onStart: () => setSaving(true),
        onFinish: () => setSaving(false),
      },
    );
  return (
    <section
      aria-labelledby="contact-broadcasts-title"
      className="mt-6 bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:px-6"
    >
      <h3 id="contact-broadcasts-title" className="text-sm font-medium text-gray-900">
        Broadcasts
      </h3>
      {canEdit ? (
        <Toggle className="mt-3" checked={receives} onChange={change} disabled={saving} label="Receives broadcasts" />
      ) : (
        <p className="mt-2 text-sm text-gray-700">{receives ? 'Receives broadcasts.' : 'Receives no broadcasts.'}</p>
      )}
      {(canEdit || !receives) && (
        <p className="mt-2 text-xs text-gray-500">
          {receives
            ? 'Turn off when they ask for no more promotions: every broadcast leaves them out.'
            : `Asked for none on ${formatDate(unsubscribedAt)}: every broadcast leaves them out.`}
        </p>
      )}
    </section>
  );
}

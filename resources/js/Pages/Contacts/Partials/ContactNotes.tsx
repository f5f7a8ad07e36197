import { useState, type FormEvent } from 'react';
import { router, useForm } from '@inertiajs/react';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import TextArea from '@/Components/TextArea';
import { formatDateTime, fromNow } from '@/lib/dates';
import { route } from '@/lib/route';
import type { ContactNote } from '../../../../../server/domain/contacts/notes';

/** The notes form's limit (server/domain/contacts/notes.ts). */
const maxLength = 2000;

/**
 * Notes about a contact, on their page and beside each of their conversations: what the team knows
 * of the person that no field holds. Whoever answers conversations adds one; its author, an owner or
 * an admin deletes it. Never shown to the customer.
 */
export default function ContactNotes({
  contactId,
  notes,
  canEdit,
  className,
}: {
  contactId: number;
  notes: ContactNote[];
  canEdit: boolean;
  className?: string;
}) {
  const form = useForm({ text: '' });
  const [deleting, setDeleting] = useState<ContactNote | null>(null);
  const [removing, setRemoving] = useState(false);

  const add = (event: FormEvent) => {
    event.preventDefault();
    form.post(route('contacts.notes.store', { contact: contactId }), {
      errorBag: 'contactNote',
      preserveScroll: true,
      onSuccess: () => form.reset('text'),
    });
  };

  const remove = () => {
    if (!deleting) return;
    setRemoving(true);
    router.delete(route('contacts.notes.destroy', { contact: contactId, note: deleting.id }), {
      preserveScroll: true,
      onFinish: () => {
        setRemoving(false);
        setDeleting(null);
      },
    });
  };

  return (
    <section
      aria-labelledby="contact-notes"
      className={`bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6 ${className ?? ''}`}
    >
      <h3 id="contact-notes" className="text-base font-medium text-gray-900">
        Notes about this contact
      </h3>
      <p className="mt-1 text-xs text-gray-500">For your team only; the customer never sees them.</p>
      {canEdit && (
        <form onSubmit={add} className="mt-3" aria-label="Add a note about this contact">
          <label htmlFor={`contact-note-${contactId}`} className="sr-only">
            Note
          </label>
          <TextArea
            id={`contact-note-${contactId}`}
            rows={2}
            className="block w-full"
            value={form.data.text}
            maxLength={maxLength}
            placeholder="e.g. Orders 10 kg every month; prefers WhatsApp after 19.00"
            onChange={(event) => form.setData('text', event.target.value)}
            aria-invalid={form.errors.text ? true : undefined}
            aria-describedby={form.errors.text ? `contact-note-${contactId}-error` : undefined}
          />
          <InputError id={`contact-note-${contactId}-error`} className="mt-2" message={form.errors.text} />
          <div className="mt-2 flex justify-end">
            <PrimaryButton disabled={form.processing || form.data.text.trim() === ''}>Save note</PrimaryButton>
          </div>
        </form>
      )}
      {notes.length > 0 ? (
        <ul className="mt-4 space-y-4" aria-label="Notes">
          {notes.map((note) => (
            <li key={note.id} className="rounded-md bg-amber-50 px-3 py-2 ring-1 ring-amber-200">
              <p className="text-sm break-words whitespace-pre-wrap text-gray-800">{note.text}</p>
              <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-gray-500">
                <span>{note.author?.name ?? 'A former teammate'}</span>
                <span aria-hidden="true">·</span>
                <time dateTime={note.created_at} title={formatDateTime(note.created_at)}>
                  {fromNow(note.created_at)}
                </time>
                {note.can_delete && (
                  <button
                    type="button"
                    onClick={() => setDeleting(note)}
                    className="ms-auto font-medium text-gray-500 hover:text-red-600 focus:underline focus:outline-hidden"
                  >
                    Delete <span className="sr-only">the note “{note.text.slice(0, 40)}”</span>
                  </button>
                )}
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-gray-500">No notes yet.</p>
      )}
      <ConfirmationModal
        show={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete this note?"
        footer={
          <>
            <SecondaryButton onClick={() => setDeleting(null)}>Cancel</SecondaryButton>
            <DangerButton className="ms-3" onClick={remove} disabled={removing}>
              Delete note
            </DangerButton>
          </>
        }
      >
        {deleting && <p className="break-words whitespace-pre-wrap">“{deleting.text}”</p>}
      </ConfirmationModal>
    </section>
  );
}

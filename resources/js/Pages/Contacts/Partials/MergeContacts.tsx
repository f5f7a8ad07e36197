import { useState } from 'react';
import { router, useForm } from '@inertiajs/react';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import DialogModal from '@/Components/DialogModal';
import InputError from '@/Components/InputError';
import SearchInput from '@/Components/SearchInput';
import SecondaryButton from '@/Components/SecondaryButton';
import { useSearchField } from '@/hooks/use-search-field';
import { formatPhone } from '@/lib/phone';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { ChannelIcon } from '../../Conversations/Partials/StateBadge';
import { contactLabel } from '../../Conversations/Partials/format';
import type { ContactSummary } from './types';

/**
 * Merging contacts on a contact's page: the page's contact is kept, the one picked (a likely
 * duplicate, or one found by search) is merged into it after a confirmation that says what moves.
 */

/** A contact in a list of this page: name, phone, e-mail, channels, conversations, and its action. */
function ContactRow({ contact, action }: { contact: ContactSummary; action?: React.ReactNode }) {
  const name = contactLabel(contact);
  const phone = formatPhone(contact.phone);
  return (
    <li className="flex items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-gray-900">{name}</p>
        <p className="mt-0.5 flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-gray-500">
          {phone && phone !== name && <span>{phone}</span>}
          {contact.email && <span className="truncate">{contact.email}</span>}
          <span className="inline-flex items-center gap-1">
            {contact.channel_types.map((type) => (
              <ChannelIcon key={type} type={type} className="size-3.5" />
            ))}
          </span>
          <span>{plural(contact.conversations, 'conversation')}</span>
        </p>
      </div>
      {action}
    </li>
  );
}

/** The likely duplicates (same e-mail or phone), each with "Merge into this contact". */
export function DuplicatesCard({
  duplicates,
  canEdit,
  onMerge,
}: {
  duplicates: ContactSummary[];
  canEdit: boolean;
  onMerge: (contact: ContactSummary) => void;
}) {
  if (duplicates.length === 0) return null;
  return (
    <section aria-labelledby="contact-duplicates" className="mt-6 bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <h3 id="contact-duplicates" className="text-base font-medium text-gray-900">
        Possible duplicates
      </h3>
      <p className="mt-1 text-sm text-gray-600">Same e-mail or phone: probably this person on another channel.</p>
      <ul className="mt-2 divide-y divide-gray-100" aria-label="Possible duplicates">
        {duplicates.map((contact) => (
          <ContactRow
            key={contact.id}
            contact={contact}
            action={
              canEdit && (
                <SecondaryButton className="shrink-0" onClick={() => onMerge(contact)}>
                  Merge
                </SecondaryButton>
              )
            }
          />
        ))}
      </ul>
    </section>
  );
}

/** "Merge another contact": a search over the team's contacts, by a partial reload of `merge_candidates`. */
export function MergeSearchDialog({
  show,
  candidates,
  onPick,
  onClose,
}: {
  show: boolean;
  candidates: ContactSummary[] | undefined;
  onPick: (contact: ContactSummary) => void;
  onClose: () => void;
}) {
  const [searched, setSearched] = useState('');
  const search = useSearchField('', (text) => {
    setSearched(text.trim());
    router.reload({ only: ['merge_candidates'], data: { merge_search: text.trim() }, preserveUrl: true });
  });
  const results = searched ? (candidates ?? []) : [];
  return (
    <DialogModal
      show={show}
      onClose={onClose}
      title="Merge another contact into this one"
      footer={<SecondaryButton onClick={onClose}>Cancel</SecondaryButton>}
    >
      <p>Find the contact who is this same person: by name, e-mail or phone.</p>
      <SearchInput
        id="merge-search"
        label="Search contacts"
        placeholder="Name, e-mail or phone"
        value={search.value}
        onChange={search.change}
        className="mt-4 block w-full"
      />
      {searched && (
        <ul className="mt-2 max-h-72 divide-y divide-gray-100 overflow-y-auto" aria-label="Contacts found">
          {results.length === 0 ? (
            <li className="py-3 text-sm text-gray-500">No other contact matches “{searched}”.</li>
          ) : (
            results.map((contact) => (
              <ContactRow
                key={contact.id}
                contact={contact}
                action={
                  <SecondaryButton className="shrink-0" onClick={() => onPick(contact)}>
                    Merge
                  </SecondaryButton>
                }
              />
            ))
          )}
        </ul>
      )}
    </DialogModal>
  );
}

/** The confirmation: what moves to the kept contact, then POST contacts.merge (bag `mergeContact`). */
export function MergeConfirmation({
  keptId,
  keptName,
  merging,
  onClose,
}: {
  keptId: number;
  keptName: string;
  merging: ContactSummary | null;
  onClose: () => void;
}) {
  const form = useForm({ contact_id: 0 });
  const name = merging ? contactLabel(merging) : '';
  const merge = () => {
    if (!merging) return;
    form.transform(() => ({ contact_id: merging.id }));
    form.post(route('contacts.merge', { contact: keptId }), {
      errorBag: 'mergeContact',
      preserveScroll: true,
      onSuccess: onClose,
    });
  };
  return (
    <ConfirmationModal
      show={merging !== null}
      onClose={onClose}
      title={`Merge ${name} into ${keptName}?`}
      footer={
        <>
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <DangerButton className="ms-3" onClick={merge} disabled={form.processing}>
            Merge contacts
          </DangerButton>
        </>
      }
    >
      {merging && (
        <>
          {name}’s {plural(merging.conversations, 'conversation')} and their identities move to {keptName}. Details{' '}
          {keptName} lacks are filled in from {name}’s, and {name}’s own record is deleted. This cannot be undone.
          <InputError className="mt-2" message={form.errors.contact_id} />
        </>
      )}
    </ConfirmationModal>
  );
}

import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { PageHeader } from '@/Layouts/AppLayout';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { ContactCard } from '../Conversations/Partials/ContactPanel';
import StateBadge, { ChannelIcon, PriorityBadge } from '../Conversations/Partials/StateBadge';
import { contactLabel } from '../Conversations/Partials/format';
import type { ContactsShowProps, ContactSummary } from './Partials/types';
import { DuplicatesCard, MergeConfirmation, MergeSearchDialog } from './Partials/MergeContacts';
import BroadcastsCard from './Partials/BroadcastsCard';
import StartWhatsApp from './Partials/StartWhatsApp';
import DeleteSection from '@/Components/DeleteSection';
import SectionBorder from '@/Components/SectionBorder';
import ContactNotes from './Partials/ContactNotes';

/**
 * Contacts/Show: one person: their details (corrected by whoever answers conversations), who they
 * are on each channel, the team's notes about them, and their conversations, the latest first.
 */
export default function Show({
  contact,
  conversations,
  duplicates,
  merge_candidates,
  whatsapp_channels: whatsappChannels,
  notes,
  contact_fields: contactFields,
  can,
}: ContactsShowProps) {
  const name = contactLabel(contact);
  const [searching, setSearching] = useState(false);
  const [starting, setStarting] = useState(false);
  const [merging, setMerging] = useState<ContactSummary | null>(null);
  return (
    <>
      <Head title={name} />
      <PageHeader title={name}>
        <div className="flex items-center gap-4">
          {whatsappChannels.length > 0 && (
            <button
              type="button"
              onClick={() => setStarting(true)}
              className="text-sm text-gray-600 underline hover:text-gray-900"
            >
              Message on WhatsApp
            </button>
          )}
          {can.edit && (
            <button
              type="button"
              onClick={() => setSearching(true)}
              className="text-sm text-gray-600 underline hover:text-gray-900"
            >
              Merge another contact
            </button>
          )}
          <Link href={route('contacts.index')} className="text-sm text-gray-600 underline hover:text-gray-900">
            Contacts
          </Link>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <section
            aria-labelledby="contact-conversations"
            className="min-w-0 overflow-hidden bg-white shadow-sm sm:rounded-lg lg:col-span-2"
          >
            <h3
              id="contact-conversations"
              className="border-b border-gray-200 px-4 py-4 text-base font-medium text-gray-900 sm:px-6"
            >
              Conversations{' '}
              <span className="text-sm font-normal text-gray-500">
                {plural(contact.conversations, 'conversation')}
                {contact.open_conversations > 0 && `, ${contact.open_conversations} open`}
              </span>
            </h3>
            {conversations.length > 0 ? (
              <ul className="divide-y divide-gray-200" aria-label="Conversations">
                {conversations.map((conversation) => (
                  <li key={conversation.id} className="relative px-4 py-4 sm:px-6">
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                      <ChannelIcon type={conversation.channel_type} />
                      <Link
                        href={route('conversations.show', { conversation: conversation.id })}
                        className="text-sm font-medium text-gray-900 after:absolute after:inset-0 hover:text-indigo-700 focus:underline focus:outline-hidden"
                      >
                        #{conversation.number}
                      </Link>
                      <span className="text-xs text-gray-500">{conversation.channel_name}</span>
                      <StateBadge state={conversation.state} />
                      {conversation.priority && <PriorityBadge priority={conversation.priority} />}
                      <time
                        dateTime={conversation.last_message_at}
                        title={formatDateTime(conversation.last_message_at)}
                        className="ms-auto text-xs text-gray-500"
                      >
                        {fromNow(conversation.last_message_at)}
                      </time>
                    </div>
                    <p className="mt-1 truncate text-sm text-gray-600">
                      {conversation.last_preview || <span className="text-gray-400 italic">No messages yet</span>}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState icon={<Icon name="chat-bubble" className="size-10" />} title="No conversations" bare>
                They were added by hand or imported, or left their details in the chat&apos;s pre-chat form, and have
                not written yet; or their conversations were deleted with the history your plan keeps.
                {whatsappChannels.length > 0 && contact.phone && ' Message on WhatsApp writes to them first.'}
              </EmptyState>
            )}
          </section>
          <aside className="min-w-0" aria-label="Details">
            <ContactCard
              contact={contact}
              fields={contactFields}
              updateUrl={route('contacts.update', { contact: contact.id })}
              canEdit={can.edit}
            />
            <BroadcastsCard contactId={contact.id} unsubscribedAt={contact.unsubscribed_at} canEdit={can.edit} />
            <DuplicatesCard duplicates={duplicates} canEdit={can.edit} onMerge={setMerging} />
            <ContactNotes contactId={contact.id} notes={notes} canEdit={can.edit} className="mt-6" />
          </aside>
        </div>
        {can.delete && (
          <>
            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <DeleteSection
                noun="contact"
                name={name}
                url={route('contacts.destroy', { contact: contact.id })}
                description="Erase this person from your team, at their request or after a mistaken import."
              >
                Their details, who they are on each channel, every conversation with them (messages and files), your
                team&apos;s notes about them and the channels&apos; logs of their messages are deleted. The reports keep
                their counts, which name nobody. If they write again, they are a new contact.
              </DeleteSection>
            </div>
          </>
        )}
      </div>
      <MergeSearchDialog
        show={searching}
        candidates={merge_candidates}
        onPick={(picked) => {
          setSearching(false);
          setMerging(picked);
        }}
        onClose={() => setSearching(false)}
      />
      <MergeConfirmation keptId={contact.id} keptName={name} merging={merging} onClose={() => setMerging(null)} />
      {whatsappChannels.length > 0 && (
        <StartWhatsApp
          show={starting}
          contact={contact}
          channels={whatsappChannels}
          onClose={() => setStarting(false)}
        />
      )}
    </>
  );
}

import { useState, type ReactNode } from 'react';
import { Link, router, useForm } from '@inertiajs/react';
import Select from '@/Components/Select';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { formatDateTime, fromNow } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import { route } from '@/lib/route';
import { typeLabels } from '../../Channels/Partials/format';
import { contactLabel, handoffReasonLabel, priorityLabels, priorityOrder, resolvedByLabels, safeUrl } from './format';
import StateBadge, { ChannelIcon, PriorityBadge } from './StateBadge';
import { EditDialog } from './ManagedList';
import type { ContactDetail, ConversationDetail, ConversationPriority } from './types';
import ContactNotes from '../../Contacts/Partials/ContactNotes';
import type { ContactNote } from '../../../../../server/domain/contacts/notes';
import ContactFieldInputs, {
  attributeTexts,
  changedAttributes,
  filledFields,
  type ContactFieldShape,
} from '../../Contacts/Partials/ContactFieldInputs';

function Card({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const id = `panel-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section aria-labelledby={id} className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <div className="mb-3 flex items-center justify-between gap-4">
        <h3 id={id} className="text-base font-medium text-gray-900">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
}

/**
 * The contact's name, phone and e-mail, and the team's own fields, as an agent corrects them; an
 * empty field clears the detail.
 */
function EditContactDialog({
  contact,
  fields,
  updateUrl,
  show,
  onClose,
}: {
  contact: CardContact;
  fields: readonly ContactFieldShape[];
  updateUrl: string;
  show: boolean;
  onClose: () => void;
}) {
  const [initial] = useState(() => attributeTexts(fields, contact.attributes));
  const form = useForm({
    name: contact.name ?? '',
    phone: contact.phone ?? '',
    email: contact.email ?? '',
    attributes: initial,
  });
  const save = () => {
    // Only the values a person changed are sent (one left as it was is not checked again).
    form.transform((data) => ({ ...data, attributes: changedAttributes(initial, data.attributes) }));
    form.put(updateUrl, {
      errorBag: 'updateContact',
      preserveScroll: true,
      onSuccess: onClose,
    });
  };
  return (
    <EditDialog show={show} onClose={onClose} title="Edit contact" onSave={save} processing={form.processing}>
      <TextField
        label="Name"
        className="col-span-6"
        {...fieldProps(form, 'name')}
        id="contact-name"
        autoComplete="off"
        maxLength={255}
      />
      <TextField
        label="Phone"
        className="col-span-6 sm:col-span-3"
        {...fieldProps(form, 'phone')}
        id="contact-phone"
        type="tel"
        autoComplete="off"
        maxLength={32}
        hint="A local number (0812…) is taken as Indonesian."
      />
      <TextField
        label="Email"
        className="col-span-6 sm:col-span-3"
        {...fieldProps(form, 'email')}
        id="contact-email"
        type="email"
        autoComplete="off"
        maxLength={255}
      />
      <ContactFieldInputs
        fields={fields}
        values={form.data.attributes}
        errors={form.errors as Record<string, string | undefined>}
        onChange={(key, value) => form.setData('attributes', { ...form.data.attributes, [key]: value })}
        idPrefix="contact-field"
      />
    </EditDialog>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-1.5 text-sm">
      <dt className="shrink-0 text-gray-500">{label}</dt>
      <dd className="min-w-0 text-end break-words text-gray-900">{children}</dd>
    </div>
  );
}

const when = (iso: string | null) =>
  iso ? (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {fromNow(iso)}
    </time>
  ) : (
    '—'
  );

/** A contact as the card shows it: the conversation's (with its other conversations) or the contact page's. */
type CardContact = Omit<ContactDetail, 'other_conversations'> & Partial<Pick<ContactDetail, 'other_conversations'>>;

/**
 * Who the contact is: their details (Edit for whoever answers conversations, saved to `updateUrl`),
 * their identities on each channel, and their other conversations when given.
 */
export function ContactCard({
  contact,
  fields,
  updateUrl,
  pageUrl,
  canEdit,
}: {
  contact: CardContact;
  /**
   * The team's own contact fields: the card lists the contact's values (marking those the team's
   * bots tell the customer), the dialog edits them.
   */
  fields: ReadonlyArray<ContactFieldShape & { bot_readable?: boolean }>;
  updateUrl: string;
  /** The contact's own page, linked from the card (on a conversation's page). */
  pageUrl?: string;
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  return (
    <Card
      title="Contact"
      action={
        canEdit && (
          <button
            type="button"
            onClick={() => setEditing(true)}
            className="cursor-pointer text-sm text-gray-500 underline hover:text-gray-700"
            aria-label="Edit contact"
          >
            Edit
          </button>
        )
      }
    >
      {editing && (
        <EditContactDialog
          contact={contact}
          fields={fields}
          updateUrl={updateUrl}
          show={editing}
          onClose={() => setEditing(false)}
        />
      )}
      <dl className="divide-y divide-gray-100">
        <Field label="Name">{contact.name || <span className="text-gray-400">{contactLabel(contact)}</span>}</Field>
        {contact.phone && <Field label="Phone">{formatPhone(contact.phone)}</Field>}
        {contact.email && <Field label="Email">{contact.email}</Field>}
        {contact.external_id && (
          <Field label="Your ID">
            <span title="Your system’s id for them: set through the API, or the id your site signs them in with">
              {contact.external_id}
            </span>
          </Field>
        )}
        {contact.locale && <Field label="Language">{contact.locale}</Field>}
        {filledFields(fields, contact.attributes).map(({ field, text }) => (
          <Field key={field.key} label={field.label}>
            {text}
            {field.bot_readable && (
              <span
                className="ms-1.5 rounded-sm bg-indigo-50 px-1 py-0.5 text-xs font-medium text-indigo-700"
                title="Your bots tell the customer this when they ask about it"
              >
                Bot tells
              </span>
            )}
          </Field>
        ))}
        <Field label="First seen">{when(contact.first_seen_at)}</Field>
        <Field label="Last seen">{when(contact.last_seen_at)}</Field>
      </dl>
      {pageUrl && (
        <Link href={pageUrl} className="mt-2 inline-block text-sm text-indigo-700 hover:underline">
          Contact page
        </Link>
      )}
      {pageUrl && (contact.possible_duplicates ?? 0) > 0 && (
        <p className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-800" role="note">
          {contact.possible_duplicates === 1
            ? 'Another contact has the same e-mail or phone: '
            : `${contact.possible_duplicates} other contacts have the same e-mail or phone: `}
          <Link href={pageUrl} className="font-medium underline hover:text-amber-900">
            review and merge
          </Link>
          .
        </p>
      )}
      {contact.identities.length > 0 && (
        <>
          <h4 className="mt-4 text-xs font-semibold tracking-wide text-gray-500 uppercase">Identities</h4>
          <ul className="mt-2 space-y-2" aria-label="Identities">
            {contact.identities.map((identity) => (
              <li
                key={`${identity.channel_type}:${identity.external_user_id}`}
                className="flex items-center gap-2 text-sm"
              >
                <ChannelIcon type={identity.channel_type} />
                <span className="min-w-0 flex-1">
                  <span className="text-gray-900">{identity.channel_name ?? typeLabels[identity.channel_type]}</span>
                  <span className="block truncate text-xs text-gray-500" title={identity.external_user_id}>
                    {identity.channel_type === 'whatsapp'
                      ? formatPhone(identity.external_user_id)
                      : identity.external_user_id}
                  </span>
                </span>
                {identity.verified && (
                  <span
                    className="text-xs font-medium text-green-700"
                    title="Identified by the channel or a signed token"
                  >
                    ✓ Verified
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {contact.other_conversations && contact.other_conversations.length > 0 && (
        <>
          <h4 className="mt-4 text-xs font-semibold tracking-wide text-gray-500 uppercase">Other conversations</h4>
          <ul className="mt-2 space-y-2" aria-label="Other conversations">
            {contact.other_conversations.map((other) => (
              <li key={other.id} className="text-sm">
                <div className="flex items-center gap-2">
                  <ChannelIcon type={other.channel_type} />
                  <Link
                    href={route('conversations.show', { conversation: other.id })}
                    className="font-medium text-indigo-700 hover:underline"
                  >
                    #{other.number}
                  </Link>
                  <StateBadge state={other.state} />
                  <span className="ms-auto text-xs text-gray-500">{when(other.last_message_at)}</span>
                </div>
                {other.last_preview && <p className="mt-0.5 truncate text-xs text-gray-500">{other.last_preview}</p>}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}

/** The priority: a select for whoever answers conversations (saved as it changes), else its badge. */
function PriorityField({ conversation, canEdit }: { conversation: ConversationDetail; canEdit: boolean }) {
  const [busy, setBusy] = useState(false);
  if (!canEdit) return conversation.priority ? <PriorityBadge priority={conversation.priority} /> : <>None</>;
  const change = (value: string) =>
    router.put(
      route('conversations.priority.update', { conversation: conversation.id }),
      { priority: value as ConversationPriority | '' },
      { preserveScroll: true, onStart: () => setBusy(true), onFinish: () => setBusy(false) },
    );
  return (
    <Select
      aria-label="Priority"
      className="py-1 text-sm"
      value={conversation.priority ?? ''}
      disabled={busy}
      onChange={(event) => change(event.target.value)}
    >
      <option value="">None</option>
      {priorityOrder.map((priority) => (
        <option key={priority} value={priority}>
          {priorityLabels[priority]}
        </option>
      ))}
    </Select>
  );
}

function ConversationCard({ conversation, canEdit }: { conversation: ConversationDetail; canEdit: boolean }) {
  const origin = conversation.origin ?? {};
  const pageUrl = origin.url ?? origin.page_url ?? origin.pageUrl;
  const href = safeUrl(pageUrl);
  const referrer = safeUrl(origin.referrer);
  return (
    <Card title="Conversation">
      <dl className="divide-y divide-gray-100">
        <Field label="State">
          <StateBadge state={conversation.state} />
        </Field>
        <Field label="Channel">
          <span className="inline-flex items-center gap-1.5">
            <ChannelIcon type={conversation.channel.type} />
            {conversation.channel.name}
          </span>
        </Field>
        {conversation.bot && <Field label="Bot">{conversation.bot.name}</Field>}
        <Field label="Assigned to">{conversation.assignee?.name ?? 'Nobody'}</Field>
        <Field label="Priority">
          <PriorityField conversation={conversation} canEdit={canEdit} />
        </Field>
        {conversation.handoff_reason && (
          <Field label="Handed over">
            {handoffReasonLabel(conversation.handoff_reason)}
            {conversation.handoff_at && (
              <span className="block text-xs text-gray-500">{when(conversation.handoff_at)}</span>
            )}
          </Field>
        )}
        {conversation.resolved_at && (
          <Field label="Resolved">
            {when(conversation.resolved_at)}
            {conversation.resolved_by && (
              <span className="block text-xs text-gray-500">{resolvedByLabels[conversation.resolved_by]}</span>
            )}
          </Field>
        )}
        {conversation.reopen_count > 0 && <Field label="Reopened">{conversation.reopen_count}×</Field>}
        {conversation.csat && (
          <Field label="Satisfaction">
            <span aria-label={`${conversation.csat.score} out of 5`}>
              <span aria-hidden="true" className="text-amber-500">
                {'★'.repeat(conversation.csat.score)}
                <span className="text-gray-300">{'★'.repeat(Math.max(0, 5 - conversation.csat.score))}</span>
              </span>{' '}
              {conversation.csat.score}/5
            </span>
            {conversation.csat.comment && (
              <span className="block text-xs text-gray-600 italic">“{conversation.csat.comment}”</span>
            )}
          </Field>
        )}
        {pageUrl && (
          <Field label="Started on">
            {href ? (
              <a href={href} target="_blank" rel="noopener noreferrer" className="text-indigo-700 hover:underline">
                {origin.title || pageUrl}
              </a>
            ) : (
              pageUrl
            )}
          </Field>
        )}
        {referrer && <Field label="Referrer">{referrer}</Field>}
      </dl>
      {conversation.handoff_summary && (
        <div className="mt-3 rounded-md bg-yellow-50 px-3 py-2 text-sm text-yellow-900 ring-1 ring-yellow-600/20">
          <p className="text-xs font-semibold">Summary for the agent</p>
          <p className="mt-1 whitespace-pre-wrap">{conversation.handoff_summary}</p>
        </div>
      )}
    </Card>
  );
}

/** The side of a conversation: who the contact is, where else they wrote, the team's notes about them, and this conversation's story. */
export default function ContactPanel({
  contact,
  fields,
  conversation,
  notes,
  canEdit,
}: {
  contact: ContactDetail;
  /** The team's own contact fields. */
  fields: readonly ContactFieldShape[];
  conversation: ConversationDetail;
  /** The team's notes about the contact. */
  notes: ContactNote[];
  /** Whether the user may correct the contact's details and mark the priority (whoever answers conversations). */
  canEdit: boolean;
}) {
  return (
    <div className="space-y-6">
      <ConversationCard conversation={conversation} canEdit={canEdit} />
      <ContactCard
        contact={contact}
        fields={fields}
        updateUrl={route('conversations.contact.update', { conversation: conversation.id })}
        pageUrl={route('contacts.show', { contact: contact.id })}
        canEdit={canEdit}
      />
      <ContactNotes contactId={contact.id} notes={notes} canEdit={canEdit} />
    </div>
  );
}

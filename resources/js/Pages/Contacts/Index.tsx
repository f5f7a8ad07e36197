import { Head, Link, router } from '@inertiajs/react';
import Select from '@/Components/Select';
import { useState } from 'react';
import InputError from '@/Components/InputError';
import { parseNumber } from '../../../../server/domain/contacts/field-values';
import PrimaryButton from '@/Components/PrimaryButton';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { MetaPagination } from '@/Components/Pagination';
import PastLastPage from '@/Components/PastLastPage';
import SearchInput from '@/Components/SearchInput';
import SecondaryButton from '@/Components/SecondaryButton';
import { useSearchField } from '@/hooks/use-search-field';
import { PageHeader } from '@/Layouts/AppLayout';
import { formatDateTime, fromNow } from '@/lib/dates';
import { formatPhone } from '@/lib/phone';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { ChannelIcon } from '../Conversations/Partials/StateBadge';
import { contactLabel } from '../Conversations/Partials/format';
import type { ContactImportReport, ContactsIndexProps } from './Partials/types';
import NewContact from './Partials/NewContact';
import { ImportContacts, ImportReport } from './Partials/ImportContacts';
import { SegmentOptions, segmentParts, typedValueInput } from './Partials/ContactFieldInputs';
import TextInput from '@/Components/TextInput';

type Filters = ContactsIndexProps['filters'];

const query = ({ search, segment }: Filters, page?: number) => ({
  ...(search.trim() ? { search: search.trim() } : {}),
  ...(segment ? { segment } : {}),
  ...(page && page > 1 ? { page } : {}),
});
const pageUrl = (filters: Filters, page?: number) => route('contacts.index', { _query: query(filters, page) });

/**
 * Contacts/Index: everyone who wrote to the team, one person across channels, the most recently
 * seen first; a search over name, e-mail and phone ("0812…" finds +62812…); a page at a time.
 */
export default function Index({ contacts, filters, segments, can, import_limits: importLimits }: ContactsIndexProps) {
  const [dialog, setDialog] = useState<'new' | 'import' | null>(null);
  const [report, setReport] = useState<ContactImportReport | null>(null);
  // The group chosen, and what was typed for one that takes it (`poin:>=` and 1000).
  const shown = segmentParts(segments, filters.segment);
  const [choice, setChoice] = useState(shown?.option.value ?? '');
  const [typed, setTyped] = useState(shown?.typed ?? '');
  const [typedError, setTypedError] = useState<string | null>(null);
  // The picker follows what the server applied when that changes (a link, back and forward).
  const [applied, setApplied] = useState(filters.segment);
  if (applied !== filters.segment) {
    const parts = segmentParts(segments, filters.segment);
    setApplied(filters.segment);
    setChoice(parts?.option.value ?? '');
    setTyped(parts?.typed ?? '');
  }
  const typing = segmentParts(segments, choice);
  const typedOption = typing?.option.typed ? typing : null;
  const typedInput = typedValueInput(choice);
  const wantsNumber = typedInput.number;
  const visit = (next: Filters) =>
    router.get(route('contacts.index'), query(next), { preserveState: true, preserveScroll: true, replace: true });
  const search = useSearchField(filters.search, (text) => visit({ ...filters, search: text }));
  const filtered = filters.search !== '' || filters.segment !== '';
  const { meta } = contacts;

  return (
    <>
      <Head title="Contacts" />
      <PageHeader title="Contacts">
        <div className="flex items-center gap-3 sm:gap-6">
          {/* On a phone the header keeps its two buttons; the count, the export and the fields go under the filters. */}
          <span className="hidden text-sm text-gray-600 sm:inline">{plural(meta.total, 'contact')}</span>
          {meta.total > 0 && (
            // A file download, not an Inertia visit.
            <a
              href={route('contacts.export', { _query: query(filters) })}
              className="hidden text-sm text-gray-600 underline hover:text-gray-900 sm:inline"
              download
            >
              Export CSV
            </a>
          )}
          {can.manage_fields && (
            <Link
              href={route('contacts.fields.index')}
              className="hidden text-sm text-gray-600 underline hover:text-gray-900 sm:inline"
            >
              Fields
            </Link>
          )}
          {can.edit && (
            <>
              <SecondaryButton onClick={() => setDialog('import')}>Import</SecondaryButton>
              <PrimaryButton onClick={() => setDialog('new')}>New contact</PrimaryButton>
            </>
          )}
        </div>
      </PageHeader>
      {can.edit && (
        <>
          <NewContact show={dialog === 'new'} onClose={() => setDialog(null)} />
          <ImportContacts
            show={dialog === 'import'}
            onClose={() => setDialog(null)}
            onImported={setReport}
            limits={importLimits}
          />
        </>
      )}
      <div className="mx-auto max-w-7xl space-y-6 py-10 sm:px-6 lg:px-8">
        {report && <ImportReport report={report} onDismiss={() => setReport(null)} />}
        <div className="flex flex-col gap-3 px-4 sm:flex-row sm:px-0">
          <div className="sm:w-full sm:max-w-md">
            <SearchInput
              id="contact-search"
              label="Search contacts"
              placeholder="Search name, e-mail or phone"
              value={search.value}
              onChange={search.change}
            />
          </div>
          {segments.length > 0 && (
            <div>
              <label htmlFor="contact-segment" className="sr-only">
                Contacts by a field
              </label>
              <Select
                id="contact-segment"
                className="block w-full sm:w-64"
                value={choice}
                onChange={(event) => {
                  const value = event.target.value;
                  setChoice(value);
                  setTyped('');
                  setTypedError(null);
                  // A group that takes a value waits for it; any other applies at once.
                  if (!segmentParts(segments, value)?.option.typed) visit({ search: search.value, segment: value });
                }}
              >
                <option value="">Everyone</option>
                <SegmentOptions segments={segments} />
              </Select>
            </div>
          )}
          {typedOption && (
            <form
              className="flex flex-wrap items-start gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                const value = typed.trim();
                if (value === '' || (wantsNumber && parseNumber(value) === undefined)) {
                  setTypedError(wantsNumber ? 'Write a number, such as 1000.' : 'Write what it is.');
                  return;
                }
                setTypedError(null);
                visit({ search: search.value, segment: choice + value });
              }}
            >
              <div>
                <TextInput
                  aria-label={`${typedOption.field.label} ${typedOption.option.label.replace('…', '')}`}
                  className="block w-full sm:w-40"
                  value={typed}
                  onChange={(event) => setTyped(event.target.value)}
                  inputMode={typedInput.inputMode}
                  placeholder={typedInput.placeholder}
                  aria-invalid={typedError ? true : undefined}
                  aria-describedby="contact-segment-typed-error"
                  autoFocus={typed === ''}
                />
                <InputError id="contact-segment-typed-error" className="mt-1" message={typedError ?? undefined} />
              </div>
              <SecondaryButton type="submit" className="mt-1">
                Apply
              </SecondaryButton>
            </form>
          )}
        </div>

        {/* What the header keeps for a wider screen: the count, the export and the fields. */}
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 text-sm text-gray-600 sm:hidden">
          <span>{plural(meta.total, 'contact')}</span>
          {meta.total > 0 && (
            <a href={route('contacts.export', { _query: query(filters) })} className="underline" download>
              Export CSV
            </a>
          )}
          {can.manage_fields && (
            <Link href={route('contacts.fields.index')} className="underline">
              Fields
            </Link>
          )}
        </p>
        {contacts.data.length > 0 ? (
          <ul
            className="divide-y divide-gray-200 overflow-hidden bg-white shadow-sm sm:rounded-lg"
            aria-label="Contacts"
          >
            {contacts.data.map((contact) => {
              const name = contactLabel(contact);
              const phone = formatPhone(contact.phone);
              return (
                <li key={contact.id} className="relative flex items-center gap-4 px-4 py-4 sm:px-6">
                  <div className="min-w-0 flex-1">
                    <Link
                      href={route('contacts.show', { contact: contact.id })}
                      className="block truncate text-sm font-medium text-gray-900 after:absolute after:inset-0 hover:text-indigo-700 focus:underline focus:outline-hidden"
                    >
                      {name}
                    </Link>
                    <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-gray-500">
                      {phone && phone !== name && <span>{phone}</span>}
                      {contact.email && <span>{contact.email}</span>}
                      <span className="inline-flex items-center gap-1">
                        {contact.channel_types.map((type) => (
                          <ChannelIcon key={type} type={type} className="size-3.5" />
                        ))}
                      </span>
                    </p>
                  </div>
                  <div className="hidden shrink-0 text-end text-xs text-gray-500 sm:block">
                    <p>
                      {plural(contact.conversations, 'conversation')}
                      {contact.open_conversations > 0 && (
                        <span className="text-indigo-700"> · {contact.open_conversations} open</span>
                      )}
                    </p>
                    <p className="mt-1">
                      {/* Someone added or imported who has not written yet was never seen. */}
                      {contact.conversations === 0 ? 'Added' : 'Last seen'}{' '}
                      <time dateTime={contact.last_seen_at} title={formatDateTime(contact.last_seen_at)}>
                        {fromNow(contact.last_seen_at)}
                      </time>
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        ) : meta.total > 0 ? (
          <PastLastPage total={meta.total} noun="contact" firstPage={pageUrl(filters)} />
        ) : (
          <EmptyState
            icon={<Icon name="user-group" className="size-10" />}
            title={filtered ? 'No contacts match' : 'No contacts yet'}
            action={
              filtered ? (
                <SecondaryButton
                  onClick={() => {
                    search.cancel();
                    search.reset('');
                    router.get(route('contacts.index'));
                  }}
                >
                  {filters.segment ? 'Show everyone' : 'Clear search'}
                </SecondaryButton>
              ) : undefined
            }
          >
            {filtered ? (
              <>Try another name, e-mail or phone number{filters.segment ? ', or another field value' : ''}.</>
            ) : (
              <>
                Everyone who writes on your channels (web chat, WhatsApp, Telegram or a webhook) is listed here.
                {can.edit && ' You can also add someone by hand, or import a list from a CSV file or Excel.'}
              </>
            )}
          </EmptyState>
        )}

        <MetaPagination
          className="px-4 sm:px-0"
          label="Contacts pages"
          meta={meta}
          noun={['contact', 'contacts']}
          page={(page) => pageUrl(filters, page)}
        />
      </div>
    </>
  );
}

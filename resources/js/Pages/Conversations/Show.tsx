import { useState } from 'react';
import { Head, Link, router, usePage } from '@inertiajs/react';
import ShortcutsHelp from '@/Components/ShortcutsHelp';
import { useShortcuts } from '@/hooks/use-shortcuts';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import ActionBar from './Partials/ActionBar';
import Composer from './Partials/Composer';
import ContactPanel from './Partials/ContactPanel';
import LabelsCard from './Partials/LabelsCard';
import StateBadge, { ChannelIcon, SnoozedBadge, WaitingTime } from './Partials/StateBadge';
import Thread from './Partials/Thread';
import Viewers from './Partials/Viewers';
import { contactLabel, remainingMs } from './Partials/format';
import type { ConversationShowProps } from './Partials/types';
import { useLiveConversation } from './Partials/use-live-conversation';
import { useNow } from './Partials/use-now';
import { TypingLine, useTypists } from './Partials/typing';
import { useResend } from './Partials/use-resend';

/**
 * Conversations/Show: one conversation. The thread with the composer (reply or internal note; a
 * WhatsApp template once the 24-hour window has closed), the actions its state allows, and the
 * contact beside it. Live: messages arrive, grow while the bot writes and change their delivery
 * status as they happen; the other agents who have it open are shown.
 */
/** A conversation's keys, as "?" lists them (the first two for whoever answers). */
const conversationShortcuts = [
  ['r', 'Write a reply'],
  ['n', 'Write an internal note'],
  ['u', 'Back to the inbox'],
  ['?', 'These shortcuts'],
] as const;

export default function Show(props: ConversationShowProps) {
  const {
    contact,
    agents,
    teammates,
    templates,
    saved_replies: savedReplies,
    labels,
    contact_notes,
    contact_fields: contactFields,
    can,
  } = props;
  const userId = usePage().props.auth.user?.id ?? null;
  const { conversation, messages, earlier } = useLiveConversation(
    props.conversation,
    props.messages,
    props.has_earlier,
  );
  const serviceWindow = conversation.window;
  // Renewed while a countdown or the customer's wait shows.
  const now = useNow(30_000, (serviceWindow !== null && serviceWindow.open) || conversation.waiting_since !== null);
  // The server said whether the window was open when the page loaded; it closes here on time.
  const windowOpen =
    serviceWindow === null
      ? null
      : serviceWindow.open && (!serviceWindow.expires_at || remainingMs(serviceWindow.expires_at, now) !== null);
  const name = contactLabel(conversation.contact);
  const typists = useTypists(conversation.id, userId, name);
  const resend = useResend(conversation.id);
  const [help, setHelp] = useState(false);
  useShortcuts({ u: () => router.visit(route('conversations.index')), '?': () => setHelp(true) });
  const title = `#${conversation.number} · ${name}`;

  return (
    <>
      <Head title={title} />
      <ShortcutsHelp
        show={help}
        onClose={() => setHelp(false)}
        shortcuts={can.reply ? conversationShortcuts : conversationShortcuts.slice(2)}
      />
      <PageHeader title={title}>
        <div className="ms-4 flex shrink-0 items-center gap-4">
          <Viewers conversationId={conversation.id} userId={userId} />
          {can.reply && (
            // Back to the inbox, where it shows unread for the team until someone opens it again.
            <button
              type="button"
              className="hidden text-sm text-gray-600 underline hover:text-gray-900 sm:inline"
              onClick={() => router.post(route('conversations.unread', { conversation: conversation.id }))}
            >
              Mark as unread
            </button>
          )}
          <a
            href={route('conversations.transcript', { conversation: conversation.id })}
            className="hidden text-sm text-gray-600 underline hover:text-gray-900 sm:inline"
            download
          >
            Transcript
          </a>
          <Link
            href={route('conversations.index')}
            className="hidden text-sm text-gray-600 underline hover:text-gray-900 sm:inline"
          >
            Inbox
          </Link>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-6 sm:px-6 lg:px-8">
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <section
            aria-label="Thread"
            className="flex min-w-0 flex-col overflow-hidden bg-white shadow-sm sm:rounded-lg lg:col-span-2"
          >
            <div className="flex flex-wrap items-center justify-between gap-3 border-b border-gray-200 px-4 py-3 sm:px-6">
              <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <ChannelIcon type={conversation.channel.type} />
                <span className="truncate text-sm text-gray-600">{conversation.channel.name}</span>
                <StateBadge state={conversation.state} />
                {conversation.snoozed_until && <SnoozedBadge until={conversation.snoozed_until} now={now} />}
                <WaitingTime
                  since={conversation.waiting_since}
                  state={conversation.state}
                  waitingFor={conversation.waiting_for}
                  targets={props.reply_targets}
                  now={now}
                />
              </div>
              <ActionBar conversation={conversation} agents={agents} can={can} userId={userId} />
            </div>
            <Thread
              messages={messages}
              contactName={name}
              botName={conversation.bot?.name ?? null}
              teammates={teammates}
              userId={userId}
              earlier={earlier}
              focusId={props.focus_message_id}
              resend={can.reply ? resend : undefined}
            />
            <TypingLine typists={typists} />
            {can.reply ? (
              <Composer
                conversation={conversation}
                templates={templates}
                savedReplies={savedReplies}
                teammates={teammates}
                contact={contact}
                contactFields={contactFields}
                windowOpen={windowOpen}
                now={now}
              />
            ) : (
              <p className="border-t border-gray-200 bg-gray-50 px-4 py-4 text-sm text-gray-600 sm:px-6">
                Your role in this team may read conversations; an agent, admin or owner replies to them.
              </p>
            )}
          </section>
          <aside className="min-w-0 space-y-6" aria-label="Details">
            <LabelsCard conversation={conversation} labels={labels} canEdit={can.reply} />
            <ContactPanel
              contact={contact}
              fields={contactFields}
              conversation={conversation}
              notes={contact_notes}
              canEdit={can.reply}
            />
          </aside>
        </div>
      </div>
    </>
  );
}

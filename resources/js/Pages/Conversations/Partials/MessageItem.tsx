import { Fragment } from 'react';
import { Link } from '@inertiajs/react';
import { route } from '@/lib/route';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { formatBytes } from '../../Knowledges/Partials/format';
import { aiLine, safeUrl } from './format';
import { mentionParts } from '../../../../../server/domain/conversations/mentions';
import type { Attachment, Message, Teammate } from './types';

const time = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
};

const statusTicks: Partial<Record<Message['status'], { label: string; mark: string; className: string }>> = {
  queued: { label: 'Queued', mark: '○', className: 'text-gray-400' },
  sending: { label: 'Sending', mark: '○', className: 'text-gray-400' },
  sent: { label: 'Sent', mark: '✓', className: 'text-gray-400' },
  delivered: { label: 'Delivered', mark: '✓✓', className: 'text-gray-400' },
  read: { label: 'Read', mark: '✓✓', className: 'text-sky-600' },
};

/** Sending a message that was not delivered again: the action, the one on its way, and a refusal. */
export interface ResendControl {
  onResend: (messageId: number) => void;
  /** The message being sent again now. */
  pendingId: number | null;
  /** Why the server would not send it again. */
  error: { messageId: number; text: string } | null;
}

/** Where an outbound message is: Sent ✓, Delivered ✓✓, Read (blue ✓✓), or why it failed (and Send again). */
function DeliveryStatus({ message, resend }: { message: Message; resend?: ResendControl }) {
  if (message.status === 'failed') {
    const pending = resend?.pendingId === message.id;
    const refused = resend?.error?.messageId === message.id ? resend.error.text : null;
    return (
      <>
        <span className="font-medium text-red-600" role="note">
          Not delivered{message.error ? `: ${message.error.message}` : ''}
        </span>
        {resend && (
          <button
            type="button"
            onClick={() => resend.onResend(message.id)}
            disabled={pending}
            className="cursor-pointer font-medium text-indigo-600 underline hover:text-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden disabled:cursor-wait disabled:text-gray-400"
          >
            {pending ? 'Sending again…' : 'Send again'}
          </button>
        )}
        {refused && (
          <span className="basis-full text-red-600" role="alert">
            {refused}
          </span>
        )}
      </>
    );
  }
  // A send the provider refused for now: the send job tries again on its own (for a few minutes).
  if ((message.status === 'queued' || message.status === 'sending') && message.error) {
    return (
      <span className="font-medium text-amber-700" role="note">
        Not sent yet, trying again: {message.error.message}
      </span>
    );
  }
  const tick = statusTicks[message.status];
  if (!tick) return null;
  return (
    <span className={cn('font-semibold tracking-tighter', tick.className)} title={tick.label}>
      <span aria-hidden="true">{tick.mark}</span>
      <span className="sr-only">{tick.label}</span>
    </span>
  );
}

/** One file: a thumbnail, a player or a download once Kawan keeps it; otherwise why not yet or not at all. */
function AttachmentItem({ attachment }: { attachment: Attachment }) {
  const label =
    attachment.name ||
    (attachment.kind === 'file' ? 'File' : attachment.kind[0].toUpperCase() + attachment.kind.slice(1));
  if (attachment.status === 'pending') {
    return (
      <span className="inline-flex items-center gap-1.5 text-gray-500" role="status">
        <span className="size-2 rounded-full bg-gray-400 motion-safe:animate-pulse" aria-hidden="true" />
        Fetching media…
      </span>
    );
  }
  if (attachment.status === 'failed' || !attachment.url) {
    return (
      <span className="text-red-600" role="note">
        {label} not available{attachment.error ? `: ${attachment.error}` : ''}
      </span>
    );
  }
  if (attachment.kind === 'image') {
    return (
      <a href={attachment.url} target="_blank" rel="noopener" className="inline-block" title={`Open ${label}`}>
        <img
          src={attachment.url}
          alt={attachment.name ?? 'Image from the contact'}
          loading="lazy"
          className="max-h-60 max-w-full rounded-lg bg-white object-contain ring-1 ring-gray-200"
        />
      </a>
    );
  }
  if (attachment.kind === 'audio') {
    return (
      <span className="inline-flex flex-col gap-1">
        <audio controls preload="metadata" src={attachment.url} className="w-64 max-w-full" aria-label={label} />
        {attachment.transcribed && (
          <span className="text-xs text-gray-500">Transcribed: the words above are what the bot read.</span>
        )}
      </span>
    );
  }
  return (
    <a
      href={attachment.url}
      download={attachment.name ?? true}
      className="inline-flex max-w-full items-center gap-1.5 rounded-md bg-white px-2.5 py-1.5 font-medium text-gray-700 ring-1 ring-gray-200 hover:text-gray-900 hover:ring-gray-300"
    >
      <span aria-hidden="true">📎</span>
      <span className="truncate">{label}</span>
      {attachment.size !== null && <span className="shrink-0 text-gray-500">{formatBytes(attachment.size)}</span>}
    </a>
  );
}

function Attachments({ attachments }: { attachments: Message['attachments'] }) {
  if (attachments.length === 0) return null;
  return (
    <ul className="mt-1.5 space-y-1.5 text-xs whitespace-normal" aria-label="Attachments">
      {attachments.map((attachment, i) => (
        <li key={i}>
          <AttachmentItem attachment={attachment} />
        </li>
      ))}
    </ul>
  );
}

/** The sources a bot reply cites, and the contact's details it used (which no marker names). */
function Citations({
  citations,
  customerDetails,
}: {
  citations: NonNullable<Message['ai']>['citations'];
  customerDetails: string[];
}) {
  if (citations.length === 0 && customerDetails.length === 0) return null;
  return (
    <ol className="mt-1.5 flex flex-wrap justify-end gap-1.5" aria-label="Sources">
      {customerDetails.length > 0 && (
        <li
          className="inline-flex max-w-full items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs text-gray-700 ring-1 ring-gray-200"
          title="The bot used what the contact's card holds"
        >
          <span className="font-semibold text-indigo-700">Contact</span>
          <span className="truncate">{customerDetails.join(', ')}</span>
        </li>
      )}
      {citations.map((citation, i) => {
        const href = safeUrl(citation.url);
        return (
          <li
            key={`${citation.chunk_id ?? citation.title}-${i}`}
            className="inline-flex max-w-full items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs text-gray-700 ring-1 ring-gray-200"
            title={citation.title}
          >
            <span className="font-semibold text-indigo-700">[{i + 1}]</span>
            {href ? (
              <a
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                className="truncate underline decoration-gray-300 hover:text-gray-900"
              >
                {citation.title}
              </a>
            ) : (
              <span className="truncate">{citation.title}</span>
            )}
          </li>
        );
      })}
    </ol>
  );
}

/** A note's words with the teammates it names marked (the reader's own name more strongly). */
function NoteText({ text, mentioned, userId }: { text: string; mentioned: Teammate[]; userId: number | null }) {
  if (mentioned.length === 0) return <>{text}</>;
  return (
    <>
      {mentionParts(text, mentioned).map((part, index) =>
        part.mention ? (
          <span
            key={index}
            title={part.mention.id === userId ? 'You were mentioned' : `${part.mention.name} was mentioned`}
            className={cn(
              'rounded px-0.5 font-semibold',
              part.mention.id === userId ? 'bg-amber-200 text-amber-950' : 'text-indigo-700',
            )}
          >
            {part.text}
          </span>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * One message of the thread. The contact on the left; the bot and agents on the right with who
 * wrote it; internal notes amber; system lines centred and small. Bot replies show their sources,
 * model and latency; outbound messages their delivery.
 */
export default function MessageItem({
  message,
  contactName,
  botName = null,
  teammates = [],
  userId = null,
  marked = false,
  resend,
}: {
  message: Message;
  contactName: string;
  /** The conversation's bot: the name its replies go by when a reply names no writer. */
  botName?: string | null;
  teammates?: Teammate[];
  userId?: number | null;
  /** Whoever answers may send a failed message again. */
  resend?: ResendControl;
  /** The message the reader came to see (a search hit): marked for a moment. */
  marked?: boolean;
}) {
  // Each row is found by its id (`#message-12`); a marked one is ringed.
  const row = (className: string) => ({
    id: `message-${message.id}`,
    'data-marked': marked || undefined,
    className: cn(
      className,
      'rounded-lg transition-colors duration-700',
      marked && 'bg-amber-50 ring-2 ring-amber-300 ring-offset-4',
    ),
  });
  const stamp = (
    <time dateTime={message.created_at} title={formatDateTime(message.created_at)}>
      {time(message.created_at)}
    </time>
  );

  // Kawan's own lines; a note an automation rule wrote is a note (below).
  if (message.sender === 'system' && message.kind !== 'note') {
    return (
      <li {...row('flex justify-center px-6 text-center text-xs text-gray-500')}>
        <span>
          {message.text} · {stamp}
        </span>
      </li>
    );
  }

  if (message.kind === 'note') {
    return (
      <li {...row('flex justify-end')} aria-label="Internal note">
        <div className="max-w-[85%] min-w-0 text-end">
          <div className="rounded-2xl rounded-br-sm bg-amber-50 px-4 py-2 text-start text-sm break-words whitespace-pre-wrap text-amber-950 ring-1 ring-amber-200">
            <p className="mb-1 text-xs font-semibold text-amber-800">Internal note</p>
            <NoteText
              text={message.text}
              mentioned={teammates.filter((t) => message.mentions.includes(t.id))}
              userId={userId}
            />
            <Attachments attachments={message.attachments} />
          </div>
          <p className="mt-1 text-xs text-gray-500">
            {message.sender_name ?? (message.sender === 'system' ? 'Automation rule' : 'Agent')} · {stamp} · only your
            team sees it
          </p>
        </div>
      </li>
    );
  }

  if (message.direction === 'inbound' || message.sender === 'contact') {
    return (
      <li {...row('flex justify-start')} aria-label={contactName}>
        <div className="max-w-[85%] min-w-0">
          <div className="rounded-2xl rounded-bl-sm bg-gray-100 px-4 py-2 text-sm break-words whitespace-pre-wrap text-gray-900">
            {message.text}
            <Attachments attachments={message.attachments} />
          </div>
          <p className="mt-1 text-xs text-gray-500">{stamp}</p>
        </div>
      </li>
    );
  }

  const bot = message.sender === 'bot';
  const writing = message.status === 'composing';
  const sender = message.sender_name ?? (bot ? (botName ?? 'Bot') : 'Agent');
  return (
    <li {...row('flex justify-end')} aria-label={sender} aria-busy={writing || undefined}>
      <div className="max-w-[85%] min-w-0 text-end">
        <div
          className={cn(
            'rounded-2xl rounded-br-sm px-4 py-2 text-start text-sm break-words whitespace-pre-wrap',
            bot ? 'bg-indigo-50 text-gray-900 ring-1 ring-indigo-100' : 'bg-indigo-600 text-white',
          )}
        >
          {message.text}
          {writing && (
            <span
              className={cn('ms-0.5 inline-block motion-safe:animate-pulse', message.text === '' && 'text-gray-500')}
            >
              {message.text === '' ? 'Writing…' : '▍'}
            </span>
          )}
          <Attachments attachments={message.attachments} />
          {message.choices.length > 0 && (
            <ul className="mt-2 space-y-1" aria-label="Choices offered">
              {message.choices.map((choice) => (
                <li
                  key={choice}
                  className="rounded-md bg-white/80 px-2 py-1 text-xs text-gray-700 ring-1 ring-indigo-100"
                >
                  {choice}
                </li>
              ))}
            </ul>
          )}
        </div>
        {message.ai && <Citations citations={message.ai.citations} customerDetails={message.ai.customer_details} />}
        <p className="mt-1 flex flex-wrap items-center justify-end gap-x-1.5 text-xs text-gray-500">
          <span className="font-medium text-gray-600">{sender}</span>
          {message.kind === 'template' && (
            <span>· Template{message.template_name ? ` ${message.template_name}` : ''}</span>
          )}
          {message.broadcast_id ? (
            <span>
              ·{' '}
              <Link
                href={route('broadcasts.show', { broadcast: message.broadcast_id })}
                className="underline hover:text-gray-700"
              >
                Broadcast
              </Link>
            </span>
          ) : null}
          {message.ai && (
            <span
              title={`${message.ai.prompt_tokens} + ${message.ai.completion_tokens} tokens${message.ai.estimated ? ' (estimated)' : ''}`}
            >
              · {aiLine(message.ai)}
            </span>
          )}
          <span>· {stamp}</span>
          {!writing && <DeliveryStatus message={message} resend={resend} />}
        </p>
      </div>
    </li>
  );
}

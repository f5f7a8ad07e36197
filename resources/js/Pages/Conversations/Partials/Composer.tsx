import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useForm, usePage } from '@inertiajs/react';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import TextArea from '@/Components/TextArea';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';
import { WindowCountdown } from './StateBadge';
import { filesLimit, uploadAccept } from '../../../../../server/channels/web/protocol';
import { formatBytes } from '../../Knowledges/Partials/format';
import SavedReplyList from './SavedReplyList';
import MentionList from './MentionList';
import {
  insertMention,
  matchingTeammates,
  mentionedIn,
  mentionQuery,
} from '../../../../../server/domain/conversations/mentions';
import TemplatePicker from './TemplatePicker';
import { DraftNotice, SuggestButton, useSuggestion } from './Suggestion';
import {
  filledReply,
  insertReply,
  matchingReplies,
  slashQuery,
  variableValues,
  type SavedReply,
} from './saved-replies';
import type { ContactDetail, ConversationDetail, ConversationShowProps, Teammate } from './types';
import type { ContactFieldShape } from '../../../../../server/domain/contacts/field-values';
import { useTypingSignal } from './typing';
import { clearDraft, readDraft, saveDraft } from '@/lib/reply-drafts';
import { useShortcuts } from '@/hooks/use-shortcuts';

type Mode = 'reply' | 'note';

function ModeSwitch({ mode, onChange }: { mode: Mode; onChange: (mode: Mode) => void }) {
  const option = (value: Mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => onChange(value)}
      className={cn(
        'cursor-pointer rounded-md px-3 py-1 text-sm font-medium transition focus:ring-2 focus:ring-indigo-500 focus:outline-hidden',
        mode === value
          ? value === 'note'
            ? 'bg-amber-100 text-amber-900'
            : 'bg-white text-gray-900 shadow-xs'
          : 'text-gray-500 hover:text-gray-700',
      )}
    >
      {label}
    </button>
  );
  return (
    <div className="inline-flex gap-1 rounded-lg bg-gray-100 p-1" role="group" aria-label="Write">
      {option('reply', 'Reply')}
      {option('note', 'Internal note')}
    </div>
  );
}

/**
 * The bottom of the thread: a reply to the contact or an internal note for the team. Enter sends,
 * Shift+Enter starts a new line; "/" followed by a few letters lists the team's saved replies to put
 * in, and in a note "@" lists the teammates to mention. Either may carry files. On WhatsApp the
 * reply is free text while the 24-hour window is open (with its countdown) and an approved template
 * once it has closed. Writing a reply tells the customer and the teammates (typing.tsx).
 */
export default function Composer({
  conversation,
  templates,
  savedReplies,
  teammates = [],
  contact,
  contactFields = [],
  windowOpen,
  now,
}: {
  conversation: ConversationDetail;
  templates: ConversationShowProps['templates'];
  savedReplies: SavedReply[];
  /** The contact's field values and language, for a saved reply's variables. */
  contact?: Pick<ContactDetail, 'attributes' | 'locale'>;
  /** The team's own contact fields, variables in saved replies (`{{contact.kota}}`). */
  contactFields?: ContactFieldShape[];
  /** Whom a note may mention ("@Name"). */
  teammates?: Teammate[];
  /** WhatsApp: whether free text may be sent now; null for other channels. */
  windowOpen: boolean | null;
  now: number;
}) {
  const { user } = usePage().props.auth;
  const userId = user?.id ?? null;
  const agentName = user?.name ?? null;
  // A reply left half-written here before (another conversation opened, a reload) comes back.
  const [kept] = useState(() => (userId === null ? null : readDraft(userId, conversation.id)));
  const [mode, setMode] = useState<Mode>(kept?.mode ?? 'reply');
  const form = useForm<{ text: string; files: File[] }>({ text: kept?.text ?? '', files: [] });
  useEffect(() => {
    if (userId !== null) saveDraft(userId, conversation.id, form.data.text, mode);
  }, [userId, conversation.id, form.data.text, mode]);
  const filePicker = useRef<HTMLInputElement>(null);
  /**
   * Files go with a reply (each its own message, in order; the words are the first one's caption)
   * or a note (all on it, kept for the team only); at most `filesLimit` at a time.
   */
  const { files } = form.data;
  const withFiles = files.length > 0;
  const [tooMany, setTooMany] = useState(false);
  const addFiles = (picked: File[]) => {
    const next = [...files, ...picked];
    setTooMany(next.length > filesLimit);
    form.setData('files', next.slice(0, filesLimit));
  };
  const removeFile = (index: number) => {
    setTooMany(false);
    form.setData(
      'files',
      files.filter((_, i) => i !== index),
    );
  };
  /** The first refusal of a file the server names (`files.2`), or of the files as a whole. */
  const fileErrors = form.errors as Record<string, string | undefined>;
  const fileError =
    fileErrors.files ??
    files
      .map((file, index) => fileErrors[`files.${index}`] && `${file.name}: ${fileErrors[`files.${index}`]}`)
      .find(Boolean);
  /** While the WhatsApp window is open a template is a choice; once it has closed, the only reply. */
  const [templating, setTemplating] = useState(false);
  const templatesOnly = mode === 'reply' && (windowOpen === false || (windowOpen === true && templating));
  const box = useRef<HTMLTextAreaElement>(null);
  /** The visitor and teammates hear that a reply is being written (never a note). */
  const typingSignal = useTypingSignal(conversation.id);
  /** The caret while the box has the focus (the saved replies' list follows it). */
  const [caret, setCaret] = useState<number | null>(null);
  /** Where the "/word" or "@word" the list was closed for (Escape) starts: it stays closed for that one. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  /** The highlighted entry, for the query it was moved to in (a new query starts at the first). */
  const [highlight, setHighlight] = useState({ query: '', index: 0 });
  /** The teammates put in with the "@" list (those whose "@Name" is still there when it is sent are told). */
  const [picked, setPicked] = useState<number[]>([]);
  // "@" in a note lists teammates; only while some match, since "@" is also just a character.
  const at = mode === 'note' && teammates.length > 0 && caret !== null ? mentionQuery(form.data.text, caret) : null;
  const teammateMatches = at && at.start !== dismissed ? matchingTeammates(teammates, at.query) : [];
  const mentionOpen = at !== null && teammateMatches.length > 0;
  const slash = !mentionOpen && savedReplies.length > 0 && caret !== null ? slashQuery(form.data.text, caret) : null;
  const listOpen = slash !== null && slash.start !== dismissed;
  const matches = listOpen ? matchingReplies(savedReplies, slash.query) : [];
  const query = mentionOpen ? `@${at.query}` : (slash?.query ?? '');
  const count = mentionOpen ? teammateMatches.length : matches.length;
  const active = highlight.query === query ? Math.min(highlight.index, count - 1) : 0;
  const setActive = (index: number) => setHighlight({ query, index });
  const listId = mentionOpen ? 'composer-teammates' : 'composer-saved-replies';
  const activeId = mentionOpen
    ? `${listId}-${teammateMatches[active]?.id}`
    : listOpen && matches.length > 0
      ? `${listId}-${matches[active].id}`
      : undefined;
  // r writes a reply, n a note (the keyboard's way to the box, from anywhere on the page).
  const writeAs = (next: Mode) => {
    if (next === 'note') typingSignal.stopped();
    setMode(next);
    requestAnimationFrame(() => box.current?.focus());
  };
  useShortcuts({ r: () => writeAs('reply'), n: () => writeAs('note') });
  const trackCaret = () =>
    setCaret(box.current && document.activeElement === box.current ? box.current.selectionStart : null);

  const choose = (reply: SavedReply) => {
    if (!slash || caret === null) return;
    // Its variables ("{{contact.first_name}}") filled in here, so the agent sees what will be sent.
    const values = variableValues(conversation, agentName, contact, contactFields);
    const next = insertReply(form.data.text, slash.start, caret, filledReply(reply, values));
    form.setData('text', next.text);
    setCaret(next.caret);
    requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
  };

  const mention = (teammate: Teammate) => {
    if (!at || caret === null) return;
    const next = insertMention(form.data.text, at.start, caret, teammate);
    form.setData('text', next.text);
    setPicked((ids) => (ids.includes(teammate.id) ? ids : [...ids, teammate.id]));
    setCaret(next.caret);
    requestAnimationFrame(() => box.current?.setSelectionRange(next.caret, next.caret));
  };

  const { drafting, draft, suggest } = useSuggestion(conversation.id, (text) => {
    const current = form.data.text.trim();
    form.setData('text', current ? `${current}\n\n${text}` : text);
    // The box grows to show the draft (up to a third of a screen); sending shrinks it back.
    requestAnimationFrame(() => {
      const element = box.current;
      if (!element) return;
      element.style.height = 'auto';
      element.style.height = `${Math.min(element.scrollHeight + 2, Math.round(window.innerHeight / 3))}px`;
      element.focus();
    });
  });

  const send = () => {
    if (form.processing || (form.data.text.trim() === '' && !withFiles)) return;
    const name = mode === 'reply' ? 'conversations.messages.store' : 'conversations.notes.store';
    form.transform((data) => {
      const mentions = mode === 'note' ? mentionedIn(data.text, picked, teammates) : [];
      return {
        text: data.text,
        ...(withFiles ? { files: data.files } : {}),
        ...(mentions.length > 0 ? { mentions } : {}),
      };
    });
    // The draft goes as it is sent (the message can be in the thread, live, before this answer);
    // a refusal keeps it.
    const sending = { text: form.data.text, mode };
    if (userId !== null) clearDraft(userId, conversation.id);
    form.post(route(name, { conversation: conversation.id }), {
      preserveScroll: true,
      forceFormData: withFiles,
      onError: () => {
        if (userId !== null) saveDraft(userId, conversation.id, sending.text, sending.mode);
      },
      onSuccess: () => {
        typingSignal.stopped();
        // Emptied, not reset: the form's defaults may be a draft that was restored (and is now sent).
        form.setData({ text: '', files: [] });
        setTooMany(false);
        setPicked([]);
        if (box.current) box.current.style.height = '';
      },
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    // The open list (teammates after "@", saved replies after "/") takes the keys it uses.
    const list = mentionOpen
      ? { start: at.start, count: teammateMatches.length, choose: () => mention(teammateMatches[active]) }
      : listOpen && slash
        ? { start: slash.start, count: matches.length, choose: () => choose(matches[active]) }
        : null;
    if (list) {
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(list.start);
        return;
      }
      if (list.count > 0) {
        if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
          event.preventDefault();
          const step = event.key === 'ArrowDown' ? 1 : list.count - 1;
          setActive((active + step) % list.count);
          return;
        }
        if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
          event.preventDefault();
          list.choose();
          return;
        }
      }
    }
    if (event.key !== 'Enter' || event.shiftKey) return;
    event.preventDefault();
    send();
  };

  return (
    <div
      className={cn(
        'border-t px-4 py-4 sm:px-6',
        mode === 'note' ? 'border-amber-200 bg-amber-50/60' : 'border-gray-200 bg-gray-50',
      )}
    >
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <ModeSwitch
          mode={mode}
          onChange={(next) => {
            if (next === 'note') typingSignal.stopped();
            setMode(next);
          }}
        />
        {mode === 'reply' && windowOpen === null && conversation.bot && (
          <SuggestButton drafting={drafting} onClick={suggest} />
        )}
        {mode === 'reply' && windowOpen && (
          <div className="flex items-center gap-3">
            {conversation.window?.expires_at && (
              <WindowCountdown expiresAt={conversation.window.expires_at} now={now} />
            )}
            {conversation.bot && !templating && <SuggestButton drafting={drafting} onClick={suggest} />}
            {!templating && templates.length > 0 && (
              <button
                type="button"
                onClick={() => setTemplating(true)}
                className="cursor-pointer text-sm font-medium text-indigo-600 hover:text-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
              >
                Use a template
              </button>
            )}
          </div>
        )}
        {mode === 'note' && <span className="text-xs text-amber-800">Only your team sees notes.</span>}
      </div>
      {templatesOnly ? (
        <TemplatePicker
          url={route('conversations.messages.store', { conversation: conversation.id })}
          templates={templates}
          intro={
            windowOpen
              ? 'Send one of your approved WhatsApp templates.'
              : 'The 24-hour window has closed: WhatsApp only lets you send an approved template until the customer writes again.'
          }
          onCancel={windowOpen ? () => setTemplating(false) : undefined}
        />
      ) : (
        <form onSubmit={submit} aria-label={mode === 'reply' ? 'Reply' : 'Internal note'}>
          <label htmlFor="composer-text" className="sr-only">
            {mode === 'reply' ? 'Reply' : 'Internal note'}
          </label>
          <div className="relative flex items-end gap-2">
            {mentionOpen && (
              <MentionList
                id={listId}
                teammates={teammateMatches}
                active={active}
                onChoose={mention}
                onHover={setActive}
              />
            )}
            {listOpen && slash && (
              <SavedReplyList
                id="composer-saved-replies"
                replies={matches}
                active={active}
                query={slash.query}
                onChoose={choose}
                onHover={setActive}
              />
            )}
            <input
              ref={filePicker}
              type="file"
              accept={uploadAccept}
              multiple
              className="hidden"
              tabIndex={-1}
              aria-hidden="true"
              onChange={(event) => {
                addFiles([...(event.target.files ?? [])]);
                event.target.value = '';
                box.current?.focus();
              }}
            />
            <button
              type="button"
              onClick={() => filePicker.current?.click()}
              className="mb-1.5 shrink-0 cursor-pointer rounded-md p-1.5 text-gray-500 hover:bg-gray-100 hover:text-gray-700 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
              aria-label="Attach files"
              title="Attach files"
            >
              <svg
                className="size-5"
                fill="none"
                viewBox="0 0 24 24"
                strokeWidth={1.5}
                stroke="currentColor"
                aria-hidden="true"
              >
                <path
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  d="m18.375 12.739-7.693 7.693a4.5 4.5 0 0 1-6.364-6.364l10.94-10.94A3 3 0 1 1 19.5 7.372L8.552 18.32m.009-.01-.01.01m5.699-9.941-7.81 7.81a1.5 1.5 0 0 0 2.112 2.13"
                />
              </svg>
            </button>
            <TextArea
              ref={box}
              id="composer-text"
              rows={2}
              className={cn('block w-full min-w-0 flex-1 resize-y', mode === 'note' && 'border-amber-300 bg-amber-50')}
              value={form.data.text}
              onChange={(event) => {
                const { value, selectionStart } = event.target;
                form.setData('text', value);
                if (mode === 'reply') typingSignal.changed(value);
                setCaret(selectionStart);
                // A "/" or "@" written anew opens the list again.
                if (
                  dismissed !== null &&
                  slashQuery(value, selectionStart)?.start !== dismissed &&
                  mentionQuery(value, selectionStart)?.start !== dismissed
                )
                  setDismissed(null);
              }}
              onSelect={trackCaret}
              onFocus={trackCaret}
              onBlur={() => setCaret(null)}
              onKeyDown={keyDown}
              aria-autocomplete={savedReplies.length > 0 || mode === 'note' ? 'list' : undefined}
              aria-expanded={savedReplies.length > 0 || mode === 'note' ? activeId !== undefined : undefined}
              aria-controls={activeId !== undefined ? listId : undefined}
              aria-activedescendant={activeId}
              placeholder={
                mode === 'reply'
                  ? withFiles
                    ? 'Add a caption (optional)…'
                    : 'Write a reply… (Enter sends, Shift+Enter for a new line)'
                  : withFiles
                    ? 'Add words to the note (optional)…'
                    : 'Write a note for your team… (@ mentions a teammate)'
              }
              maxLength={withFiles && mode === 'reply' ? 1024 : 4096}
              aria-invalid={form.errors.text ? true : undefined}
              aria-describedby="composer-text-error"
            />
            <PrimaryButton disabled={form.processing}>{mode === 'reply' ? 'Send' : 'Add note'}</PrimaryButton>
          </div>
          {withFiles && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Files to send">
              {files.map((file, index) => (
                <li
                  key={`${index}-${file.name}`}
                  className="inline-flex max-w-full items-center gap-2 rounded-md bg-white px-2.5 py-1.5 text-xs text-gray-700 ring-1 ring-gray-200"
                >
                  <span className="truncate font-medium">📎 {file.name}</span>
                  <span className="shrink-0 text-gray-500">{formatBytes(file.size)}</span>
                  <button
                    type="button"
                    onClick={() => removeFile(index)}
                    className="shrink-0 cursor-pointer rounded text-gray-400 hover:text-gray-600 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
                    aria-label={`Remove ${file.name}`}
                  >
                    ✕
                  </button>
                </li>
              ))}
            </ul>
          )}
          {tooMany && (
            <p className="mt-2 text-sm text-amber-700" role="status">
              At most {filesLimit} files go at a time: the others were left out.
            </p>
          )}
          {mode === 'reply' && draft && <DraftNotice draft={draft} />}
          <InputError id="composer-text-error" className="mt-2" message={form.errors.text} role="alert" />
          <InputError className="mt-2" message={fileError} role="alert" />
          {/* A teammate who left the team while the note was written. */}
          <InputError className="mt-2" message={(form.errors as { mentions?: string }).mentions} role="alert" />
          <p className="mt-2 text-xs text-gray-500">
            {savedReplies.length > 0 ? 'Type / to put in a saved reply. ' : 'No saved replies yet. '}
            <Link href={route('saved-replies.index')} className="font-medium text-indigo-600 hover:text-indigo-500">
              {savedReplies.length > 0 ? 'Manage saved replies' : 'Add saved replies'}
            </Link>
          </p>
        </form>
      )}
    </div>
  );
}

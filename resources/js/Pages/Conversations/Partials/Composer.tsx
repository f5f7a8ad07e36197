import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { useForm } from '@inertiajs/react';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import TextArea from '@/Components/TextArea';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';
import { WindowCountdown } from './StateBadge';
import TemplatePicker from './TemplatePicker';
import type { ConversationDetail, ConversationShowProps } from './types';

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
 * Shift+Enter starts a new line. On WhatsApp the reply is free text while the 24-hour window is
 * open (with its countdown) and an approved template once it has closed.
 */
export default function Composer({
  conversation,
  templates,
  windowOpen,
  now,
}: {
  conversation: ConversationDetail;
  templates: ConversationShowProps['templates'];
  /** WhatsApp: whether free text may be sent now; null for other channels. */
  windowOpen: boolean | null;
  now: number;
}) {
  const [mode, setMode] = useState<Mode>('reply');
  const form = useForm({ text: '' });
  const templatesOnly = mode === 'reply' && windowOpen === false;

  const send = () => {
    if (form.processing || form.data.text.trim() === '') return;
    const name = mode === 'reply' ? 'conversations.messages.store' : 'conversations.notes.store';
    form.post(route(name, { conversation: conversation.id }), {
      preserveScroll: true,
      onSuccess: () => form.reset('text'),
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    send();
  };

  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
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
        <ModeSwitch mode={mode} onChange={setMode} />
        {mode === 'reply' && windowOpen && conversation.window?.expires_at && (
          <WindowCountdown expiresAt={conversation.window.expires_at} now={now} />
        )}
        {mode === 'note' && <span className="text-xs text-amber-800">Only your team sees notes.</span>}
      </div>
      {templatesOnly ? (
        <TemplatePicker conversationId={conversation.id} templates={templates} />
      ) : (
        <form onSubmit={submit} aria-label={mode === 'reply' ? 'Reply' : 'Internal note'}>
          <label htmlFor="composer-text" className="sr-only">
            {mode === 'reply' ? 'Reply' : 'Internal note'}
          </label>
          <div className="flex items-end gap-2">
            <TextArea
              id="composer-text"
              rows={2}
              className={cn('block w-full min-w-0 flex-1 resize-y', mode === 'note' && 'border-amber-300 bg-amber-50')}
              value={form.data.text}
              onChange={(event) => form.setData('text', event.target.value)}
              onKeyDown={keyDown}
              placeholder={
                mode === 'reply'
                  ? 'Write a reply… (Enter sends, Shift+Enter for a new line)'
                  : 'Write a note for your team…'
              }
              maxLength={4096}
              aria-invalid={form.errors.text ? true : undefined}
              aria-describedby="composer-text-error"
            />
            <PrimaryButton disabled={form.processing}>{mode === 'reply' ? 'Send' : 'Add note'}</PrimaryButton>
          </div>
          <InputError id="composer-text-error" className="mt-2" message={form.errors.text} role="alert" />
        </form>
      )}
    </div>
  );
}

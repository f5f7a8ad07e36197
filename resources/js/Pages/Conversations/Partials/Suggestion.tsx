import { useState } from 'react';
import Icon from '@/Components/Icon';
import { JsonRequestError, requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';

import type { SuggestedReply } from '../../../../../server/domain/conversations/suggest-reply';

/** The last draft asked for, or why there is none. */
export type Draft = { reply: SuggestedReply; error?: undefined } | { reply?: undefined; error: string };

function failure(error: unknown): string {
  if (error instanceof JsonRequestError) {
    // A 422's `errors` hold a list of messages per field; another answer's `message` says what failed.
    const body = (error.body ?? {}) as { message?: string; errors?: Record<string, string[]> };
    return body.errors?.suggestion?.[0] ?? body.message ?? 'The reply could not be drafted.';
  }
  return 'The reply could not be drafted: check your connection and try again.';
}

/**
 * The conversation's bot drafts a reply to the customer's latest messages; `onDraft` puts its words
 * in the reply box (the agent edits and sends them, or not). A draft from nothing (the bot's
 * fallback) is only said, not put in.
 */
export function useSuggestion(conversationId: number, onDraft: (text: string) => void) {
  const [drafting, setDrafting] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const suggest = async () => {
    if (drafting) return;
    setDrafting(true);
    setDraft(null);
    try {
      const reply = await requestJson<SuggestedReply>(
        'POST',
        route('conversations.suggestion', { conversation: conversationId }),
      );
      setDraft({ reply });
      if (reply.text) onDraft(reply.text);
    } catch (error) {
      setDraft({ error: failure(error) });
    } finally {
      setDrafting(false);
    }
  };
  return { drafting, draft, suggest };
}

export function SuggestButton({ drafting, onClick }: { drafting: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={drafting}
      aria-busy={drafting || undefined}
      className="inline-flex cursor-pointer items-center gap-1 text-sm font-medium text-indigo-600 hover:text-indigo-500 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden disabled:cursor-wait disabled:text-gray-400"
      title="The conversation's bot drafts a reply from its knowledge, for you to check and send"
    >
      <Icon name="sparkles" className="size-4" />
      {drafting ? 'Drafting…' : 'Suggest a reply'}
    </button>
  );
}

/** Under the reply box: where the draft came from, that nothing was found, or why it failed. */
export function DraftNotice({ draft }: { draft: Draft }) {
  if (draft.error !== undefined) {
    return (
      <p className="mt-2 text-xs text-red-600" role="alert">
        {draft.error}
      </p>
    );
  }
  const { reply } = draft;
  if (!reply.text) {
    return (
      <p className="mt-2 text-xs text-gray-600" role="status">
        {reply.kind === 'handoff'
          ? `The bot would hand “${reply.question}” to a person: it has nothing to draft.`
          : `The bot found no answer in its knowledge for “${reply.question}”.`}
      </p>
    );
  }
  return (
    <p className="mt-2 text-xs text-gray-600" role="status">
      Drafted by the bot
      {reply.sources.length > 0 && (
        <>
          {' from '}
          {reply.sources.map((source, index) => (
            <span key={`${source.title}-${index}`}>
              {index > 0 && ', '}
              {source.url ? (
                <a href={source.url} className="font-medium text-indigo-600 hover:text-indigo-500">
                  {source.title}
                </a>
              ) : (
                <span className="font-medium">{source.title}</span>
              )}
            </span>
          ))}
        </>
      )}
      . Check it before you send it.
    </p>
  );
}

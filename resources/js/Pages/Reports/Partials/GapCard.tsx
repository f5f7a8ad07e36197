import { useId } from 'react';
import { Link } from '@inertiajs/react';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime, fromNow } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { gapReasonLabels, gapReasons, type GapExampleProps, type GapProps } from './gap-format';

type GapCardProps = {
  gap: GapProps;
  canAnswer: boolean;
  canDismiss: boolean;
  dismissing: boolean;
  onAnswer: () => void;
  onDismiss: () => void;
};

function When({ at, prefix }: { at: string; prefix?: string }) {
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {prefix}
      {fromNow(at)}
    </time>
  );
}

function Example({ example }: { example: GapExampleProps }) {
  return (
    <li className="py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="min-w-0 text-sm break-words text-gray-900">“{example.text}”</p>
        <p className="shrink-0 text-xs text-gray-500">
          <Link
            href={route('conversations.show', { conversation: example.conversation.id })}
            className="font-medium text-indigo-600 hover:text-indigo-800 focus:underline focus:outline-hidden"
          >
            Conversation #{example.conversation.number}
          </Link>
          <span aria-hidden="true"> · </span>
          <When at={example.asked_at} />
        </p>
      </div>
      {example.agent_reply && (
        <div className="mt-2 rounded-md border-l-2 border-indigo-300 bg-gray-50 px-3 py-2">
          <p className="text-xs font-medium text-gray-500">An agent replied</p>
          <p className="mt-0.5 text-sm whitespace-pre-line text-gray-700">{example.agent_reply.text}</p>
        </div>
      )}
    </li>
  );
}

function Examples({ gap, more }: { gap: GapProps; more: number }) {
  return (
    <>
      <ul className="divide-y divide-gray-100">
        {gap.examples.map((example) => (
          <Example key={example.message_id} example={example} />
        ))}
      </ul>
      {more > 0 && <p className="text-xs text-gray-500">and {plural(more, 'more question')}</p>}
    </>
  );
}

function Retest({ gap }: { gap: GapProps }) {
  if (!gap.retest) return null;
  const answered = gap.retest.filter((result) => result.answered).length;
  return (
    <div className="mt-5">
      <h4 className="text-sm font-medium text-gray-900">
        Asked again {gap.retested_at && <When at={gap.retested_at} />}:{' '}
        <span className={answered === gap.retest.length ? 'text-green-700' : 'text-red-700'}>
          {answered} of {plural(gap.retest.length, 'question')} answered
        </span>
      </h4>
      <ul className="mt-2 divide-y divide-gray-100 rounded-md border border-gray-200">
        {gap.retest.map((result, index) => (
          <li key={index} className="px-3 py-2.5">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge tone={result.answered ? 'green' : 'red'} dot>
                {result.answered ? 'Answered now' : 'Still not answered'}
              </StatusBadge>
              <span className="min-w-0 text-sm break-words text-gray-900">“{result.question}”</span>
            </div>
            <p className="mt-1 line-clamp-3 text-sm whitespace-pre-line text-gray-600">{result.reply}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One knowledge gap: the question it stands for, what it cost, why its questions went unanswered,
 * the newest ways it was asked (each with its conversation and the agent's reply there), and, once
 * answered, whether the bots answer it now.
 */
export default function GapCard({ gap, canAnswer, canDismiss, dismissing, onAnswer, onDismiss }: GapCardProps) {
  const titleId = useId();
  const more = gap.question_count - gap.examples.length;
  return (
    <article aria-labelledby={titleId} className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold break-words text-gray-900">
            {gap.title}
          </h3>
          <p className="mt-1 text-sm text-gray-600">
            <span className="font-medium text-gray-900">{plural(gap.conversation_count, 'conversation')}</span>
            <span aria-hidden="true"> · </span>
            {plural(gap.question_count, 'question')}
            <span aria-hidden="true"> · </span>
            <When at={gap.last_asked_at} prefix="last asked " />
          </p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-label="Why they went unanswered">
            {gapReasons
              .filter((reason) => gap.reasons[reason] > 0)
              .map((reason) => (
                <li key={reason}>
                  <StatusBadge tone={gapReasonLabels[reason].tone} title={gapReasonLabels[reason].description}>
                    {gapReasonLabels[reason].label} × {gap.reasons[reason]}
                  </StatusBadge>
                </li>
              ))}
          </ul>
        </div>
        {(canAnswer || (canDismiss && gap.status === 'open')) && (
          <div className="flex shrink-0 gap-3">
            {canDismiss && gap.status === 'open' && (
              <SecondaryButton onClick={onDismiss} disabled={dismissing}>
                Dismiss
              </SecondaryButton>
            )}
            {canAnswer && (
              <PrimaryButton type="button" onClick={onAnswer}>
                {gap.status === 'answered' ? 'Answer again' : 'Answer'}
              </PrimaryButton>
            )}
          </div>
        )}
      </div>

      {gap.status === 'dismissed' && gap.dismissed_at && (
        <p className="mt-4 text-sm text-gray-600">
          Dismissed <When at={gap.dismissed_at} />. It comes back to the open gaps when a customer asks it again.
        </p>
      )}
      {gap.answer && (
        <p className="mt-4 text-sm text-gray-600">
          Answered {gap.answered_at && <When at={gap.answered_at} />} with a curated answer in{' '}
          <Link
            href={route('knowledges.edit', { knowledge: gap.answer.knowledge.id })}
            className="font-medium text-indigo-600 hover:text-indigo-800 focus:underline focus:outline-hidden"
          >
            {gap.answer.knowledge.name}
          </Link>
          .
        </p>
      )}
      <Retest gap={gap} />

      {gap.status === 'answered' ? (
        <details className="group mt-4 border-t border-gray-100 pt-3">
          <summary className="cursor-pointer text-sm font-medium text-indigo-600 hover:text-indigo-800 focus:outline-hidden focus-visible:underline">
            How customers asked it
          </summary>
          <Examples gap={gap} more={more} />
        </details>
      ) : (
        <div className="mt-4 border-t border-gray-100">
          <h4 className="sr-only">How customers asked it</h4>
          <Examples gap={gap} more={more} />
        </div>
      )}
    </article>
  );
}

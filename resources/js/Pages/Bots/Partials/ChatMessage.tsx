import { Link } from '@inertiajs/react';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';
import BotAvatar from './BotAvatar';
import TurnTrace, { KindBadge } from './TurnTrace';
import type { BotSummary, Turn } from './types';

/** A message of the person trying the bot: on the right. */
export function UserBubble({ text }: { text: string }) {
  return (
    <li className="flex justify-end" aria-label="You">
      <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-indigo-600 px-4 py-2 text-sm break-words whitespace-pre-wrap text-white">
        {text}
      </div>
    </li>
  );
}

/** A message of the bot: on the left with its avatar; while it streams, with a cursor. */
export function BotBubble({
  bot,
  text,
  pending = false,
  children,
}: {
  bot: BotSummary;
  text: string;
  pending?: boolean;
  children?: ReactNode;
}) {
  return (
    <li className="flex items-start gap-2" aria-label={bot.name} aria-busy={pending || undefined}>
      <BotAvatar name={bot.name} color={bot.avatar_color} size="sm" className="mt-0.5" />
      <div className="max-w-[85%] min-w-0">
        <div className="rounded-2xl rounded-tl-sm bg-gray-100 px-4 py-2 text-sm break-words whitespace-pre-wrap text-gray-900">
          {text}
          {pending && (
            <span className={cn('ms-0.5 inline-block motion-safe:animate-pulse', text === '' && 'text-gray-500')}>
              {text === '' ? 'Thinking…' : '▍'}
            </span>
          )}
        </div>
        {children}
      </div>
    </li>
  );
}

type Feedback = 1 | -1 | null;

const THUMB =
  'M6.633 10.25c.806 0 1.533-.446 2.031-1.08a9.041 9.041 0 0 1 2.861-2.4c.723-.384 1.35-.956 1.653-1.715a4.498 4.498 0 0 0 .322-1.672V2.75a.75.75 0 0 1 .75-.75 2.25 2.25 0 0 1 2.25 2.25c0 1.152-.26 2.243-.723 3.218-.266.558.107 1.282.725 1.282m0 0h3.126c1.026 0 1.945.694 2.054 1.715.045.422.068.85.068 1.285a11.95 11.95 0 0 1-2.649 7.521c-.388.482-.987.729-1.605.729H13.48c-.483 0-.964-.078-1.423-.23l-3.114-1.04a4.501 4.501 0 0 0-1.423-.23H5.904m10.598-9.75H14.25M5.904 18.5c.083.205.173.405.27.602.197.4-.078.898-.523.898h-.908c-.889 0-1.713-.518-1.972-1.368a12 12 0 0 1-.521-3.507c0-1.553.295-3.036.831-4.398C3.387 9.953 4.167 9.5 5 9.5h1.053c.472 0 .745.556.5.96a8.958 8.958 0 0 0-1.302 4.665c0 1.194.232 2.333.654 3.375Z';

/** Heroicons' hand-thumb-up; flipped, thumbs down. */
function Thumb({ down = false }: { down?: boolean }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      fill="none"
      viewBox="0 0 24 24"
      strokeWidth={1.5}
      stroke="currentColor"
      aria-hidden="true"
      className={cn('size-4', down && '-scale-y-100')}
    >
      <path strokeLinecap="round" strokeLinejoin="round" d={THUMB} />
    </svg>
  );
}

function FeedbackButtons({ bot, turn, onChange }: { bot: BotSummary; turn: Turn; onChange: (turn: Turn) => void }) {
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);

  const give = async (value: 1 | -1) => {
    const feedback: Feedback = turn.feedback === value ? null : value;
    setSaving(true);
    setFailed(false);
    try {
      const answer = await requestJson<{ turn: Turn }>('PUT', route('bots.turns.feedback', [bot.id, turn.id]), {
        feedback,
      });
      onChange(answer.turn);
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  const button = (value: 1 | -1, label: string) => (
    <button
      type="button"
      aria-label={label}
      aria-pressed={turn.feedback === value}
      disabled={saving}
      onClick={() => give(value)}
      className={cn(
        'inline-flex size-7 cursor-pointer items-center justify-center rounded-full transition hover:bg-gray-200 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden disabled:cursor-wait disabled:opacity-50',
        turn.feedback === value ? 'bg-indigo-100 text-indigo-700' : 'text-gray-400 hover:text-gray-600',
      )}
    >
      <Thumb down={value === -1} />
    </button>
  );

  return (
    <span className="inline-flex items-center gap-1">
      {button(1, 'Good answer')}
      {button(-1, 'Bad answer')}
      {failed && (
        <span role="alert" className="text-xs text-red-600">
          Not saved; try again.
        </span>
      )}
    </span>
  );
}

/** The bot's finished reply: the text, its citations as numbered chips, the kind, feedback and the trace. */
export function AnswerBubble({
  bot,
  turn,
  onTurnChange,
}: {
  bot: BotSummary;
  turn: Turn;
  onTurnChange: (turn: Turn) => void;
}) {
  return (
    <BotBubble bot={bot} text={turn.reply}>
      {turn.citations.length > 0 && (
        <ol className="mt-2 flex flex-wrap gap-1.5" aria-label="Sources">
          {turn.citations.map((citation) => (
            <li
              key={citation.marker}
              className="inline-flex max-w-full items-center gap-1 rounded-full bg-white px-2 py-0.5 text-xs text-gray-700 ring-1 ring-gray-200"
              title={citation.sourceTitle}
            >
              <span className="font-semibold text-indigo-700">[{citation.marker}]</span>
              {citation.knowledgeId ? (
                <Link
                  href={`${route('knowledges.edit', citation.knowledgeId)}?preview=${citation.sourceId}`}
                  className="truncate underline decoration-gray-300 hover:text-gray-900"
                >
                  {citation.sourceTitle}
                </Link>
              ) : (
                <span className="truncate">{citation.sourceTitle}</span>
              )}
            </li>
          ))}
        </ol>
      )}
      <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
        <KindBadge kind={turn.kind} />
        <FeedbackButtons bot={bot} turn={turn} onChange={onTurnChange} />
      </div>
      <TurnTrace turn={turn} className="mt-1" />
    </BotBubble>
  );
}

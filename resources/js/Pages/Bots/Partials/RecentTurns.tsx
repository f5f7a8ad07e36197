import { formatDateTime, fromNow } from '@/lib/dates';
import { shorten, sourceLabels } from './format';
import TurnTrace, { KindBadge } from './TurnTrace';
import type { Turn } from './types';

/** The questions the bot answered last (test chat, API, replays), each with its kind and trace. */
export default function RecentTurns({ turns }: { turns: Turn[] }) {
  return (
    <section aria-labelledby="recent-title" className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <h3 id="recent-title" className="text-lg font-medium text-gray-900">
        Recent questions
      </h3>
      {turns.length === 0 ? (
        <p className="mt-1 text-sm text-gray-600">Nothing asked yet. Questions asked in the test chat show here.</p>
      ) : (
        <ol className="mt-3 divide-y divide-gray-100" aria-label="Recent questions">
          {turns.map((turn) => (
            <li key={turn.id} className="py-3 first:pt-0 last:pb-0">
              <p className="text-sm font-medium break-words text-gray-900">{turn.question}</p>
              <p className="mt-0.5 text-sm break-words text-gray-600">{shorten(turn.reply, 140)}</p>
              <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-gray-500">
                <KindBadge kind={turn.kind} />
                <span>{sourceLabels[turn.source] ?? turn.source}</span>
                {turn.created_at && <span title={formatDateTime(turn.created_at)}>{fromNow(turn.created_at)}</span>}
                {turn.feedback === 1 && <span>· rated good</span>}
                {turn.feedback === -1 && <span>· rated bad</span>}
              </div>
              <TurnTrace turn={turn} className="mt-1" />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import { useForm, usePage } from '@inertiajs/react';
import InputError from '@/Components/InputError';
import ProgressBar from '@/Components/ProgressBar';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { useChannel } from '@/hooks/use-channel';
import { useLiveReload } from '@/hooks/use-live-reload';
import { route } from '@/lib/route';
import type { ReplayItem } from '../../../../../server/domain/bots/actions/replay';
import type { BotSummary } from './types';

export interface Replay {
  id: number;
  status: string;
  progress: number;
  published_version: number | null;
  results: ReplayItem[];
  created_at: string | null;
}

const kindTone: Record<string, 'green' | 'yellow' | 'red' | 'gray' | 'indigo'> = {
  answer: 'green',
  curated: 'indigo',
  fallback: 'yellow',
  handoff: 'gray',
  smalltalk: 'gray',
  error: 'red',
};

/** "2 saved test questions and the last 3 questions customers asked". */
export function questionsSentence({ saved, conversation }: { saved: number; conversation: number }): string {
  const parts: string[] = [];
  if (saved > 0) parts.push(`${saved} saved test question${saved === 1 ? '' : 's'}`);
  if (conversation > 0) {
    parts.push(
      conversation === 1 ? 'the last question customers asked' : `the last ${conversation} questions customers asked`,
    );
  }
  return parts.join(' and ');
}

/**
 * Replay before publishing: the saved test questions and the last questions customers asked,
 * answered by the draft and by the published version, side by side, with what changed. Runs as a
 * job; its progress arrives live.
 */
export default function ReplayPanel({
  bot,
  replay,
  questions,
  canReplay,
}: {
  bot: BotSummary;
  replay: Replay | null;
  questions: { saved: number; conversation: number };
  canReplay: boolean;
}) {
  const form = useForm({});
  const teamId = usePage().props.auth.user?.current_team?.id ?? null;
  // One reload at a time: a replay's progress events come faster than a loaded server answers.
  const reloadReplay = useLiveReload(['replay']);
  useChannel(teamId === null ? null : `teams.${teamId}`, {
    events: {
      BotReplayUpdated: (event: { bot_id: number }) => {
        if (event.bot_id === bot.id) reloadReplay();
      },
    },
  });
  const running = replay !== null && replay.status !== 'done';
  const changed =
    replay?.results.filter((item) => item.changes.answer || item.changes.newFallback || item.changes.newHandoff)
      .length ?? 0;

  return (
    <section aria-labelledby="replay-title" className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h3 id="replay-title" className="text-lg font-medium text-gray-900">
            Replay
          </h3>
          <p className="mt-1 text-sm text-gray-600">
            {questions.saved + questions.conversation === 0
              ? 'Save a few test questions on the edit page; once customers write, their latest questions are asked too.'
              : `Ask ${questionsSentence(questions)} of the draft and of the published version, and see what your changes do before you publish them.`}
          </p>
        </div>
        {canReplay && (
          <SecondaryButton
            disabled={form.processing || running || questions.saved + questions.conversation === 0}
            onClick={() => form.post(route('bots.replay', bot.id), { preserveScroll: true })}
          >
            {running ? 'Replaying…' : 'Replay'}
          </SecondaryButton>
        )}
      </div>
      <InputError className="mt-2" message={(form.errors as Record<string, string>).replay} />
      {replay && running && (
        <div className="mt-4">
          <ProgressBar value={replay.progress} label="Replaying the questions" />
        </div>
      )}
      {replay && replay.status === 'done' && (
        <div className="mt-4">
          <p className="text-sm text-gray-700">
            {changed === 0 ? 'No answer changed.' : `${changed} of ${replay.results.length} answers changed`}
            {replay.published_version !== null
              ? ` against version ${replay.published_version}.`
              : ' (nothing published yet).'}
          </p>
          <ol className="mt-3 space-y-4" aria-label="Replay results">
            {replay.results.map((item, index) => (
              <li key={index} className="rounded-md border border-gray-200 p-3" aria-label={item.question}>
                <p className="text-sm font-medium break-words text-gray-900">{item.question}</p>
                <div className="mt-1 flex flex-wrap gap-1">
                  {item.source === 'conversation' && <StatusBadge tone="gray">From a conversation</StatusBadge>}
                  {item.changes.answer && <StatusBadge tone="yellow">Answer changed</StatusBadge>}
                  {item.changes.newFallback && <StatusBadge tone="red">New fallback</StatusBadge>}
                  {item.changes.newHandoff && <StatusBadge tone="red">New handoff</StatusBadge>}
                  {item.changes.citationsLost.map((title) => (
                    <StatusBadge key={`lost-${title}`} tone="red">
                      Lost: {title}
                    </StatusBadge>
                  ))}
                  {item.changes.citationsNew.map((title) => (
                    <StatusBadge key={`new-${title}`} tone="green">
                      New: {title}
                    </StatusBadge>
                  ))}
                </div>
                <div className="mt-2 grid gap-3 sm:grid-cols-2">
                  {(
                    [
                      ['Published', item.published],
                      ['Draft', item.draft],
                    ] as const
                  ).map(([label, answer]) => (
                    <div key={label} className="min-w-0 rounded bg-gray-50 p-2">
                      <p className="flex items-center gap-2 text-xs text-gray-500">
                        {label}
                        {answer && <StatusBadge tone={kindTone[answer.kind] ?? 'gray'}>{answer.kind}</StatusBadge>}
                      </p>
                      <p className="mt-1 text-sm break-words whitespace-pre-wrap text-gray-800">
                        {answer ? (answer.error ?? answer.reply) : '—'}
                      </p>
                    </div>
                  ))}
                </div>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}

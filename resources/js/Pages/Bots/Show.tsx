import { Head, Link, usePage } from '@inertiajs/react';
import ButtonLink from '@/Components/ButtonLink';
import { useLiveReload } from '@/hooks/use-live-reload';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import BotOverview from './Partials/BotOverview';
import PublishForm from './Partials/PublishForm';
import RecentTurns from './Partials/RecentTurns';
import ReplayPanel from './Partials/ReplayPanel';
import TestChat from './Partials/TestChat';
import VersionList from './Partials/VersionList';
import { shorten } from './Partials/format';
import type { BotShowProps } from './Partials/types';
import { useLiveBot } from './Partials/use-live-bot';

/**
 * Bots/Show: the bot at a glance, the test chat with its draft, publishing, the versions and the
 * questions it answered last. Live: the bot edited or published elsewhere reloads what it shows.
 */
export default function Show({
  bot,
  config,
  knowledges,
  versions,
  test_questions,
  recent_turns,
  replay,
  replay_questions,
  customer_fields: customerFields,
  ai,
  can,
}: BotShowProps) {
  const userId = usePage().props.auth.user?.id ?? null;
  const latestVersion = Math.max(0, bot.published_version ?? 0, ...versions.map((version) => version.version));
  useLiveBot(bot.id, ['bot', 'config', 'knowledges', 'versions', 'test_questions', 'replay_questions']);
  const reloadRecentTurns = useLiveReload(['recent_turns']);

  return (
    <>
      <Head title={bot.name} />
      <PageHeader title={shorten(bot.name, 40)}>
        <div className="ms-4 flex shrink-0 items-center gap-4">
          <Link
            href={route('bots.index')}
            className="hidden text-sm text-gray-600 underline hover:text-gray-900 sm:inline"
          >
            All bots
          </Link>
          <ButtonLink href={route('bots.edit', bot.id)} variant={can.update ? 'primary' : 'secondary'}>
            {can.update ? 'Edit' : 'Settings'}
          </ButtonLink>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-6 py-10 sm:px-6 lg:px-8">
        <BotOverview bot={bot} config={config} knowledges={knowledges} provider={ai.provider} />

        <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <TestChat
              bot={bot}
              config={config}
              testQuestions={test_questions}
              customerFields={customerFields}
              userId={userId}
              onAnswered={reloadRecentTurns}
            />
          </div>
          <div className="min-w-0 space-y-6">
            {can.update && <PublishForm bot={bot} latestVersion={latestVersion} />}
            <section aria-labelledby="versions-title" className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
              <h3 id="versions-title" className="mb-3 text-lg font-medium text-gray-900">
                Versions
              </h3>
              <VersionList bot={bot} versions={versions} canRestore={can.update} />
            </section>
            <ReplayPanel bot={bot} replay={replay} questions={replay_questions} canReplay={can.update} />
            <RecentTurns turns={recent_turns} />
          </div>
        </div>
      </div>
    </>
  );
}

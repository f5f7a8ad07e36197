import { Head, router, usePage } from '@inertiajs/react';
import ButtonLink from '@/Components/ButtonLink';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { PageHeader } from '@/Layouts/AppLayout';
import ReportTabs from './Partials/ReportTabs';
import { optionalRoute, route } from '@/lib/route';
import BusiestHours from './Partials/BusiestHours';
import { BotTable, ChannelTable, ModelTable } from './Partials/Breakdowns';
import { PeopleTable } from './Partials/PeopleTable';
import { HandoffReasonsPanel, OverTimePanel } from './Partials/ChartPanels';
import FilterBar from './Partials/FilterBar';
import KnowledgeLeaderboard from './Partials/KnowledgeLeaderboard';
import MetricSections from './Partials/MetricSections';
import { formatDays, plural } from './Partials/format';
import { reportQuery } from './Partials/report-query';
import { useLiveReport } from './Partials/use-live-report';
import type { ReportFilters, ReportsIndexProps } from './Partials/types';

const filterNames: Record<string, string> = {
  range: 'range',
  from: 'start day',
  to: 'end day',
  bot: 'bot',
  channel: 'channel',
};

/**
 * Reports/Index: how the team's bots and people did over a window of days in the team's time zone,
 * each figure against the window before. Filters live in the query string. While the window
 * includes today, the figures follow the workers' rollups live.
 */
export default function Index(props: ReportsIndexProps) {
  const { scope, timezone, window: days, filters, invalid, bots, channels, summary, definitions } = props;
  const teamId = usePage().props.auth.user?.current_team?.id ?? null;
  useLiveReport(teamId, days.to >= days.today);

  const visit = (next: ReportFilters) =>
    router.get(route('reports.index'), reportQuery(next), { preserveState: true, preserveScroll: true, replace: true });

  const { metrics } = summary;
  const quiet =
    metrics.conversations === 0 &&
    metrics.inbound_messages === 0 &&
    metrics.ai_replies === 0 &&
    metrics.human_replies === 0;
  const channelsUrl = optionalRoute('channels.index');

  return (
    <>
      <Head title="Reports" />
      <PageHeader title="Reports">
        <p className="text-sm text-gray-500">Times in {timezone}</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl space-y-8 py-10 sm:px-6 lg:px-8">
        <div className="space-y-4 px-4 sm:px-0">
          <ReportTabs current="overview" gaps={scope === 'team'} />
          <FilterBar
            key={`${filters.range}:${filters.from}:${filters.to}`}
            filters={filters}
            bots={bots}
            channels={channels}
            today={days.today}
            onChange={visit}
          />
          <p className="text-sm text-gray-600">
            {formatDays(days.from, days.to)} ({plural(days.days, 'day')}), compared with{' '}
            {formatDays(days.previous.from, days.previous.to)}.
          </p>
          {scope === 'mine' && (
            <div
              className="rounded-md border border-indigo-200 bg-indigo-50 px-4 py-3 text-sm text-indigo-800"
              role="status"
            >
              <span className="font-semibold">Your conversations only.</span> As an agent you see the figures of the
              conversations assigned to you; owners and admins see the whole team&rsquo;s.
            </div>
          )}
          {invalid.length > 0 && (
            <div
              className="rounded-md border border-yellow-200 bg-yellow-50 px-4 py-3 text-sm text-yellow-800"
              role="alert"
            >
              Some filters in the address were not understood and were left out (
              {invalid.map((name) => filterNames[name] ?? name).join(', ')}): showing the defaults instead.
            </div>
          )}
        </div>

        {quiet ? (
          <EmptyState
            icon={<Icon name="chart-bar" className="size-10" />}
            title={scope === 'mine' ? 'None of your conversations in these days' : 'No conversations in these days'}
            action={
              channelsUrl && scope === 'team' ? (
                <ButtonLink href={channelsUrl} variant="secondary">
                  Go to Channels
                </ButtonLink>
              ) : undefined
            }
          >
            When customers write to a connected channel (web chat, WhatsApp, Telegram or a webhook), this page shows how
            many conversations your bots resolve on their own, when and why they hand over to a person, how fast people
            answer, how customers rate it and what it costs. Try a longer range, or connect a channel.
          </EmptyState>
        ) : (
          <>
            <MetricSections
              metrics={metrics}
              previous={summary.previous}
              definitions={definitions}
              hasWhatsApp={channels.some((channel) => channel.type === 'whatsapp')}
              creditsQuota={props.credits_quota}
            />
            <div className="grid gap-6 lg:grid-cols-3">
              <OverTimePanel summary={summary} filters={filters} definitions={definitions} className="lg:col-span-2" />
              <HandoffReasonsPanel summary={summary} filters={filters} definitions={definitions} />
            </div>
            <BusiestHours heatmap={summary.heatmap} timezone={timezone} filters={filters} />
            <PeopleTable people={props.people} filters={filters} />
            <BotTable summary={summary} filters={filters} />
            <ChannelTable summary={summary} filters={filters} />
            <ModelTable summary={summary} filters={filters} />
            <KnowledgeLeaderboard
              sources={props.sources}
              never_cited={props.never_cited}
              chunks={props.chunks}
              filters={filters}
            />
          </>
        )}
      </div>
    </>
  );
}

import { Head, Link, usePage } from '@inertiajs/react';
import type { DashboardProps } from '../../../server/presenters/dashboard-presenter';
import ApplicationLogo from '@/Components/ApplicationLogo';
import { PageHeader } from '@/Layouts/AppLayout';
import { optionalRoute } from '@/lib/route';
import ActivityFeed from './Dashboard/Partials/ActivityFeed';
import ChannelHealthCard from './Dashboard/Partials/ChannelHealthCard';
import CreditsCard from './Dashboard/Partials/CreditsCard';
import OnboardingSteps from './Dashboard/Partials/OnboardingSteps';
import QueueCard from './Dashboard/Partials/QueueCard';
import TodayCard from './Dashboard/Partials/TodayCard';
import { useLiveDashboard, useNow } from './Dashboard/Partials/use-live-dashboard';

/** "You are working in Toko Maju." with the role's name and what it is for. */
function RoleLine({ team }: { team: NonNullable<DashboardProps['team']> }) {
  return (
    <div data-testid="dashboard-role">
      <p className="leading-relaxed text-gray-600">
        You are working in <strong className="font-semibold text-gray-800">{team.name}</strong>.
      </p>
      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <span className="inline-flex items-center rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-indigo-600/10 ring-inset">
          {team.role_name}
        </span>
        <span className="text-gray-500">{team.role_description}</span>
      </p>
    </div>
  );
}

/**
 * The dashboard of the current team. Until the team has done the four onboarding steps, Jetstream's
 * welcome card offers them (each ticked when done); below, the team's live state: the open queue,
 * today's figures, the month's AI credits, channel health and the activity feed, each part only
 * when the role may see it (the server sends null otherwise). Live: the team's conversation and
 * report events reload it.
 */
export default function Dashboard({ team, can, onboarding, queue, today, credits, channels, feed }: DashboardProps) {
  const user = usePage().props.auth.user!;
  const firstName = user.name.split(' ')[0];
  const profile = optionalRoute('profile.show');
  const now = useNow();
  useLiveDashboard(team?.id ?? null);
  const welcome = !team || !onboarding?.complete;
  const done = onboarding?.steps.filter((step) => step.done).length ?? 0;

  return (
    <>
      <Head title="Dashboard" />
      <PageHeader title="Dashboard" />
      <div className="py-12">
        <div className="mx-auto max-w-7xl space-y-6 sm:px-6 lg:px-8">
          {welcome ? (
            <div className="overflow-hidden bg-white shadow-xl sm:rounded-lg">
              <div className="border-b border-gray-200 p-6 lg:p-8">
                <ApplicationLogo className="block h-12 w-auto" />
                <h1 className="mt-8 text-2xl font-medium text-gray-900">Welcome to Kawan, {firstName}.</h1>
                {team && (
                  <div className="mt-6">
                    <RoleLine team={team} />
                  </div>
                )}
                <p className="mt-4 leading-relaxed text-gray-500">
                  Kawan answers your customers with assistant bots grounded in your own knowledge, on the channels they
                  already use, and lets your team step in whenever a person is needed.
                  {onboarding && (
                    <>
                      {' '}
                      Four steps take you from here to your first answered conversation:{' '}
                      <strong className="font-semibold text-gray-700">{done} of 4 done</strong>.
                    </>
                  )}
                </p>
              </div>

              {team && onboarding && <OnboardingSteps onboarding={onboarding} can={can} teamId={team.id} />}

              {profile && (
                <div className="flex flex-col gap-2 border-t border-gray-200 p-6 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between lg:px-8">
                  <span>
                    Secure your account: turn on two-factor authentication and review your signed-in browsers.
                  </span>
                  <Link href={profile} className="font-semibold text-indigo-700 hover:text-indigo-600">
                    Account settings →
                  </Link>
                </div>
              )}
            </div>
          ) : (
            <div className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:px-6">
              <h1 className="text-xl font-medium text-gray-900">Welcome back, {firstName}.</h1>
              <div className="mt-2">
                <RoleLine team={team} />
              </div>
            </div>
          )}

          {team && (
            <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
              {queue && <QueueCard queue={queue} now={now} />}
              {today && <TodayCard today={today} className={queue ? 'lg:col-span-2' : 'lg:col-span-3'} />}
              {/* On a phone the credits and channels come before the long feed; beside it from lg. */}
              {feed && (
                <ActivityFeed items={feed} now={now} className="order-last lg:order-none lg:col-span-2 lg:self-start" />
              )}
              {(credits || channels) && (
                <div className="flex flex-col gap-6">
                  {credits && <CreditsCard credits={credits} />}
                  {channels && <ChannelHealthCard channels={channels} canCreate={can.createChannels} />}
                </div>
              )}
            </div>
          )}
        </div>
      </div>
    </>
  );
}

import { Head, Link, usePage } from '@inertiajs/react';
import type { DashboardProps } from '../../../server/presenters/dashboard-presenter';
import type { TeamAbilities } from '../../../server/domain/teams/team-policy';
import ApplicationLogo from '@/Components/ApplicationLogo';
import Icon, { type IconName } from '@/Components/Icon';
import { PageHeader } from '@/Layouts/AppLayout';
import { optionalRoute } from '@/lib/route';

interface Step {
  title: string;
  body: string;
  route: string;
  action: string;
  icon: IconName;
  /** The route names the current team (`teams.show`). */
  forTeam?: boolean;
  /** Offered only when the policy's booleans say the role may do it. */
  offered: (can: TeamAbilities) => boolean;
}

/**
 * Where each next step leads, once that area of Kawan is available in this deployment. Those who
 * build bots get the four steps to a first answered conversation; agents, the conversations they
 * handle; viewers, what they may read. Nobody is invited to do what their role may not.
 */
const steps: Step[] = [
  {
    title: 'Create your first bot',
    body: 'Give it a name and a persona, choose the model, and write the instructions it follows.',
    route: 'bots.create',
    action: 'New bot',
    icon: 'cpu-chip',
    offered: (can) => can.createBots,
  },
  {
    title: 'Teach it what you know',
    body: 'Add a knowledge base: paste answers, upload PDFs and documents. Replies cite their sources.',
    route: 'knowledges.create',
    action: 'New knowledge base',
    icon: 'book-open',
    offered: (can) => can.createKnowledges,
  },
  {
    title: 'Connect a channel',
    body: 'Put the chat widget on your site or connect WhatsApp and Telegram so customers can write.',
    route: 'channels.create',
    action: 'Connect a channel',
    icon: 'chat-bubble',
    offered: (can) => can.createChannels,
  },
  {
    title: 'Answer your customers',
    body: 'Conversations a bot hands over wait for you in the inbox: pick one up, reply on the customer’s own channel, and resolve it once they are helped.',
    route: 'conversations.index',
    action: 'Open the inbox',
    icon: 'inbox',
    offered: (can) => can.handleConversations && !can.createBots,
  },
  {
    title: 'Step in when a bot needs you',
    body: 'Watch the bots’ conversations as they happen and take one over whenever a customer needs a person; the bot waits until you hand it back.',
    route: 'conversations.index',
    action: 'Watch conversations',
    icon: 'chat-bubble',
    offered: (can) => can.handleConversations && !can.createBots,
  },
  {
    title: 'Read the conversations',
    body: 'Follow what customers ask and how the bots and the team’s agents answer them, as it happens.',
    route: 'conversations.index',
    action: 'View conversations',
    icon: 'eye',
    offered: (can) => can.viewConversations && !can.handleConversations,
  },
  {
    title: 'Get to know the bots',
    body: 'See each bot’s persona, the instructions it follows and the knowledge its answers come from.',
    route: 'bots.index',
    action: 'View bots',
    icon: 'cpu-chip',
    offered: (can) => can.viewBots && !can.createBots && !can.handleConversations,
  },
  {
    title: 'Follow the reports',
    body: 'How many conversations the bots answered alone, how many needed a person, and how quickly customers were helped.',
    route: 'reports.index',
    action: 'View reports',
    icon: 'chart-bar',
    offered: (can) => can.viewReports && !can.createBots,
  },
  {
    title: 'Invite your team',
    body: 'Bring in colleagues as admins, editors, agents who take over conversations, or viewers.',
    route: 'teams.show',
    forTeam: true,
    action: 'Team settings',
    icon: 'user-group',
    offered: (can) => can.inviteMembers,
  },
  {
    title: 'Meet your team',
    body: 'See who else works in this team and the role each of them has.',
    route: 'teams.show',
    forTeam: true,
    action: 'View team',
    icon: 'user-group',
    offered: (can) => can.viewMembers && !can.inviteMembers,
  },
];

export default function Dashboard({ team, can }: DashboardProps) {
  const user = usePage().props.auth.user!;
  const firstName = user.name.split(' ')[0];
  const profile = optionalRoute('profile.show');
  const offered = steps.filter((step) => step.offered(can));

  return (
    <>
      <Head title="Dashboard" />
      <PageHeader title="Dashboard" />
      <div className="py-12">
        <div className="mx-auto max-w-7xl sm:px-6 lg:px-8">
          <div className="overflow-hidden bg-white shadow-xl sm:rounded-lg">
            <div className="border-b border-gray-200 p-6 lg:p-8">
              <ApplicationLogo className="block h-12 w-auto" />
              <h1 className="mt-8 text-2xl font-medium text-gray-900">Welcome to Kawan, {firstName}.</h1>
              {team && (
                <div className="mt-6" data-testid="dashboard-role">
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
              )}
              <p className="mt-4 leading-relaxed text-gray-500">
                Kawan answers your customers with assistant bots grounded in your own knowledge, on the channels they
                already use, and lets your team step in whenever a person is needed.{' '}
                {can.createBots
                  ? 'Four steps take you from here to your first answered conversation.'
                  : 'Here is where to start.'}
              </p>
            </div>

            {offered.length > 0 && (
              <div className="grid grid-cols-1 gap-6 bg-gray-200/25 p-6 md:grid-cols-2 lg:gap-8 lg:p-8">
                {offered.map((step, index) => {
                  const href = step.forTeam ? team && optionalRoute(step.route, team.id) : optionalRoute(step.route);
                  return (
                    <div key={step.title}>
                      <div className="flex items-center">
                        <Icon name={step.icon} className="size-6 text-gray-400" />
                        <h2 className="ms-3 text-xl font-semibold text-gray-900">
                          <span className="text-gray-400">{index + 1}.</span> {step.title}
                        </h2>
                      </div>
                      <p className="mt-4 text-sm leading-relaxed text-gray-500">{step.body}</p>
                      <p className="mt-4 text-sm">
                        {href ? (
                          <Link
                            href={href}
                            className="inline-flex items-center font-semibold text-indigo-700 hover:text-indigo-600"
                          >
                            {step.action}{' '}
                            <span aria-hidden="true" className="ms-1">
                              →
                            </span>
                          </Link>
                        ) : (
                          <span className="inline-flex items-center rounded-full bg-gray-100 px-2.5 py-0.5 text-xs font-medium text-gray-600">
                            Arriving soon in your workspace
                          </span>
                        )}
                      </p>
                    </div>
                  );
                })}
              </div>
            )}

            {profile && (
              <div className="flex flex-col gap-2 border-t border-gray-200 p-6 text-sm text-gray-600 sm:flex-row sm:items-center sm:justify-between lg:px-8">
                <span>Secure your account: turn on two-factor authentication and review your signed-in browsers.</span>
                <Link href={profile} className="font-semibold text-indigo-700 hover:text-indigo-600">
                  Account settings →
                </Link>
              </div>
            )}
          </div>
        </div>
      </div>
    </>
  );
}

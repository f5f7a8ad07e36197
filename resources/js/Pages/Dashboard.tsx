import { Head, Link, usePage } from '@inertiajs/react';
import ApplicationLogo from '@/Components/ApplicationLogo';
import { PageHeader } from '@/Layouts/AppLayout';
import { optionalRoute } from '@/lib/route';

interface Step {
  title: string;
  body: string;
  route: string;
  action: string;
  icon: string;
  /** The route names the current team (`teams.show`). */
  forCurrentTeam?: boolean;
}

/** Where each next step leads, once that area of Kawan is available in this deployment. */
const steps: Step[] = [
  {
    title: 'Create your first bot',
    body: 'Give it a name and a persona, choose the model, and write the instructions it follows.',
    route: 'bots.create',
    action: 'New bot',
    icon: 'M8.25 3v1.5M4.5 8.25H3m18 0h-1.5M4.5 12H3m18 0h-1.5m-15 3.75H3m18 0h-1.5M8.25 19.5V21M12 3v1.5m0 15V21m3.75-18v1.5m0 15V21m-9-1.5h10.5a2.25 2.25 0 002.25-2.25V6.75a2.25 2.25 0 00-2.25-2.25H6.75A2.25 2.25 0 004.5 6.75v10.5a2.25 2.25 0 002.25 2.25z',
  },
  {
    title: 'Teach it what you know',
    body: 'Add a knowledge base: paste answers, upload PDFs and documents. Replies cite their sources.',
    route: 'knowledges.create',
    action: 'New knowledge base',
    icon: 'M12 6.042A8.967 8.967 0 006 3.75c-1.052 0-2.062.18-3 .512v14.25A8.987 8.987 0 016 18c2.305 0 4.408.867 6 2.292m0-14.25a8.966 8.966 0 016-2.292c1.052 0 2.062.18 3 .512v14.25A8.987 8.987 0 0018 18a8.967 8.967 0 00-6 2.292m0-14.25v14.25',
  },
  {
    title: 'Connect a channel',
    body: 'Put the chat widget on your site or connect WhatsApp and Telegram so customers can write.',
    route: 'channels.create',
    action: 'Connect a channel',
    icon: 'M8.625 12a.375.375 0 11-.75 0 .375.375 0 01.75 0zm4.125 0a.375.375 0 11-.75 0 .375.375 0 01.75 0zm4.125 0a.375.375 0 11-.75 0 .375.375 0 01.75 0zM21 12c0 4.556-4.03 8.25-9 8.25a9.764 9.764 0 01-2.555-.337A5.972 5.972 0 015.41 20.97a5.969 5.969 0 01-.474-.065 4.48 4.48 0 00.978-2.025c.09-.457-.133-.901-.467-1.226C3.93 16.178 3 14.189 3 12c0-4.556 4.03-8.25 9-8.25s9 3.694 9 8.25z',
  },
  {
    title: 'Invite your team',
    body: 'Bring in colleagues as admins, editors, agents who take over conversations, or viewers.',
    route: 'teams.show',
    forCurrentTeam: true,
    action: 'Team settings',
    icon: 'M15 19.128a9.38 9.38 0 002.625.372 9.337 9.337 0 004.121-.952 4.125 4.125 0 00-7.533-2.493M15 19.128v-.003c0-1.113-.285-2.16-.786-3.07M15 19.128v.106A12.318 12.318 0 018.624 21c-2.331 0-4.512-.645-6.374-1.766l-.001-.109a6.375 6.375 0 0111.964-3.07M12 6.375a3.375 3.375 0 11-6.75 0 3.375 3.375 0 016.75 0zm8.25 2.25a2.625 2.625 0 11-5.25 0 2.625 2.625 0 015.25 0z',
  },
];

export default function Dashboard() {
  const { auth } = usePage().props;
  const user = auth.user!;
  const firstName = user.name.split(' ')[0];
  const profile = optionalRoute('profile.show');

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
              <p className="mt-6 leading-relaxed text-gray-500">
                {user.current_team ? <>You are working in <strong className="text-gray-700">{user.current_team.name}</strong>. </> : null}
                Kawan answers your customers with assistant bots grounded in your own knowledge, on the channels they already use,
                and lets your team step in whenever a person is needed. Four steps take you from here to your first answered
                conversation.
              </p>
            </div>

            <div className="grid grid-cols-1 gap-6 bg-gray-200/25 p-6 md:grid-cols-2 lg:gap-8 lg:p-8">
              {steps.map((step, index) => {
                const team = step.forCurrentTeam ? user.current_team?.id : undefined;
                const href = step.forCurrentTeam && team === undefined ? null : optionalRoute(step.route, team);
                return (
                  <div key={step.title}>
                    <div className="flex items-center">
                      <svg xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 24 24" strokeWidth="1.5" className="size-6 stroke-gray-400" aria-hidden="true">
                        <path strokeLinecap="round" strokeLinejoin="round" d={step.icon} />
                      </svg>
                      <h2 className="ms-3 text-xl font-semibold text-gray-900">
                        <span className="text-gray-400">{index + 1}.</span> {step.title}
                      </h2>
                    </div>
                    <p className="mt-4 text-sm leading-relaxed text-gray-500">{step.body}</p>
                    <p className="mt-4 text-sm">
                      {href ? (
                        <Link href={href} className="inline-flex items-center font-semibold text-indigo-700 hover:text-indigo-600">
                          {step.action} <span aria-hidden="true" className="ms-1">→</span>
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

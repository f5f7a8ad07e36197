import { Link } from '@inertiajs/react';
import type { DashboardProps, OnboardingStepKey } from '../../../../../server/presenters/dashboard-presenter';
import type { TeamAbilities } from '../../../../../server/domain/teams/team-policy';
import Icon, { type IconName } from '@/Components/Icon';
import StatusBadge from '@/Components/StatusBadge';
import { optionalRoute } from '@/lib/route';

interface Step {
  title: string;
  body: string;
  icon: IconName;
  /** Where the step is done, for a role that may do it. */
  action: { route: string; label: string; allowed: (can: TeamAbilities) => boolean };
  /** Where a role that may not do it can still look. */
  look?: { route: string; label: string; allowed: (can: TeamAbilities) => boolean };
  /** The route names the current team (`teams.show`). */
  forTeam?: boolean;
}

/** The four steps from an empty team to a first answered conversation, in the order they are done. */
const steps: Record<OnboardingStepKey, Step> = {
  knowledge: {
    title: 'Add what you know',
    body: 'Create a knowledge base: paste answers, upload PDFs and documents. Bots answer from it and cite their sources.',
    icon: 'book-open',
    action: { route: 'knowledges.create', label: 'New knowledge base', allowed: (can) => can.createKnowledges },
    look: { route: 'knowledges.index', label: 'View knowledge bases', allowed: (can) => can.viewKnowledges },
  },
  bot: {
    title: 'Create your first bot',
    body: 'Give it a name and a persona, choose the model and its knowledge, write the instructions it follows, and publish it.',
    icon: 'cpu-chip',
    action: { route: 'bots.create', label: 'New bot', allowed: (can) => can.createBots },
    look: { route: 'bots.index', label: 'View bots', allowed: (can) => can.viewBots },
  },
  channel: {
    title: 'Connect a channel',
    body: 'Put the chat widget on your site or connect WhatsApp and Telegram so customers can write.',
    icon: 'chat-bubble',
    action: { route: 'channels.create', label: 'Connect a channel', allowed: (can) => can.createChannels },
    look: { route: 'channels.index', label: 'View channels', allowed: (can) => can.viewChannels },
  },
  team: {
    title: 'Invite your team',
    body: 'Bring in colleagues as admins, editors, agents who take over conversations, or viewers.',
    icon: 'user-group',
    forTeam: true,
    action: { route: 'teams.show', label: 'Team settings', allowed: (can) => can.inviteMembers },
    look: { route: 'teams.show', label: 'View team', allowed: (can) => can.viewMembers },
  },
};

/** The link of a step: to do it when the role may, else to look; none when neither. */
function StepLink({ step, can, teamId }: { step: Step; can: TeamAbilities; teamId: number }) {
  const target = step.action.allowed(can) ? step.action : step.look?.allowed(can) ? step.look : null;
  const href = target && (step.forTeam ? optionalRoute(target.route, teamId) : optionalRoute(target.route));
  if (!target || !href) {
    return <span className="text-gray-500">An owner or administrator of the team does this.</span>;
  }
  return (
    <Link href={href} className="inline-flex items-center font-semibold text-indigo-700 hover:text-indigo-600">
      {target.label}
      <span aria-hidden="true" className="ms-1">
        →
      </span>
    </Link>
  );
}

/** Jetstream's welcome grid: each step with what it is for, whether it is done, and where to do it. */
export default function OnboardingSteps({
  onboarding,
  can,
  teamId,
}: {
  onboarding: NonNullable<DashboardProps['onboarding']>;
  can: TeamAbilities;
  teamId: number;
}) {
  return (
    <ol
      aria-label="Getting started"
      className="grid grid-cols-1 gap-6 bg-gray-200/25 p-6 md:grid-cols-2 lg:gap-8 lg:p-8"
    >
      {onboarding.steps.map(({ key, done }, index) => {
        const step = steps[key];
        return (
          <li key={key} aria-label={`${step.title}${done ? ' (done)' : ''}`}>
            <div className="flex items-center">
              {done ? (
                <Icon name="check-circle" className="size-6 shrink-0 text-green-600" />
              ) : (
                <Icon name={step.icon} className="size-6 shrink-0 text-gray-400" />
              )}
              <h2 className="ms-3 text-xl font-semibold text-gray-900">
                <span className="text-gray-400">{index + 1}.</span> {step.title}
              </h2>
              {done && (
                <StatusBadge tone="green" className="ms-3">
                  Done
                </StatusBadge>
              )}
            </div>
            <p className="mt-4 text-sm leading-relaxed text-gray-500">{step.body}</p>
            <p className="mt-4 text-sm">
              <StepLink step={step} can={can} teamId={teamId} />
            </p>
          </li>
        );
      })}
    </ol>
  );
}

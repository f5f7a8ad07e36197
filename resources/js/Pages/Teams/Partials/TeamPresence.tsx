import { router, usePage } from '@inertiajs/react';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import type { MembershipAction } from '../../../../../server/domain/notifications/team-events';
import ActionSection from '@/Components/ActionSection';
import SectionBorder from '@/Components/SectionBorder';
import { useChannel } from '@/hooks/use-channel';
import { usePresence } from '@/hooks/use-presence';
import { route } from '@/lib/route';

/** A member as the presence channel `teams.{team}` shows them (server/broadcasting/channels.ts). */
interface OnlineMember {
  id: number;
  name: string;
  profile_photo_url: string;
}

/** MembershipChanged on `private-teams.{team}` (server/domain/notifications/team-events.ts). */
interface MembershipChanged {
  team_id: number;
  action: MembershipAction;
  user_id?: number;
}

/**
 * The team page live: who of the team is online now (presence `teams.{team}`), and a reload of the
 * members whenever they change elsewhere (MembershipChanged on `private-teams.{team}`). A viewer
 * who was just removed from the team, or whose team was deleted, goes to the dashboard.
 */
export default function TeamPresence({ team }: { team: TeamShowProps['team'] }) {
  const { auth } = usePage().props;
  const { members } = usePresence<OnlineMember>(`teams.${team.id}`);

  useChannel(`teams.${team.id}`, {
    events: {
      MembershipChanged: (event: MembershipChanged) => {
        const gone = event.action === 'deleted' || (event.action === 'removed' && event.user_id === auth.user?.id);
        if (gone) {
          router.visit(route('dashboard'));
          return;
        }
        router.reload({ only: ['team', 'permissions', 'availableRoles'] });
      },
    },
  });

  const online = [...members].sort((a, b) => a.name.localeCompare(b.name));

  return (
    <>
      <SectionBorder />
      <div className="mt-10 sm:mt-0">
        <ActionSection title="Online Now" description="Members of this team who have Kawan open at this moment.">
          {online.length === 0 ? (
            <p className="text-sm text-gray-500">Connecting…</p>
          ) : (
            <ul className="flex flex-wrap gap-4" aria-label="Online now">
              {online.map((member) => (
                <li key={member.id} className="flex items-center gap-2">
                  <span className="relative">
                    <img className="size-8 rounded-full object-cover" src={member.profile_photo_url} alt="" />
                    <span
                      className="absolute -right-0.5 -bottom-0.5 size-3 rounded-full bg-green-500 ring-2 ring-white"
                      aria-hidden="true"
                    />
                  </span>
                  <span className="text-sm text-gray-700">
                    {member.name}
                    {member.id === auth.user?.id && <span className="ms-1 text-gray-400">(you)</span>}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </ActionSection>
      </div>
    </>
  );
}

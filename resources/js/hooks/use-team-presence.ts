import { usePage } from '@inertiajs/react';
import { usePresence } from './use-presence';

/** A member on the team's presence channel (server/broadcasting/channels.ts memberInfo). */
export interface OnlineMember {
  id: number;
  name: string;
  profile_photo_url: string;
}

/**
 * Who of the current team has Kawan open, on `presence-teams.{team}`. The signed-in layout calls
 * it on every page, so a member counts as online wherever they are in the app (the layout stays
 * mounted across visits, so navigating does not leave and rejoin); the inbox calls it again to
 * read the list (the channel is joined once however many hooks hold it). Members whose role does
 * not see conversations join nothing: "online" is about who can answer customers.
 */
export function useTeamPresence(): OnlineMember[] {
  const team = usePage().props.auth.user?.current_team;
  const name = team?.can?.viewConversations ? `teams.${team.id}` : null;
  return usePresence<OnlineMember>(name).members;
}

/** A user's private channel (Laravel's `App.Models.User.{id}`), as the realtime server names it. */
export const userChannel = (userId: number) => `private-App.Models.User.${userId}`;

/** A team's private channel (`teams.{team}`): MembershipChanged and other team events. */
export const teamChannel = (teamId: number) => `private-teams.${teamId}`;

/** A team's presence channel: who of the team has Kawan open (every signed-in page joins it). */
export const teamPresenceChannel = (teamId: number) => `presence-teams.${teamId}`;

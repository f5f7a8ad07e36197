import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { teamInvitations, teams, teamUser, users } from '../schema/index';
import { inTeamsOf } from './team-scope';

export interface TeamInvitationRow {
  id: number;
  teamId: number;
  email: string;
  role: string;
  createdAt: Date;
}

const invitationColumns = {
  id: teamInvitations.id,
  teamId: teamInvitations.teamId,
  email: teamInvitations.email,
  role: teamInvitations.role,
  createdAt: teamInvitations.createdAt,
};

/**
 * A team's pending invitations as one of its users (the actor) reaches them: only invitations of
 * teams the actor owns or belongs to are ever found, listed, created or deleted.
 */
export function teamInvitationRepository(db: Database, actorId: number) {
  const ofActorsTeams = () => inTeamsOf(db, actorId, teamInvitations.teamId);

  return {
    async forTeam(teamId: number): Promise<TeamInvitationRow[]> {
      return db
        .select(invitationColumns)
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), ofActorsTeams()))
        .orderBy(asc(teamInvitations.email));
    },

    /** An invitation of one of the actor's teams (the URL names only the invitation). */
    async find(invitationId: number): Promise<TeamInvitationRow | undefined> {
      const [row] = await db
        .select(invitationColumns)
        .from(teamInvitations)
        .where(and(eq(teamInvitations.id, invitationId), ofActorsTeams()))
        .limit(1);
      return row;
    },

    async exists(teamId: number, email: string): Promise<boolean> {
      const [row] = await db
        .select({ id: teamInvitations.id })
        .from(teamInvitations)
        .where(and(eq(teamInvitations.teamId, teamId), eq(teamInvitations.email, email.toLowerCase()), ofActorsTeams()))
        .limit(1);
      return row !== undefined;
    },

    /** Undefined when the address is already invited (a concurrent request won) or the team is not the actor's. */
    async create(teamId: number, invitation: { email: string; role: string }): Promise<TeamInvitationRow | undefined> {
      const [belongs] = await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.id, teamId), inTeamsOf(db, actorId, teams.id)));
      if (!belongs) return undefined;
      const [row] = await db
        .insert(teamInvitations)
        .values({ teamId, email: invitation.email.toLowerCase(), role: invitation.role })
        .onConflictDoNothing()
        .returning(invitationColumns);
      return row;
    },

    async delete(teamId: number, invitationId: number): Promise<boolean> {
      const rows = await db
        .delete(teamInvitations)
        .where(and(eq(teamInvitations.id, invitationId), eq(teamInvitations.teamId, teamId), ofActorsTeams()))
        .returning({ id: teamInvitations.id });
      return rows.length > 0;
    },
  };
}

/**
 * Invitations as the invited person reaches them: by the address they were sent to, which must
 * be the signed-in user's (verified) address. Nothing else is visible this way.
 */
export function inviteeInvitationRepository(db: Database, invitee: { id: number; email: string }) {
  const addressedToInvitee = (invitationId: number) =>
    and(eq(teamInvitations.id, invitationId), eq(teamInvitations.email, invitee.email.toLowerCase()));

  return {
    /** Every invitation sent to the invitee's address, oldest first, with its team's name. */
    async pending(): Promise<(TeamInvitationRow & { teamName: string })[]> {
      return db
        .select({ ...invitationColumns, teamName: teams.name })
        .from(teamInvitations)
        .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
        .where(eq(teamInvitations.email, invitee.email.toLowerCase()))
        .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
    },

    async find(
      invitationId: number,
    ): Promise<(TeamInvitationRow & { teamName: string; teamOwnerId: number }) | undefined> {
      const [row] = await db
        .select({ ...invitationColumns, teamName: teams.name, teamOwnerId: teams.userId })
        .from(teamInvitations)
        .innerJoin(teams, eq(teams.id, teamInvitations.teamId))
        .where(addressedToInvitee(invitationId))
        .limit(1);
      return row;
    },

    /**
     * Joins the invitee to the team with the invited role, deletes the invitation and makes the
     * team the invitee's current team, in one transaction. An invitee who already belongs keeps
     * their membership as it is.
     */
    async accept(invitationId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [invitation] = await tx
          .delete(teamInvitations)
          .where(addressedToInvitee(invitationId))
          .returning({ teamId: teamInvitations.teamId, role: teamInvitations.role });
        if (!invitation) return false;
        const [team] = await tx.select({ ownerId: teams.userId }).from(teams).where(eq(teams.id, invitation.teamId));
        if (team && team.ownerId !== invitee.id) {
          await tx
            .insert(teamUser)
            .values({ teamId: invitation.teamId, userId: invitee.id, role: invitation.role })
            .onConflictDoNothing();
        }
        if (team) await tx.update(users).set({ currentTeamId: invitation.teamId }).where(eq(users.id, invitee.id));
        return true;
      });
    },
  };
}

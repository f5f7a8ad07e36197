import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { cachedRead, copied } from '../../cache/cached-reads';
import { teams, teamUser, users } from '../schema/index';
import { teamColumns, type TeamRow } from './team-repository';
import { inTeamsOf } from './team-scope';

export interface TeamMemberRow {
  id: number;
  name: string;
  email: string;
  profilePhotoPath: string | null;
  /** Marked away in the inbox since then (null: available). */
  awaySince: Date | null;
  /** `owner` for the team's creator, otherwise the member's stored role. */
  role: string;
}

const userColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  profilePhotoPath: users.profilePhotoPath,
  awaySince: users.awaySince,
};

/**
 * A team, its owner and its members as one user (the actor) reaches them. Every function takes the
 * teamId and only ever touches teams the actor owns or belongs to: for any other team it finds
 * nothing and changes nothing. Whether the actor may do it is the policy's question, asked first.
 */
export function teamMembershipRepository(db: Database, actorId: number) {
  const scoped = (teamId: number) => and(eq(teams.id, teamId), inTeamsOf(db, actorId, teams.id));

  async function owner(teamId: number): Promise<TeamMemberRow | undefined> {
    const [row] = await db
      .select(userColumns)
      .from(teams)
      .innerJoin(users, eq(users.id, teams.userId))
      .where(scoped(teamId))
      .limit(1);
    return row ? { ...row, role: 'owner' } : undefined;
  }

  return {
    /** The team with the actor's role in it, or undefined when the actor does not belong to it. */
    /** Through the hot cache outside transactions: every team page and team check starts here. */
    async find(teamId: number): Promise<{ team: TeamRow; role: string } | undefined> {
      return cachedRead(
        db,
        `membership:${actorId}:${teamId}`,
        { groups: ['teams', 'team_user'] },
        () => this.read(teamId),
        copied,
      );
    },

    async read(teamId: number): Promise<{ team: TeamRow; role: string } | undefined> {
      const [row] = await db
        .select({ ...teamColumns, memberRole: teamUser.role })
        .from(teams)
        .leftJoin(teamUser, and(eq(teamUser.teamId, teams.id), eq(teamUser.userId, actorId)))
        .where(scoped(teamId))
        .limit(1);
      if (!row) return undefined;
      const { memberRole, ...team } = row;
      return { team, role: team.userId === actorId ? 'owner' : (memberRole ?? 'viewer') };
    },

    /** Sets the time zone of the team's reports; answers the team as it was before. */
    async setTimezone(teamId: number, timezone: string): Promise<{ previous: string } | undefined> {
      return db.transaction(async (tx) => {
        const [before] = await tx.select({ timezone: teams.timezone }).from(teams).where(scoped(teamId)).for('update');
        if (!before) return undefined;
        await tx
          .update(teams)
          .set({ timezone, updatedAt: sql`now()` })
          .where(eq(teams.id, teamId));
        return { previous: before.timezone };
      });
    },

    /** Whether the team's conversations handed to a person are assigned automatically. */
    async setAutoAssign(teamId: number, autoAssign: boolean, limit: number | null): Promise<TeamRow | undefined> {
      const [row] = await db
        .update(teams)
        .set({ autoAssign, autoAssignLimit: limit, updatedAt: sql`now()` })
        .where(scoped(teamId))
        .returning(teamColumns);
      return row;
    },

    async setReplyTargets(
      teamId: number,
      targets: { first: number | null; next: number | null },
    ): Promise<TeamRow | undefined> {
      const [row] = await db
        .update(teams)
        .set({
          firstReplyTargetMinutes: targets.first,
          nextReplyTargetMinutes: targets.next,
          updatedAt: sql`now()`,
        })
        .where(scoped(teamId))
        .returning(teamColumns);
      return row;
    },

    async rename(teamId: number, name: string): Promise<TeamRow | undefined> {
      const [row] = await db
        .update(teams)
        .set({ name, updatedAt: sql`now()` })
        .where(scoped(teamId))
        .returning(teamColumns);
      return row;
    },

    /**
     * Deletes the team; its memberships, invitations, tokens and every other team-owned row go
     * with it through their foreign keys. Users whose current team it was fall back to their
     * personal team. Returns false when the actor does not belong to the team.
     */
    async delete(teamId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const deleted = await tx
          .delete(teams)
          .where(and(eq(teams.id, teamId), inTeamsOf(tx, actorId, teams.id)))
          .returning({ id: teams.id });
        if (deleted.length === 0) return false;
        await tx.update(users).set({ currentTeamId: null }).where(eq(users.currentTeamId, teamId));
        return true;
      });
    },

    owner,

    /** The members other than the owner, by name. */
    async members(teamId: number): Promise<TeamMemberRow[]> {
      return db
        .select({ ...userColumns, role: teamUser.role })
        .from(teamUser)
        .innerJoin(users, eq(users.id, teamUser.userId))
        .where(and(eq(teamUser.teamId, teamId), inTeamsOf(db, actorId, teamUser.teamId)))
        .orderBy(asc(users.name), asc(users.id));
    },

    /** One user of the team (the owner or a member), or undefined. */
    async member(teamId: number, userId: number): Promise<TeamMemberRow | undefined> {
      const teamOwner = await owner(teamId);
      if (!teamOwner) return undefined;
      if (teamOwner.id === userId) return teamOwner;
      const [row] = await db
        .select({ ...userColumns, role: teamUser.role })
        .from(teamUser)
        .innerJoin(users, eq(users.id, teamUser.userId))
        .where(and(eq(teamUser.teamId, teamId), eq(teamUser.userId, userId), inTeamsOf(db, actorId, teamUser.teamId)))
        .limit(1);
      return row;
    },

    /** Whether the address belongs to the team's owner or one of its members. */
    async hasUserWithEmail(teamId: number, email: string): Promise<boolean> {
      const teamOwner = await owner(teamId);
      if (!teamOwner) return false;
      if (teamOwner.email === email.toLowerCase()) return true;
      const [row] = await db
        .select({ id: users.id })
        .from(teamUser)
        .innerJoin(users, eq(users.id, teamUser.userId))
        .where(
          and(
            eq(teamUser.teamId, teamId),
            eq(users.email, email.toLowerCase()),
            inTeamsOf(db, actorId, teamUser.teamId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async updateRole(teamId: number, userId: number, role: string): Promise<boolean> {
      const rows = await db
        .update(teamUser)
        .set({ role, updatedAt: sql`now()` })
        .where(and(eq(teamUser.teamId, teamId), eq(teamUser.userId, userId), inTeamsOf(db, actorId, teamUser.teamId)))
        .returning({ userId: teamUser.userId });
      return rows.length > 0;
    },

    /**
     * Takes a member out of the team (removal or leaving); if it was their current team they
     * fall back to their personal team. The owner has no membership row and cannot be removed.
     */
    async remove(teamId: number, userId: number): Promise<boolean> {
      return db.transaction(async (tx) => {
        const rows = await tx
          .delete(teamUser)
          .where(and(eq(teamUser.teamId, teamId), eq(teamUser.userId, userId), inTeamsOf(tx, actorId, teamUser.teamId)))
          .returning({ userId: teamUser.userId });
        if (rows.length === 0) return false;
        await tx
          .update(users)
          .set({ currentTeamId: null })
          .where(and(eq(users.id, userId), eq(users.currentTeamId, teamId)));
        return true;
      });
    },
  };
}

export type TeamMembershipRepository = ReturnType<typeof teamMembershipRepository>;

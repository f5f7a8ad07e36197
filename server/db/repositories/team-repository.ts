import { and, asc, eq, or, inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { cachedRead, copied } from '../../cache/cached-reads';
import { teams, teamUser } from '../schema/index';

export type TeamRow = typeof teams.$inferSelect;

/** A team's columns, named, for selects beside another table's. */
export const teamColumns = {
  id: teams.id,
  userId: teams.userId,
  name: teams.name,
  personalTeam: teams.personalTeam,
  timezone: teams.timezone,
  autoAssign: teams.autoAssign,
  autoAssignLimit: teams.autoAssignLimit,
  firstReplyTargetMinutes: teams.firstReplyTargetMinutes,
  nextReplyTargetMinutes: teams.nextReplyTargetMinutes,
  plan: teams.plan,
  pastDueUntil: teams.pastDueUntil,
  createdAt: teams.createdAt,
  updatedAt: teams.updatedAt,
};

/** Teams as seen by one user: those they own and those they are a member of. */
export function teamRepository(db: Database) {
  return {
    async create(team: { userId: number; name: string; personalTeam: boolean }): Promise<TeamRow> {
      const [row] = await db.insert(teams).values(team).returning();
      return row;
    },

    /**
     * Every team the user owns or belongs to, sorted by name; through the hot cache outside
     * transactions (every signed-in page shows them, and every team check starts here).
     */
    async forUser(userId: number): Promise<(TeamRow & { role: string })[]> {
      return cachedRead(
        db,
        `teams-of:${userId}`,
        { groups: ['teams', 'team_user'] },
        () => this.readForUser(userId),
        copied,
      );
    },

    async readForUser(userId: number): Promise<(TeamRow & { role: string })[]> {
      const memberOf = db.select({ teamId: teamUser.teamId }).from(teamUser).where(eq(teamUser.userId, userId));
      const rows = await db
        .select({ ...teamColumns, memberRole: teamUser.role })
        .from(teams)
        .leftJoin(teamUser, and(eq(teamUser.teamId, teams.id), eq(teamUser.userId, userId)))
        .where(or(eq(teams.userId, userId), inArray(teams.id, memberOf)))
        .orderBy(asc(teams.name), asc(teams.id));
      return rows.map(({ memberRole, ...team }) => ({
        ...team,
        role: team.userId === userId ? 'owner' : (memberRole ?? 'viewer'),
      }));
    },

    /** A team the user owns or belongs to; undefined for any other team. */
    async findForUser(userId: number, teamId: number): Promise<(TeamRow & { role: string }) | undefined> {
      return (await this.forUser(userId)).find((team) => team.id === teamId);
    },

    async personalTeamOf(userId: number): Promise<TeamRow | undefined> {
      const [row] = await db
        .select()
        .from(teams)
        .where(and(eq(teams.userId, userId), eq(teams.personalTeam, true)))
        .orderBy(asc(teams.id))
        .limit(1);
      return row;
    },

    async ownedBy(userId: number): Promise<TeamRow[]> {
      return db.select().from(teams).where(eq(teams.userId, userId));
    },

    async deleteOwnedBy(userId: number): Promise<number[]> {
      const rows = await db.delete(teams).where(eq(teams.userId, userId)).returning({ id: teams.id });
      return rows.map((row) => row.id);
    },
  };
}

export type TeamRepository = ReturnType<typeof teamRepository>;

import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../client';
import { teams, teamUser } from '../schema/index';

/**
 * The tenancy rule as one SQL condition: `column` names a team the user owns or belongs to.
 * Every repository of team-owned rows puts it in `where`, reads, updates and deletes alike, so a
 * row of another team is simply not found.
 */
export function inTeamsOf(db: Database, userId: number, column: AnyPgColumn): SQL {
  const memberOf = db.select({ teamId: teamUser.teamId }).from(teamUser).where(eq(teamUser.userId, userId));
  const teamIds = db
    .select({ id: teams.id })
    .from(teams)
    .where(or(eq(teams.userId, userId), inArray(teams.id, memberOf)));
  return inArray(column, teamIds);
}

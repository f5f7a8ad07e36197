import { inArray } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/index';

/** Users' current-team pointers, across teams: used when teams disappear. */
export function currentTeamRepository(db: Database) {
  return {
    /** Users whose current team is one of these go back to their personal team (null = personal). */
    async forgetTeams(teamIds: number[]): Promise<void> {
      if (teamIds.length === 0) return;
      await db.update(users).set({ currentTeamId: null }).where(inArray(users.currentTeamId, teamIds));
    },
  };
}

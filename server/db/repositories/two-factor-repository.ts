import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/index';

/**
 * The two-factor columns of one user, written with compare-and-set updates so that two requests
 * racing with the same one-time code or recovery code cannot both succeed.
 */
export function twoFactorRepository(db: Database) {
  return {
    /**
     * Records `step` as the last TOTP time step accepted, only when it is newer than the one
     * stored. False means another request already used this step (or a later one).
     */
    async claimTimeStep(userId: number, step: number): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ twoFactorLastStep: step, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), or(isNull(users.twoFactorLastStep), lt(users.twoFactorLastStep, step))))
        .returning({ id: users.id });
      return rows.length === 1;
    },

    /**
     * Replaces the stored (encrypted) recovery codes, only when they are still `expected`. False
     * means another request changed them first (the same code used twice at once).
     */
    async swapRecoveryCodes(userId: number, expected: string, replacement: string): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ twoFactorRecoveryCodes: replacement, updatedAt: sql`now()` })
        .where(and(eq(users.id, userId), eq(users.twoFactorRecoveryCodes, expected)))
        .returning({ id: users.id });
      return rows.length === 1;
    },
  };
}

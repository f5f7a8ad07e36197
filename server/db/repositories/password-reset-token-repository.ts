import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import { passwordResetTokens } from '../schema/index';

export type PasswordResetTokenRow = typeof passwordResetTokens.$inferSelect;

/**
 * Pending password resets, one per (lower-cased) address. Only the SHA-256 of the token is kept,
 * so a leaked table cannot be used to reset anyone's password.
 */
export function passwordResetTokenRepository(db: Database) {
  return {
    async find(email: string): Promise<PasswordResetTokenRow | undefined> {
      const [row] = await db
        .select({
          email: passwordResetTokens.email,
          token: passwordResetTokens.token,
          createdAt: passwordResetTokens.createdAt,
        })
        .from(passwordResetTokens)
        .where(eq(passwordResetTokens.email, email.toLowerCase()))
        .limit(1);
      return row;
    },

    /** Replaces any pending reset of the address with this one. */
    async put(email: string, tokenHash: string, createdAt: Date): Promise<void> {
      const row = { email: email.toLowerCase(), token: tokenHash, createdAt };
      await db
        .insert(passwordResetTokens)
        .values(row)
        .onConflictDoUpdate({ target: passwordResetTokens.email, set: { token: row.token, createdAt: row.createdAt } });
    },

    /** Deletes the reset if it still holds this token hash; false when another request used it first. */
    async consume(email: string, tokenHash: string): Promise<boolean> {
      const deleted = await db
        .delete(passwordResetTokens)
        .where(and(eq(passwordResetTokens.email, email.toLowerCase()), eq(passwordResetTokens.token, tokenHash)))
        .returning({ email: passwordResetTokens.email });
      return deleted.length > 0;
    },

    async delete(email: string): Promise<void> {
      await db.delete(passwordResetTokens).where(eq(passwordResetTokens.email, email.toLowerCase()));
    },
  };
}

export type PasswordResetTokenRepository = ReturnType<typeof passwordResetTokenRepository>;

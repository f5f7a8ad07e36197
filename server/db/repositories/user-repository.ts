import { eq, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { users } from '../schema/index';
import { isUniqueViolation } from '../errors';
import { cachedRead, copied } from '../../cache/cached-reads';

export type UserRow = typeof users.$inferSelect;
export type NewUser = Pick<typeof users.$inferInsert, 'name' | 'email' | 'password'> &
  Partial<typeof users.$inferInsert>;
export type UserChanges = Partial<Omit<typeof users.$inferInsert, 'id' | 'createdAt'>>;

/** Accounts are not team-owned: a user is reached by id or by (lower-cased) e-mail. */
export function userRepository(db: Database) {
  return {
    /** Through the hot cache outside transactions: every signed-in request reads its user. */
    async find(id: number): Promise<UserRow | undefined> {
      return cachedRead(
        db,
        `user:${id}`,
        { groups: ['users'] },
        async () => (await db.select().from(users).where(eq(users.id, id)).limit(1))[0],
        copied,
      );
    },

    async findByEmail(email: string): Promise<UserRow | undefined> {
      const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
      return row;
    },

    async emailTaken(email: string, exceptId?: number): Promise<boolean> {
      const row = await this.findByEmail(email);
      return row !== undefined && row.id !== exceptId;
    },

    async create(user: NewUser): Promise<UserRow> {
      const [row] = await db
        .insert(users)
        .values({ ...user, email: user.email.toLowerCase() })
        .returning();
      return row;
    },

    async update(id: number, changes: UserChanges): Promise<UserRow | undefined> {
      const [row] = await db
        .update(users)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(users.id, id))
        .returning();
      return row;
    },

    /**
     * The user's remember-me token, created first when there is none (Laravel's
     * ensureRememberTokenIsSet). One statement, so two browsers remembered at the same moment end
     * up with the same token rather than the second overwriting the first.
     */
    async ensureRememberToken(id: number, candidate: string): Promise<string | undefined> {
      const [row] = await db
        .update(users)
        .set({ rememberToken: sql`coalesce(${users.rememberToken}, ${candidate})` })
        .where(eq(users.id, id))
        .returning({ rememberToken: users.rememberToken });
      return row?.rememberToken ?? undefined;
    },

    async delete(id: number): Promise<void> {
      await db.delete(users).where(eq(users.id, id));
    },
  };
}

export type UserRepository = ReturnType<typeof userRepository>;

/**
 * Whether an insert or update failed because another account already has the address (the
 * `users_email_unique` key): what a check-then-write loses to a concurrent request.
 */
export const isDuplicateEmail = (error: unknown): boolean => isUniqueViolation(error, 'users_email_unique');

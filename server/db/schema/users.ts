import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Accounts. `email` is kept lower-cased. The two-factor secret and recovery codes are encrypted
 * with APP_KEY (server/support/encryption.ts); `password` is an argon2id hash; `remember_token`
 * is a random value shared by every remembered browser, whose cookie carries its HMAC with APP_KEY
 * (server/http/auth/session-guard.ts), never the value itself.
 */
export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  email: varchar('email', { length: 255 }).notNull().unique(),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  password: text('password').notNull(),
  rememberToken: varchar('remember_token', { length: 100 }),
  twoFactorSecret: text('two_factor_secret'),
  twoFactorRecoveryCodes: text('two_factor_recovery_codes'),
  twoFactorConfirmedAt: timestamp('two_factor_confirmed_at', { withTimezone: true }),
  /** The last TOTP time step accepted, so that no code is accepted twice. */
  twoFactorLastStep: integer('two_factor_last_step'),
  profilePhotoPath: varchar('profile_photo_path', { length: 2048 }),
  currentTeamId: integer('current_team_id'),
  /** Set while the person marked themselves away in the inbox: automatic assignment passes them by. */
  awaySince: timestamp('away_since', { withTimezone: true }),
  /**
   * What the person is e-mailed about when they have not read it in Kawan a few minutes later
   * (server/domain/notifications/unread-mail.ts): the keys of `mailCategories`.
   */
  mailNotifications: text('mail_notifications')
    .array()
    .notNull()
    .default(sql`'{assigned,replies,mentioned}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One pending reset per address; the token is stored hashed and lives 60 minutes. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  email: varchar('email', { length: 255 }).primaryKey(),
  token: varchar('token', { length: 255 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

import { z } from 'zod';
import { confirmed, fields, type PasswordRules } from '../shared/validation';

/** POST /forgot-password (Fortify's PasswordResetLinkController). */
export const forgotPasswordSchema = z.object({
  email: fields.email(),
});

/** POST /reset-password, first step: the fields the token check needs (Fortify's NewPasswordController). */
export const resetPasswordRequestSchema = z.object({
  token: z.string({ error: 'The token field is required.' }).min(1, 'The token field is required.'),
  email: fields.email(),
  password: z.string({ error: 'The password field is required.' }).min(1, 'The password field is required.'),
});

/** POST /reset-password, second step once the token is valid: the registration password rules. */
export const newPasswordSchema = (passwords: PasswordRules) =>
  z
    .object({
      password: fields.password(passwords),
      password_confirmation: z.string().optional(),
    })
    .superRefine(confirmed('password'));

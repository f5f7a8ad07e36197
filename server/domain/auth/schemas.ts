import { z } from 'zod';
import { confirmed, fields, type PasswordRules } from '../shared/validation';

/** POST /register, under the configured password rules. */
export const registerSchema = (passwords: PasswordRules) =>
  z
    .object({
      name: fields.requiredString('name'),
      email: fields.email(),
      password: fields.password(passwords),
      password_confirmation: z.string().optional(),
      terms: z.union([z.boolean(), z.string()]).optional(),
    })
    .superRefine(confirmed('password'))
    .superRefine((data, ctx) => {
      if (!(data.terms === true || data.terms === 'on' || data.terms === '1' || data.terms === 'true')) {
        ctx.addIssue({ code: 'custom', path: ['terms'], message: 'The terms field must be accepted.' });
      }
    });

export const loginSchema = z.object({
  email: fields.requiredString('email').transform((value) => value.toLowerCase()),
  password: z.string({ error: 'The password field is required.' }).min(1, 'The password field is required.'),
  remember: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((value) => value === true || value === 'on' || value === '1' || value === 'true'),
});

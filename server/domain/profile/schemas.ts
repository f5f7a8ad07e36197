import { z } from 'zod';
import { confirmed, fields, type PasswordRules } from '../shared/validation';
import { ValidationError, type FieldErrors } from '../../support/errors';

/** The error bags the profile forms read (Fortify/Jetstream's names). */
export const profileInformationBag = 'updateProfileInformation';
export const updatePasswordBag = 'updatePassword';

export const messages = {
  emailTaken: 'The email has already been taken.',
  currentPassword: 'The provided password does not match your current password.',
  /** Jetstream's answer to a wrong or missing password on the session and deletion modals. */
  passwordIncorrect: 'The password is incorrect.',
};

export const profileInformationFields = {
  name: fields.requiredString('name'),
  email: fields.email(),
};

/** PUT /user/password: the new password under the registration rules. */
export const updatePasswordSchema = (passwords: PasswordRules) =>
  z
    .object({
      current_password: z
        .string({ error: 'The current password field is required.' })
        .min(1, 'The current password field is required.'),
      password: fields.password(passwords),
      password_confirmation: z.string().optional(),
    })
    .superRefine(confirmed('password'));

/** A password typed to confirm an action: anything but a string counts as a wrong one. */
export const confirmingPasswordSchema = z.object({ password: z.string().catch('') }).catch({ password: '' });

/**
 * Collects errors field by field, so that one invalid field does not hide the others' messages
 * (Laravel reports every field at once, the first message of each).
 */
export class FieldErrorCollector {
  readonly errors: FieldErrors = {};

  field<S extends z.ZodType>(name: string, schema: S, value: unknown): z.infer<S> | undefined {
    const result = schema.safeParse(value);
    if (result.success) return result.data;
    this.add(name, result.error.issues[0]?.message ?? `The ${name} field is invalid.`);
    return undefined;
  }

  /** Parses an object schema, keeping the first message of every failing field. */
  parse<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> | undefined {
    const result = schema.safeParse(input ?? {});
    if (result.success) return result.data;
    for (const issue of result.error.issues) this.add(issue.path.join('.') || 'form', issue.message);
    return undefined;
  }

  add(name: string, message: string): void {
    this.errors[name] ??= message;
  }

  throwIfAny(bag?: string): void {
    if (Object.keys(this.errors).length > 0) throw new ValidationError(this.errors, bag);
  }
}

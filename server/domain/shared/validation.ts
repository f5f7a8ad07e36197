import { z } from 'zod';
import { ValidationError, type FieldErrors } from '../../support/errors';
import type { Config } from '../../config/env';

/** What a new password must satisfy, read once from the environment (server/config/env.ts). */
export type PasswordRules = Config['passwords'];

/** Laravel's Password rule patterns: a lower- and an upper-case letter, a symbol (or space), a digit. */
const passwordPatterns = {
  mixedCase: /(\p{Ll}+.*\p{Lu})|(\p{Lu}+.*\p{Ll})/u,
  symbols: /\p{Z}|\p{S}|\p{P}/u,
  numbers: /\p{N}/u,
};

/**
 * Parses input with a schema or throws a ValidationError holding the first message per field
 * (dot paths: `items.0.name`), in the error bag the form names.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, bag?: string): z.infer<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join('.') || 'form';
    errors[field] ??= issue.message;
  }
  throw new ValidationError(errors, bag);
}

const label = (field: string) => field.replace(/_/g, ' ');

/** Adds "The password field confirmation does not match." when `<field>_confirmation` differs. */
export function confirmed<T extends Record<string, unknown>>(field: keyof T & string) {
  return (data: T, ctx: z.RefinementCtx) => {
    if (data[field] !== data[`${field}_confirmation`]) {
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `The ${label(field)} field confirmation does not match.`,
      });
    }
  };
}

/** PostgreSQL can neither store nor compare text holding U+0000: such input is refused, never sent to it. */
const withoutNul = (value: string) => !value.includes('\u0000');
const nulMessage = (field: string) => `The ${label(field)} field must not contain a null character.`;

/** Field schemas shared by every form, with Laravel's wording. */
export const fields = {
  /**
   * A row id from a query string (`?bot=4`): a positive 32-bit integer. `bot[]=4` is an array, not
   * an id, whatever it would coerce to.
   */
  queryId(name: string) {
    const message = `The ${label(name)} must be a positive integer.`;
    return z.preprocess(
      (value) => (Array.isArray(value) ? Number.NaN : value),
      z.coerce.number({ error: message }).int(message).min(1, message).max(2_147_483_647, message),
    );
  },

  /**
   * A row's id in a form (`channel_id`): a positive 32-bit integer (what PostgreSQL's `integer`
   * holds), else `message`. An id past that range is no row, and must not reach a query.
   */
  rowId(message: string) {
    return z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message);
  },

  requiredString(field: string, max = 255) {
    return z
      .string({ error: `The ${label(field)} field is required.` })
      .trim()
      .min(1, `The ${label(field)} field is required.`)
      .max(max, `The ${label(field)} field must not be greater than ${max} characters.`)
      .refine(withoutNul, nulMessage(field));
  },

  optionalString(field: string, max = 255) {
    return z
      .string({ error: `The ${label(field)} field must be a string.` })
      .trim()
      .max(max, `The ${label(field)} field must not be greater than ${max} characters.`)
      .refine(withoutNul, nulMessage(field))
      .nullish()
      .transform((value) => (value ? value : null));
  },

  /**
   * A new password under the configured rules (Laravel's `Password::defaults()`: PASSWORD_MIN_LENGTH,
   * at least 8, and the optional PASSWORD_REQUIRE_* rules), at most 255 characters. Lengths count
   * characters, not UTF-16 units, as Laravel's `mb_strlen` does; the messages come in Laravel's
   * order (length, mixed case, symbols, numbers) and the form shows the first.
   */
  password(rules: PasswordRules, field = 'password') {
    const name = label(field);
    const length = (value: string) => Array.from(value).length;
    return z
      .string({ error: `The ${name} field is required.` })
      .min(1, `The ${name} field is required.`)
      .refine(
        (value) => length(value) >= rules.minLength,
        `The ${name} field must be at least ${rules.minLength} characters.`,
      )
      .refine((value) => length(value) <= 255, `The ${name} field must not be greater than 255 characters.`)
      .refine(
        (value) => !rules.mixedCase || passwordPatterns.mixedCase.test(value),
        `The ${name} field must contain at least one uppercase and one lowercase letter.`,
      )
      .refine(
        (value) => !rules.symbols || passwordPatterns.symbols.test(value),
        `The ${name} field must contain at least one symbol.`,
      )
      .refine(
        (value) => !rules.numbers || passwordPatterns.numbers.test(value),
        `The ${name} field must contain at least one number.`,
      );
  },

  email(field = 'email') {
    return z
      .string({ error: `The ${label(field)} field is required.` })
      .trim()
      .min(1, `The ${label(field)} field is required.`)
      .max(255, `The ${label(field)} field must not be greater than 255 characters.`)
      .pipe(z.email(`The ${label(field)} field must be a valid email address.`))
      .transform((value) => value.toLowerCase());
  },
};

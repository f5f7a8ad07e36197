import { z } from 'zod';
import { ValidationError, type FieldErrors } from '../../support/errors';

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
      ctx.addIssue({ code: 'custom', path: [field], message: `The ${label(field)} field confirmation does not match.` });
    }
  };
}

/** Field schemas shared by every form, with Laravel's wording. */
export const fields = {
  requiredString(field: string, max = 255) {
    return z
      .string({ error: `The ${label(field)} field is required.` })
      .trim()
      .min(1, `The ${label(field)} field is required.`)
      .max(max, `The ${label(field)} field must not be greater than ${max} characters.`);
  },

  optionalString(field: string, max = 255) {
    return z
      .string({ error: `The ${label(field)} field must be a string.` })
      .trim()
      .max(max, `The ${label(field)} field must not be greater than ${max} characters.`)
      .nullish()
      .transform((value) => (value ? value : null));
  },

  /** Password rules: at least 8 characters (PASSWORD_MIN_LENGTH raises it), at most 255. */
  password(field = 'password', minLength = 8) {
    return z
      .string({ error: `The ${label(field)} field is required.` })
      .min(1, `The ${label(field)} field is required.`)
      .min(minLength, `The ${label(field)} field must be at least ${minLength} characters.`)
      .max(255, `The ${label(field)} field must not be greater than 255 characters.`);
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

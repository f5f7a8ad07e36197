import { z } from 'zod';

/** An ISO 8601 date and time with its offset ("2026-12-07T09:00:00+07:00", "…Z"). */
const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * A moment a person chose in their browser: the page sends it in their own zone, with its offset,
 * and the server keeps the instant. `required` is the message for nothing given, `invalid` for a
 * value that is not such a date and time.
 */
export function instantField(required: string, invalid: string) {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(64, invalid)
    .transform((value, context) => {
      const time = isoWithOffset.test(value) ? Date.parse(value) : Number.NaN;
      if (Number.isNaN(time)) {
        context.addIssue({ code: 'custom', message: invalid });
        return z.NEVER;
      }
      return new Date(time);
    });
}

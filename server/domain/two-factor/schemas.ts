import { z } from 'zod';

/** A one-time code field: anything that is not a string counts as not given (Fortify never validates it). */
const codeField = z
  .string()
  .trim()
  .optional()
  .catch(undefined)
  .transform((value) => (value ? value : undefined));

export const confirmTwoFactorSchema = z.object({ code: codeField });

export const twoFactorChallengeSchema = z.object({ code: codeField, recovery_code: codeField });

/** Laravel's `$request->boolean('force')`; a body that is not an object asks for nothing. */
export const forceSchema = z
  .object({
    force: z
      .unknown()
      .optional()
      .transform(
        (value) => value === true || value === 1 || ['1', 'true', 'on', 'yes'].includes(String(value).toLowerCase()),
      ),
  })
  .catch({ force: false });

export const messages = {
  invalidCode: 'The provided two factor authentication code was invalid.',
  invalidRecoveryCode: 'The provided two factor recovery code was invalid.',
  notEnabled: 'Two factor authentication has not been enabled.',
} as const;

/** The error bag of the confirmation form on the profile page. */
export const confirmBag = 'confirmTwoFactorAuthentication';

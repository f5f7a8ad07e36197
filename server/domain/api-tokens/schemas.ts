import { z } from 'zod';
import { fields } from '../shared/validation';
import { validAbilities } from './token-permissions';

/** How long a new token lives: the creation form's choices, in days ('never': no expiry). */
export const expirationChoices = [
  { value: 'never', label: 'Never', days: null },
  { value: '30', label: '30 days', days: 30 },
  { value: '60', label: '60 days', days: 60 },
  { value: '90', label: '90 days', days: 90 },
  { value: '365', label: '1 year', days: 365 },
] as const;
export type Expiration = (typeof expirationChoices)[number]['value'];

const expirationValues = expirationChoices.map((choice) => choice.value) as [Expiration, ...Expiration[]];

/** Abilities as a list; unknown entries are dropped rather than refused (Jetstream). */
const permissionsField = z
  .array(z.unknown(), { error: 'The permissions field must be an array.' })
  .nullish()
  .transform((value) => validAbilities(value ?? []));

export const createApiTokenSchema = z.object({
  name: fields.requiredString('name'),
  permissions: permissionsField,
  expiration: z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? 'never' : String(value)),
    z.enum(expirationValues, { error: 'The selected expiration is invalid.' }),
  ),
});

export const updateApiTokenSchema = z.object({
  permissions: z
    .array(z.unknown(), { error: 'The permissions field must be an array.' })
    .transform((value) => validAbilities(value)),
});

/** When a token made now with this choice stops working (null: never). */
export function expiresAtFor(expiration: Expiration, now: Date): Date | null {
  const days = expirationChoices.find((choice) => choice.value === expiration)?.days ?? null;
  return days === null ? null : new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
}

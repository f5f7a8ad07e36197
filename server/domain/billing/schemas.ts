import { z } from 'zod';
import { fields } from '../shared/validation';
import { creditPacks, currencies, intervals, paidPlanCodes, planCodes } from '../../billing/plans';

const planField = z.enum(planCodes, { error: 'The selected plan is invalid.' });
const intervalField = z.enum(intervals, { error: 'The interval must be month or year.' });
const currencyField = z.enum(currencies, { error: 'The currency must be USD or IDR.' });

export const checkoutSchema = z.discriminatedUnion(
  'purchase',
  [
    z.object({
      purchase: z.literal('plan'),
      plan: z.enum(paidPlanCodes, { error: 'The selected plan is invalid.' }),
      interval: intervalField.default('month'),
      currency: currencyField,
    }),
    z.object({
      purchase: z.literal('pack'),
      pack: z.enum(creditPacks.map((pack) => pack.code) as [string, ...string[]], {
        error: 'The selected credit pack is invalid.',
      }),
      currency: currencyField,
    }),
  ],
  { error: 'The purchase must be a plan or a credit pack.' },
);

export const changePlanSchema = z.object({ plan: planField, interval: intervalField.default('month') });

/** NPWP: 15 digits (01.234.567.8-901.000) or the 16-digit form; other tax ids as letters, digits and separators. */
const taxId = z.preprocess(
  (value) => ((typeof value === 'string' && value.trim() === '') || value === undefined ? null : value),
  z
    .string({ error: 'The tax id must be a string.' })
    .trim()
    .max(64, 'The tax id must not be greater than 64 characters.')
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/,
      'The tax id may contain letters, digits, spaces, dots, dashes and slashes only.',
    )
    .nullable(),
);

export const billingDetailsSchema = z.object({
  company_name: fields.optionalString('company name'),
  address: fields.optionalString('address', 1000),
  tax_id: taxId,
  email: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    fields.email('email').nullable(),
  ),
  currency: currencyField,
});

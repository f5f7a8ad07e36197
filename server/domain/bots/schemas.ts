import { z } from 'zod';
import { fields } from '../shared/validation';

export const botStatuses = ['draft', 'active', 'paused'] as const;
export const avatarColors = ['indigo', 'emerald', 'amber', 'rose', 'sky', 'violet', 'slate'] as const;

const botDetails = z.object({
  name: fields.requiredString('name', 100),
  description: fields.optionalString('description', 1000).transform((value) => value ?? ''),
  avatar_color: z.enum(avatarColors, { error: 'The selected avatar colour is invalid.' }).default('indigo'),
});

/** The create form: the bot's name, description, colour and the knowledge bases it answers from. */
export const newBotSchema = botDetails.extend({
  knowledge_ids: z
    .array(fields.rowId('The selected knowledge base is invalid.'), {
      error: 'The knowledge ids field must be a list.',
    })
    .max(50, 'The knowledge ids field must not have more than 50 items.')
    .default([])
    .transform((ids) => [...new Set(ids)]),
});

/** The most a bot's monthly AI credit cap may be. */
export const MAX_MONTHLY_CREDIT_CAP = 10_000_000;

const capMessages = {
  number: 'The monthly AI credit cap must be a whole number of credits, or empty for no cap.',
  min: 'The monthly AI credit cap must be at least 1; leave it empty for no cap.',
  max: 'The monthly AI credit cap must not be greater than 10,000,000.',
};

/**
 * The bot's own most AI credits a billing period (an operational setting on the bot row, not in the
 * versioned configuration): a whole number from 1 to 10,000,000, as a number or the text typed;
 * empty or null is no cap; absent leaves it as it is.
 */
export const monthlyCreditCap = z
  .preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const text = value.trim();
      if (text === '') return null;
      return /^[+-]?[0-9]+(\.[0-9]+)?$/.test(text) ? Number(text) : value;
    },
    z
      .number({ error: capMessages.number })
      .int(capMessages.number)
      .min(1, capMessages.min)
      .max(MAX_MONTHLY_CREDIT_CAP, capMessages.max)
      .nullable(),
  )
  .optional();

/** What the edit form sends besides the configuration (validated by botConfigSchema). */
export const botDetailsSchema = botDetails.extend({
  monthly_credit_cap: monthlyCreditCap,
  status: z.enum(botStatuses, { error: 'The status must be draft, active or paused.' }).optional(),
  test_questions: z
    .union([z.array(z.string()), z.string()])
    .nullish()
    .transform((value) =>
      (Array.isArray(value) ? value : (value ?? '').split('\n'))
        .map((line) => line.trim())
        .filter((line) => line.length > 0 && !line.includes('\u0000')),
    )
    .refine((list) => list.length <= 50, 'A bot may keep at most 50 test questions.')
    .refine(
      (list) => list.every((line) => line.length <= 1000),
      'Each test question must not be greater than 1000 characters.',
    ),
});

export const chatSchema = z.object({
  message: fields.requiredString('message', 4000),
  /** The test chat's thread (a new one per "Start over"). */
  thread: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'The thread field is invalid.')
    .optional(),
  /** Test as a customer: values of the team's fields bots may tell, by key, as the contact card's inputs give them. */
  customer: z
    .record(z.string(), z.string({ error: 'Each value must be text.' }).max(500), {
      error: 'The customer field must be an object of values.',
    })
    .optional(),
});

export const publishSchema = z.object({
  note: fields.optionalString('note', 255),
});

export const feedbackSchema = z.object({
  feedback: z.union([z.literal(1), z.literal(-1), z.null()], { error: 'The feedback must be 1, -1 or null.' }),
});

import { preChatAsks } from '../../channels/web/pre-chat';
import { z } from 'zod';
import { fields } from '../shared/validation';

export const channelTypes = ['web', 'whatsapp', 'telegram', 'webhook'] as const;

export const channelTypeInfo = [
  {
    type: 'web',
    label: 'Web chat widget',
    description: 'A chat bubble on your website, installed with one script tag.',
  },
  { type: 'whatsapp', label: 'WhatsApp', description: 'Your WhatsApp Business number through the Cloud API.' },
  { type: 'telegram', label: 'Telegram', description: 'A Telegram bot made with @BotFather.' },
  {
    type: 'webhook',
    label: 'Webhook / API',
    description: 'Your own app sends signed messages in and receives signed replies and events.',
  },
] as const;

const lines = (max: number, label: string, each: number) =>
  z
    .union([z.array(z.string()), z.string()])
    .nullish()
    .transform((value) =>
      (Array.isArray(value) ? value : (value ?? '').split('\n')).map((line) => line.trim()).filter(Boolean),
    )
    .refine((list) => list.length <= max, `The ${label} field must not have more than ${max} items.`)
    .refine(
      (list) => list.every((line) => line.length <= each),
      `Each of the ${label} must not be greater than ${each} characters.`,
    );

const booleanish = z
  .union([z.boolean(), z.literal('true'), z.literal('false'), z.literal('1'), z.literal('0'), z.literal('on')])
  .optional()
  .transform((value) => value === true || value === 'true' || value === '1' || value === 'on');

/** Whether the pre-chat form asks for a detail: not at all (the default), optionally, or required. */
const preChatAsk = z.preprocess(
  (value) => (value === '' || value === null ? undefined : value),
  z.enum(preChatAsks, { error: 'Choose off, optional or required.' }).default('off'),
);

/** A host name pattern the widget may run on: `shop.example.com`, `*.example.com`, `localhost:5173`. */
const domainPattern = /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/;

const allowedDomains = lines(50, 'allowed domains', 255)
  .transform((list) =>
    list.map((entry) =>
      entry
        .toLowerCase()
        .replace(/^https?:\/\//, '')
        .replace(/\/.*$/, ''),
    ),
  )
  .refine(
    (list) => list.every((entry) => domainPattern.test(entry)),
    'Each allowed domain must be a host name such as shop.example.com or *.example.com.',
  )
  .refine((list) => list.length > 0, 'Name at least one domain the widget may run on.');

const common = {
  name: fields.requiredString('name', 100),
  bot_id: z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    fields.rowId('The selected bot is invalid.').nullable(),
  ),
};

export const publicUrl = (label: string, max = 2000) =>
  z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, `The ${label} field is required.`)
    .max(max, `The ${label} field must not be greater than ${max} characters.`)
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' || url.protocol === 'http:';
      } catch {
        return false;
      }
    }, `The ${label} field must be a valid http or https URL.`);

/** A secret field: required on create; on edit blank keeps what is stored (undefined). */
const secret = (label: string, required: boolean, max = 1000) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    required
      ? z
          .string({ error: `The ${label} field is required.` })
          .trim()
          .max(max, `The ${label} field must not be greater than ${max} characters.`)
      : z.string().trim().max(max, `The ${label} field must not be greater than ${max} characters.`).optional(),
  );

export function webSchema() {
  return z.object({
    ...common,
    allowed_domains: allowedDomains,
    color: z
      .string()
      .trim()
      .regex(/^#[0-9a-fA-F]{6}$/, 'The color must be a hex colour such as #4f46e5.')
      .default('#4f46e5'),
    title: fields.optionalString('title', 60).transform((value) => value ?? ''),
    position: z.enum(['left', 'right'], { error: 'The position must be left or right.' }).default('right'),
    avatar_url: z
      .preprocess((value) => (value === '' ? undefined : value), publicUrl('avatar url').optional())
      .transform((value) => value ?? ''),
    launcher_text: fields.optionalString('launcher text', 40).transform((value) => value ?? ''),
    welcome_message: fields.optionalString('welcome message', 500).transform((value) => value ?? ''),
    suggested_questions: lines(6, 'suggested questions', 120),
    proactive_message: fields.optionalString('proactive message', 140).transform((value) => value ?? ''),
    proactive_delay: z.preprocess(
      (value) => (value === '' || value === undefined || value === null ? 15 : value),
      z.coerce
        .number({ error: 'The delay must be a whole number of seconds between 0 and 300.' })
        .int('The delay must be a whole number of seconds between 0 and 300.')
        .min(0, 'The delay must be a whole number of seconds between 0 and 300.')
        .max(300, 'The delay must be a whole number of seconds between 0 and 300.'),
    ),
    pre_chat_name: preChatAsk,
    pre_chat_email: preChatAsk,
    pre_chat_phone: preChatAsk,
    pre_chat_message: fields.optionalString('pre-chat message', 200).transform((value) => value ?? ''),
    collect_csat: booleanish,
    identity_verification: booleanish,
  });
}

export function whatsappSchema(creating: boolean) {
  return z.object({
    ...common,
    phone_number_id: z
      .string({ error: 'The phone number id field is required.' })
      .trim()
      .regex(/^\d{5,30}$/, 'The phone number id is the number Meta shows under API Setup (digits only).'),
    waba_id: z
      .string({ error: 'The WhatsApp Business Account id field is required.' })
      .trim()
      .regex(/^\d{5,30}$/, 'The WhatsApp Business Account id is digits only.'),
    access_token: secret('access token', creating, 2000),
    app_secret: secret('app secret', creating, 200),
    verify_token: secret('verify token', creating, 200),
    collect_csat: booleanish,
  });
}

export function telegramSchema(creating: boolean) {
  return z.object({
    ...common,
    bot_token: secret('bot token', creating, 200).refine(
      (value) => value === undefined || /^\d{3,20}:[A-Za-z0-9_-]{20,100}$/.test(value),
      'The bot token looks like 123456789:AA… (from @BotFather).',
    ),
    collect_csat: booleanish,
  });
}

export function webhookSchema() {
  return z.object({
    ...common,
    outbound_url: publicUrl('outbound url'),
  });
}

export const channelTypeSchema = z.object({
  type: z.enum(channelTypes, { error: 'Choose a channel type: web, whatsapp, telegram or webhook.' }),
});

export const statusSchema = z.object({
  status: z.enum(['active', 'paused'], { error: 'The status must be active or paused.' }).optional(),
});

/**
 * What a bot turn runs with: the configuration a published bot version stores as JSON (its
 * snapshot), the defaults a new bot starts from, and the schema its settings form is validated
 * with. Pure: no database, no framework.
 */
import { z } from 'zod';
import { fields } from '../domain/shared/validation';
import { lexicalThresholds } from '../knowledge/confidence';
import type { Language } from '../knowledge/language';

export const botLanguages = ['auto', 'indonesian', 'english'] as const;
export type BotLanguage = (typeof botLanguages)[number];

export const groundingModes = ['strict', 'balanced'] as const;
export type Grounding = (typeof groundingModes)[number];

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/** Opening intervals per weekday, local to `timezone`: `[["08:00", "12:00"], ["13:00", "17:00"]]`, end exclusive. */
export interface BusinessHours {
  /** An IANA zone, e.g. `Asia/Jakarta`. */
  timezone: string;
  days: Record<Weekday, Array<[string, string]>>;
}

export interface BotConfig {
  name: string;
  /** The reply language; `auto` answers in the language of each message. */
  language: BotLanguage;
  /** Persona and rules written by the team (the head of the system prompt). */
  instructions: string;
  model: {
    /** A model server of the team's own (its settings); null = the platform's (AI_BASE_URL). */
    providerId: number | null;
    /** '' = the platform's default model. */
    name: string;
    /** 0–1, default 0.3. */
    temperature: number;
    /** Most tokens a reply may have, default 512. */
    maxTokens: number;
  };
  /** Said when a chat opens (the widget, without a welcome of its own) and in answer to a greeting. */
  welcomeMessage: string;
  suggestedQuestions: string[];
  /** Said when nothing grounds an answer. */
  fallbackMessage: string;
  /** strict: only from the knowledge; balanced: prefers it, general knowledge allowed. */
  grounding: Grounding;
  retrieval: {
    /** Passages retrieved per question, default 5. */
    topK: number;
    /** Least vector similarity for a passage to count as grounding (default tuned for the lexical embedder). */
    minScore: number;
    /** Least match (0–1) of a question to a curated Q&A question for its answer to be given as is. */
    curatedThreshold: number;
  };
  knowledgeIds: number[];
  handoff: {
    /** Words or phrases that hand the conversation to a person at once ("komplain", "refund"). */
    keywords: string[];
    /** Hand off when the person asks for a human ("mau bicara dengan CS", "talk to an agent"). */
    onUserRequest: boolean;
    /** Hand off at the Nth fallback in a row; null = never for this reason. */
    afterFallbacks: number | null;
    /** Hand off when retrieval found nothing it is confident about. */
    onLowConfidence: boolean;
    /** Said when handing off within business hours (or always, without business hours). */
    message: string;
    /** null = people answer at any time. */
    businessHours: BusinessHours | null;
    /** Said instead of `message` outside business hours. */
    offlineMessage: string;
  };
  /**
   * On `auto`: the fixed messages said when the bot replies in English ('' = the message above, in
   * every language). The messages above are then the Indonesian ones; while a person's language
   * cannot be told yet, both are said (`spokenIn`).
   */
  english: EnglishMessages;
}

export interface EnglishMessages {
  welcomeMessage: string;
  fallbackMessage: string;
  handoffMessage: string;
  offlineMessage: string;
}

/** Defaults of the settings a turn needs; `minScore` is the similarity `isConfident` was tuned with. */
export const botConfigDefaults = {
  temperature: 0.3,
  maxTokens: 512,
  topK: 5,
  minScore: lexicalThresholds.similarity,
  /**
   * Cosine of the lexical vectors of the question and a curated phrasing. Measured: the same
   * question reworded with chat abbreviations or an added "apakah" scores 0.85–0.90 ("brp harga
   * kamar deluxe" 0.90, "gimana cara refund?" 0.88), while a question about a neighbouring item
   * ("harga kamar standard" against "harga kamar deluxe", "toko tutup" against "toko buka") scores
   * up to 0.75. Below the threshold the model still gets the Q&A chunk as a passage.
   */
  curatedThreshold: 0.85,
  afterFallbacks: 3,
} as const;

/** A new bot: replies in the language it is asked in, Indonesian and English messages alike. */
export function defaultBotConfig(name: string): BotConfig {
  return {
    name,
    language: 'auto',
    instructions:
      `You are ${name}, a friendly customer-service assistant. Answer briefly and politely, ` +
      'in plain words, using the knowledge you are given.',
    model: {
      providerId: null,
      name: '',
      temperature: botConfigDefaults.temperature,
      maxTokens: botConfigDefaults.maxTokens,
    },
    welcomeMessage: `Halo! Saya ${name}. Ada yang bisa saya bantu?`,
    suggestedQuestions: [],
    fallbackMessage: 'Maaf, saya belum punya informasi tentang itu.',
    grounding: 'strict',
    retrieval: {
      topK: botConfigDefaults.topK,
      minScore: botConfigDefaults.minScore,
      curatedThreshold: botConfigDefaults.curatedThreshold,
    },
    knowledgeIds: [],
    handoff: {
      keywords: [],
      onUserRequest: true,
      afterFallbacks: botConfigDefaults.afterFallbacks,
      onLowConfidence: false,
      message: 'Baik, saya sambungkan ke tim kami. Mohon tunggu sebentar.',
      businessHours: null,
      offlineMessage: 'Tim kami sedang di luar jam kerja; pesan Anda akan dibalas secepatnya saat kami kembali.',
    },
    english: {
      welcomeMessage: `Hi! I’m ${name}. How can I help you?`,
      fallbackMessage: 'Sorry, I don’t have information about that yet.',
      handoffMessage: 'Sure, I’m connecting you with our team. Please wait a moment.',
      offlineMessage: 'Our team is away right now; we will reply as soon as we are back.',
    },
  };
}

/**
 * The configuration a turn in `language` speaks with: on `auto`, the fixed messages in English
 * where the team wrote them, for a reply in English; for a person whose language cannot be told
 * yet, the Indonesian message followed by the English one. A bot of one language says its messages
 * as written.
 */
export function spokenIn(config: BotConfig, language: Language | null): BotConfig {
  if (config.language !== 'auto' || language === 'indonesian') return config;
  const say = (own: string, english: string) => {
    const other = english.trim();
    if (other === '' || other === own.trim()) return own;
    // No message in Indonesian (an empty welcome: none) stays none but for a reply in English.
    if (own.trim() === '') return language === 'english' ? other : own;
    return language === 'english' ? other : `${own}\n\n${other}`;
  };
  const { english } = config;
  return {
    ...config,
    welcomeMessage: say(config.welcomeMessage, english.welcomeMessage),
    fallbackMessage: say(config.fallbackMessage, english.fallbackMessage),
    handoff: {
      ...config.handoff,
      message: say(config.handoff.message, english.handoffMessage),
      offlineMessage: say(config.handoff.offlineMessage, english.offlineMessage),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Validation (Laravel's wording; dot paths such as `model.temperature` name the fields)

/** Form values: '' and null mean "not given" (the default applies), numeric strings are numbers. */
const formNumber = (value: unknown) =>
  value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value;

function number(field: string, min: number, max: number, options: { integer?: boolean } = {}) {
  const between = `The ${field} field must be between ${min} and ${max}.`;
  let schema = z
    .number({ error: `The ${field} field must be a number.` })
    .min(min, between)
    .max(max, between);
  if (options.integer) schema = schema.int(`The ${field} field must be an integer.`);
  return z.preprocess(formNumber, schema.optional());
}

function boolean(field: string) {
  return z.boolean({ error: `The ${field} field must be true or false.` });
}

const withoutNul = (value: string) => !value.includes('\u0000');

/** Free text that may be empty. */
function text(field: string, max: number) {
  return z
    .string({ error: `The ${field} field must be a string.` })
    .trim()
    .max(max, `The ${field} field must not be greater than ${max} characters.`)
    .refine(withoutNul, `The ${field} field must not contain a null character.`);
}

/** A message the bot must be able to say: required when given, the default when absent. */
function message(field: string, max = 2000) {
  return text(field, max).min(1, `The ${field} field is required.`).optional();
}

/** A list of short texts: an array, or a textarea's lines; blank entries and duplicates dropped. */
function lines(field: string, maxItems: number, maxLength: number) {
  return z
    .union([z.array(z.string({ error: `Each of the ${field} must be a string.` })), z.string()], {
      error: `The ${field} field must be a list.`,
    })
    .optional()
    .transform((value) => {
      const list = (Array.isArray(value) ? value : (value ?? '').split('\n')).map((line) => line.trim());
      return [...new Set(list.filter((line) => line !== ''))];
    })
    .refine((list) => list.length <= maxItems, `The ${field} field must not have more than ${maxItems} items.`)
    .refine(
      (list) => list.every((line) => line.length <= maxLength),
      `Each of the ${field} must not be greater than ${maxLength} characters.`,
    )
    .refine((list) => list.every(withoutNul), `The ${field} must not contain a null character.`);
}

const time = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

function validTimezone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const interval = z
  .tuple([z.string(), z.string()], { error: 'Each opening interval must have a start and an end.' })
  .refine(([start, end]) => time.test(start) && time.test(end) && start !== '24:00', {
    message: 'The business hours must be times between 00:00 and 24:00 (HH:MM).',
  })
  .refine(([start, end]) => start < end, { message: 'The business hours must end after they start.' });

const dayIntervals = z
  .array(interval, { error: 'The business hours of a day must be a list.' })
  .max(6, 'A day may have at most 6 opening intervals.')
  .default([]);

const businessHoursSchema = z.object(
  {
    timezone: z
      .string({ error: 'The timezone field is required.' })
      .trim()
      .min(1, 'The timezone field is required.')
      .refine(validTimezone, 'The timezone field must be a valid timezone.'),
    days: z
      .object(
        {
          mon: dayIntervals,
          tue: dayIntervals,
          wed: dayIntervals,
          thu: dayIntervals,
          fri: dayIntervals,
          sat: dayIntervals,
          sun: dayIntervals,
        },
        { error: 'The business days field must be an object.' },
      )
      .prefault({}),
  },
  { error: 'The business hours field must be an object.' },
);

/**
 * The settings form, and a stored snapshot read back: anything missing takes the default of
 * `defaultBotConfig(name)`, so a snapshot stored before a setting existed still parses.
 */
export const botConfigSchema = z
  .object({
    name: fields.requiredString('name', 100),
    language: z.enum(botLanguages, { error: 'The selected language is invalid.' }).default('auto'),
    instructions: text('instructions', 20_000).optional(),
    model: z
      .object(
        {
          providerId: z.preprocess(
            (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
            z
              .number({ error: 'The selected provider is invalid.' })
              .int('The selected provider is invalid.')
              .positive('The selected provider is invalid.')
              .nullable()
              .optional(),
          ),
          name: text('model', 255).default(''),
          temperature: number('temperature', 0, 1),
          maxTokens: number('max tokens', 16, 8192, { integer: true }),
        },
        { error: 'The model field must be an object.' },
      )
      .prefault({}),
    welcomeMessage: text('welcome message', 2000).optional(),
    suggestedQuestions: lines('suggested questions', 10, 200),
    fallbackMessage: message('fallback message'),
    grounding: z.enum(groundingModes, { error: 'The selected grounding is invalid.' }).default('strict'),
    retrieval: z
      .object(
        {
          topK: number('top k', 1, 20, { integer: true }),
          minScore: number('minimum score', 0, 1),
          curatedThreshold: number('curated threshold', 0, 1),
        },
        { error: 'The retrieval field must be an object.' },
      )
      .prefault({}),
    knowledgeIds: z
      .array(
        z.preprocess(
          formNumber,
          z
            .number({ error: 'Each knowledge base must be an id.' })
            .int('Each knowledge base must be an id.')
            .positive('Each knowledge base must be an id.'),
        ),
        { error: 'The knowledge bases field must be a list.' },
      )
      .max(50, 'The knowledge bases field must not have more than 50 items.')
      .default([])
      .transform((ids) => [...new Set(ids)]),
    handoff: z
      .object(
        {
          keywords: lines('keywords', 50, 100),
          onUserRequest: boolean('on user request').default(true),
          /** '' or null: never; absent: the default. */
          afterFallbacks: z.preprocess(
            (value) => (value === '' || value === null ? null : typeof value === 'string' ? Number(value) : value),
            z
              .number({ error: 'The after fallbacks field must be a number.' })
              .int('The after fallbacks field must be an integer.')
              .min(1, 'The after fallbacks field must be between 1 and 10.')
              .max(10, 'The after fallbacks field must be between 1 and 10.')
              .nullable()
              .optional(),
          ),
          onLowConfidence: boolean('on low confidence').default(false),
          message: message('handoff message'),
          businessHours: businessHoursSchema.nullable().default(null),
          offlineMessage: message('offline message'),
        },
        { error: 'The handoff field must be an object.' },
      )
      .prefault({}),
    english: z
      .object(
        {
          welcomeMessage: text('English welcome message', 2000).optional(),
          fallbackMessage: text('English fallback message', 2000).optional(),
          handoffMessage: text('English handoff message', 2000).optional(),
          offlineMessage: text('English offline message', 2000).optional(),
        },
        { error: 'The english field must be an object.' },
      )
      .prefault({}),
  })
  .transform((input): BotConfig => {
    const defaults = defaultBotConfig(input.name);
    return {
      name: input.name,
      language: input.language,
      instructions: input.instructions ?? defaults.instructions,
      model: {
        providerId: input.model.providerId ?? null,
        name: input.model.name,
        temperature: input.model.temperature ?? defaults.model.temperature,
        maxTokens: input.model.maxTokens ?? defaults.model.maxTokens,
      },
      welcomeMessage: input.welcomeMessage ?? defaults.welcomeMessage,
      suggestedQuestions: input.suggestedQuestions,
      fallbackMessage: input.fallbackMessage ?? defaults.fallbackMessage,
      grounding: input.grounding,
      retrieval: {
        topK: input.retrieval.topK ?? defaults.retrieval.topK,
        minScore: input.retrieval.minScore ?? defaults.retrieval.minScore,
        curatedThreshold: input.retrieval.curatedThreshold ?? defaults.retrieval.curatedThreshold,
      },
      knowledgeIds: input.knowledgeIds,
      handoff: {
        keywords: input.handoff.keywords,
        onUserRequest: input.handoff.onUserRequest,
        afterFallbacks:
          input.handoff.afterFallbacks === undefined ? defaults.handoff.afterFallbacks : input.handoff.afterFallbacks,
        onLowConfidence: input.handoff.onLowConfidence,
        message: input.handoff.message ?? defaults.handoff.message,
        businessHours: input.handoff.businessHours,
        offlineMessage: input.handoff.offlineMessage ?? defaults.handoff.offlineMessage,
      },
      english: {
        welcomeMessage: englishFor(input.english.welcomeMessage, input.welcomeMessage, defaults.english.welcomeMessage),
        fallbackMessage: englishFor(
          input.english.fallbackMessage,
          input.fallbackMessage,
          defaults.english.fallbackMessage,
        ),
        handoffMessage: englishFor(
          input.english.handoffMessage,
          input.handoff.message,
          defaults.english.handoffMessage,
        ),
        offlineMessage: englishFor(
          input.english.offlineMessage,
          input.handoff.offlineMessage,
          defaults.english.offlineMessage,
        ),
      },
    };
  });

/**
 * An English message not given: the default's, when the message it translates is the default too;
 * none ('', the message as written in every language) beside a message of the team's own, which a
 * snapshot from before English messages existed holds in both languages itself.
 */
function englishFor(given: string | undefined, own: string | undefined, fallback: string): string {
  if (given !== undefined) return given;
  return own === undefined ? fallback : '';
}

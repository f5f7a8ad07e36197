import type { ReactNode } from 'react';
import type { BotConfig, BotStatus, BotSummary, Weekday } from './types';

/**
 * The edit form of Bots/Edit as the inputs hold it: numbers as the text typed (so a field may be
 * emptied), lists as a textarea's lines, business hours as one interval per day with a switch.
 * `toPayload` turns it into the body of PUT bots.update: `{name, description, avatar_color,
 * status, monthly_credit_cap, test_questions, config: BotConfig}`.
 */
export type DayForm = {
  open: boolean;
  from: string;
  to: string;
  /** Further intervals of a day the form shows one of (set elsewhere): kept as they are. */
  extra: string[][];
};

export type BotFormData = {
  name: string;
  description: string;
  avatar_color: string;
  status: BotStatus;
  /** The bot's monthly AI credit cap as typed; empty: no cap (kept on the bot, not in the draft). */
  monthly_credit_cap: string;
  test_questions: string;
  config: {
    language: BotConfig['language'];
    instructions: string;
    /** `providerId`: a model server of the team's own; null = the platform's. */
    model: { providerId: number | null; name: string; temperature: string; maxTokens: string };
    welcomeMessage: string;
    suggestedQuestions: string;
    fallbackMessage: string;
    grounding: BotConfig['grounding'];
    retrieval: { topK: string; minScore: string; curatedThreshold: string };
    knowledgeIds: number[];
    handoff: {
      keywords: string;
      onUserRequest: boolean;
      afterFallbacks: string;
      onLowConfidence: boolean;
      message: string;
      businessHours: { enabled: boolean; timezone: string; days: Record<Weekday, DayForm> };
      offlineMessage: string;
    };
    /** On `auto`: the messages above in English ('' = the Indonesian one in every language). */
    english: BotConfig['english'];
  };
};

export type ConfigForm = BotFormData['config'];

export const DEFAULT_TIMEZONE = 'Asia/Jakarta';
export const weekdayOrder: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** `<input type="time">` cannot hold 24:00: midnight at the end of a day shows as 00:00 and is sent back as 24:00. */
const showTime = (time: string) => (time === '24:00' ? '00:00' : time);
const sendEnd = (time: string) => (time === '00:00' ? '24:00' : time);

function dayForm(day: Weekday, intervals: Array<[string, string]> | undefined, hoursSet: boolean): DayForm {
  const [first, ...rest] = intervals ?? [];
  if (first) return { open: true, from: first[0], to: showTime(first[1]), extra: rest };
  // Without business hours yet, switching them on offers weekdays 08:00–17:00.
  const weekday = !hoursSet && day !== 'sat' && day !== 'sun';
  return { open: weekday, from: '08:00', to: '17:00', extra: [] };
}

export function toFormData(
  bot: BotSummary,
  config: BotConfig,
  testQuestions: string[],
  knowledgeIds: number[],
): BotFormData {
  const hours = config.handoff.businessHours;
  const days = Object.fromEntries(
    weekdayOrder.map((day) => [day, dayForm(day, hours?.days[day], hours !== null)]),
  ) as Record<Weekday, DayForm>;
  return {
    name: bot.name,
    description: bot.description,
    avatar_color: bot.avatar_color,
    status: bot.status,
    monthly_credit_cap: bot.monthly_credit_cap === null ? '' : String(bot.monthly_credit_cap),
    test_questions: testQuestions.join('\n'),
    config: {
      language: config.language,
      instructions: config.instructions,
      model: {
        providerId: config.model.providerId ?? null,
        name: config.model.name,
        temperature: String(config.model.temperature),
        maxTokens: String(config.model.maxTokens),
      },
      welcomeMessage: config.welcomeMessage,
      suggestedQuestions: config.suggestedQuestions.join('\n'),
      fallbackMessage: config.fallbackMessage,
      grounding: config.grounding,
      retrieval: {
        topK: String(config.retrieval.topK),
        minScore: String(config.retrieval.minScore),
        curatedThreshold: String(config.retrieval.curatedThreshold),
      },
      knowledgeIds,
      handoff: {
        keywords: config.handoff.keywords.join('\n'),
        onUserRequest: config.handoff.onUserRequest,
        afterFallbacks: config.handoff.afterFallbacks === null ? '' : String(config.handoff.afterFallbacks),
        onLowConfidence: config.handoff.onLowConfidence,
        message: config.handoff.message,
        businessHours: { enabled: hours !== null, timezone: hours?.timezone ?? DEFAULT_TIMEZONE, days },
        offlineMessage: config.handoff.offlineMessage,
      },
      english: { ...config.english },
    },
  };
}

/** A number as typed: a number when it is one, '' for "the default", else the text (the server names the mistake). */
function number(value: string): number | string {
  const text = value.trim();
  if (text === '') return '';
  const parsed = Number(text);
  return Number.isFinite(parsed) ? parsed : text;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

export function toPayload(data: BotFormData) {
  const { config } = data;
  const { handoff } = config;
  const hours = handoff.businessHours;
  const afterFallbacks = number(handoff.afterFallbacks);
  const cap = number(data.monthly_credit_cap);
  return {
    name: data.name,
    description: data.description,
    avatar_color: data.avatar_color,
    status: data.status,
    // Empty: no cap.
    monthly_credit_cap: cap === '' ? null : cap,
    test_questions: lines(data.test_questions),
    config: {
      name: data.name,
      language: config.language,
      instructions: config.instructions,
      model: {
        providerId: config.model.providerId,
        name: config.model.name.trim(),
        temperature: number(config.model.temperature),
        maxTokens: number(config.model.maxTokens),
      },
      welcomeMessage: config.welcomeMessage,
      suggestedQuestions: lines(config.suggestedQuestions),
      fallbackMessage: config.fallbackMessage,
      grounding: config.grounding,
      retrieval: {
        topK: number(config.retrieval.topK),
        minScore: number(config.retrieval.minScore),
        curatedThreshold: number(config.retrieval.curatedThreshold),
      },
      knowledgeIds: config.knowledgeIds,
      handoff: {
        keywords: lines(handoff.keywords),
        onUserRequest: handoff.onUserRequest,
        // Empty: never hand off for repeated fallbacks.
        afterFallbacks: afterFallbacks === '' ? null : afterFallbacks,
        onLowConfidence: handoff.onLowConfidence,
        message: handoff.message,
        businessHours: hours.enabled
          ? {
              timezone: hours.timezone,
              days: Object.fromEntries(
                weekdayOrder.map((day) => {
                  const form = hours.days[day];
                  return [day, form.open ? [[form.from, sendEnd(form.to)], ...form.extra] : []];
                }),
              ),
            }
          : null,
        offlineMessage: handoff.offlineMessage,
      },
      english: config.english,
    },
  };
}

export type FieldErrors = Record<string, string | undefined>;

/**
 * The message for a configuration field by its dot path (`model.temperature`): the server names
 * configuration fields by their path in the configuration, a few with `config.` before it; a path
 * also finds the first message below it (`handoff.businessHours.days.mon` → `….mon.0`).
 */
export function errorAt(errors: FieldErrors, path: string): string | undefined {
  for (const key of [path, `config.${path}`]) {
    if (errors[key]) return errors[key];
  }
  for (const prefix of [`${path}.`, `config.${path}.`]) {
    const found = Object.keys(errors).find((key) => key.startsWith(prefix) && errors[key]);
    if (found) return errors[found];
  }
  return undefined;
}

/** Time zones for the business hours: Indonesia's three first, then every zone the browser knows. */
export function timezones(current: string): string[] {
  const first = ['Asia/Jakarta', 'Asia/Makassar', 'Asia/Jayapura'];
  let all: string[];
  try {
    all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  } catch {
    all = [];
  }
  const rest = all.filter((zone) => !first.includes(zone));
  const list = [...first, ...(rest.length > 0 ? rest : ['Asia/Singapore', 'Asia/Kuala_Lumpur', 'UTC'])];
  return list.includes(current) ? list : [current, ...list];
}

export const timezoneLabels: Record<string, string> = {
  'Asia/Jakarta': 'Asia/Jakarta (WIB)',
  'Asia/Makassar': 'Asia/Makassar (WITA)',
  'Asia/Jayapura': 'Asia/Jayapura (WIT)',
};

/** The sections of the edit form, their anchors, and the fields (dot paths without `config.`) each holds. */
export const sections = [
  {
    id: 'persona',
    title: 'Persona',
    fields: ['name', 'description', 'avatar_color', 'status', 'language', 'instructions'],
  },
  { id: 'model', title: 'Model', fields: ['model'] },
  {
    id: 'messages',
    title: 'Messages',
    fields: [
      'welcomeMessage',
      'suggestedQuestions',
      'fallbackMessage',
      'english.welcomeMessage',
      'english.fallbackMessage',
    ],
  },
  { id: 'knowledge', title: 'Knowledge & grounding', fields: ['knowledgeIds', 'grounding', 'retrieval'] },
  { id: 'handoff', title: 'Handoff', fields: ['handoff', 'english.handoffMessage', 'english.offlineMessage'] },
  { id: 'credits', title: 'AI credits', fields: ['monthly_credit_cap'] },
  { id: 'tests', title: 'Test questions', fields: ['test_questions'] },
] as const;

export type SectionId = (typeof sections)[number]['id'];

/** The sections that have a message, in page order. */
export function sectionsWithErrors(errors: FieldErrors): Array<(typeof sections)[number]> {
  const paths = Object.keys(errors)
    .filter((key) => errors[key])
    .map((key) => key.replace(/^config\./, ''));
  return sections.filter((section) =>
    section.fields.some((field) => paths.some((path) => path === field || path.startsWith(`${field}.`))),
  );
}

type TopField = 'name' | 'description' | 'avatar_color' | 'status' | 'monthly_credit_cap' | 'test_questions';

/** What each section of the edit form is given. */
export type SectionProps = {
  data: BotFormData;
  /** Changes the configuration: `setConfig((config) => ({ ...config, grounding: 'balanced' }))`. */
  setConfig: (update: (config: ConfigForm) => ConfigForm) => void;
  setField: <K extends TopField>(key: K, value: BotFormData[K]) => void;
  /** The message of a field by its dot path (`model.temperature`, `name`). */
  error: (path: string) => string | undefined;
  editable: boolean;
  onSubmitted: () => void;
  /** The footer (Save, "Saved."); undefined when read-only. */
  actions: ReactNode;
};

import { z } from 'zod';
import { fields } from '../shared/validation';

export const knowledgeLanguages = ['indonesian', 'english', 'simple'] as const;

export const languageLabels: Record<(typeof knowledgeLanguages)[number], string> = {
  indonesian: 'Indonesian',
  english: 'English',
  simple: 'Other (no stemming)',
};

export const refreshSchedules = ['never', 'daily', 'weekly'] as const;

const language = z.enum(knowledgeLanguages, {
  error: 'The language must be Indonesian, English or Other.',
});

export const knowledgeSchema = z.object({
  name: fields.requiredString('name'),
  description: fields.optionalString('description', 2000).transform((value) => value ?? ''),
  language,
});

export const knowledgeUpdateSchema = knowledgeSchema.extend({
  /** Index every chunk again with the embedder new knowledge bases get now. */
  reembed: z.boolean().optional(),
});

const httpUrl = (field: string) =>
  fields
    .requiredString(field, 2048)
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
      } catch {
        return false;
      }
    }, `The ${field} field must be a valid http or https address.`);

const refresh = z
  .enum(refreshSchedules, { error: 'The refresh field must be never, daily or weekly.' })
  .default('never');

/** Alternative phrasings: an array, or the textarea's lines. */
const alternatives = z
  .union([z.array(z.string().max(500, 'Each alternative phrasing must not be greater than 500 characters.')), z.string()])
  .nullish()
  .transform((value) =>
    (Array.isArray(value) ? value : (value ?? '').split('\n'))
      .map((line) => line.trim())
      .filter((line) => line.length > 0 && !line.includes('\u0000')),
  )
  .refine((list) => list.length <= 20, 'A question may have at most 20 alternative phrasings.')
  .refine((list) => list.every((line) => line.length <= 500), 'Each alternative phrasing must not be greater than 500 characters.');

export const textSourceSchema = z.object({
  type: z.literal('text'),
  title: fields.requiredString('title'),
  text: fields.requiredString('text', 200_000),
});

export const qaSourceSchema = z.object({
  type: z.literal('qa'),
  question: fields.requiredString('question', 500),
  alternatives,
  answer: fields.requiredString('answer', 10_000),
});

export const urlSourceSchema = z.object({
  type: z.literal('url'),
  url: httpUrl('url'),
  title: fields.optionalString('title'),
  refresh,
});

export const sitemapSourceSchema = (maxPages: number) =>
  z.object({
    type: z.literal('sitemap'),
    url: httpUrl('url'),
    title: fields.optionalString('title'),
    refresh,
    max_pages: z.coerce
      .number({ error: 'The max pages field must be a number.' })
      .int('The max pages field must be a whole number.')
      .min(1, 'The max pages field must be at least 1.')
      .max(maxPages, `The max pages field must not be greater than ${maxPages}.`)
      .default(maxPages),
  });

export const fileSourceSchema = z.object({
  type: z.literal('file'),
  title: fields.optionalString('title'),
});

export const sourceTypes = ['text', 'qa', 'file', 'url', 'sitemap'] as const;

export const sourceTypeSchema = z.object({
  type: z.enum(sourceTypes, { error: 'The type must be one of text, qa, file, url or sitemap.' }),
});

/** What an edit of a source may change (its kind stays). */
export const sourceUpdateSchema = z.object({
  title: fields.optionalString('title'),
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }).optional(),
  refresh: z.enum(refreshSchedules, { error: 'The refresh field must be never, daily or weekly.' }).optional(),
  text: fields.optionalString('text', 200_000),
  question: fields.optionalString('question', 500),
  alternatives: alternatives.optional(),
  answer: fields.optionalString('answer', 10_000),
});

export const chunkUpdateSchema = z.object({
  content: fields.optionalString('content', 20_000),
  enabled: z.boolean({ error: 'The enabled field must be true or false.' }).optional(),
});

export const searchSchema = z.object({
  q: fields.requiredString('q', 1000),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});

import { z } from 'zod';
import { fields } from '../shared/validation';

const baseUrl = fields
  .requiredString('base url', 2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, 'The base url field must be a valid http or https address, such as https://api.openai.com/v1.');

const models = z
  .union([z.array(z.string()), z.string()])
  .nullish()
  .transform((value) =>
    [...new Set((Array.isArray(value) ? value : (value ?? '').split('\n')).map((line) => line.trim()))].filter(
      (line) => line.length > 0 && !line.includes('\u0000'),
    ),
  )
  .refine((list) => list.length <= 50, 'The models field must not have more than 50 items.')
  .refine((list) => list.every((line) => line.length <= 255), 'Each model name must not be greater than 255 characters.');

export const providerSchema = z.object({
  name: fields.requiredString('name', 100),
  base_url: baseUrl,
  /** Left empty on an edit: the stored key stays. */
  api_key: fields.optionalString('api key', 500),
  models,
});

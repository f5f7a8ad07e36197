import { z } from 'zod';

/** A message content: a string, or OpenAI's list of parts of which the text parts are read. */
const content = z.union(
  [
    z.string().max(32_000, 'A message must not be greater than 32000 characters.'),
    z
      .array(z.object({ type: z.string(), text: z.string().max(32_000).optional() }).loose())
      .max(50)
      .transform((parts) =>
        parts
          .filter((part) => part.type === 'text' && typeof part.text === 'string')
          .map((part) => part.text)
          .join('\n'),
      ),
  ],
  { error: 'The content field must be a string or a list of text parts.' },
);

/** `POST /api/v1/chat/completions`, as OpenAI's clients send it; what Kawan does not use is accepted and ignored. */
export const chatCompletionSchema = z
  .object({
    model: z
      .string({ error: 'The model field is required.' })
      .min(1, 'The model field is required.')
      .max(64, 'The model field must not be greater than 64 characters.'),
    messages: z
      .array(
        z
          .object({
            role: z.enum(['system', 'developer', 'user', 'assistant', 'tool'], { error: 'The role field is invalid.' }),
            content: content.nullish().transform((value) => value ?? ''),
          })
          .loose(),
        { error: 'The messages field must be a list.' },
      )
      .min(1, 'The messages field must have at least 1 item.')
      .max(200, 'The messages field must not have more than 200 items.')
      .refine((messages) => messages.at(-1)?.role === 'user', 'The last message must be from the user.')
      .refine(
        (messages) => (messages.at(-1)?.content ?? '').trim().length > 0,
        'The last message must have content.',
      ),
    stream: z.boolean({ error: 'The stream field must be true or false.' }).optional().default(false),
    stream_options: z
      .object({ include_usage: z.boolean().optional() }, { error: 'The stream_options field must be an object.' })
      .loose()
      .nullish(),
    user: z.string().max(256).optional(),
  })
  .loose();

export type ChatCompletionInput = z.infer<typeof chatCompletionSchema>;

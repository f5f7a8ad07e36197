import { z } from 'zod';
import { fields } from '../shared/validation';

export const joinEarlyAccessSchema = z.object({
  name: fields.requiredString('name'),
  email: fields.email(),
  company: fields.optionalString('company'),
  use_case: fields
    .requiredString('use_case', 2000)
    .pipe(z.string().min(10, 'Tell us a little more: at least 10 characters.')),
});

export type JoinEarlyAccessInput = z.infer<typeof joinEarlyAccessSchema>;

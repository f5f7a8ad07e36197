import type { Services } from '../../../services';
import { validate } from '../../shared/validation';
import { joinEarlyAccessSchema } from '../schemas';
import { earlyAccessRepository } from '../../../db/repositories/early-access-repository';

/**
 * Puts someone on the waiting list. Signing up twice with one address keeps the first entry and
 * answers exactly as the first time, so the form never tells who is already on the list.
 */
export async function joinEarlyAccess(services: Pick<Services, 'db'>, input: unknown, context: { ipAddress?: string }) {
  const data = validate(joinEarlyAccessSchema, input);
  await earlyAccessRepository(services.db).addIfAbsent({
    name: data.name,
    email: data.email,
    company: data.company,
    useCase: data.use_case,
    ipAddress: context.ipAddress ?? null,
  });
}

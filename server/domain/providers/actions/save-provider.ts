import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import {
  providerCredentialRepository,
  type ProviderCredentialRow,
} from '../../../db/repositories/provider-credential-repository';
import { validate } from '../../shared/validation';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { providerSchema } from '../schemas';
import { managingMember } from '../provider-access';
import { privateAddressReason } from '../public-address';

/**
 * Adds or changes a team's OpenAI-compatible server: name, base URL, API key (encrypted with
 * APP_KEY; only its last four characters are kept readable), and the models it offers. An edit
 * with no key keeps the stored one.
 */
export async function saveProvider(
  services: Pick<Services, 'db' | 'encrypter' | 'logger' | 'config'>,
  user: UserRow,
  teamId: number,
  input: unknown,
  providerId?: number,
): Promise<ProviderCredentialRow> {
  await managingMember(services.db, user, teamId);
  const repository = providerCredentialRepository(services.db, teamId);
  const existing = providerId === undefined ? undefined : await repository.find(providerId);
  if (providerId !== undefined && !existing) throw new NotFoundError();
  const data = validate(providerSchema, input, 'saveProvider');
  if (!existing && data.models.length === 0) {
    throw new ValidationError({ models: 'Name at least one model, or use Test connection to list them.' }, 'saveProvider');
  }
  const blocked = await privateAddressReason(data.base_url, services.config.knowledge.allowPrivateUrls);
  if (blocked) throw new ValidationError({ base_url: `The base url is not allowed: ${blocked}` }, 'saveProvider');
  const key = data.api_key
    ? { apiKey: services.encrypter.encrypt(data.api_key), apiKeyLastFour: data.api_key.slice(-4) }
    : {};
  const values = { name: data.name, baseUrl: data.base_url.replace(/\/+$/, ''), models: data.models, ...key };
  const row = existing
    ? await repository.update(existing.id, { ...values, models: data.models.length > 0 ? data.models : existing.models })
    : await repository.create({ apiKey: null, apiKeyLastFour: null, ...values });
  services.logger.info({ teamId, providerId: row!.id }, existing ? 'model provider changed' : 'model provider added');
  return row!;
}

export async function deleteProvider(services: Pick<Services, 'db'>, user: UserRow, teamId: number, providerId: number) {
  await managingMember(services.db, user, teamId);
  if (!(await providerCredentialRepository(services.db, teamId).delete(providerId))) throw new NotFoundError();
}

import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import { providerCredentialRepository } from '../../../db/repositories/provider-credential-repository';
import { OpenAiCompatibleProvider } from '../../../bot-engine/providers/openai-compatible';
import { NotFoundError } from '../../../support/errors';
import { managingMember } from '../provider-access';
import { privateAddressReason } from '../public-address';

/**
 * "Test connection": asks the server for its models (or one token of the first model) and reports
 * what it answered; a listed model set replaces the stored one. The key is used, never returned.
 */
export async function testProvider(
  services: Pick<Services, 'db' | 'encrypter' | 'config'>,
  user: UserRow,
  teamId: number,
  providerId: number,
) {
  await managingMember(services.db, user, teamId);
  const repository = providerCredentialRepository(services.db, teamId);
  const credential = await repository.find(providerId);
  if (!credential) throw new NotFoundError();
  const blocked = await privateAddressReason(credential.baseUrl, services.config.knowledge.allowPrivateUrls);
  if (blocked) return { ok: false, message: blocked, latencyMs: 0 };
  const provider = new OpenAiCompatibleProvider({
    baseUrl: credential.baseUrl,
    apiKey: credential.apiKey ? services.encrypter.decrypt(credential.apiKey) : undefined,
    timeoutMs: 15_000,
  });
  const result = await provider.testConnection(credential.models[0]);
  await repository.update(credential.id, {
    lastTestedAt: new Date(),
    lastTestResult: result.message.slice(0, 500),
    ...(result.ok && result.models && result.models.length > 0 ? { models: result.models.slice(0, 50) } : {}),
  });
  return result;
}

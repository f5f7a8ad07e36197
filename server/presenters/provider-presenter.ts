import type { ProviderCredentialRow } from '../db/repositories/provider-credential-repository';

/** A team's model server as pages show it: never the key, only its last four characters. */
export function presentProvider(provider: ProviderCredentialRow) {
  return {
    id: provider.id,
    name: provider.name,
    base_url: provider.baseUrl,
    has_key: provider.apiKey !== null,
    key_hint: provider.apiKeyLastFour ? `••••${provider.apiKeyLastFour}` : null,
    models: provider.models,
    last_tested_at: provider.lastTestedAt ? provider.lastTestedAt.toISOString() : null,
    last_test_result: provider.lastTestResult,
  };
}

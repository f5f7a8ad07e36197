import { loadConfig, type Config } from '../../server/config/env';

/** A complete configuration for tests: fixed local secrets, silent logs. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    APP_URL: 'http://127.0.0.1',
    APP_KEY: 'base64:dGVzdGluZy1rZXktZm9yLWthd2FuLXRlc3RzLTMyYiE=',
    LOG_LEVEL: 'silent',
    REVERB_APP_ID: '100001',
    REVERB_APP_KEY: 'test-app-key',
    REVERB_APP_SECRET: 'test-app-secret-0123456789',
    // New teams start on Business here so that tests of other areas are not bounded by Free's
    // limits; the billing tests put their teams on the plan they test (grantPlan) or set this.
    BILLING_DEFAULT_PLAN: 'business',
    ...overrides,
  });
}

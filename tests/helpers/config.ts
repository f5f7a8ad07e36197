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
    ...overrides,
  });
}

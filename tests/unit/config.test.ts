import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../server/config/env';
import { prepareEnvironment } from '../../server/config/secrets';

const base = {
  APP_KEY: 'base64:dGVzdGluZy1rZXktZm9yLWthd2FuLXRlc3RzLTMyYiE=',
  REVERB_APP_ID: '1',
  REVERB_APP_KEY: 'key',
  REVERB_APP_SECRET: 'secret-0123456789abcdef',
};

describe('configuration', () => {
  it('fills working defaults', () => {
    const config = loadConfig(base);
    expect(config.app).toMatchObject({ name: 'Kawan', url: 'http://localhost:8000', port: 8000, secure: false });
    expect(config.app.key).toHaveLength(32);
    expect(config.reverb).toMatchObject({ port: 8080, scheme: 'http', host: 'localhost' });
    expect(config.databaseUrl).toBeUndefined();
  });

  it('fails fast naming every bad or missing value', () => {
    try {
      loadConfig({ ...base, APP_KEY: 'short', PORT: 'eighty', APP_URL: 'not a url', REVERB_APP_SECRET: undefined });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as Error).message;
      for (const name of ['APP_KEY', 'PORT', 'APP_URL', 'REVERB_APP_SECRET']) expect(message).toContain(name);
    }
  });
});

describe('local secrets', () => {
  it('generates only the secrets neither the environment nor .env sets, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kawan-env-'));
    const file = join(dir, '.env');
    writeFileSync(file, 'REVERB_APP_KEY=from-file\n');
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'development', REVERB_APP_ID: 'from-env' };
    const generated = prepareEnvironment(file, env);
    expect(generated.sort()).toEqual(['APP_KEY', 'REVERB_APP_SECRET']);
    expect(env.REVERB_APP_ID).toBe('from-env');
    const written = readFileSync(file, 'utf8');
    expect(written).toMatch(/^APP_KEY=base64:/m);
    expect(written).not.toContain('REVERB_APP_ID=');
    expect(() => loadConfig({ ...env, REVERB_APP_KEY: 'from-file' })).not.toThrow();
    expect(prepareEnvironment(file, { ...env, APP_KEY: 'x', REVERB_APP_SECRET: 'y', REVERB_APP_KEY: 'z' })).toEqual([]);
  });

  it('never generates a secret in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kawan-env-'));
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
    expect(prepareEnvironment(join(dir, '.env'), env)).toEqual([]);
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});

import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig, loadConfigOrExit } from '../../server/config/env';
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

  it('ends an entry point on an invalid configuration: each problem on stderr, exit code 1', () => {
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${String(code)}`);
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(loadConfigOrExit(base).app.port).toBe(8000);
      expect(() => loadConfigOrExit({ ...base, PORT: 'eighty' })).toThrow('exit 1');
      expect(String(error.mock.calls[0][0])).toMatch(/^Invalid configuration:\n {2}- PORT: /);
    } finally {
      exit.mockRestore();
      error.mockRestore();
    }
  });

  it('treats a blank value (`NAME=` in .env) as unset', () => {
    const config = loadConfig({
      ...base,
      REVERB_PORT: '',
      REVERB_SERVER_PORT: '',
      REVERB_API_URL: '',
      REVERB_APP_MAX_CONNECTIONS: '',
    });
    expect(config.reverb).toMatchObject({ port: 8080, server: { port: 8080 }, maxConnections: undefined });
  });

  it('derives APP_URL from PORT when APP_URL is not set, so printed and mailed links follow the port', () => {
    expect(loadConfig({ ...base, PORT: '8100' }).app).toMatchObject({ url: 'http://localhost:8100', port: 8100 });
    // `APP_URL=` as .env.example has it counts as unset; so does a blank PORT.
    expect(loadConfig({ ...base, APP_URL: '', PORT: '8100' }).app.url).toBe('http://localhost:8100');
    expect(loadConfig({ ...base, APP_URL: '', PORT: '' }).app).toMatchObject({
      url: 'http://localhost:8000',
      port: 8000,
    });
    expect(loadConfig({ ...base, PORT: '80' }).app.url).toBe('http://localhost');
  });

  it("lowers `npm run worker`'s CPU priority to WORKER_NICE: 19 unless set, 0 keeps it, refuses more", () => {
    expect(loadConfig(base).queue.workerNice).toBe(19);
    expect(loadConfig({ ...base, WORKER_NICE: '0' }).queue.workerNice).toBe(0);
    expect(() => loadConfig({ ...base, WORKER_NICE: '20' })).toThrow(/WORKER_NICE/);
  });

  it('keeps an explicit APP_URL whatever the port (a proxy or another host in front)', () => {
    const config = loadConfig({ ...base, APP_URL: 'https://kawan.example.com/', PORT: '8100' });
    expect(config.app).toMatchObject({ url: 'https://kawan.example.com', port: 8100, secure: true });
  });
});

describe('realtime configuration', () => {
  const fails = (env: Record<string, string>, ...expected: string[]) => {
    try {
      loadConfig({ ...base, ...env });
      expect.unreachable(`accepted ${JSON.stringify(env)}`);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      for (const text of expected) expect((error as Error).message).toContain(text);
    }
  };

  it('runs the realtime server in the process by default, listening where browsers connect', () => {
    const config = loadConfig(base);
    expect(config.broadcastConnection).toBe('embedded');
    expect(config.redisPrefix).toBe('kawan:');
    expect(config.reverb).toMatchObject({
      host: 'localhost',
      port: 8080,
      scheme: 'http',
      server: { host: undefined, port: 8080 },
      api: { host: 'localhost', port: 8080, scheme: 'http' },
      allowedOrigins: ['*'],
      maxConnections: undefined,
    });
    // Over http the server is reached directly: moving REVERB_PORT moves the listener too.
    expect(loadConfig({ ...base, REVERB_PORT: '9090' }).reverb).toMatchObject({ port: 9090, server: { port: 9090 } });
  });

  it('over https, clients and the SDK use TLS on REVERB_PORT (443 unless set); the server listens on 8080', () => {
    const secure = loadConfig({ ...base, REVERB_SCHEME: 'https', REVERB_HOST: 'ws.kawan.test' });
    expect(secure.reverb).toMatchObject({
      port: 443,
      server: { port: 8080 },
      api: { host: 'ws.kawan.test', port: 443, scheme: 'https' },
    });
    const custom = loadConfig({
      ...base,
      REVERB_SCHEME: 'https',
      REVERB_HOST: 'ws.kawan.test',
      REVERB_PORT: '8443',
      REVERB_SERVER_HOST: '127.0.0.1',
      REVERB_SERVER_PORT: '6001',
    });
    expect(custom.reverb).toMatchObject({
      port: 8443,
      server: { host: '127.0.0.1', port: 6001 },
      api: { host: 'ws.kawan.test', port: 8443, scheme: 'https' },
    });
  });

  it('publishes to REVERB_API_URL when it is set, to another server than the one browsers see', () => {
    const internal = loadConfig({ ...base, BROADCAST_CONNECTION: 'reverb', REVERB_API_URL: 'http://realtime:8080' });
    expect(internal.broadcastConnection).toBe('reverb');
    expect(internal.reverb.api).toEqual({ host: 'realtime', port: 8080, scheme: 'http' });
    expect(internal.reverb).toMatchObject({ host: 'localhost', port: 8080 });
    const pusher = loadConfig({
      ...base,
      BROADCAST_CONNECTION: 'reverb',
      REVERB_API_URL: 'https://api-mt1.pusher.com/',
    });
    expect(pusher.reverb.api).toEqual({ host: 'api-mt1.pusher.com', port: 443, scheme: 'https' });
    for (const url of [
      'http://realtime:8080/apps',
      'ftp://realtime',
      'http://user:pw@realtime',
      'http://realtime?x=1',
      'realtime:8080',
    ]) {
      fails({ REVERB_API_URL: url }, 'REVERB_API_URL');
    }
  });

  it('refuses an unknown BROADCAST_CONNECTION and bad ports, naming the variable', () => {
    fails({ BROADCAST_CONNECTION: 'pusher' }, 'BROADCAST_CONNECTION', '"embedded"', '"reverb"');
    fails({ REVERB_PORT: '0' }, 'REVERB_PORT');
    fails({ REVERB_SERVER_PORT: '70000' }, 'REVERB_SERVER_PORT');
    fails({ REDIS_PREFIX: '' }, 'REDIS_PREFIX');
  });

  it('fails fast in production when an https APP_URL would make browsers open ws://', () => {
    const production = { ...base, NODE_ENV: 'production', APP_URL: 'https://kawan.example' };
    fails(production, 'REVERB_SCHEME', 'must be https when APP_URL is https');
    fails({ ...production, REVERB_SCHEME: 'http' }, 'REVERB_SCHEME');
    expect(loadConfig({ ...production, REVERB_SCHEME: 'https' }).reverb).toMatchObject({ scheme: 'https', port: 443 });
    // Outside production (a local https proxy, where ws://localhost is allowed) it is left alone.
    expect(() => loadConfig({ ...base, APP_URL: 'https://kawan.test' })).not.toThrow();
    expect(() => loadConfig({ ...base, NODE_ENV: 'production', APP_URL: 'http://kawan.example' })).not.toThrow();
  });

  it("sets the main app's connection limit and browser origins", () => {
    const config = loadConfig({
      ...base,
      REVERB_APP_MAX_CONNECTIONS: '500',
      REVERB_APP_ALLOWED_ORIGINS: ' kawan.test, *.kawan.test ,https://admin.kawan.test:8443',
    });
    expect(config.reverb).toMatchObject({
      maxConnections: 500,
      allowedOrigins: ['kawan.test', '*.kawan.test', 'https://admin.kawan.test:8443'],
    });
    const production = { ...base, NODE_ENV: 'production', APP_URL: 'https://kawan.example/', REVERB_SCHEME: 'https' };
    expect(loadConfig(production).reverb.allowedOrigins).toEqual(['https://kawan.example']);
    expect(loadConfig({ ...production, REVERB_APP_ALLOWED_ORIGINS: '*' }).reverb.allowedOrigins).toEqual(['*']);
    fails({ REVERB_APP_MAX_CONNECTIONS: '0' }, 'REVERB_APP_MAX_CONNECTIONS');
    fails({ REVERB_APP_MAX_CONNECTIONS: 'many' }, 'REVERB_APP_MAX_CONNECTIONS');
    fails({ REVERB_APP_ALLOWED_ORIGINS: ' , ' }, 'REVERB_APP_ALLOWED_ORIGINS');
    fails({ REVERB_APP_ALLOWED_ORIGINS: 'kawan.test foo.test' }, 'REVERB_APP_ALLOWED_ORIGINS');
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

  it('writes no address into .env: a later PORT still moves APP_URL', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kawan-env-'));
    const file = join(dir, '.env');
    prepareEnvironment(file, { NODE_ENV: 'development' });
    const written = readFileSync(file, 'utf8');
    expect(written).not.toMatch(/^(APP_URL|PORT)=/m);
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'development', PORT: '8100' };
    prepareEnvironment(file, env);
    expect(loadConfig(env).app.url).toBe('http://localhost:8100');
  });

  it('.env.example, copied to .env, leaves APP_URL to follow PORT', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kawan-env-'));
    const file = join(dir, '.env');
    writeFileSync(file, readFileSync(new URL('../../.env.example', import.meta.url), 'utf8'));
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'development', PORT: '8100' };
    prepareEnvironment(file, env);
    expect(loadConfig(env).app).toMatchObject({ url: 'http://localhost:8100', port: 8100 });
  });

  it('never generates a secret in production', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kawan-env-'));
    const env: NodeJS.ProcessEnv = { NODE_ENV: 'production' };
    expect(prepareEnvironment(join(dir, '.env'), env)).toEqual([]);
    expect(() => loadConfig(env)).toThrow(ConfigError);
  });
});

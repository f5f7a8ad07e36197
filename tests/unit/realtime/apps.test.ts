import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config/env';
import { AppRegistry, appsFromConfig, resolveApp } from '../../../server/realtime/apps';

const base = {
  APP_KEY: 'base64:dGVzdGluZy1rZXktZm9yLWthd2FuLXRlc3RzLTMyYiE=',
  REVERB_APP_ID: '1',
  REVERB_APP_KEY: 'main-key',
  REVERB_APP_SECRET: 'main-secret-0123456789',
};

describe('realtime apps from configuration', () => {
  it('serves the main app alone by default, any origin outside production', () => {
    const apps = appsFromConfig(loadConfig(base));
    expect(apps).toEqual([{ id: '1', key: 'main-key', secret: 'main-secret-0123456789', allowedOrigins: ['*'] }]);
  });

  it("limits the main app to APP_URL's origin in production", () => {
    const apps = appsFromConfig(
      loadConfig({ ...base, NODE_ENV: 'production', APP_URL: 'https://kawan.example/', REVERB_SCHEME: 'https' }),
    );
    expect(apps[0].allowedOrigins).toEqual(['https://kawan.example']);
  });

  it("takes the main app's limit and origins from REVERB_APP_MAX_CONNECTIONS and REVERB_APP_ALLOWED_ORIGINS", () => {
    const apps = appsFromConfig(
      loadConfig({ ...base, REVERB_APP_MAX_CONNECTIONS: '200', REVERB_APP_ALLOWED_ORIGINS: 'kawan.test,*.kawan.test' }),
    );
    expect(apps[0]).toEqual({
      id: '1',
      key: 'main-key',
      secret: 'main-secret-0123456789',
      allowedOrigins: ['kawan.test', '*.kawan.test'],
      maxConnections: 200,
    });
    expect(new AppRegistry(apps).byKey('main-key')?.maxConnections).toBe(200);
  });

  it('adds the apps of REVERB_EXTRA_APPS', () => {
    const extra = [
      {
        id: '2',
        key: 'widget',
        secret: 'widget-secret-0123',
        allowed_origins: ['*.shop.test'],
        max_connections: 50,
        client_events: 'none',
      },
    ];
    const apps = appsFromConfig(loadConfig({ ...base, REVERB_EXTRA_APPS: JSON.stringify(extra) }));
    expect(apps[1]).toEqual({
      id: '2',
      key: 'widget',
      secret: 'widget-secret-0123',
      allowedOrigins: ['*.shop.test'],
      maxConnections: 50,
      clientEvents: 'none',
      maxMessageSize: undefined,
      clientEventsPerSecond: undefined,
      maxPresenceMembers: undefined,
      maxEventPayload: undefined,
    });
    expect(new AppRegistry(apps).byKey('widget')?.maxConnections).toBe(50);
  });

  it('refuses a malformed REVERB_EXTRA_APPS naming the variable', () => {
    for (const value of [
      'not json',
      '{"id":"2"}',
      '[{"id":"2","key":"k","secret":"short"}]',
      '[{"id":"2","key":"k","secret":"long-enough-secret","nope":1}]',
    ]) {
      expect(() => loadConfig({ ...base, REVERB_EXTRA_APPS: value })).toThrow(ConfigError);
      try {
        loadConfig({ ...base, REVERB_EXTRA_APPS: value });
      } catch (error) {
        expect((error as Error).message).toContain('REVERB_EXTRA_APPS');
      }
    }
  });

  it('refuses duplicate ids or keys and fills defaults', () => {
    const app = { id: '1', key: 'k', secret: 's' };
    expect(() => new AppRegistry([app, { ...app, key: 'other' }])).toThrow(/id/);
    expect(() => new AppRegistry([app, { ...app, id: '2' }])).toThrow(/key/);
    expect(() => new AppRegistry([])).toThrow();
    expect(resolveApp(app, ['kawan.test'])).toEqual({
      ...app,
      maxConnections: Number.POSITIVE_INFINITY,
      allowedOrigins: ['kawan.test'],
      maxMessageSize: 10_000,
      clientEvents: 'private',
      clientEventsPerSecond: 10,
      maxPresenceMembers: 100,
      maxEventPayload: 10_240,
    });
  });
});

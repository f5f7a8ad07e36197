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
  it("serves the main app (any origin outside production) and the widget's, whose key and secret derive from APP_KEY", () => {
    const apps = appsFromConfig(loadConfig(base));
    expect(apps).toHaveLength(2);
    expect(apps[0]).toEqual({ id: '1', key: 'main-key', secret: 'main-secret-0123456789', allowedOrigins: ['*'] });
    expect(apps[1]).toMatchObject({ id: 'kawan-widget', allowedOrigins: ['*'], clientEvents: 'none' });
    expect(apps[1].key).toMatch(/^widget-[0-9a-f]{20}$/);
    expect(apps[1].secret).toMatch(/^[0-9a-f]{64}$/);
    // Stable for a key, different for another.
    expect(appsFromConfig(loadConfig(base))[1].secret).toBe(apps[1].secret);
    const other = appsFromConfig(loadConfig({ ...base, APP_KEY: 'base64:b3RoZXIta2V5LWZvci1rYXdhbi10ZXN0cy0zMmJ5dGU=' }));
    expect(other[1].secret).not.toBe(apps[1].secret);
    const set = appsFromConfig(
      loadConfig({ ...base, REVERB_WIDGET_APP_KEY: 'w-key', REVERB_WIDGET_APP_SECRET: 'w-secret-0123456789' }),
    );
    expect(set[1]).toMatchObject({ key: 'w-key', secret: 'w-secret-0123456789' });
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

  it("takes the main app's channels per connection from REVERB_APP_MAX_CHANNELS_PER_CONNECTION (100 when unset)", () => {
    const apps = appsFromConfig(loadConfig({ ...base, REVERB_APP_MAX_CHANNELS_PER_CONNECTION: '25' }));
    expect(apps[0].maxChannelsPerConnection).toBe(25);
    expect(new AppRegistry(apps).byKey('main-key')?.maxChannelsPerConnection).toBe(25);
    const unset = appsFromConfig(loadConfig({ ...base, REVERB_APP_MAX_CHANNELS_PER_CONNECTION: '' }));
    expect(unset[0]).not.toHaveProperty('maxChannelsPerConnection');
    expect(new AppRegistry(unset).byKey('main-key')?.maxChannelsPerConnection).toBe(100);
    for (const bad of ['0', '-1', '2.5', 'many']) {
      expect(() => loadConfig({ ...base, REVERB_APP_MAX_CHANNELS_PER_CONNECTION: bad })).toThrow(
        /REVERB_APP_MAX_CHANNELS_PER_CONNECTION/,
      );
    }
  });

  it('adds the apps of REVERB_EXTRA_APPS', () => {
    const extra = [
      {
        id: '2',
        key: 'widget',
        secret: 'widget-secret-0123',
        allowed_origins: ['*.shop.test'],
        max_connections: 50,
        max_channels_per_connection: 500,
        client_events: 'none',
      },
    ];
    const apps = appsFromConfig(loadConfig({ ...base, REVERB_EXTRA_APPS: JSON.stringify(extra) }));
    expect(apps[2]).toEqual({
      id: '2',
      key: 'widget',
      secret: 'widget-secret-0123',
      allowedOrigins: ['*.shop.test'],
      maxConnections: 50,
      maxChannelsPerConnection: 500,
      clientEvents: 'none',
      maxMessageSize: undefined,
      clientEventsPerSecond: undefined,
      maxPresenceMembers: undefined,
      maxEventPayload: undefined,
    });
    expect(new AppRegistry(apps).byKey('widget')?.maxConnections).toBe(50);
    expect(new AppRegistry(apps).byKey('widget')?.maxChannelsPerConnection).toBe(500);
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
      maxChannelsPerConnection: 100,
      allowedOrigins: ['kawan.test'],
      maxMessageSize: 10_000,
      clientEvents: 'private',
      clientEventsPerSecond: 10,
      maxPresenceMembers: 100,
      maxEventPayload: 10_240,
    });
  });
});

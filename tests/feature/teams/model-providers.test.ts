import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { cafeBot } from '../../helpers/bots';
import { startFakeChatServer, type FakeChatServer } from '../../helpers/fake-chat-server';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { providerCredentials } from '../../../server/db/schema/index';

/**
 * A team's own OpenAI-compatible server: owners and admins add it with its key (encrypted, shown as
 * its last four characters), test the connection, and a bot answers through it with that key.
 */
let app: TestApp;
let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ apiKey: 'sk-team-secret-9f3a', models: ['team-model', 'team-model-mini'], reply: 'Dari server tim: buka pukul 07.00 [1].' });
  app = await createTestApp({ env: { KNOWLEDGE_ALLOW_PRIVATE_URLS: 'true' } });
});
afterAll(async () => {
  await app.close();
  await server.close();
});

describe('model providers of a team', () => {
  it('are added with an encrypted key, tested, used by a bot with that key, edited and removed', async () => {
    const { client, team, botId, chat } = await cafeBot(app);
    await client.visit(`/teams/${team.id}`);
    await client.send('post', `/teams/${team.id}/providers`, {
      name: 'Server tim',
      base_url: `${server.baseUrl}/`,
      api_key: 'sk-team-secret-9f3a',
      models: 'team-model',
    });
    const show = expectPage(await client.visit(`/teams/${team.id}`), 'Teams/Show');
    expect(show.props.canManageProviders).toBe(true);
    const [provider] = show.props.providers as Array<{ id: number; key_hint: string; base_url: string; models: string[] }>;
    expect(provider).toMatchObject({ key_hint: '••••9f3a', base_url: server.baseUrl, models: ['team-model'] });
    expect(JSON.stringify(show.props)).not.toContain('sk-team-secret');
    const [stored] = await app.services.db.select().from(providerCredentials);
    expect(stored.apiKey).not.toContain('sk-team-secret');

    const tested = await client.agent
      .post(`/teams/${team.id}/providers/${provider.id}/test`)
      .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' });
    expect(tested.body).toMatchObject({ ok: true, models: ['team-model', 'team-model-mini'] });
    expect(JSON.stringify(tested.body)).not.toContain('sk-team-secret');

    // The bot answers through the team's server, with its key.
    const edit = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit');
    expect(edit.props.providers).toEqual([{ id: provider.id, name: 'Server tim', models: ['team-model', 'team-model-mini'] }]);
    const config = edit.props.config as Record<string, unknown> & { model: Record<string, unknown> };
    await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      config: { ...config, model: { ...config.model, providerId: provider.id, name: 'team-model-mini' } },
    });
    const answered = await chat('Outlet Kemang buka jam berapa?');
    expect(answered.body.turn.reply).toBe('Dari server tim: buka pukul 07.00 [1].');
    const call = server.requests.at(-1)!;
    expect(call.headers.authorization).toBe('Bearer sk-team-secret-9f3a');
    expect(server.chatBodies().at(-1)!.model).toBe('team-model-mini');
    expect(JSON.stringify(app.logs())).not.toContain('sk-team-secret');

    // An edit without a key keeps it; removing the provider makes the bot use the platform again.
    await client.send('put', `/teams/${team.id}/providers/${provider.id}`, { name: 'Server tim 2', base_url: server.baseUrl, api_key: '' });
    const edited = expectPage(await client.visit(`/teams/${team.id}`), 'Teams/Show').props.providers as Array<{ name: string; key_hint: string }>;
    expect(edited[0]).toMatchObject({ name: 'Server tim 2', key_hint: '••••9f3a' });
    await client.send('delete', `/teams/${team.id}/providers/${provider.id}`);
    expect(expectPage(await client.visit(`/teams/${team.id}`), 'Teams/Show').props.providers).toEqual([]);
    const offline = await chat('Outlet Kemang buka jam berapa?');
    expect(offline.body.turn.trace.provider.kind).toBe('extractive');
  });

  it('refuses bad input, other roles (403) and other teams (404); a bot may not name another team\'s provider', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, owner);
    await client.visit(`/teams/${team.id}`);
    await client.send('post', `/teams/${team.id}/providers`, { name: '', base_url: 'ftp://x', models: '' });
    expect((expectPage(await client.visit(`/teams/${team.id}`), 'Teams/Show').props.errors as Record<string, unknown>).saveProvider).toEqual({
      name: 'The name field is required.',
      base_url: 'The base url field must be a valid http or https address, such as https://api.openai.com/v1.',
    });

    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role, { current: true });
      const memberClient = await knowledgeClient(app, member);
      const page = expectPage(await memberClient.visit(`/teams/${team.id}`), 'Teams/Show');
      expect(page.props).toMatchObject({ canManageProviders: false, providers: [] });
      expect((await memberClient.send('post', `/teams/${team.id}/providers`, { name: 'x', base_url: server.baseUrl, models: 'm' })).status).toBe(403);
    }
    const { owner: stranger } = await createOwnedTeam(app.services, { current: true });
    const strangerClient = await knowledgeClient(app, stranger);
    expect((await strangerClient.send('post', `/teams/${team.id}/providers`, { name: 'x', base_url: server.baseUrl, models: 'm' })).status).toBe(404);

    await client.send('post', `/teams/${team.id}/providers`, { name: 'Mine', base_url: server.baseUrl, models: 'm' });
    const [mine] = expectPage(await client.visit(`/teams/${team.id}`), 'Teams/Show').props.providers as Array<{ id: number }>;
    const other = await cafeBot(app);
    const config = expectPage(await other.client.visit(`/bots/${other.botId}/edit`), 'Bots/Edit').props.config as Record<string, unknown> & {
      model: Record<string, unknown>;
    };
    await other.client.send('put', `/bots/${other.botId}`, { name: 'X', avatar_color: 'emerald', config: { ...config, model: { ...config.model, providerId: mine.id } } });
    expect(expectPage(await other.client.visit(`/bots/${other.botId}/edit`), 'Bots/Edit').props.errors).toEqual({
      'config.model.providerId': 'The selected provider is invalid.',
    });
  });
});

describe('private addresses', () => {
  it('are refused for a team model server unless the setting allows them', async () => {
    const guarded = await createTestApp();
    try {
      const { owner, team } = await createOwnedTeam(guarded.services, { current: true });
      const client = await knowledgeClient(guarded, owner);
      await client.visit(`/teams/${team.id}`);
      await client.send('post', `/teams/${team.id}/providers`, { name: 'Meta', base_url: 'http://169.254.169.254/v1', models: 'm' });
      const errors = (expectPage(await client.visit(`/teams/${team.id}`), 'Teams/Show').props.errors as Record<string, Record<string, string>>).saveProvider;
      expect(errors.base_url).toMatch(/private or local network address/);
    } finally {
      await guarded.close();
    }
  });
});

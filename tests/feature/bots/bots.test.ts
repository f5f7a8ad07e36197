import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { cafeBot } from '../../helpers/bots';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel } from '../../factories/channels';
import { createPublishedBot } from '../../factories/bots';
import { onPlan } from '../../helpers/billing';

/** Bots through their pages: create, edit the draft, publish, restore, delete; roles and tenancy. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('a bot from creation to deletion', () => {
  it('is created as a draft linked to the knowledge, edited, published, restored and deleted', async () => {
    const { client, botId, knowledgeId, team } = await cafeBot(app);
    const show = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
    expect(show.props.bot).toMatchObject({
      name: 'Asisten Kopi',
      status: 'draft',
      published_version: null,
      has_draft_changes: true,
      knowledge_count: 1,
      avatar_color: 'emerald',
    });
    expect((show.props.bot as { public_id: string }).public_id).toMatch(/^bot_[A-Za-z0-9]{16}$/);
    expect(show.props.knowledges).toEqual([{ id: knowledgeId, name: 'FAQ' }]);
    expect(show.props.ai).toEqual({ provider: expect.stringMatching(/^Extractive \(offline\)/) });

    const index = expectPage(await client.visit('/bots'), 'Bots/Index');
    expect(index.props.bots).toMatchObject({
      data: [{ id: botId, status: 'draft', replies_this_month: 0 }],
      meta: { total: 1 },
    });
    expect(index.props.channels).toEqual({ [botId]: [] });
    // Beside "New bot": the team's bots against its plan's (Business in the tests).
    expect(index.props.limit).toEqual({ used: 1, limit: 20, reached: false, plan: 'Business' });
    // The list names the channels a bot answers on.
    await createChannel(app.services, team.id, { type: 'web', botId });
    await createChannel(app.services, team.id, { type: 'telegram', botId });
    const listed = expectPage(await client.visit('/bots'), 'Bots/Index');
    expect(
      (listed.props.channels as Record<number, { type: string; count: number }[]>)[botId].map((c) => c.type).sort(),
    ).toEqual(['telegram', 'web']);

    // Publish version 1: the bot becomes active and has no draft changes.
    expect((await client.send('post', `/bots/${botId}/publish`, { note: 'First' })).headers.location).toBe(
      `/bots/${botId}`,
    );
    const published = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
    expect(published.props.bot).toMatchObject({ status: 'active', published_version: 1, has_draft_changes: false });
    expect(published.props.versions).toMatchObject([{ version: 1, note: 'First' }]);
    // Publishing an unchanged draft is refused.
    await client.send('post', `/bots/${botId}/publish`, {});
    expect(expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show').props.errors).toEqual({
      note: 'Version 1 is already the draft: change something first.',
    });

    // Edit the draft: published version unchanged, draft changes flagged.
    const edit = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit');
    const config = edit.props.config as Record<string, unknown> & { model: Record<string, unknown> };
    await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      test_questions: 'Jam buka?\nBisa bayar QRIS?',
      config: { ...config, instructions: 'Jawab singkat dan ramah.', model: { ...config.model, temperature: 0.5 } },
    });
    const edited = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit');
    expect(edited.props.config).toMatchObject({
      instructions: 'Jawab singkat dan ramah.',
      model: { temperature: 0.5 },
    });
    expect(edited.props.test_questions).toEqual(['Jam buka?', 'Bisa bayar QRIS?']);
    expect(edited.props.bot).toMatchObject({ has_draft_changes: true, published_version: 1 });

    await client.send('post', `/bots/${botId}/publish`, { note: 'Shorter answers' });
    const versions = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit').props.versions as Array<{
      id: number;
      version: number;
    }>;
    expect(versions.map((v) => v.version)).toEqual([2, 1]);

    // Restore version 1 into the draft.
    const first = versions.find((v) => v.version === 1)!;
    await client.send('post', `/bots/${botId}/versions/${first.id}/restore`);
    const restored = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit');
    expect((restored.props.config as { instructions: string }).instructions).not.toBe('Jawab singkat dan ramah.');
    expect(restored.props.bot).toMatchObject({ has_draft_changes: true, published_version: 2 });

    expect((await client.send('delete', `/bots/${botId}`)).headers.location).toBe('/bots');
    expect((await client.visit(`/bots/${botId}`)).status).toBe(404);
  });

  it('refuses bad settings with a message per field and a knowledge base of another team', async () => {
    const { client, botId } = await cafeBot(app);
    const { team: other } = await createOwnedTeam(app.services);
    const foreign = await app.services.db.execute(
      // A knowledge base of another team, made directly.
      `insert into knowledges (team_id, name, language, embedding_provider, embedding_model, embedding_dimensions) values (${other.id}, 'Theirs', 'simple', 'kawan', 'lexical-v1', 384) returning id` as never,
    );
    const foreignId = Number(
      ((foreign as unknown as { rows: Array<{ id: number }> }).rows ?? (foreign as unknown as Array<{ id: number }>))[0]
        .id,
    );
    const config = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit').props.config as Record<
      string,
      unknown
    > & {
      model: Record<string, unknown>;
    };
    await client.send('put', `/bots/${botId}`, {
      name: '',
      avatar_color: 'emerald',
      config: { ...config, model: { ...config.model, temperature: 3 } },
    });
    const page = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit');
    expect(page.props.errors).toMatchObject({ name: 'The name field is required.' });
    await client.send('put', `/bots/${botId}`, {
      name: 'X',
      avatar_color: 'emerald',
      config: { ...config, model: { ...config.model, temperature: 3 } },
    });
    expect(expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit').props.errors).toEqual({
      'config.model.temperature': 'The temperature field must be between 0 and 1.',
    });
    await client.send('put', `/bots/${botId}`, {
      name: 'X',
      avatar_color: 'emerald',
      config: { ...config, knowledgeIds: [foreignId] },
    });
    expect(expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit').props.errors).toEqual({
      'config.knowledgeIds': 'The selected knowledge base is invalid.',
    });
    // Nor can a new bot be linked to it.
    await client.visit('/bots/create');
    await client.send('post', '/bots', { name: 'Theirs', knowledge_ids: [foreignId] });
    expect(expectPage(await client.visit('/bots/create'), 'Bots/Create').props.errors).toEqual({
      knowledge_ids: 'The selected knowledge base is invalid.',
    });
  });
});

describe('the plan’s bots beside New bot', () => {
  it('tells a Free team with its one bot that the limit is reached, and a team with room that it is not', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    await onPlan(app, team.id, 'free');
    const client = await signedIn(app.app, owner);
    expect(expectPage(await client.visit('/bots'), 'Bots/Index').props.limit).toEqual({
      used: 0,
      limit: 1,
      reached: false,
      plan: 'Free',
    });
    await createPublishedBot(app.services, team.id);
    expect(expectPage(await client.visit('/bots'), 'Bots/Index').props.limit).toEqual({
      used: 1,
      limit: 1,
      reached: true,
      plan: 'Free',
    });
    // Counted over the whole team, whatever the search or page shows.
    expect(expectPage(await client.visit('/bots?search=nothing-matches'), 'Bots/Index').props.limit).toMatchObject({
      used: 1,
      reached: true,
    });
    await onPlan(app, team.id, 'starter');
    expect(expectPage(await client.visit('/bots'), 'Bots/Index').props.limit).toEqual({
      used: 1,
      limit: 2,
      reached: false,
      plan: 'Starter',
    });
  });
});

describe('who may do what', () => {
  it('lets agents and viewers read and try a bot, but not change it; another team gets 404', async () => {
    const { team, botId } = await cafeBot(app);
    for (const role of ['agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role, { current: true });
      const client = await knowledgeClient(app, member);
      expect(expectPage(await client.visit('/bots'), 'Bots/Index').props.can).toEqual({
        create: false,
        update: false,
        delete: false,
      });
      expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
      expect((await client.visit('/bots/create')).status).toBe(403);
      expect((await client.send('post', '/bots', { name: 'No' })).status).toBe(403);
      expect((await client.send('put', `/bots/${botId}`, { name: 'No' })).status).toBe(403);
      expect((await client.send('post', `/bots/${botId}/publish`)).status).toBe(403);
      expect((await client.send('delete', `/bots/${botId}`)).status).toBe(403);
      const chat = await client.agent
        .post(`/bots/${botId}/chat`)
        .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
        .send({ message: 'jam buka?' });
      expect(chat.status).toBe(200);
    }
    const { owner: stranger } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, stranger);
    expect((await client.visit(`/bots/${botId}`)).status).toBe(404);
    expect(
      (
        await client.agent
          .post(`/bots/${botId}/chat`)
          .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
          .send({ message: 'x' })
      ).status,
    ).toBe(404);
  });
});

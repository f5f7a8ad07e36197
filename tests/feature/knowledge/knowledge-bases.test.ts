import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { createOwnedTeam, createMember } from '../../factories/teams';
import { createKnowledgeWithChunk } from '../../factories/knowledge';
import { onPlan } from '../../helpers/billing';

/** Knowledges/Index and the create/edit/delete of a knowledge base, through the pages. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('a knowledge base from creation to deletion', () => {
  it('starts empty, is listed with its totals, and can be renamed and deleted', async () => {
    const { owner } = await createOwnedTeam(app.services, { name: 'Kopi Senja', current: true });
    const client = await knowledgeClient(app, owner);

    const empty = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(empty.props.knowledges).toMatchObject({ data: [], meta: { total: 0 } });
    expect(empty.props.can).toEqual({ create: true, update: true, delete: true });
    // The team's knowledge sources against its plan's (Business in the tests).
    expect(empty.props.limit).toEqual({ used: 0, limit: 2_000, reached: false, plan: 'Business' });

    expect(expectPage(await client.visit('/knowledges/create'), 'Knowledges/Form').props.limit).toEqual({
      used: 0,
      limit: 2_000,
      reached: false,
      plan: 'Business',
    });
    const created = await client.send('post', '/knowledges', {
      name: 'FAQ Kopi Senja',
      description: 'Jam buka dan menu',
      language: 'indonesian',
    });
    expect(created.status).toBe(303);
    const editUrl = created.headers.location as string;
    expect(editUrl).toMatch(/^\/knowledges\/\d+\/edit$/);
    const id = Number(editUrl.split('/')[2]);

    const form = expectPage(await client.visit(editUrl), 'Knowledges/Form');
    expect(form.props.knowledge).toMatchObject({
      id,
      name: 'FAQ Kopi Senja',
      language: 'indonesian',
      embedder: { available: true, offline: true, dimensions: 384 },
    });
    expect(form.props.sources).toEqual([]);
    expect(form.props).not.toHaveProperty('preview');

    const listed = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(listed.props.knowledges).toMatchObject({
      data: [{ id, name: 'FAQ Kopi Senja', status: 'empty', sources_count: 0, chunks_count: 0, progress: null }],
    });
    expect(app.broadcasts.some((b) => b.event === 'App\\Events\\KnowledgeChanged')).toBe(true);

    expect((await client.send('put', `/knowledges/${id}`, { name: 'FAQ', language: 'english' })).status).toBe(303);
    const renamed = expectPage(await client.visit(editUrl), 'Knowledges/Form');
    expect(renamed.props.knowledge).toMatchObject({ name: 'FAQ', language: 'english', description: '' });

    expect((await client.send('delete', `/knowledges/${id}`)).headers.location).toBe('/knowledges');
    expect((await client.visit(editUrl)).status).toBe(404);
  });

  it('counts every knowledge base’s sources against the plan on the list and the form', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    await onPlan(app, team.id, 'free');
    const client = await knowledgeClient(app, owner);
    const { knowledge } = await createKnowledgeWithChunk(app.services, team.id, { name: 'FAQ' });
    expect(expectPage(await client.visit(`/knowledges/${knowledge.id}/edit`), 'Knowledges/Form').props.limit).toEqual({
      used: 1,
      limit: 10,
      reached: false,
      plan: 'Free',
    });
    // Free's ten sources, spread over other knowledge bases: this one's form is full too.
    for (let index = 0; index < 9; index += 1) await createKnowledgeWithChunk(app.services, team.id);
    const full = { used: 10, limit: 10, reached: true, plan: 'Free' };
    expect(expectPage(await client.visit(`/knowledges/${knowledge.id}/edit`), 'Knowledges/Form').props.limit).toEqual(
      full,
    );
    expect(expectPage(await client.visit('/knowledges'), 'Knowledges/Index').props.limit).toEqual(full);
  });

  it('refuses a nameless knowledge base or an unknown language with a message per field', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, owner);
    await client.visit('/knowledges/create');
    const res = await client.send('post', '/knowledges', { name: ' ', language: 'klingon' });
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit('/knowledges/create'), 'Knowledges/Form');
    expect(page.props.errors).toEqual({
      name: 'The name field is required.',
      language: 'The language must be Indonesian, English or Other.',
    });
  });

  it('searches by name and pages through many knowledge bases', async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, owner);
    for (let index = 1; index <= 14; index++) {
      await client.send('post', '/knowledges', { name: `Cabang ${index}`, language: 'simple' });
    }
    await client.send('post', '/knowledges', { name: 'Menu 50% off_sale', language: 'simple' });
    const first = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(first.props.knowledges).toMatchObject({
      meta: { current_page: 1, last_page: 2, total: 15, from: 1, to: 12 },
    });
    const second = expectPage(await client.visit('/knowledges?page=2'), 'Knowledges/Index');
    expect((second.props.knowledges as { data: unknown[] }).data).toHaveLength(3);
    const found = expectPage(await client.visit('/knowledges?search=cabang%201'), 'Knowledges/Index');
    expect((found.props.knowledges as { data: Array<{ name: string }> }).data.map((k) => k.name).sort()).toEqual([
      'Cabang 1',
      'Cabang 10',
      'Cabang 11',
      'Cabang 12',
      'Cabang 13',
      'Cabang 14',
    ]);
    // LIKE's wildcards in the search match themselves.
    const literal = expectPage(await client.visit('/knowledges?search=50%25%20off_'), 'Knowledges/Index');
    expect((literal.props.knowledges as { data: Array<{ name: string }> }).data.map((k) => k.name)).toEqual([
      'Menu 50% off_sale',
    ]);
    expect(literal.props.filters).toEqual({ search: '50% off_' });
  });
});

describe('who may do what', () => {
  it('lets editors manage, and agents and viewers read without buttons or writes', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const ownerClient = await knowledgeClient(app, owner);
    const created = await ownerClient.send('post', '/knowledges', { name: 'Shared', language: 'english' });
    const id = Number((created.headers.location as string).split('/')[2]);

    const editor = await createMember(app.services, team, 'editor', { current: true });
    const editorClient = await knowledgeClient(app, editor);
    expect(
      (await editorClient.send('put', `/knowledges/${id}`, { name: 'Shared by editor', language: 'english' })).status,
    ).toBe(303);

    for (const role of ['agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role, { current: true });
      const client = await knowledgeClient(app, member);
      const index = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
      expect(index.props.can).toEqual({ create: false, update: false, delete: false });
      expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form');
      expect((await client.visit('/knowledges/create')).status).toBe(403);
      expect((await client.send('post', '/knowledges', { name: 'No', language: 'english' })).status).toBe(403);
      expect((await client.send('put', `/knowledges/${id}`, { name: 'No', language: 'english' })).status).toBe(403);
      expect((await client.send('delete', `/knowledges/${id}`)).status).toBe(403);
      expect(
        (await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'x', text: 'y' })).status,
      ).toBe(403);
    }
  });

  it("answers 404 for another team's knowledge base, whatever the role", async () => {
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const ownerClient = await knowledgeClient(app, owner);
    const created = await ownerClient.send('post', '/knowledges', { name: 'Private', language: 'english' });
    const id = Number((created.headers.location as string).split('/')[2]);

    const { owner: stranger } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, stranger);
    expect((await client.visit(`/knowledges/${id}/edit`)).status).toBe(404);
    expect((await client.send('put', `/knowledges/${id}`, { name: 'Mine', language: 'english' })).status).toBe(404);
    expect((await client.send('delete', `/knowledges/${id}`)).status).toBe(404);
    expect((await client.agent.get(`/knowledges/${id}/search?q=x`).set('Accept', 'application/json')).status).toBe(404);
    const list = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(list.props.knowledges).toMatchObject({ meta: { total: 0 } });
  });
});

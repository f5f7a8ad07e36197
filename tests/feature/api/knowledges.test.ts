import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOwnedTeam, createMember } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import type { TokenAbility } from '../../../server/domain/teams/roles';

/** The knowledge API with bearer tokens: list, create, add sources (JSON and multipart), follow, search. */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function tokenFor(abilities: TokenAbility[], role: 'owner' | 'viewer' = 'owner') {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const user = role === 'owner' ? owner : await createMember(app.services, team, role, { current: true });
  const { plainText } = await createApiToken(app.services, user, { teamId: team.id, abilities });
  const call = (method: 'get' | 'post', url: string) =>
    supertest(app.app)[method](url).set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' });
  return { call, team };
}

describe('/api/knowledges', () => {
  it('creates a knowledge base, adds text and a file, follows the ingest and searches', async () => {
    const { call } = await tokenFor(['create', 'read', 'update', 'delete']);
    const created = await call('post', '/api/knowledges').send({ name: 'Support', language: 'english' });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ name: 'Support', status: 'empty', sources_count: 0 });
    const id = created.body.id as number;

    const text = await call('post', `/api/knowledges/${id}/sources`).send({
      type: 'text',
      title: 'Returns',
      text: 'Items can be returned within 14 days with the receipt.',
    });
    expect(text.status).toBe(202);
    expect(text.body).toMatchObject({ type: 'text', status: 'queued', working: true });
    const file = await call('post', `/api/knowledges/${id}/sources`)
      .field('type', 'file')
      .attach('file', Buffer.from('# Shipping\n\nWe ship within 2 working days.\n'), { filename: 'shipping.md', contentType: 'text/markdown' });
    expect(file.status, file.text).toBe(202);

    await app.services.jobs.drain();
    const followed = await call('get', `/api/knowledges/${id}/sources/${file.body.id}`);
    expect(followed.body).toMatchObject({ status: 'ready', progress: 100, chunk_count: 1, details: { format: 'markdown' } });

    const list = await call('get', '/api/knowledges');
    expect(list.body).toMatchObject({ data: [{ id, status: 'ready', sources_count: 2 }], meta: { total: 1 } });

    const found = await call('get', `/api/knowledges/${id}/search?q=how+long+to+return`);
    expect(found.status).toBe(200);
    expect(found.body.chunks[0]).toMatchObject({ content: expect.stringContaining('14 days'), source: { title: 'Returns' } });

    // Searches through the API count as hits (written in batches).
    await app.services.knowledgeHits.flush();
    const afterHits = await call('get', `/api/knowledges/${id}/sources/${text.body.id}`);
    expect(afterHits.body.hit_count).toBeGreaterThanOrEqual(1);
  });

  it('answers 422 with a message per field, 404 for another team, 403 without the ability or the role', async () => {
    const { call } = await tokenFor(['create', 'read']);
    const invalid = await call('post', '/api/knowledges').send({ name: '', language: 'latin' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.errors).toEqual({
      name: ['The name field is required.'],
      language: ['The language must be Indonesian, English or Other.'],
    });
    const created = await call('post', '/api/knowledges').send({ name: 'Mine', language: 'simple' });
    const missingQuery = await call('get', `/api/knowledges/${created.body.id}/search`);
    expect(missingQuery.status).toBe(422);
    expect(missingQuery.body.errors).toHaveProperty('q');
    const badSource = await call('post', `/api/knowledges/${created.body.id}/sources`).send({ type: 'url', url: 'javascript:alert(1)' });
    expect(badSource.status).toBe(422);

    const other = await tokenFor(['create', 'read', 'update', 'delete']);
    expect((await other.call('get', `/api/knowledges/${created.body.id}/search?q=x`)).status).toBe(404);
    expect((await other.call('post', `/api/knowledges/${created.body.id}/sources`).send({ type: 'text', title: 't', text: 'x' })).status).toBe(404);

    const readOnly = await tokenFor(['read']);
    expect((await readOnly.call('post', '/api/knowledges').send({ name: 'No', language: 'simple' })).status).toBe(403);
    const viewer = await tokenFor(['create', 'read'], 'viewer');
    const refused = await viewer.call('post', '/api/knowledges').send({ name: 'No', language: 'simple' });
    expect(refused.status).toBe(403);
    expect((await viewer.call('get', '/api/knowledges')).status).toBe(200);
  });
});

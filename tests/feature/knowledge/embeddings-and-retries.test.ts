import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { fakeOpenAi } from '../../helpers/fake-openai';
import { createOwnedTeam } from '../../factories/teams';
import { syncVectorIndex, vectorIndexName } from '../../../server/knowledge/vector-index';

/**
 * Knowledge embedded by an OpenAI-compatible server (a local fake speaking the real wire format),
 * and the job queue's retries: a failure the next attempt cures, and one no attempt cures, which
 * ends as a visible error with a Retry that works once the server is back.
 */
let app: TestApp;
let server: Awaited<ReturnType<typeof fakeOpenAi>>;
beforeAll(async () => {
  server = await fakeOpenAi();
  app = await createTestApp({
    env: {
      AI_BASE_URL: server.baseUrl,
      AI_API_KEY: 'sk-test-secret-key',
      AI_EMBEDDING_MODEL: 'fake-embed-small',
      QUEUE_RETRY_DELAY_SECONDS: '0',
    },
  });
});
afterAll(async () => {
  await app.close();
  await server.close();
});

async function knowledge() {
  const { owner } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const created = await client.send('post', '/knowledges', { name: 'Remote', language: 'english' });
  const id = Number((created.headers.location as string).split('/')[2]);
  const form = async () => expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form').props;
  return { client, id, form };
}

describe('embeddings from an OpenAI-compatible server', () => {
  it('embeds in batches with the key, learns the dimensions, caches by content and searches with them', async () => {
    const { client, id, form } = await knowledge();
    const before = (await form()).knowledge as { embedder: Record<string, unknown> };
    expect(before.embedder).toMatchObject({ model: 'fake-embed-small', available: true, offline: false });

    const sent = server.requests.length;
    await client.send('post', `/knowledges/${id}/sources`, {
      type: 'text',
      title: 'Returns',
      text: '# Returns\n\nItems can be returned within 14 days.\n\n# Shipping\n\nWe ship to all of Indonesia in 2–5 days.',
    });
    await client.work();
    const calls = server.requests.slice(sent);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ path: '/v1/embeddings', authorization: 'Bearer sk-test-secret-key' });
    expect(calls[0].body.model).toBe('fake-embed-small');
    const after = (await form()).knowledge as { embedder: { dimensions: number } };
    expect(after.embedder.dimensions).toBe(64);

    const res = await client.agent
      .get(`/knowledges/${id}/search`)
      .query({ q: 'how many days to return an item' })
      .set('Accept', 'application/json');
    expect(res.body.retrievers.sort()).toEqual(['fulltext', 'vector']);
    expect(res.body.chunks[0].content).toContain('14 days');
    expect(res.body.chunks[0].retrievers.vector.similarity).toBeGreaterThan(0);

    // The same text in another source is not sent again: the cache answers.
    const beforeCopy = server.requests.length;
    await client.send('post', `/knowledges/${id}/sources`, {
      type: 'text',
      title: 'Returns again',
      text: '# Returns\n\nItems can be returned within 14 days.\n\n# Shipping\n\nWe ship to all of Indonesia in 2–5 days.',
    });
    await client.work();
    expect(server.requests.slice(beforeCopy).filter((r) => r.path === '/v1/embeddings').length).toBe(0);

    // A knowledge this small is searched exactly; at the threshold its index has the model's length.
    expect(await syncVectorIndex(app.services.db, id, 4)).toBe('built');
    const bound = await app.database.execute(`select vector_index_bound as bound from knowledges where id = ${id}`);
    const indexes = await app.database.execute(
      `select count(*)::int as count from pg_indexes where indexname = '${vectorIndexName(id, 64, (bound.rows[0] as { bound: number }).bound)}'`,
    );
    expect(indexes.rows).toEqual([{ count: 1 }]);
    const again = await client.agent
      .get(`/knowledges/${id}/search`)
      .query({ q: 'how many days do I have to return something?' })
      .set('Accept', 'application/json');
    expect(again.body.chunks[0].content).toContain('14 days');
    expect(again.body.chunks[0].retrievers.vector.similarity).toBeGreaterThan(0);
    expect(JSON.stringify(app.logs())).not.toContain('sk-test-secret-key');
  });
});

describe('retries', () => {
  it('retries a failed ingest and succeeds on the next attempt', async () => {
    const { client, id, form } = await knowledge();
    // The embedder retries once itself: two failures fail the job's first attempt.
    server.fail(2, 503);
    await client.send('post', `/knowledges/${id}/sources`, {
      type: 'text',
      title: 'Hours',
      text: 'Open daily from 8 to 10.',
    });
    await client.work();
    const [source] = (await form()).sources as Array<{ status: string; error: string | null; chunk_count: number }>;
    expect(source).toMatchObject({ status: 'ready', error: null, chunk_count: 1 });
    const retried = app.broadcasts
      .filter((b) => b.event === 'App\\Events\\KnowledgeSourceUpdated')
      .map((b) => (b.data as { source: { error: string | null } }).source.error)
      .find((error) => error?.startsWith('Attempt 1 of 4 failed'));
    expect(retried).toMatch(/503/);
  });

  it('ends in a visible error when every attempt fails, and Retry reads the source again', async () => {
    const { client, id, form } = await knowledge();
    server.fail(8, 500);
    await client.send('post', `/knowledges/${id}/sources`, {
      type: 'text',
      title: 'Menu',
      text: 'Coffee 25k, tea 18k.',
    });
    await client.work();
    const [failed] = (await form()).sources as Array<{ id: number; status: string; error: string }>;
    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(/500/);
    expect(failed.error).not.toContain('sk-test');
    const jobs = (
      await app.database.execute(
        `select state, retry_count from pgboss.job where name = 'knowledge.ingest' and data->>'sourceId' = $1`,
        [String(failed.id)],
      )
    ).rows;
    expect(jobs).toEqual([{ state: 'failed', retry_count: 3 }]);

    await client.send('post', `/knowledges/${id}/sources/${failed.id}/refresh`);
    await client.work();
    const [fixed] = (await form()).sources as Array<{ status: string; error: string | null }>;
    expect(fixed).toMatchObject({ status: 'ready', error: null });
  });
});

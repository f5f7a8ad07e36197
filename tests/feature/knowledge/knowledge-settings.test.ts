import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { fakeOpenAi } from '../../helpers/fake-openai';
import { createOwnedTeam } from '../../factories/teams';

/**
 * What a knowledge base's settings change: its language re-indexes the chunks' full-text at once;
 * re-embedding moves it to the embedder new knowledge gets and keeps every chunk's id; the team's
 * storage adds up its sources.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function knowledgeWith(language: string, text: string) {
  const { owner } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const created = await client.send('post', '/knowledges', { name: 'Settings', language });
  const id = Number((created.headers.location as string).split('/')[2]);
  await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Doc', text });
  await client.work();
  const fullText = async (q: string) =>
    (await app.database.execute(
      `select count(*)::int as n from knowledge_chunks c, websearch_to_tsquery(c.ts_config, $2) q where c.knowledge_id = $1 and c.tsv @@ q`,
      [id, q],
    )).rows[0].n as number;
  return { client, id, fullText };
}

describe('knowledge settings', () => {
  it('re-indexes the full-text of every chunk when the language changes', async () => {
    const { client, id, fullText } = await knowledgeWith('simple', 'Kami mengatur ulang kata sandi pelanggan setiap bulan.');
    // "simple" keeps words as written: the root "atur" is not found.
    expect(await fullText('atur')).toBe(0);
    await client.send('put', `/knowledges/${id}`, { name: 'Settings', language: 'indonesian' });
    expect(await fullText('atur')).toBe(1);
  });

  it('counts the storage the team uses: characters of its sources and bytes of its files', async () => {
    const { client, id } = await knowledgeWith('english', 'Twelve characters of text.');
    await client.agent
      .post(`/knowledges/${id}/sources`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
      .field('type', 'file')
      .attach('file', Buffer.from('name,price\nTea,10\n'), { filename: 'prices.csv', contentType: 'text/csv' });
    await client.work();
    const index = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(index.props.storage).toMatchObject({ sources: 2, file_bytes: 18 });
    expect((index.props.storage as { chars: number }).chars).toBeGreaterThan(20);
  });
});

describe('re-embedding', () => {
  it('moves a knowledge to the embedder new knowledge gets, keeping its chunks and their ids', async () => {
    const server = await fakeOpenAi();
    // The same database seen by a process configured with an embeddings server.
    const { owner } = await createOwnedTeam(app.services, { current: true });
    const client = await knowledgeClient(app, owner);
    const created = await client.send('post', '/knowledges', { name: 'Lexical first', language: 'english' });
    const id = Number((created.headers.location as string).split('/')[2]);
    await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Doc', text: '# A\n\nAlpha text.\n\n# B\n\nBeta text.' });
    await client.work();
    const idsBefore = (await app.database.execute(`select id from knowledge_chunks where knowledge_id = $1 order by id`, [id])).rows;

    const remote = await createTestApp({
      database: app.database,
      env: { AI_BASE_URL: server.baseUrl, AI_EMBEDDING_MODEL: 'fake-embed-small', QUEUE_RETRY_DELAY_SECONDS: '0' },
    });
    const remoteClient = await knowledgeClient(remote, owner);
    const before = expectPage(await remoteClient.visit(`/knowledges/${id}/edit`), 'Knowledges/Form');
    expect(before.props.knowledge).toMatchObject({ embedder: { offline: true, outdated: true } });

    await remoteClient.send('put', `/knowledges/${id}`, { name: 'Lexical first', language: 'english', reembed: true });
    await remoteClient.work();
    const after = expectPage(await remoteClient.visit(`/knowledges/${id}/edit`), 'Knowledges/Form');
    expect(after.props.knowledge).toMatchObject({ embedder: { offline: false, outdated: false, model: 'fake-embed-small', dimensions: 64 } });
    const sources = after.props.sources as Array<{ status: string; diff: unknown }>;
    expect(sources[0]).toMatchObject({ status: 'ready', diff: { added: 0, removed: 0, unchanged: 2 } });
    const rows = (await app.database.execute(`select id, embedding_dimensions from knowledge_chunks where knowledge_id = $1 order by id`, [id])).rows;
    expect(rows.map((row) => row.id)).toEqual(idsBefore.map((row) => row.id));
    expect(rows.every((row) => row.embedding_dimensions === 64)).toBe(true);
    expect(server.requests.length).toBeGreaterThan(0);
    await server.close();
  });
});

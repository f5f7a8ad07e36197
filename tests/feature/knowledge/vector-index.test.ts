import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../server/db/rows';
import { knowledges, knowledgeSources } from '../../../server/db/schema/index';
import { lexicalVector } from '../../../server/knowledge/embedders/lexical';
import {
  cosineDistanceCost,
  sweepVectorIndexes,
  syncVectorIndex,
  vectorIndexFrom,
  vectorIndexJob,
  vectorIndexName,
} from '../../../server/knowledge/vector-index';
import { runIngest } from '../../../server/jobs/knowledge-jobs';
import { termStatsJob } from '../../../server/knowledge/term-stats';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ingestedTextKnowledge, textKnowledge } from '../../helpers/knowledge';

/**
 * A knowledge of `vectorIndexFrom` embedded chunks gets an HNSW index of its own from the job its
 * ingest queues; a smaller one has none and is searched exactly. The index covers the chunks up to
 * its bound: newer ones are searched exactly beside it until enough of them make the job build it
 * again. The index goes when the knowledge shrinks or is deleted, and one lost is built again by the
 * workers' sweep.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Found = { chunks: Array<{ content: string; retrievers: { vector?: { rank: number; similarity: number } } }> };

function branches(count: number): string {
  return Array.from(
    { length: count },
    (_, i) => `## Cabang ${i + 1}\n\nCabang nomor ${i + 1} di kota ${i % 37} buka pukul ${7 + (i % 5)} pagi.`,
  ).join('\n\n');
}

const branchKnowledge = (sections: number) => ingestedTextKnowledge(app, 'cabang', branches(sections));

async function indexesOf(id: number): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await app.services.db.execute(
      sql`select relname as name from pg_class where relkind = 'i' and relname like ${`knowledge\\_vectors\\_${id}\\_%`}`,
    ),
  );
  return rows.map((row) => row.name);
}

async function knowledgeRow(id: number) {
  const [row] = await app.services.db.select().from(knowledges).where(eq(knowledges.id, id));
  return row;
}

/** The name the knowledge's index has now: its vector length and bound as the knowledge records them. */
async function indexName(id: number): Promise<string> {
  const row = await knowledgeRow(id);
  expect(row.vectorIndexDimensions).toBe(384);
  expect(row.vectorIndexBound).not.toBeNull();
  return vectorIndexName(id, 384, row.vectorIndexBound);
}

async function maxChunkId(id: number): Promise<number> {
  const [row] = rowsOf<{ last: number }>(
    await app.services.db.execute(sql`select max(id) as last from knowledge_chunks where knowledge_id = ${id}`),
  );
  return Number(row.last);
}

async function addSource(client: Awaited<ReturnType<typeof branchKnowledge>>['client'], id: number, text: string) {
  const res = await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Cabang baru', text });
  expect(res.status).toBe(303);
  await client.work();
}

describe('vector indexes per knowledge', () => {
  it('gives a large knowledge its own index, which its vector search uses', async () => {
    const { client, id } = await branchKnowledge(vectorIndexFrom + 10);
    expect((await knowledgeRow(id)).vectorIndexBound).toBe(await maxChunkId(id));
    const name = await indexName(id);
    expect(await indexesOf(id)).toEqual([name]);

    // The index serves a one-knowledge search (the planner takes it where it is the cheaper way:
    // here, at a thousand rows in a table of nothing else, only when the others are ruled out).
    const literal = `[${lexicalVector('cabang 512 buka jam berapa').join(',')}]`;
    const bound = (await knowledgeRow(id)).vectorIndexBound!;
    const plan = await app.services.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_sort = off`);
      return rowsOf<{ 'QUERY PLAN': string }>(
        await tx.execute(
          sql.raw(`explain select c.id from knowledge_chunks c
                    where c.embedding_dimensions = 384 and c.knowledge_id = ${id}
                      and c.id <= ${bound}
                    order by c.embedding::vector(384) <=> '${literal}'::vector(384) limit 20`),
        ),
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toContain(`Index Scan using ${name}`);

    const res = await client.agent
      .get(`/knowledges/${id}/search`)
      .query({ q: 'cabang nomor 512 buka jam berapa?' })
      .set('Accept', 'application/json');
    expect(res.status, res.text).toBe(200);
    const found = res.body as Found;
    expect(found.chunks[0].content).toContain('Cabang nomor 512 ');
    expect(found.chunks.some((chunk) => chunk.retrievers.vector)).toBe(true);
  });

  it('leaves a small knowledge without one and finds its true nearest chunks', async () => {
    const { client, id } = await branchKnowledge(40);
    expect((await knowledgeRow(id)).vectorIndexDimensions).toBeNull();
    expect(await indexesOf(id)).toEqual([]);

    const q = 'cabang nomor 17 di kota 17';
    const res = await client.agent.get(`/knowledges/${id}/search`).query({ q }).set('Accept', 'application/json');
    expect(res.status, res.text).toBe(200);
    const byVector = (res.body as Found).chunks
      .filter((chunk) => chunk.retrievers.vector)
      .sort((a, b) => a.retrievers.vector!.rank - b.retrievers.vector!.rank);
    // Exact: the best similarity the database holds for this question is the first one found.
    const literal = `[${lexicalVector(q).join(',')}]`;
    const [best] = rowsOf<{ similarity: number }>(
      await app.services.db.execute(
        sql.raw(`select 1 - (embedding::vector(384) <=> '${literal}'::vector(384)) as similarity
                   from knowledge_chunks where knowledge_id = ${id} order by 1 desc limit 1`),
      ),
    );
    expect(byVector[0].retrievers.vector!.similarity).toBeCloseTo(Number(best.similarity), 5);
  });

  it('drops the index when the knowledge shrinks below half, and when it is deleted', async () => {
    const { client, id } = await branchKnowledge(vectorIndexFrom);
    const first = await indexName(id);
    expect(await indexesOf(id)).toEqual([first]);

    // Still above half of the threshold: kept.
    const [source] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.knowledgeId, id));
    await client.send('put', `/knowledges/${id}/sources/${source.id}`, {
      title: 'Daftar cabang',
      text: branches(vectorIndexFrom / 2 + 10),
    });
    await client.work();
    // Its chunks changed but fewer than a rebuild's worth lie past the bound: the same index.
    expect(await indexesOf(id)).toEqual([first]);

    await client.send('put', `/knowledges/${id}/sources/${source.id}`, { title: 'Daftar cabang', text: branches(20) });
    await client.work();
    expect((await knowledgeRow(id)).vectorIndexDimensions).toBeNull();
    expect(await indexesOf(id)).toEqual([]);

    // Large again, then deleted: a job drops its index.
    await client.send('put', `/knowledges/${id}/sources/${source.id}`, {
      title: 'Daftar cabang',
      text: branches(vectorIndexFrom + 1),
    });
    await client.work();
    expect(await indexesOf(id)).toEqual([await indexName(id)]);
    const deleted = await client.send('delete', `/knowledges/${id}`);
    expect(deleted.status).toBe(303);
    await client.work();
    expect(await indexesOf(id)).toEqual([]);
  });

  it("drops the index of a knowledge deleted with its team at the workers' sweep", async () => {
    const { id } = await branchKnowledge(vectorIndexFrom + 3);
    expect(await indexesOf(id)).toEqual([await indexName(id)]);
    await app.services.db.execute(sql`delete from teams where id = (select team_id from knowledges where id = ${id})`);
    expect(await sweepVectorIndexes(app.services.db)).toBeGreaterThanOrEqual(1);
    expect(await indexesOf(id)).toEqual([]);
  });

  it('builds a lost index again, and leaves one alone that is in place', async () => {
    const { id } = await branchKnowledge(vectorIndexFrom + 2);
    const name = await indexName(id);
    await app.services.db.execute(sql.raw(`drop index "${name}"`));
    expect(await syncVectorIndex(app.services.db, id)).toBe('built');
    expect(await indexesOf(id)).toEqual([name]);
    expect(await syncVectorIndex(app.services.db, id)).toBe('unchanged');
  });

  it('leaves the index to a job of its own: the ingest stores the chunks and queues it', async () => {
    const { client, id } = await textKnowledge(app, 'cabang', branches(vectorIndexFrom + 5));
    const [source] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.knowledgeId, id));
    const sent: Array<[string, object]> = [];
    const jobs = { send: async (name: string, data: object) => void sent.push([name, data]) };
    const outcome = await runIngest(
      { ...app.services, jobs: jobs as unknown as typeof app.services.jobs },
      {
        sourceId: source.id,
        generation: source.generation,
      },
    );
    expect(outcome).toBe('ingested');
    expect(sent).toEqual([
      [termStatsJob, { knowledgeId: id }],
      [vectorIndexJob, { knowledgeId: id }],
    ]);
    expect(await indexesOf(id)).toEqual([]);
    expect((await knowledgeRow(id)).vectorIndexDimensions).toBeNull();
    // Searchable meanwhile, exactly.
    const res = await client.agent
      .get(`/knowledges/${id}/search`)
      .query({ q: 'cabang nomor 512 buka jam berapa?' })
      .set('Accept', 'application/json');
    expect((res.body as Found).chunks[0].content).toContain('Cabang nomor 512 ');

    expect(await syncVectorIndex(app.services.db, id)).toBe('built');
    expect(await indexesOf(id)).toEqual([await indexName(id)]);
  });

  it('searches the chunks past the bound exactly beside the index, and takes them in once there are enough', async () => {
    const { client, id } = await branchKnowledge(vectorIndexFrom + 10);
    const first = await indexName(id);
    const bound = (await knowledgeRow(id)).vectorIndexBound!;

    await addSource(
      client,
      id,
      '## Cabang Bandara\n\nCabang bandara Soekarno-Hatta buka dua puluh empat jam di terminal tiga.',
    );
    expect(await maxChunkId(id)).toBeGreaterThan(bound);
    // Not enough past the bound for a rebuild: the ingest's job left the index as it was.
    expect(await indexesOf(id)).toEqual([first]);
    const res = await client.agent
      .get(`/knowledges/${id}/search`)
      .query({ q: 'cabang bandara soekarno hatta terminal' })
      .set('Accept', 'application/json');
    expect(res.status, res.text).toBe(200);
    const top = (res.body as Found).chunks[0];
    expect(top.content).toContain('Soekarno-Hatta');
    expect(top.retrievers.vector?.rank).toBe(1);

    // Once the chunks past the bound reach the rebuild's threshold, the index is built over all.
    expect(await syncVectorIndex(app.services.db, id, vectorIndexFrom, 1)).toBe('built');
    const second = await indexName(id);
    expect(second).not.toBe(first);
    expect((await knowledgeRow(id)).vectorIndexBound).toBe(await maxChunkId(id));
    expect(await indexesOf(id)).toEqual([second]);
    const again = await client.agent
      .get(`/knowledges/${id}/search`)
      .query({ q: 'cabang bandara soekarno hatta terminal' })
      .set('Accept', 'application/json');
    expect((again.body as Found).chunks[0].content).toContain('Soekarno-Hatta');
  });

  it('replaces an index from before bounds with a bounded one, and searches through either', async () => {
    const { client, id } = await branchKnowledge(vectorIndexFrom + 4);
    const bounded = await indexName(id);
    // As migration 0014 found it: an index over every chunk, no bound recorded.
    const legacy = vectorIndexName(id, 384);
    await app.services.db.execute(sql.raw(`drop index "${bounded}"`));
    await app.services.db.execute(
      sql.raw(
        `create index "${legacy}" on knowledge_chunks using hnsw ((embedding::vector(384)) vector_cosine_ops) ` +
          `where knowledge_id = ${id} and embedding_dimensions = 384`,
      ),
    );
    await app.services.db.update(knowledges).set({ vectorIndexBound: null }).where(eq(knowledges.id, id));
    const ask = async () => {
      const res = await client.agent
        .get(`/knowledges/${id}/search`)
        .query({ q: 'cabang nomor 77 di kota 3' })
        .set('Accept', 'application/json');
      expect(res.status, res.text).toBe(200);
      return (res.body as Found).chunks[0].content;
    };
    expect(await ask()).toContain('Cabang nomor 77 ');

    expect(await syncVectorIndex(app.services.db, id)).toBe('built');
    expect(await indexesOf(id)).toEqual([await indexName(id)]);
    expect(await ask()).toContain('Cabang nomor 77 ');
  });

  it('tells the planner again what a cosine distance costs when a restore has reset it', async () => {
    const cost = async () =>
      rowsOf<{ cost: number }>(
        await app.services.db.execute(
          sql`select procost as cost from pg_proc where proname = 'cosine_distance' and proargtypes[0] = 'vector'::regtype`,
        ),
      ).map((row) => Number(row.cost));
    expect(await cost()).toEqual([cosineDistanceCost]);
    await app.services.db.execute(sql`alter function cosine_distance(vector, vector) cost 1`);
    await sweepVectorIndexes(app.services.db);
    expect(await cost()).toEqual([cosineDistanceCost]);
  });
});

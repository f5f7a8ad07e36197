import { eq, sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../../../server/db/rows';
import { knowledges, knowledgeSources, knowledgeTerms } from '../../../server/db/schema/index';
import { selectiveAbove, termFrequencies, termStatsJob } from '../../../server/knowledge/term-stats';
import { runIngest } from '../../../server/jobs/knowledge-jobs';
import { retrieve, type EmbedderLookup, type RetrievalResult } from '../../../server/knowledge/retrieve';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ingestedTextKnowledge, textKnowledge } from '../../helpers/knowledge';

/**
 * A knowledge past `selectiveAbove` chunks keeps word statistics after its ingest, and "Try a
 * question" then lets the question's rare words choose the full-text candidates: a common word
 * alone finds nothing by full-text (the vector search answers), a rare one finds its chunks first.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Found = {
  retrievers: string[];
  chunks: Array<{ content: string; retrievers: { fulltext?: { rank: number }; vector?: { rank: number } } }>;
};

/** One section per branch: every one offers "layanan antar", three of them also the "zamrud" package. */
function branches(count: number): string {
  return Array.from({ length: count }, (_, i) => {
    const special = i % 100 === 7 ? ' Paket zamrud tersedia di cabang ini dengan harga khusus.' : '';
    return `## Cabang ${i + 1}\n\nCabang nomor ${i + 1} melayani layanan antar setiap hari kerja.${special}`;
  }).join('\n\n');
}

const branchKnowledge = (sections: number) => ingestedTextKnowledge(app, 'cabang', branches(sections));

describe('retrieval over a large knowledge', () => {
  it('counts its words after the ingest and ranks only the chunks its rare words choose', async () => {
    const sections = selectiveAbove + 20;
    const { client, id } = await branchKnowledge(sections);

    const [knowledge] = await app.services.db.select().from(knowledges).where(eq(knowledges.id, id));
    expect(knowledge.termStatsChunks).toBe(sections);
    const terms = await app.services.db.select().from(knowledgeTerms).where(eq(knowledgeTerms.knowledgeId, id));
    const counts = Object.fromEntries(terms.map((term) => [term.lexeme, term.chunks]));
    expect(counts.antar).toBe(sections);
    expect(counts.zamrud).toBeUndefined(); // in 4 chunks: fewer than the stored minimum, taken as rare

    const search = async (q: string) => {
      const res = await client.agent.get(`/knowledges/${id}/search`).query({ q }).set('Accept', 'application/json');
      expect(res.status, res.text).toBe(200);
      return res.body as Found;
    };

    const rare = await search('ada paket zamrud untuk layanan antar?');
    const byFullText = rare.chunks.filter((chunk) => chunk.retrievers.fulltext);
    expect(byFullText.length).toBeGreaterThan(0);
    expect(byFullText.every((chunk) => chunk.content.includes('zamrud'))).toBe(true);
    expect(rare.chunks[0].content).toContain('zamrud');

    const common = await search('layanan antar');
    expect(common.retrievers.sort()).toEqual(['fulltext', 'vector']);
    expect(common.chunks.length).toBeGreaterThan(0);
    expect(common.chunks.every((chunk) => !chunk.retrievers.fulltext && chunk.retrievers.vector)).toBe(true);
  });

  it('looks each word up once per version of the statistics', async () => {
    const { id } = await branchKnowledge(selectiveAbove + 10);
    const [knowledge] = await app.services.db.select().from(knowledges).where(eq(knowledges.id, id));
    const execute = vi.spyOn(app.services.db, 'execute');
    try {
      const first = await termFrequencies(app.services.db, [knowledge], 'indonesian', ['layanan', 'antar', 'yang']);
      expect(Object.fromEntries(first.map((term) => [term.lexeme, term.chunks]))).toEqual({
        layan: selectiveAbove + 10,
        antar: selectiveAbove + 10,
        yang: 0,
      });
      expect(execute).toHaveBeenCalledTimes(1);
      // The same words again: nothing to ask.
      expect(await termFrequencies(app.services.db, [knowledge], 'indonesian', ['antar', 'layanan', 'yang'])).toEqual(
        expect.arrayContaining(first),
      );
      expect(execute).toHaveBeenCalledTimes(1);
      // A stop word has no lexeme, and is remembered as such.
      expect(await termFrequencies(app.services.db, [knowledge], 'english', ['the'])).toEqual([]);
      expect(await termFrequencies(app.services.db, [knowledge], 'english', ['the'])).toEqual([]);
      expect(execute).toHaveBeenCalledTimes(2);
      // A new word is asked for alone; statistics computed again are a new version.
      await termFrequencies(app.services.db, [knowledge], 'indonesian', ['antar', 'zamrud']);
      expect(execute).toHaveBeenCalledTimes(3);
      await termFrequencies(app.services.db, [{ ...knowledge, termStatsChunks: 2 * selectiveAbove }], 'indonesian', [
        'antar',
      ]);
      expect(execute).toHaveBeenCalledTimes(4);
    } finally {
      execute.mockRestore();
    }
  });

  it("reads only its language's postings: each configuration has a full-text index of its own", async () => {
    const { client, id } = await branchKnowledge(30);
    const { db } = app.services;
    const execute = vi.spyOn(db, 'execute');
    let sent: SQL[];
    try {
      const res = await client.agent
        .get(`/knowledges/${id}/search`)
        .query({ q: 'cabang nomor 12 layanan antar?' })
        .set('Accept', 'application/json');
      expect(res.status, res.text).toBe(200);
      sent = execute.mock.calls.map(([query]) => query as SQL);
    } finally {
      execute.mockRestore();
    }
    const fullText = sent.filter((query) => new PgDialect().sqlToQuery(query).sql.includes('ts_rank_cd'));
    expect(fullText).toHaveLength(1);
    // What the planner can do with the statement as sent, the knowledge's own rows aside (so few here
    // that it would read them all): the index of Indonesian chunks, there being none over every chunk.
    let plan = '';
    await db
      .transaction(async (tx) => {
        await tx.execute(sql`drop index knowledge_chunks_knowledge_id_index`);
        await tx.execute(sql`set local enable_seqscan = off`);
        plan = rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${fullText[0]}`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plan).toContain('Bitmap Index Scan on knowledge_chunks_tsv_indonesian_index');
  });

  it('searches a small knowledge by one statement, finding what its statements side by side find', async () => {
    const { id } = await branchKnowledge(40);
    const { db } = app.services;
    const [knowledge] = await db.select().from(knowledges).where(eq(knowledges.id, id));
    const embedders: EmbedderLookup = (k) =>
      app.services.embedders.for({ provider: k.embeddingProvider, model: k.embeddingModel });
    const input = { teamId: knowledge.teamId, query: 'cabang nomor 12 layanan antar?', limit: 5 };
    const execute = vi.spyOn(db, 'execute');
    let compact: RetrievalResult;
    try {
      compact = await retrieve(db, embedders, { ...input, knowledges: [knowledge] });
      expect(execute).toHaveBeenCalledTimes(1);
    } finally {
      execute.mockRestore();
    }
    // The same knowledge taken for one with a vector index of its own (of another length, so that
    // its vectors are still searched exactly): its candidate statements side by side, then details.
    const sideBySide = await retrieve(db, embedders, {
      ...input,
      knowledges: [{ ...knowledge, vectorIndexDimensions: 1 }],
    });
    expect(compact).toEqual(sideBySide);
    expect(compact.ran.sort()).toEqual(['fulltext', 'vector']);
    expect(compact.chunks[0].content).toContain('Cabang nomor 12 ');
    expect(compact.chunks[0].retrievers).toMatchObject({ fulltext: { rank: 1 }, vector: { rank: 1 } });
  });

  it('leaves the word statistics to a job of its own: the source is ready, and searchable, before them', async () => {
    const sections = selectiveAbove + 10;
    const { client, id } = await textKnowledge(app, 'cabang', branches(sections));
    const [source] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.knowledgeId, id));
    const sent: Array<[string, object]> = [];
    const jobs = { send: async (name: string, data: object) => void sent.push([name, data]) };
    const outcome = await runIngest(
      { ...app.services, jobs: jobs as unknown as typeof app.services.jobs },
      { sourceId: source.id, generation: source.generation },
    );
    expect(outcome).toBe('ingested');
    expect(sent).toContainEqual([termStatsJob, { knowledgeId: id }]);
    const counted = async () =>
      (await app.services.db.select().from(knowledges).where(eq(knowledges.id, id)))[0].termStatsChunks;
    expect(await counted()).toBeNull();
    const [ready] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id));
    expect(ready.status).toBe('ready');
    // Searched meanwhile as a knowledge without statistics: every chunk its words match is ranked.
    const res = await client.agent
      .get(`/knowledges/${id}/search`)
      .query({ q: 'ada paket zamrud untuk layanan antar?' })
      .set('Accept', 'application/json');
    expect((res.body as Found).chunks[0].content).toContain('zamrud');

    // The job counts them (through the queue, as the workers run it).
    await app.services.jobs.send(termStatsJob, { knowledgeId: id });
    await app.services.jobs.drain();
    expect(await counted()).toBe(sections);
  });

  it('drops the statistics when the knowledge becomes small again', async () => {
    const { client, id } = await branchKnowledge(selectiveAbove + 5);
    const [source] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.knowledgeId, id));
    await client.send('put', `/knowledges/${id}/sources/${source.id}`, { title: 'Daftar cabang', text: branches(10) });
    await client.work();

    const [knowledge] = await app.services.db.select().from(knowledges).where(eq(knowledges.id, id));
    expect(knowledge.termStatsChunks).toBeNull();
    expect(await app.services.db.select().from(knowledgeTerms).where(eq(knowledgeTerms.knowledgeId, id))).toEqual([]);
  });
});

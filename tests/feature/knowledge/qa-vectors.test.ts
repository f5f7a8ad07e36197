import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledges, knowledgeSources } from '../../../server/db/schema/index';
import { lexicalVector } from '../../../server/knowledge/embedders/lexical';
import { requeueStranded } from '../../../server/jobs/knowledge-jobs';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOwnedTeam } from '../../factories/teams';
import { knowledgeClient } from '../../helpers/knowledge';

/**
 * A Q&A pair's vector is made from what customers ask (its question and alternative phrasings),
 * not its answer; migration 0018 embeds the pairs stored before that again, through the workers,
 * keeping their chunks' ids.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const pair = {
  question: 'Ada menu vegan?',
  alternatives: ['ada pilihan vegetarian ga kak', 'menu tanpa daging apa aja'],
  answer:
    'Ada. Gado-Gado dibuat dengan saus kacang tanpa terasi; minta tanpa telur dan kerupuk agar sepenuhnya vegan. ' +
    'Semua minuman berbasis susu bisa diganti susu oat atau susu almond.',
};
const phrasings = `${pair.question}\n${pair.alternatives.join('\n')}`;
const wholePair = `${pair.alternatives.join('\n')}\n${pair.question}\n\n${pair.answer}`;

async function qaKnowledge() {
  const { owner } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const created = await client.send('post', '/knowledges', { name: 'FAQ', language: 'indonesian' });
  const id = Number((created.headers.location as string).split('/')[2]);
  await client.send('post', `/knowledges/${id}/sources`, {
    type: 'qa',
    ...pair,
    alternatives: pair.alternatives.join('\n'),
  });
  await client.work();
  const [chunk] = await app.services.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.knowledgeId, id));
  return { id, chunk };
}

const near = (actual: number[] | null, expected: number[]) => {
  expect(actual).toHaveLength(expected.length);
  actual!.forEach((value, at) => expect(Math.abs(value - expected[at])).toBeLessThan(1e-6));
};

async function runMigration0018() {
  const file = new URL('../../../server/db/migrations/0018_qa_phrasing_vectors.sql', import.meta.url);
  for (const statement of readFileSync(file, 'utf8').split('--> statement-breakpoint')) {
    await app.services.db.execute(sql.raw(statement));
  }
}

describe('the vector of a Q&A pair', () => {
  it('is made from its question and phrasings, and the pairs stored before are embedded again', async () => {
    const { id, chunk } = await qaKnowledge();
    expect(chunk.meta).toMatchObject({ question: pair.question });
    near(chunk.embedding, lexicalVector(phrasings));

    // A pair stored before: its vector made from the whole pair. Another knowledge on a remote
    // model keeps its vectors (re-embedding would be paid for).
    const old = lexicalVector(wholePair);
    await app.services.db.update(knowledgeChunks).set({ embedding: old }).where(eq(knowledgeChunks.id, chunk.id));
    const remote = await qaKnowledge();
    await app.services.db
      .update(knowledges)
      .set({ embeddingProvider: 'openai-compatible', embeddingModel: 'text-embedding-3-small' })
      .where(eq(knowledges.id, remote.id));
    await app.services.db
      .update(knowledgeChunks)
      .set({ embedding: old })
      .where(eq(knowledgeChunks.id, remote.chunk.id));

    await runMigration0018();
    const [queued] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.knowledgeId, id));
    expect(queued).toMatchObject({ status: 'queued', progress: 0 });
    const [cleared] = await app.services.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.id, chunk.id));
    expect(cleared.embedding).toBeNull();

    // The workers queue its ingest when they start; the chunk keeps its id and gets the new vector.
    expect(await requeueStranded(app.services)).toBeGreaterThanOrEqual(1);
    await app.services.jobs.drain();
    const [again] = await app.services.db.select().from(knowledgeChunks).where(eq(knowledgeChunks.knowledgeId, id));
    expect(again.id).toBe(chunk.id);
    near(again.embedding, lexicalVector(phrasings));
    const [source] = await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.knowledgeId, id));
    expect(source.status).toBe('ready');

    const [untouched] = await app.services.db
      .select()
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.id, remote.chunk.id));
    near(untouched.embedding, old);
  });
});

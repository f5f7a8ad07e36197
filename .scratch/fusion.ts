import { openBenchDatabase, createTenant } from '../bench/retrieval/database';
import { ingestCorpus, lexical } from '../bench/retrieval/corpus-ingest';
import { retrievalQuestions } from '../bench/retrieval/questions';
import { normalised } from '../bench/retrieval/quality';
import { retrieve, type RetrievedChunk } from '../server/knowledge/retrieve';
import { writeFileSync } from 'node:fs';

const bench = await openBenchDatabase('pglite');
const teamId = await createTenant(bench.db, 'x');
const corpus = await ingestCorpus(bench.db, teamId);
const out: unknown[] = [];
for (const q of retrievalQuestions) {
  const { chunks } = await retrieve(bench.db, () => lexical, {
    teamId, knowledges: corpus.knowledges, query: q.question, limit: 40, candidates: Number(process.env.CANDS ?? 20),
  });
  out.push({
    id: q.id, tags: q.tags, question: q.question,
    chunks: chunks.map((c: RetrievedChunk) => ({
      id: c.id, file: corpus.fileOfSource.get(c.sourceId), content: c.content, context: c.context,
      good: !!q.expect && corpus.fileOfSource.get(c.sourceId) === q.expect.source && normalised(c.content).includes(normalised(q.expect.contains)),
      ft: c.retrievers.fulltext ?? null, vec: c.retrievers.vector ?? null, rrf: c.score,
    })),
    answerable: !!q.expect,
  });
}
writeFileSync('/tmp/fusion.json', JSON.stringify(out));
await bench.close();

import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { int4Array, textArray, vectorArray } from '../../../server/db/binary-arrays';
import { knowledgeChunks } from '../../../server/db/schema/index';
import { chunkDocument } from '../../../server/knowledge/chunker';
import { lexicalVector } from '../../../server/knowledge/embedders/lexical';
import { embeddingText } from '../../../server/knowledge/ingest';
import { parseText } from '../../../server/knowledge/parsers/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import { ingestedTextKnowledge } from '../../helpers/knowledge';

/**
 * The ingest stores its chunks in one statement of arrays (server/knowledge/ingest.ts,
 * insertChunks): binary on a PostgreSQL server, array literals on PGlite. Whatever a document holds
 * — quotes, backslashes, braces, commas, the word NULL, emoji, text that looks like JSON — comes
 * back exactly as the chunker made it, with its metadata and its vector.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const text = [
  '# Harga "spesial" {promo}, hari ini',
  '',
  'Kopi susu "gula aren" Rp 25.000, teh \\ jahe Rp 18.000; path C:\\menu\\baru\\ dan {"json": [1, 2]}.',
  '',
  '## NULL',
  '',
  'NULL',
  '',
  '## Emoji ☕ dan "kutip"',
  '',
  'Buka 07.00–22.00 🕖, kata pemilik: \'selamat datang\', "ayo mampir", backslash di akhir \\',
  '',
  '| Menu | Harga |',
  '| --- | --- |',
  '| Es "kopi" | Rp 20.000 |',
  '| Roti {bakar} | Rp 15.000 |',
].join('\n');

describe('stored chunks', () => {
  it('come back exactly as the chunker made them, with their metadata and vectors', async () => {
    const { id } = await ingestedTextKnowledge(app, 'harga', text);
    const expected = chunkDocument(parseText(text, 'markdown'));
    const stored = await app.services.db
      .select()
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.knowledgeId, id))
      .orderBy(asc(knowledgeChunks.position));

    expect(stored.map((chunk) => chunk.content)).toEqual(expected.map((draft) => draft.content));
    expect(stored.map((chunk) => chunk.context)).toEqual(expected.map((draft) => draft.context));
    expect(stored.map((chunk) => chunk.meta)).toEqual(expected.map((draft) => draft.meta));
    expect(stored.map((chunk) => chunk.tokens)).toEqual(expected.map((draft) => draft.tokens));
    expect(stored.map((chunk) => chunk.sourceHash)).toEqual(expected.map((draft) => draft.contentHash));
    expect(stored.map((chunk) => chunk.position)).toEqual(expected.map((_, index) => index));
    expect(stored.every((chunk) => chunk.tsConfig === 'indonesian' && chunk.embeddingDimensions === 384)).toBe(true);
    expect(expected.some((draft) => draft.content.includes('\\'))).toBe(true);
    expect(expected.some((draft) => draft.content.includes('"'))).toBe(true);

    // Vectors as pgvector keeps them (float4): each value within its precision of the embedder's;
    // sent in binary to a server, exactly the float4 nearest to it.
    for (const [index, chunk] of stored.entries()) {
      const vector = lexicalVector(embeddingText(expected[index].context, expected[index].content, expected[index].meta));
      expect(chunk.embedding).toHaveLength(vector.length);
      chunk.embedding!.forEach((value, at) => expect(Math.abs(value - vector[at])).toBeLessThan(1e-7));
      if (app.database.driver === 'postgres')
        expect(chunk.embedding!.map(Math.fround)).toEqual(vector.map(Math.fround));
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)(
    'reads binary arrays on a PostgreSQL server, a null vector among them',
    async () => {
      const { rows } = await app.database.execute(
        `select v::text as vector, t, n from unnest($1::vector[], $2::text[], $3::int[]) as u(v, t, n)`,
        [
          vectorArray(
            [[0.5, -0.25], undefined],
            Number((await app.database.execute(`select 'vector'::regtype::oid::int as oid`)).rows[0].oid),
          ),
          textArray(['Kopi "susu" \\ {gula}', 'Buka 07.00–22.00 🕖']),
          int4Array([7, -1]),
        ],
      );
      expect(rows).toEqual([
        { vector: '[0.5,-0.25]', t: 'Kopi "susu" \\ {gula}', n: 7 },
        { vector: null, t: 'Buka 07.00–22.00 🕖', n: -1 },
      ]);
    },
  );
});

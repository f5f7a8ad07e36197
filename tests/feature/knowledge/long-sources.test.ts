import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledgeSources } from '../../../server/db/schema/index';
import { chunkDocument } from '../../../server/knowledge/chunker';
import { parseText } from '../../../server/knowledge/parsers/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import { onPlan } from '../../helpers/billing';
import { knowledgeClient } from '../../helpers/knowledge';
import { createOwnedTeam } from '../../factories/teams';

/**
 * A source longer than one batch of chunks: the ingest chunks, embeds and stores it a batch at a
 * time (server/knowledge/ingest.ts), the server storing one batch while the next is made. What it
 * stores is what the chunker makes of the whole text, in order; a refresh pairs unchanged chunks
 * across batches; a source found over the plan's characters part-way stores nothing.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(() => app.close());

/** A text of `count` short sections: one chunk each, a few hundred chunks in all. */
function sections(count: number, edit: (index: number) => string | undefined = () => undefined): string {
  return Array.from(
    { length: count },
    (_, index) =>
      `## Menu ${index + 1}\n\n${edit(index) ?? `Kopi nomor ${index + 1} dibuat dari biji pilihan, harga Rp ${10 + index}.000.`}`,
  ).join('\n\n');
}

async function longSource(text: string) {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const created = await client.send('post', '/knowledges', { name: 'Menu panjang', language: 'indonesian' });
  const knowledgeId = Number((created.headers.location as string).split('/')[2]);
  await client.send('post', `/knowledges/${knowledgeId}/sources`, { type: 'text', title: 'Menu', text });
  await client.work();
  const [source] = await app.services.db
    .select()
    .from(knowledgeSources)
    .where(eq(knowledgeSources.knowledgeId, knowledgeId));
  const chunks = () =>
    app.services.db
      .select({
        id: knowledgeChunks.id,
        position: knowledgeChunks.position,
        content: knowledgeChunks.content,
        hash: knowledgeChunks.sourceHash,
        dimensions: knowledgeChunks.embeddingDimensions,
      })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceId, source.id))
      .orderBy(asc(knowledgeChunks.position));
  const row = async () =>
    (await app.services.db.select().from(knowledgeSources).where(eq(knowledgeSources.id, source.id)))[0];
  const reread = async (next: string) => {
    await client.send('put', `/knowledges/${knowledgeId}/sources/${source.id}`, { text: next });
    await client.work();
    return row();
  };
  return { team, client, knowledgeId, source, chunks, row, reread };
}

describe('a source of several batches', () => {
  it('stores every chunk the chunker makes of the whole text, in order, each with its vector', async () => {
    const text = sections(320);
    const expected = chunkDocument(parseText(text, 'markdown'));
    expect(expected.length).toBeGreaterThan(300);
    const { source, chunks } = await longSource(text);

    expect(source).toMatchObject({ status: 'ready', chunkCount: expected.length });
    expect(source.diff).toEqual({ added: expected.length, removed: 0, unchanged: 0 });
    expect(source.chars).toBe(expected.reduce((sum, draft) => sum + draft.content.length, 0));
    const stored = await chunks();
    expect(stored.map((chunk) => chunk.content)).toEqual(expected.map((draft) => draft.content));
    expect(stored.map((chunk) => chunk.position)).toEqual(expected.map((_, index) => index));
    expect(stored.every((chunk) => chunk.dimensions === 384)).toBe(true);
  });

  it('keeps unchanged chunks across batches on a refresh and numbers them in the new order', async () => {
    const { chunks, reread } = await longSource(sections(320));
    const before = await chunks();

    // A section inserted at the start moves every chunk; two are changed, one in a later batch.
    const edited = `## Pembukaan\n\nSelamat datang di kedai kami.\n\n${sections(320, (index) =>
      index === 5 || index === 250 ? `Kopi nomor ${index + 1} kini dengan susu oat.` : undefined,
    )}`;
    const expected = chunkDocument(parseText(edited, 'markdown'));
    const row = await reread(edited);

    expect(row).toMatchObject({ status: 'ready', chunkCount: expected.length });
    expect(row.diff).toEqual({ added: 3, removed: 2, unchanged: before.length - 2 });
    const after = await chunks();
    expect(after.map((chunk) => chunk.content)).toEqual(expected.map((draft) => draft.content));
    expect(after.map((chunk) => chunk.position)).toEqual(expected.map((_, index) => index));
    const idOf = new Map(before.map((chunk) => [chunk.hash, chunk.id]));
    const keptIds = after.filter((chunk) => idOf.get(chunk.hash) === chunk.id);
    expect(keptIds).toHaveLength(before.length - 2);
  });

  it('stores nothing of a refresh found over the plan part-way, and says how long the whole source is', async () => {
    const { team, client, knowledgeId, chunks, row, reread } = await longSource(sections(20));
    const before = await chunks();
    // The Free plan's 400,000 characters, with 12,000 left beside this source.
    await onPlan(app, team.id, 'free');
    await client.send('post', `/knowledges/${knowledgeId}/sources`, { type: 'text', title: 'Lain', text: 'Catatan.' });
    await client.work();
    await app.services.db
      .update(knowledgeSources)
      .set({ chars: 400_000 - 12_000 })
      .where(eq(knowledgeSources.title, 'Lain'));

    const long = sections(320);
    const drafts = chunkDocument(parseText(long, 'markdown'));
    const total = drafts.reduce((sum, draft) => sum + draft.content.length, 0);
    // Over the room, but only past the first batch of chunks.
    const firstBatch = drafts.slice(0, 100).reduce((sum, draft) => sum + draft.content.length, 0);
    expect(firstBatch).toBeLessThan(12_000);
    expect(total).toBeGreaterThan(12_000);
    const failed = await reread(long);

    expect(failed.status).toBe('error');
    expect(failed.error).toMatch(
      new RegExp(`^This source has ${total.toLocaleString('en-US')} characters of text\\. The Free plan holds 400,000`),
    );
    expect(await chunks()).toEqual(before);
    expect((await row()).chunkCount).toBe(before.length);
  });
});

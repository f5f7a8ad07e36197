import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { knowledgeChunks, knowledgeSources } from '../../../server/db/schema/index';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { createOwnedTeam } from '../../factories/teams';

/**
 * The sources of a knowledge base on its form, a page of 20 at a time, newest first: searched by
 * title, address or file name, shown by state (being read, failed, turned off) with each state's
 * count, a page past the last showing the last; a cited source's chunks open from any page; and
 * turning a source off, refreshing or deleting it, or editing one of its chunks, comes back to the
 * list as it was shown.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Source = { id: number; title: string; status: string; enabled: boolean };
type SourceList = {
  filters: { search: string; state: string };
  meta: { current_page: number; last_page: number; total: number; from: number | null; to: number | null };
  counts: Record<string, number>;
};

/** A knowledge base of 45 Q&A sources (read), the newest last made; three of them failed, two off. */
async function bigKnowledge() {
  const { owner } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const created = await client.send('post', '/knowledges', { name: 'FAQ', language: 'indonesian' });
  const id = Number((created.headers.location as string).split('/')[2]);
  for (let index = 1; index <= 45; index++) {
    await client.send('post', `/knowledges/${id}/sources`, {
      type: 'qa',
      question: index % 10 === 0 ? `Apakah ada menu vegan nomor ${index}?` : `Pertanyaan nomor ${index}?`,
      answer: `Jawaban nomor ${index}.`,
    });
  }
  await client.work();
  const rows = await app.services.db
    .select({ id: knowledgeSources.id, title: knowledgeSources.title })
    .from(knowledgeSources)
    .where(eq(knowledgeSources.knowledgeId, id));
  const byNumber = (number: number) => rows.find((row) => row.title.includes(`nomor ${number}?`))!.id;
  for (const number of [3, 4, 5]) {
    await app.services.db
      .update(knowledgeSources)
      .set({ status: 'error', error: 'The page could not be fetched.' })
      .where(eq(knowledgeSources.id, byNumber(number)));
  }
  for (const number of [7, 8]) {
    await client.send('put', `/knowledges/${id}/sources/${byNumber(number)}`, { enabled: false });
  }
  const form = async (query = '', headers: Record<string, string> = {}) => {
    const page = expectPage(await client.visit(`/knowledges/${id}/edit${query}`, headers), 'Knowledges/Form');
    return page.props as unknown as { sources: Source[]; source_list: SourceList; preview?: unknown };
  };
  return { client, id, form, byNumber };
}

describe('the sources list', () => {
  it('shows 20 sources at a time, newest first, with each state counted', async () => {
    const { form } = await bigKnowledge();
    const first = await form();
    expect(first.sources).toHaveLength(20);
    expect(first.sources[0].title).toBe('Pertanyaan nomor 45?');
    expect(first.source_list).toEqual({
      filters: { search: '', state: 'all' },
      meta: expect.objectContaining({ current_page: 1, last_page: 3, total: 45, from: 1, to: 20 }),
      counts: { all: 45, working: 0, error: 3, off: 2 },
    });

    const last = await form('?page=3');
    expect(last.sources.map((source) => source.title)).toEqual(
      Array.from({ length: 5 }, (_, index) => `Pertanyaan nomor ${5 - index}?`),
    );
    // A page past the last (its sources deleted meanwhile) is the last; nonsense is the first.
    expect((await form('?page=9')).source_list.meta).toMatchObject({ current_page: 3, from: 41, to: 45 });
    expect((await form('?page=abc')).source_list.meta.current_page).toBe(1);
  });

  it('finds sources by their title, and shows those failed or turned off', async () => {
    const { form } = await bigKnowledge();
    const vegan = await form('?search=VEGAN');
    expect(vegan.sources.map((source) => source.title)).toEqual([
      'Apakah ada menu vegan nomor 40?',
      'Apakah ada menu vegan nomor 30?',
      'Apakah ada menu vegan nomor 20?',
      'Apakah ada menu vegan nomor 10?',
    ]);
    expect(vegan.source_list.filters).toEqual({ search: 'VEGAN', state: 'all' });
    // The counts are the knowledge base's, whatever the search.
    expect(vegan.source_list.counts.all).toBe(45);

    const failed = await form('?state=error');
    expect(failed.sources.map((source) => source.status)).toEqual(['error', 'error', 'error']);
    const off = await form('?state=off');
    expect(off.sources.map((source) => source.title)).toEqual(['Pertanyaan nomor 8?', 'Pertanyaan nomor 7?']);
    expect(off.sources.every((source) => !source.enabled)).toBe(true);

    // A wildcard is a character like any other; an unknown state is all of them.
    expect((await form('?search=%25')).sources).toEqual([]);
    expect((await form(`?search=${'x'.repeat(500)}`)).source_list.filters.search).toHaveLength(100);
    expect((await form('?state=deleted')).source_list.filters.state).toBe('all');
  });

  it('sends the list alone when asked for it, and a chunk preview without it', async () => {
    const { form, byNumber } = await bigKnowledge();
    const partial = await form('?state=error', {
      'X-Inertia-Partial-Component': 'Knowledges/Form',
      'X-Inertia-Partial-Data': 'sources,source_list',
    });
    expect(Object.keys(partial).sort()).toEqual(['errors', 'source_list', 'sources'].sort());

    // A source of page 3, previewed from page 1 (a citation links to it): it comes with its chunks.
    const preview = await form(`?preview=${byNumber(2)}`, {
      'X-Inertia-Partial-Component': 'Knowledges/Form',
      'X-Inertia-Partial-Data': 'preview',
    });
    expect(preview).not.toHaveProperty('sources');
    expect(preview.preview).toMatchObject({
      source_id: byNumber(2),
      source: { id: byNumber(2), title: 'Pertanyaan nomor 2?' },
      total: 1,
    });
  });

  it('comes back to the list as it was shown after a source is turned off, refreshed or deleted', async () => {
    const { client, id, byNumber } = await bigKnowledge();
    const shown = `/knowledges/${id}/edit?search=nomor&state=all&page=2&preview=5&other=x`;
    const back = `/knowledges/${id}/edit?search=nomor&state=all&page=2`;
    const from = (referer: string) => ({ Referer: referer });
    const turnedOff = await client.send(
      'put',
      `/knowledges/${id}/sources/${byNumber(12)}`,
      { enabled: false },
      from(`http://localhost${shown}`),
    );
    expect(turnedOff.status).toBe(303);
    expect(turnedOff.headers.location).toBe(back);

    const refreshed = await client.send(
      'post',
      `/knowledges/${id}/sources/${byNumber(12)}/refresh`,
      {},
      from(`http://localhost${shown}`),
    );
    expect(refreshed.headers.location).toBe(back);

    // A chunk edited in a source's preview comes back to that preview over the same list.
    const [chunk] = await app.services.db
      .select({ id: knowledgeChunks.id })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.sourceId, byNumber(13)));
    const chunkEdited = await client.send(
      'put',
      `/knowledges/${id}/chunks/${chunk.id}?preview_page=1`,
      { enabled: false },
      from(`http://localhost${shown}`),
    );
    expect(chunkEdited.headers.location).toBe(`${back}&preview=${byNumber(13)}&preview_page=1`);

    // Another page's address is not followed: the form's top.
    const deleted = await client.send(
      'delete',
      `/knowledges/${id}/sources/${byNumber(12)}`,
      {},
      from('http://localhost/knowledges/999/edit?page=2'),
    );
    expect(deleted.headers.location).toBe(`/knowledges/${id}/edit`);

    // A new source is at the top of the whole list.
    const added = await client.send(
      'post',
      `/knowledges/${id}/sources`,
      { type: 'text', title: 'Baru', text: 'Teks baru.' },
      from(`http://localhost${shown}`),
    );
    expect(added.headers.location).toBe(`/knowledges/${id}/edit`);
  });
});

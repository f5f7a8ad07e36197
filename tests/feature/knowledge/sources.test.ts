import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { knowledgeClient } from '../../helpers/knowledge';
import { createOwnedTeam } from '../../factories/teams';

/**
 * Sources through the Form page: each kind is added, read by the ingest job, and found by the
 * "Try a question" search; bad content gets its own error and leaves the other sources alone.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Source = Record<string, unknown> & { id: number; status: string; title: string };

async function knowledgeOf(language = 'indonesian') {
  const { owner } = await createOwnedTeam(app.services, { current: true });
  const client = await knowledgeClient(app, owner);
  const created = await client.send('post', '/knowledges', { name: 'FAQ', language });
  const id = Number((created.headers.location as string).split('/')[2]);
  const sources = async () => expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form').props.sources as Source[];
  const search = async (q: string) => {
    const res = await client.agent.get(`/knowledges/${id}/search`).query({ q }).set('Accept', 'application/json');
    expect(res.status, res.text).toBe(200);
    return res.body as { retrievers: string[]; chunks: Array<{ content: string; source: { title: string }; retrievers: Record<string, unknown> }> };
  };
  return { client, id, sources, search };
}

async function menuPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle('Menu Kopi Senja');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  const lines = [
    'Menu Kopi Senja',
    'Kopi susu gula aren dibuat dari espresso dan susu segar. Harga Rp 28.000.',
    'Es teh leci dengan potongan buah leci asli. Harga Rp 22.000.',
    'Roti bakar cokelat keju untuk sarapan. Harga Rp 25.000.',
  ];
  lines.forEach((line, index) => page.drawText(line, { x: 50, y: 780 - index * 24, size: index === 0 ? 18 : 11, font }));
  return Buffer.from(await pdf.save());
}

describe('adding sources', () => {
  it('reads text, Q&A, a PDF and a CSV into chunks that a question finds', async () => {
    const { client, id, sources, search } = await knowledgeOf();
    await client.visit(`/knowledges/${id}/edit`);
    expect(
      (await client.send('post', `/knowledges/${id}/sources`, {
        type: 'text',
        title: 'Jam buka',
        text: '# Jam buka\n\nSenin sampai Jumat kami buka pukul 07.00–22.00. Sabtu dan Minggu pukul 08.00–23.00.',
      })).status,
    ).toBe(303);
    await client.send('post', `/knowledges/${id}/sources`, {
      type: 'qa',
      question: 'Apakah bisa bayar pakai QRIS?',
      alternatives: 'bisa bayar pake qris ga?\nterima e-wallet?',
      answer: 'Bisa. Kami menerima QRIS, GoPay, OVO, kartu debit/kredit dan tunai.',
    });
    await client.agent
      .post(`/knowledges/${id}/sources`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
      .field('type', 'file')
      .attach('file', await menuPdf(), { filename: 'menu.pdf', contentType: 'application/pdf' })
      .expect(303);
    await client.agent
      .post(`/knowledges/${id}/sources`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
      .field('type', 'file')
      .field('title', 'Daftar harga')
      .attach('file', Buffer.from('Kode;Produk;Harga (Rp)\nK01;Kopi Tubruk;18000\nK02;Kopi Susu Gula Aren;28000\n'), {
        filename: 'harga.csv',
        contentType: 'text/csv',
      })
      .expect(303);

    const queued = await sources();
    expect(queued.map((s) => [s.type, s.status])).toEqual([
      ['file', 'queued'],
      ['file', 'queued'],
      ['qa', 'queued'],
      ['text', 'queued'],
    ]);
    expect(await client.work()).toBe(4);

    const ready = await sources();
    expect(ready.every((s) => s.status === 'ready' && s.progress === 100 && s.error === null), JSON.stringify(ready)).toBe(true);
    const byTitle = Object.fromEntries(ready.map((s) => [s.title, s]));
    expect(byTitle['Daftar harga']).toMatchObject({ chunk_count: 2, details: { format: 'csv' } });
    expect(byTitle['menu.pdf']).toMatchObject({ details: { format: 'pdf', pages: 1 }, file_name: 'menu.pdf' });
    expect(byTitle['Apakah bisa bayar pakai QRIS?']).toMatchObject({ type: 'qa', chunk_count: 1, alternatives: ['bisa bayar pake qris ga?', 'terima e-wallet?'] });
    expect(byTitle['Jam buka']).toMatchObject({ diff: { added: 1, removed: 0, unchanged: 0 } });

    const index = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(index.props.knowledges).toMatchObject({ data: [{ status: 'ready', sources_count: 4 }] });

    const hours = await search('jam berapa buka hari minggu?');
    expect(hours.retrievers.sort()).toEqual(['fulltext', 'vector']);
    expect(hours.chunks[0].source.title).toBe('Jam buka');
    const qris = await search('bisa bayar pake qris ga kak');
    expect(qris.chunks[0].content).toContain('QRIS, GoPay');
    const price = await search('harga kopi susu gula aren');
    expect(price.chunks.slice(0, 2).map((c) => c.content).join('\n')).toContain('28');
    // A typo the full-text index cannot match is still found by the lexical vectors.
    const typo = await search('kopi susu gula arenn');
    expect(typo.chunks.length).toBeGreaterThan(0);
  });

  it('broadcasts each source change on the team channel after it is written', async () => {
    const { client, id } = await knowledgeOf();
    const before = app.broadcasts.length;
    await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Parkir', text: 'Parkir gratis untuk motor.' });
    await client.work();
    const events = app.broadcasts.slice(before).filter((b) => b.event === 'App\\Events\\KnowledgeSourceUpdated');
    const statuses = events.map((b) => (b.data as { source: { status: string } }).source.status);
    expect(statuses[0]).toBe('queued');
    expect(statuses.at(-1)).toBe('ready');
    expect(events[0].channels[0]).toMatch(/^private-teams\.\d+$/);
  });

  it("keeps a large text out of its progress events, within the realtime server's payload limit", async () => {
    const { client, id } = await knowledgeOf();
    const before = app.broadcasts.length;
    const text = Array.from({ length: 400 }, (_, n) => `Paragraf ${n} tentang menu, harga dan jam buka outlet.`).join('\n\n');
    expect(text.length).toBeGreaterThan(20_000);
    await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Panjang', text });
    await client.work();
    const events = app.broadcasts.slice(before).filter((b) => b.event === 'App\\Events\\KnowledgeSourceUpdated');
    expect(events.length).toBeGreaterThan(1);
    for (const event of events) {
      expect(JSON.stringify(event.data).length).toBeLessThan(10_240);
      expect(event.data as { source: object }).not.toHaveProperty('source.text');
    }
    expect((events.at(-1)!.data as { source: { status: string } }).source.status).toBe('ready');
  });

  it('gives each kind of bad content its own clear error and leaves the other sources working', async () => {
    const { client, id, sources, search } = await knowledgeOf();
    await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Wifi', text: 'Password wifi ada di struk belanja.' });
    const upload = (name: string, bytes: Buffer, type = 'application/octet-stream') =>
      client.agent
        .post(`/knowledges/${id}/sources`)
        .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
        .field('type', 'file')
        .attach('file', bytes, { filename: name, contentType: type });
    await upload('fake.pdf', Buffer.from('this is not a pdf at all, just text pretending'), 'application/pdf').expect(303);
    await upload('broken.docx', Buffer.from('PK\u0003\u0004 not really a zip'), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document').expect(303);
    await upload('photo.bin', Buffer.from([0, 1, 2, 3, 255, 254, 0, 9, 8, 7])).expect(303);
    await client.work();

    const all = await sources();
    const errors = Object.fromEntries(all.map((s) => [s.title, [s.status, s.error]]));
    expect(errors['Wifi']).toEqual(['ready', null]);
    expect(errors['fake.pdf'][0]).toBe('error');
    expect(errors['fake.pdf'][1]).toMatch(/not a PDF/i);
    expect(errors['broken.docx'][0]).toBe('error');
    expect(errors['photo.bin'][0]).toBe('error');
    expect(errors['photo.bin'][1]).toMatch(/not supported. Kawan reads PDF/);

    const index = expectPage(await client.visit('/knowledges'), 'Knowledges/Index');
    expect(index.props.knowledges).toMatchObject({ data: [{ status: 'degraded', failed_sources: 3 }] });
    expect((await search('password wifi')).chunks[0].content).toContain('struk');
  });

  it('refuses an empty or missing file, a bad URL and an unknown type with a message per field', async () => {
    const { client, id, sources } = await knowledgeOf();
    await client.visit(`/knowledges/${id}/edit`);
    const cases: Array<[Record<string, unknown>, Record<string, string>]> = [
      [{ type: 'file' }, { file: 'The file field is required.' }],
      [{ type: 'url', url: 'ftp://example.com/x' }, { url: 'The url field must be a valid http or https address.' }],
      [{ type: 'url', url: 'http://user:pw@example.com/' }, { url: 'The url field must be a valid http or https address.' }],
      [{ type: 'sitemap', url: 'https://example.com', max_pages: 100000 }, { max_pages: 'The max pages field must not be greater than 50.' }],
      [{ type: 'qa', question: 'Q?' }, { answer: 'The answer field is required.' }],
      [{ type: 'text', title: 'T' }, { text: 'The text field is required.' }],
      [{ type: 'video' }, { type: 'The type must be one of text, qa, file, url or sitemap.' }],
    ];
    for (const [body, errors] of cases) {
      await client.send('post', `/knowledges/${id}/sources`, body);
      const page = expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form');
      expect(page.props.errors, JSON.stringify(body)).toEqual(errors);
    }
    const empty = await client.agent
      .post(`/knowledges/${id}/sources`)
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
      .field('type', 'file')
      .attach('file', Buffer.alloc(0), { filename: 'empty.txt', contentType: 'text/plain' });
    expect(empty.status).toBe(303);
    const page = expectPage(await client.visit(`/knowledges/${id}/edit`), 'Knowledges/Form');
    expect(page.props.errors).toEqual({ file: 'The file is empty.' });
    expect(await sources()).toEqual([]);
  });
});

describe('changing sources', () => {
  it('re-reads an edited text: unchanged chunks keep their ids, and the diff counts what changed', async () => {
    const { client, id, sources } = await knowledgeOf();
    const sections = ['## Jam buka\n\nSetiap hari 07.00–22.00.', '## Parkir\n\nParkir motor gratis.', '## Wifi\n\nWifi gratis untuk pelanggan.'];
    await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Info', text: sections.join('\n\n') });
    await client.work();
    const [source] = await sources();
    const before = expectPage(await client.visit(`/knowledges/${id}/edit?preview=${source.id}`), 'Knowledges/Form');
    expect(before.props).not.toHaveProperty('preview');
    const preview = async () =>
      (
        await client.visit(`/knowledges/${id}/edit?preview=${source.id}`, {
          'X-Inertia-Partial-Component': 'Knowledges/Form',
          'X-Inertia-Partial-Data': 'preview',
        })
      ).body.props.preview as { total: number; chunks: Array<{ id: number; content: string; context: string }> };
    const first = await preview();
    expect(first.chunks.length).toBeGreaterThan(0);

    const edited = [sections[0], '## Parkir\n\nParkir mobil Rp 5.000 per jam.', sections[2]].join('\n\n');
    await client.send('put', `/knowledges/${id}/sources/${source.id}`, { text: edited });
    const [queued] = await sources();
    expect(queued.status).toBe('queued');
    await client.work();
    const [reread] = await sources();
    expect(reread.status).toBe('ready');
    const diff = reread.diff as { added: number; removed: number; unchanged: number };
    expect(diff.added).toBeGreaterThan(0);
    expect(diff.removed).toBe(diff.added);
    const second = await preview();
    const kept = first.chunks.filter((chunk) => !chunk.content.includes('Parkir motor'));
    for (const chunk of kept) {
      if (!chunk.content.includes('Parkir')) expect(second.chunks.map((c) => c.id)).toContain(chunk.id);
    }
    expect(second.chunks.map((c) => c.content).join('\n')).toContain('Rp 5.000');
  });

  it('disables a source and a chunk for retrieval, edits a chunk, and deletes a source', async () => {
    const { client, id, sources, search } = await knowledgeOf();
    await client.send('post', `/knowledges/${id}/sources`, { type: 'text', title: 'Promo', text: 'Promo kopi gratis setiap hari Senin.' });
    await client.work();
    const [source] = await sources();
    expect((await search('promo kopi gratis')).chunks).toHaveLength(1);

    await client.send('put', `/knowledges/${id}/sources/${source.id}`, { enabled: false });
    expect((await search('promo kopi gratis')).chunks).toHaveLength(0);
    await client.send('put', `/knowledges/${id}/sources/${source.id}`, { enabled: true });

    const chunks = (
      await client.visit(`/knowledges/${id}/edit?preview=${source.id}`, {
        'X-Inertia-Partial-Component': 'Knowledges/Form',
        'X-Inertia-Partial-Data': 'preview',
      })
    ).body.props.preview.chunks as Array<{ id: number }>;
    const chunkId = chunks[0].id;
    const edited = await client.send('put', `/knowledges/${id}/chunks/${chunkId}`, { content: 'Promo teh tarik gratis setiap hari Selasa.' });
    expect(edited.headers.location).toBe(`/knowledges/${id}/edit?preview=${source.id}`);
    const found = await search('teh tarik selasa');
    expect(found.chunks[0]).toMatchObject({ content: 'Promo teh tarik gratis setiap hari Selasa.' });
    await client.send('put', `/knowledges/${id}/chunks/${chunkId}`, { enabled: false });
    expect((await search('teh tarik selasa')).chunks).toHaveLength(0);

    // A refresh with the same text keeps the edited chunk as it is.
    await client.send('put', `/knowledges/${id}/chunks/${chunkId}`, { enabled: true });
    await client.send('post', `/knowledges/${id}/sources/${source.id}/refresh`);
    await client.work();
    const [refreshed] = await sources();
    expect(refreshed.diff).toEqual({ added: 0, removed: 0, unchanged: 1 });
    expect((await search('teh tarik selasa')).chunks[0].content).toContain('teh tarik');

    await client.send('delete', `/knowledges/${id}/sources/${source.id}`);
    expect(await sources()).toEqual([]);
    expect((await search('teh tarik')).chunks).toHaveLength(0);
  });
});

import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chunkDocument } from '../../../server/knowledge/chunker';
import type { Block, ChunkDraft, ParsedDocument } from '../../../server/knowledge/document';
import { normaliseBlock, splitSentences } from '../../../server/knowledge/text';
import { countTokens } from '../../../server/knowledge/tokens';

const doc = (...blocks: Block[]): ParsedDocument => ({ format: 'markdown', blocks });
const heading = (level: number, text: string, page?: number): Block => ({
  kind: 'heading',
  level,
  text,
  ...(page ? { page } : {}),
});
const paragraph = (text: string, page?: number): Block => ({ kind: 'paragraph', text, ...(page ? { page } : {}) });

/** Numbered Indonesian sentences of about 20 tokens each, with the traps the splitter must not fall into. */
const sentences = (count: number): string[] =>
  Array.from(
    { length: count },
    (_, i) =>
      `Kalimat nomor ${i + 1} menyebut harga Rp 25.000 untuk kopi susu, kata dr. Andi di Jl. Merdeka No. ${i + 1}.`,
  );

function expectWellFormed(chunks: ChunkDraft[], maxTokens: number): void {
  for (const chunk of chunks) {
    expect(chunk.content.trim()).not.toBe('');
    expect(chunk.content).toBe(chunk.content.trim());
    expect(chunk.tokens).toBe(countTokens(chunk.context ? `${chunk.context}\n${chunk.content}` : chunk.content));
    expect(chunk.tokens).toBeLessThanOrEqual(maxTokens);
    expect(chunk.contentHash).toBe(createHash('sha256').update(`${chunk.context}\n${chunk.content}`).digest('hex'));
  }
}

describe('chunkDocument: headings and paragraphs', () => {
  it('packs the paragraphs of a section into one chunk under the heading path', () => {
    const chunks = chunkDocument(
      doc(
        heading(1, 'Kafe Senja'),
        heading(2, 'Jam buka'),
        paragraph('Senin sampai Jumat 08.00–22.00.'),
        paragraph('Sabtu dan Minggu 09.00–23.00.'),
      ),
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({
      content: 'Senin sampai Jumat 08.00–22.00.\n\nSabtu dan Minggu 09.00–23.00.',
      context: 'Kafe Senja › Jam buka',
      meta: { heading: 'Kafe Senja › Jam buka' },
    });
    expectWellFormed(chunks, 400);
  });

  it('keeps the path of open headings by level', () => {
    const chunks = chunkDocument(
      doc(
        paragraph('Sebelum judul apa pun.'),
        heading(1, 'Menu'),
        heading(2, 'Minuman'),
        heading(3, 'Kopi'),
        paragraph('Kopi susu gula aren.'),
        heading(3, 'Teh'),
        paragraph('Teh tarik.'),
        heading(2, 'Makanan'),
        paragraph('Roti bakar.'),
        heading(1, 'Kontak'),
        paragraph('WhatsApp 0812-3456-7890.'),
      ),
    );
    expect(chunks.map((chunk) => [chunk.context, chunk.content])).toEqual([
      ['', 'Sebelum judul apa pun.'],
      ['Menu › Minuman › Kopi', 'Kopi susu gula aren.'],
      ['Menu › Minuman › Teh', 'Teh tarik.'],
      ['Menu › Makanan', 'Roti bakar.'],
      ['Kontak', 'WhatsApp 0812-3456-7890.'],
    ]);
    expect(chunks[0].meta).toEqual({});
  });

  it('never splits a paragraph that fits: sections are packed paragraph by paragraph', () => {
    const paragraphs = Array.from({ length: 12 }, (_, i) =>
      sentences(3)
        .join(' ')
        .replace(/Kalimat/g, `Paragraf ${i + 1}`),
    );
    const chunks = chunkDocument(doc(heading(1, 'Panduan'), ...paragraphs.map((text) => paragraph(text))), {
      maxTokens: 200,
    });
    expect(chunks.length).toBeGreaterThan(2);
    expectWellFormed(chunks, 200);
    expect(chunks.flatMap((chunk) => chunk.content.split('\n\n'))).toEqual(paragraphs);
  });

  it('splits a paragraph longer than the budget at sentence boundaries, with overlap', () => {
    const all = sentences(30);
    expect(Math.max(...all.map(countTokens))).toBeLessThanOrEqual(40);
    const chunks = chunkDocument(doc(heading(1, 'Panjang'), paragraph(all.join(' '))), {
      maxTokens: 150,
      overlapTokens: 40,
    });
    expect(chunks.length).toBeGreaterThan(4);
    expectWellFormed(chunks, 150);
    const pieces = chunks.map((chunk) => splitSentences(chunk.content));
    for (const piece of pieces) for (const sentence of piece) expect(all).toContain(sentence);
    for (let i = 1; i < pieces.length; i++) {
      // Each piece opens with the last sentence of the previous one (≤ 40 tokens).
      expect(pieces[i][0]).toBe(pieces[i - 1][pieces[i - 1].length - 1]);
    }
    // Every sentence appears, in order.
    const seen = [...new Set(pieces.flat())];
    expect(seen).toEqual(all);
  });

  it('without overlap, the pieces of a long paragraph partition it', () => {
    const all = sentences(20);
    const chunks = chunkDocument(doc(paragraph(all.join(' '))), { maxTokens: 100, overlapTokens: 0 });
    expect(chunks.map((chunk) => chunk.content).join(' ')).toBe(all.join(' '));
  });

  it('carries the last words when the last sentence alone is longer than the overlap', () => {
    const long = Array.from(
      { length: 6 },
      (_, i) => `Kalimat panjang ${i + 1} ${'tentang kopi susu dan roti bakar '.repeat(6).trim()}.`,
    );
    const chunks = chunkDocument(doc(paragraph(long.join(' '))), { maxTokens: 100, overlapTokens: 10 });
    expectWellFormed(chunks, 100);
    for (let i = 1; i < chunks.length; i++) {
      const carried = chunks[i].content.split(' ').slice(0, 3).join(' ');
      expect(chunks[i - 1].content).toContain(carried);
    }
  });

  it('splits a sentence longer than the budget by words, and a word longer than the budget by characters', () => {
    const words = Array.from({ length: 400 }, (_, i) => `kata${i}`).join(' ');
    const blob = 'QUJD'.repeat(500);
    const chunks = chunkDocument(doc(paragraph(words), paragraph(blob)), { maxTokens: 60, overlapTokens: 0 });
    expectWellFormed(chunks, 60);
    const text = chunks.map((chunk) => chunk.content);
    expect(text.filter((content) => content.startsWith('kata')).join(' ')).toBe(words);
    expect(text.filter((content) => !content.startsWith('kata')).join('')).toBe(blob);
  });

  it('splits a long list or code block at line boundaries', () => {
    const list = Array.from({ length: 40 }, (_, i) => `- Menu ${i + 1}: kopi susu ukuran besar`).join('\n');
    const code =
      '```js\n' +
      Array.from({ length: 60 }, (_, i) => `const menu${i} = { harga: 25000, nama: 'kopi ${i}' };`).join('\n') +
      '\n```';
    const chunks = chunkDocument(doc(paragraph(list), paragraph(code)), { maxTokens: 80, overlapTokens: 0 });
    expectWellFormed(chunks, 80);
    for (const chunk of chunks) {
      for (const line of chunk.content.split('\n')) expect(list.split('\n').concat(code.split('\n'))).toContain(line);
    }
  });

  it('keeps the heading path to a quarter of the budget: outer headings go first, then the innermost is cut', () => {
    const long = 'Judul yang sangat panjang sekali '.repeat(20).trim();
    const body = paragraph('Isi bagian ini.');
    const [outerDropped] = chunkDocument(doc(heading(1, long), heading(2, 'Bagian kedua'), body), { maxTokens: 80 });
    expect(outerDropped.context).toBe('Bagian kedua');
    const [cut] = chunkDocument(doc(heading(1, long), body), { maxTokens: 80 });
    expect(cut.context.endsWith('…')).toBe(true);
    expect(long.startsWith(cut.context.slice(0, -1))).toBe(true);
    expect(countTokens(cut.context)).toBeLessThanOrEqual(20);
    expectWellFormed([outerDropped, cut], 80);
  });

  it('normalises whitespace and drops empty blocks', () => {
    const chunks = chunkDocument(
      doc(
        heading(1, '  Jam \n buka  '),
        paragraph('   '),
        paragraph('Buka\u00a0 setiap   hari.  \r\n\r\n\r\n\r\nTutup   saat Lebaran. '),
        paragraph('\u200b'),
      ),
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0].context).toBe('Jam buka');
    expect(chunks[0].content).toBe('Buka setiap hari.\n\nTutup saat Lebaran.');
  });

  it('gives a document with no text no chunks', () => {
    expect(chunkDocument(doc())).toEqual([]);
    expect(chunkDocument(doc(heading(1, 'Judul saja'), paragraph(' \n ')))).toEqual([]);
  });

  it('puts the page of the first block and the url in meta', () => {
    const chunks = chunkDocument(
      doc(heading(1, 'Harga', 2), paragraph('Kopi Rp 25.000.', 2), paragraph('Teh Rp 15.000.', 3)),
      {
        url: 'https://kafe.example/harga',
      },
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0].meta).toEqual({ page: 2, heading: 'Harga', url: 'https://kafe.example/harga' });
  });

  it.each([[{ maxTokens: 0 }], [{ maxTokens: 10.5 }], [{ overlapTokens: -1 }]])('rejects options %j', (options) => {
    expect(() => chunkDocument(doc(paragraph('x')), options)).toThrow(RangeError);
  });
});

describe('chunkDocument: tables', () => {
  it('keeps a table whole as a GFM table, cells escaped and padded', () => {
    const chunks = chunkDocument(
      doc(heading(2, 'Menu'), {
        kind: 'table',
        header: ['Menu', 'Harga'],
        rows: [
          ['Kopi | susu', 'Rp 25.000'],
          ['Teh\ntarik', 'Rp 15.000', 'baru'],
          ['', ''],
        ],
        page: 4,
      }),
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0].content).toBe(
      [
        '| Menu | Harga |  |',
        '| --- | --- | --- |',
        '| Kopi \\| susu | Rp 25.000 |  |',
        '| Teh tarik | Rp 15.000 | baru |',
      ].join('\n'),
    );
    expect(chunks[0].context).toBe('Menu');
    expect(chunks[0].meta).toEqual({ page: 4, heading: 'Menu' });
  });

  it('splits a table longer than the budget by rows, repeating the header', () => {
    const rows = Array.from({ length: 60 }, (_, i) => [
      `Kopi ${i + 1}`,
      `Rp ${20 + i}.000`,
      'Biji arabika Gayo, disangrai medium',
    ]);
    const chunks = chunkDocument(doc({ kind: 'table', header: ['Menu', 'Harga', 'Catatan'], rows, sheet: 'Harga' }), {
      maxTokens: 150,
    });
    expect(chunks.length).toBeGreaterThan(3);
    expectWellFormed(chunks, 150);
    const body: string[] = [];
    for (const chunk of chunks) {
      const lines = chunk.content.split('\n');
      expect(lines.slice(0, 2)).toEqual(['| Menu | Harga | Catatan |', '| --- | --- | --- |']);
      body.push(...lines.slice(2));
      expect(chunk.context).toBe('Harga');
      expect(chunk.meta).toEqual({ sheet: 'Harga' });
    }
    expect(body).toEqual(rows.map((row) => `| ${row.join(' | ')} |`));
  });
});

describe('chunkDocument: records and Q&A', () => {
  it('makes one chunk of Label: value lines per record', () => {
    const chunks = chunkDocument(
      doc(heading(1, 'Produk'), {
        kind: 'record',
        fields: [
          { label: 'Nama', value: 'Kopi  susu' },
          { label: 'Harga', value: 'Rp 25.000' },
          { label: 'Catatan', value: '  ' },
          { label: 'Stok', value: '12' },
        ],
        row: 3,
        sheet: 'Menu',
      }),
    );
    expect(chunks).toEqual([
      expect.objectContaining({
        content: 'Nama: Kopi susu\nHarga: Rp 25.000\nStok: 12',
        context: 'Produk › Menu',
        meta: { heading: 'Produk', sheet: 'Menu', row: 3 },
      }),
    ]);
  });

  it('uses the sheet alone as context when there is no heading, and skips an empty record', () => {
    const chunks = chunkDocument(
      doc(
        { kind: 'record', fields: [{ label: 'Kota', value: 'Bandung' }], row: 1, sheet: 'Ongkir' },
        { kind: 'record', fields: [{ label: 'Kota', value: '' }], row: 2, sheet: 'Ongkir' },
      ),
    );
    expect(chunks.map((chunk) => [chunk.context, chunk.content, chunk.meta])).toEqual([
      ['Ongkir', 'Kota: Bandung', { sheet: 'Ongkir', row: 1 }],
    ]);
  });

  it('makes one chunk per Q&A pair, its alternatives as context', () => {
    const chunks = chunkDocument(
      doc({
        kind: 'qa',
        question: 'Bagaimana cara reset kata sandi?',
        alternatives: ['lupa password', ' Lupa  kata sandi ', 'lupa password', 'bagaimana cara reset kata sandi?', ''],
        answer: 'Buka halaman masuk, lalu pilih "Lupa kata sandi".',
      }),
    );
    expect(chunks).toHaveLength(1);
    expect(chunks[0]).toMatchObject({
      content: 'Bagaimana cara reset kata sandi?\n\nBuka halaman masuk, lalu pilih "Lupa kata sandi".',
      context: 'lupa password\nLupa kata sandi',
      meta: { question: 'Bagaimana cara reset kata sandi?' },
    });
    expectWellFormed(chunks, 400);
  });

  it('ends the paragraph chunk before a record, table or Q&A', () => {
    const chunks = chunkDocument(
      doc(
        paragraph('Pengantar.'),
        { kind: 'qa', question: 'Buka jam berapa?', alternatives: [], answer: 'Jam 8.' },
        paragraph('Penutup.'),
      ),
    );
    expect(chunks.map((chunk) => chunk.content)).toEqual(['Pengantar.', 'Buka jam berapa?\n\nJam 8.', 'Penutup.']);
  });
});

describe('chunkDocument: determinism', () => {
  const source = (changed: string) =>
    doc(heading(1, 'Kafe'), paragraph(sentences(8).join(' ')), heading(2, 'Ongkir'), paragraph(changed), {
      kind: 'table',
      header: ['Kota', 'Ongkir'],
      rows: [['Bandung', 'Rp 15.000']],
    });

  it('gives identical chunks for the same input', () => {
    expect(chunkDocument(source('Ke Bandung Rp 15.000.'))).toEqual(chunkDocument(source('Ke Bandung Rp 15.000.')));
  });

  it('changes only the hash of the chunk whose text changed', () => {
    const before = chunkDocument(source('Ke Bandung Rp 15.000.')).map((chunk) => chunk.contentHash);
    const after = chunkDocument(source('Ke Bandung Rp 17.000.')).map((chunk) => chunk.contentHash);
    expect(after).toHaveLength(before.length);
    expect(after.filter((hash, i) => hash !== before[i])).toHaveLength(1);
  });
});

describe('splitSentences', () => {
  it.each([
    [
      'Harga kopi Rp 25.000 per gelas. Kami buka pukul 08.00 WIB.',
      ['Harga kopi Rp 25.000 per gelas.', 'Kami buka pukul 08.00 WIB.'],
    ],
    [
      'Hubungi dr. Andi di Jl. Sudirman No. 5. Terima kasih!',
      ['Hubungi dr. Andi di Jl. Sudirman No. 5.', 'Terima kasih!'],
    ],
    [
      'Alamat: Jl. A. Yani No. 12, Bandung. Telp. 022-123456.',
      ['Alamat: Jl. A. Yani No. 12, Bandung.', 'Telp. 022-123456.'],
    ],
    ['1. Buka aplikasi. 2. Pilih menu.', ['1. Buka aplikasi.', '2. Pilih menu.']],
    ['Harga naik 5. Kemudian turun.', ['Harga naik 5.', 'Kemudian turun.']],
    ['Apa kabar? baik! Oke.', ['Apa kabar?', 'baik!', 'Oke.']],
    ['Dia bilang "Oke." Lalu pergi.', ['Dia bilang "Oke."', 'Lalu pergi.']],
    ['See e.g. the menu. Mr. Smith pays by card.', ['See e.g. the menu.', 'Mr. Smith pays by card.']],
    ['Tersedia kopi, teh, dll. dan juga roti.', ['Tersedia kopi, teh, dll. dan juga roti.']],
    ['Wow... keren banget. Mantap!!!', ['Wow... keren banget.', 'Mantap!!!']],
    ['Tanpa titik di akhir', ['Tanpa titik di akhir']],
    ['', []],
  ])('%j', (line, expected) => {
    expect(splitSentences(line)).toEqual(expected);
  });
});

describe('normaliseBlock', () => {
  it.each([
    ['  a   b  ', 'a b'],
    ['a\r\nb', 'a\nb'],
    ['a\n\n\n\nb', 'a\n\nb'],
    ['- satu\n  - dua   tiga', '- satu\n  - dua tiga'],
    ['```\nif (x)  {\n    y();\n}\n```', '```\nif (x)  {\n    y();\n}\n```'],
  ])('%j → %j', (input, expected) => {
    expect(normaliseBlock(input)).toBe(expected);
  });
});

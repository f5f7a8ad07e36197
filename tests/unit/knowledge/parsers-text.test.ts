import { describe, expect, it } from 'vitest';
import { SourceContentError, type Block } from '../../../server/knowledge/document';
import { parseFile, parseHtml, parseText } from '../../../server/knowledge/parsers/index';
import { cleanInline, tidyBlocks } from '../../../server/knowledge/parsers/normalize';
import { guessDelimiter } from '../../../server/knowledge/parsers/csv';
import { uniqueLabels } from '../../../server/knowledge/parsers/records';

const MB = 1024 * 1024;
const utf8 = (text: string) => new TextEncoder().encode(text);
const parse = (text: string | Uint8Array, filename?: string) =>
  parseFile(typeof text === 'string' ? utf8(text) : text, { filename, maxBytes: 5 * MB });

async function rejection(promise: Promise<unknown>): Promise<SourceContentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SourceContentError);
  return error as SourceContentError;
}

describe('parseFile refusals', () => {
  it.each<[string, Uint8Array, string]>([
    ['an empty file', new Uint8Array(), 'kosong.txt'],
    ['a file of spaces and newlines', utf8('  \n\t\r\n \u00a0 \u200b\n'), 'kosong.txt'],
    ['a UTF-16 file of spaces', new Uint8Array([0xff, 0xfe, ...Buffer.from('   \n  ', 'utf16le')]), 'kosong.txt'],
    ['a CSV with only separators', utf8(';;;\n;;;\n'), 'kosong.csv'],
    ['a Markdown file with only a rule', utf8('---\n\n***\n'), 'kosong.md'],
    [
      'an HTML page without text',
      utf8(
        '<!doctype html><html><head><title>Kosong</title></head><body><nav><a href="/">Beranda</a></nav></body></html>',
      ),
      'kosong.html',
    ],
  ])('refuses %s as empty', async (_name, bytes, filename) => {
    const error = await rejection(parse(bytes, filename));
    expect(error.code).toBe('empty');
    expect(error.message).toBe('This file is empty: it has no text to read.');
  });

  it('refuses a file over the limit, naming the limit in MB', async () => {
    const error = await rejection(
      parseFile(new Uint8Array(3 * MB + MB / 2), { filename: 'besar.csv', maxBytes: 2 * MB }),
    );
    expect(error.code).toBe('too_large');
    expect(error.message).toBe(
      'This file is 3.5 MB; the limit is 2 MB. Split it into smaller files and upload them separately.',
    );
  });
});

describe('CSV files', () => {
  it('reads semicolon-delimited rows with quoted newlines into records', async () => {
    const csv =
      'Menu;Harga;Keterangan\r\nKopi Susu Gula Aren;Rp 25.000;"Manis,\r\ndingin"\r\n\r\nTeh Tarik;Rp 20.000;\r\n';
    expect(await parse(csv, 'menu.csv')).toEqual({
      format: 'csv',
      blocks: [
        {
          kind: 'record',
          row: 1,
          fields: [
            { label: 'Menu', value: 'Kopi Susu Gula Aren' },
            { label: 'Harga', value: 'Rp 25.000' },
            { label: 'Keterangan', value: 'Manis,\ndingin' },
          ],
        },
        {
          kind: 'record',
          row: 2,
          fields: [
            { label: 'Menu', value: 'Teh Tarik' },
            { label: 'Harga', value: 'Rp 20.000' },
          ],
        },
      ],
    });
  });

  it('labels empty and repeated header cells, and cells beyond the header', async () => {
    const document = await parse('Nama,,Harga,Harga\nKopi,panas,25000,27000,promo\n', 'a.csv');
    expect(document.blocks).toEqual([
      {
        kind: 'record',
        row: 1,
        fields: [
          { label: 'Nama', value: 'Kopi' },
          { label: 'Column 2', value: 'panas' },
          { label: 'Harga', value: '25000' },
          { label: 'Harga (2)', value: '27000' },
          { label: 'Column 5', value: 'promo' },
        ],
      },
    ]);
  });

  it('mends a row whose prose held the delimiter unquoted, and leaves other extra cells as they are', async () => {
    const csv =
      'SKU;Nama;Keterangan\n' +
      'GF-01;Hampers Lebaran;Isi kemeja batik dalam kotak kayu; kirim H-7 sebelum Lebaran\n' +
      'KM-02;Kemeja; motif parang;lengan panjang\n' +
      'BL-03;Blouse;Katun;;\n';
    const values = (await parse(csv, 'katalog.csv')).blocks.map((block) =>
      block.kind === 'record' ? block.fields.map((field) => `${field.label}=${field.value}`) : [],
    );
    expect(values).toEqual([
      ['SKU=GF-01', 'Nama=Hampers Lebaran', 'Keterangan=Isi kemeja batik dalam kotak kayu; kirim H-7 sebelum Lebaran'],
      // The cell after "Kemeja" reads as its continuation; "lengan panjang" after it does not.
      ['SKU=KM-02', 'Nama=Kemeja; motif parang', 'Keterangan=lengan panjang'],
      // Trailing empty cells are no field at all.
      ['SKU=BL-03', 'Nama=Blouse', 'Keterangan=Katun'],
    ]);
    // Written with a space after every delimiter: nothing can be told apart, nothing is mended.
    const spaced = await parse('Menu, Harga, Keterangan\nKopi, 25000, Manis, dingin\n', 'menu.csv');
    expect(spaced.blocks[0].kind === 'record' && spaced.blocks[0].fields.map((field) => field.label)).toEqual([
      'Menu',
      'Harga',
      'Keterangan',
      'Column 4',
    ]);
  });

  it('reads a Windows-1252 export from an older Excel', async () => {
    const bytes = new Uint8Array([...utf8('Menu,Harga\nCaf'), 0xe9, ...utf8(' Latte,'), 0x80, ...utf8('4\n')]);
    const document = await parse(bytes, 'menu.csv');
    expect(document.blocks).toEqual([
      {
        kind: 'record',
        row: 1,
        fields: [
          { label: 'Menu', value: 'Café Latte' },
          { label: 'Harga', value: '€4' },
        ],
      },
    ]);
  });

  it('reads a single column with a header as records under that header, without one as "Value"', async () => {
    expect((await parse('Kota\nBandung\nJakarta\n', 'kota.csv')).blocks).toEqual([
      { kind: 'record', row: 1, fields: [{ label: 'Kota', value: 'Bandung' }] },
      { kind: 'record', row: 2, fields: [{ label: 'Kota', value: 'Jakarta' }] },
    ]);
    expect((await parse('12500\n13000\n', 'angka.csv')).blocks).toEqual([
      { kind: 'record', row: 1, fields: [{ label: 'Value', value: '12500' }] },
      { kind: 'record', row: 2, fields: [{ label: 'Value', value: '13000' }] },
    ]);
  });

  it.each([
    [
      ['a', 'b', 'c'],
      ['a', 'b', 'c'],
    ],
    [
      ['', ''],
      ['Column 1', 'Column 2'],
    ],
    [
      ['Harga', 'harga', 'Harga'],
      ['Harga', 'harga (2)', 'Harga (3)'],
    ],
    [
      ['Column 2', ''],
      ['Column 2', 'Column 2 (2)'],
    ],
    [
      ['  Nama  Lengkap ', 'x'],
      ['Nama Lengkap', 'x'],
    ],
  ])('makes unique labels of %j: %j', (cells, labels) => {
    expect(uniqueLabels(cells)).toEqual(labels);
  });
});

const NOISY_PAGE = `<!DOCTYPE html>
<html lang="id"><head><title>Kopi Aren | Kedai Kawan</title><script>window.x = 1;</script><style>p { color: red }</style></head>
<body>
<header><a href="/">Beranda</a><nav><ul><li><a href="/menu">Menu</a></li><li><a href="/kontak">Kontak</a></li></ul></nav></header>
<div class="cookie-banner">Kami memakai cookie. <button>Setuju</button></div>
<article>
  <header><h1>Sejarah Kopi Aren</h1><p class="meta">12 Mei 2024</p></header>
  <p>Kopi aren dibuat dari <strong>espresso</strong>,   susu segar, dan <a href="/gula-aren">gula aren</a>.</p>
  <h2>Harga</h2>
  <table><caption>Harga per gelas</caption><thead><tr><th>Menu</th><th>Harga</th></tr></thead>
  <tbody><tr><td>Kopi Susu Gula Aren</td><td>Rp 25.000</td></tr><tr><td colspan="2">Promo akhir pekan</td></tr></tbody></table>
  <ul><li>Panas</li><li>Dingin<ol><li>Less sugar</li></ol></li></ul>
  <form><input name="q"><button>Cari</button></form>
</article>
<aside><h3>Artikel lain</h3><a href="/x">X</a></aside>
<footer>© 2024 Kedai Kawan · <a href="/privasi">Privasi</a></footer>
</body></html>`;

describe('HTML', () => {
  it('keeps the article and its table, drops the page chrome, and resolves links against the page address', () => {
    expect(parseHtml(NOISY_PAGE, { url: 'https://kedai.example/blog/kopi-aren' })).toEqual({
      format: 'html',
      title: 'Kopi Aren | Kedai Kawan',
      blocks: [
        { kind: 'heading', level: 1, text: 'Sejarah Kopi Aren' },
        { kind: 'paragraph', text: '12 Mei 2024' },
        {
          kind: 'paragraph',
          text: 'Kopi aren dibuat dari espresso, susu segar, dan [gula aren](https://kedai.example/gula-aren).',
        },
        { kind: 'heading', level: 2, text: 'Harga' },
        { kind: 'paragraph', text: 'Harga per gelas' },
        {
          kind: 'table',
          header: ['Menu', 'Harga'],
          rows: [
            ['Kopi Susu Gula Aren', 'Rp 25.000'],
            ['Promo akhir pekan', ''],
          ],
        },
        { kind: 'paragraph', text: '- Panas\n- Dingin\n  1. Less sugar' },
      ],
    });
  });

  it('leaves relative links as text in an uploaded file (no address to resolve them against)', async () => {
    const document = await parse(NOISY_PAGE, 'kopi.html');
    expect(document.blocks[2]).toEqual({
      kind: 'paragraph',
      text: 'Kopi aren dibuat dari espresso, susu segar, dan gula aren.',
    });
  });

  it('finds the main content of a page without semantic tags through Readability', () => {
    const links = (names: string[]) =>
      names.map((name) => `<li><a href="/${name}">${name} dan lain-lain di kedai</a></li>`).join('');
    const page = `<html><head><title>Blog Kedai</title></head><body>
      <div class="top-links"><a href="/">Beranda</a> | <a href="/menu">Menu</a> | <a href="/blog">Blog</a> | <a href="/kontak">Kontak</a></div>
      <div class="wrap"><div class="left"><div class="post">
        <h1>Cara Menyeduh Kopi Tubruk</h1>
        <p>Kopi tubruk adalah cara menyeduh kopi paling sederhana di Indonesia. Bubuk kopi dan gula dimasukkan ke gelas lalu diseduh dengan air mendidih, diaduk, dan didiamkan sampai ampasnya turun.</p>
        <p>Gunakan bubuk kopi yang digiling kasar agar ampas cepat mengendap. Perbandingan yang kami sarankan adalah satu sendok makan kopi untuk 150 ml air, tetapi sesuaikan dengan selera Anda.</p>
        <table><tr><th>Bahan</th><th>Takaran</th></tr><tr><td>Kopi</td><td>15 g</td></tr><tr><td>Air</td><td>150 ml</td></tr></table>
      </div></div>
      <div class="right"><div class="widget"><h4>Populer</h4><ul>${links(['kopi-susu', 'arabika', 'robusta', 'grinder', 'v60', 'aeropress'])}</ul></div></div></div>
      <div class="bottom">Hak cipta 2024 Kedai Kawan. <a href="/syarat">Syarat</a> <a href="/privasi">Privasi</a></div>
    </body></html>`;
    const document = parseHtml(page);
    // Readability turns the article's H1 into an H2 (its title is the document's title).
    expect(document.blocks).toEqual([
      { kind: 'heading', level: 2, text: 'Cara Menyeduh Kopi Tubruk' },
      { kind: 'paragraph', text: expect.stringMatching(/^Kopi tubruk adalah/) as unknown as string },
      { kind: 'paragraph', text: expect.stringMatching(/^Gunakan bubuk kopi/) as unknown as string },
      {
        kind: 'table',
        header: ['Bahan', 'Takaran'],
        rows: [
          ['Kopi', '15 g'],
          ['Air', '150 ml'],
        ],
      },
    ]);
  });

  it('reads a short document page whole, headings included', () => {
    const page =
      '<html><head><title>FAQ</title></head><body><h1>Pertanyaan Umum</h1><h2>Jam buka?</h2><p>Setiap hari 07.00–22.00.</p><h2>Ada Wi-Fi?</h2><p>Ada,<br>gratis.</p></body></html>';
    expect(parseHtml(page)).toEqual({
      format: 'html',
      title: 'FAQ',
      blocks: [
        { kind: 'heading', level: 1, text: 'Pertanyaan Umum' },
        { kind: 'heading', level: 2, text: 'Jam buka?' },
        { kind: 'paragraph', text: 'Setiap hari 07.00–22.00.' },
        { kind: 'heading', level: 2, text: 'Ada Wi-Fi?' },
        { kind: 'paragraph', text: 'Ada,\ngratis.' },
      ],
    });
  });

  it('walks a layout table as content, and reads loose text and definition lists', () => {
    const page =
      '<body>Teks lepas <em>di body</em><table><tr><td><h2>Kiri</h2><p>Isi kiri</p></td><td><p>Isi kanan</p></td></tr></table><dl><dt>Alamat</dt><dd>Jl. Braga 10</dd></dl></body>';
    expect(parseHtml(page).blocks).toEqual([
      { kind: 'paragraph', text: 'Teks lepas di body' },
      { kind: 'heading', level: 2, text: 'Kiri' },
      { kind: 'paragraph', text: 'Isi kiri' },
      { kind: 'paragraph', text: 'Isi kanan' },
      { kind: 'paragraph', text: 'Alamat: Jl. Braga 10' },
    ]);
  });

  it('keeps a wrapper that is aria-hidden behind an open dialog, and drops the small hidden parts', () => {
    const page = `<body><div id="app" aria-hidden="true"><h1>Menu</h1><p>Kopi susu gula aren, teh tarik, roti bakar.</p>
      <span aria-hidden="true">★</span></div><div class="modal">Daftar newsletter</div></body>`;
    expect(parseHtml(page).blocks).toEqual([
      { kind: 'heading', level: 1, text: 'Menu' },
      { kind: 'paragraph', text: 'Kopi susu gula aren, teh tarik, roti bakar.' },
    ]);
  });

  it('says a page without text is empty', () => {
    expect(() => parseHtml('<html><body><script>render()</script><div id="root"></div></body></html>')).toThrowError(
      expect.objectContaining({
        code: 'empty',
        message: expect.stringMatching(/^This page has no text Kawan can read\./) as unknown as string,
      }),
    );
  });
});

describe('Markdown', () => {
  const markdown = [
    '---',
    'title: "Panduan Barista"',
    'tags: [kopi]',
    '---',
    '# Panduan',
    '',
    'Pembuka paragraf',
    'baris kedua dengan [tautan](https://kedai.example).',
    '',
    '## Resep',
    '',
    '### Kopi Susu **Gula Aren**',
    '',
    '| Bahan | Takaran |',
    '|---|---:|',
    '| Espresso | 2 shot |',
    '| Gula aren | 20 ml |',
    '',
    '- Siapkan gelas',
    '  - Isi es',
    '- Tuang susu',
    '',
    '```sh',
    'echo   "halo"',
    '```',
    '',
    '> Catatan: pakai susu segar.',
    '',
    '---',
    '',
    '<p>Dari <b>HTML</b></p>',
  ].join('\n');

  it('reads headings, paragraphs, GFM tables, lists, code and quotes', async () => {
    expect(await parse(markdown, 'barista.md')).toEqual({
      format: 'markdown',
      title: 'Panduan Barista',
      blocks: [
        { kind: 'heading', level: 1, text: 'Panduan' },
        { kind: 'paragraph', text: 'Pembuka paragraf\nbaris kedua dengan [tautan](https://kedai.example).' },
        { kind: 'heading', level: 2, text: 'Resep' },
        { kind: 'heading', level: 3, text: 'Kopi Susu Gula Aren' },
        {
          kind: 'table',
          header: ['Bahan', 'Takaran'],
          rows: [
            ['Espresso', '2 shot'],
            ['Gula aren', '20 ml'],
          ],
        },
        { kind: 'paragraph', text: '- Siapkan gelas\n  - Isi es\n- Tuang susu' },
        { kind: 'paragraph', text: '```sh\necho   "halo"\n```' },
        { kind: 'paragraph', text: '> Catatan: pakai susu segar.' },
        { kind: 'paragraph', text: 'Dari HTML' },
      ],
    });
  });

  it('drops a heading’s markers, links defined further down included; paragraphs and cells keep their source', () => {
    const source = [
      '# **Harga** _Menu_ [Kopi][menu]',
      '',
      'Isi `kode` dengan *tekanan* dan [tautan][menu].',
      '',
      '## Jam `buka`',
      '',
      '### ~~Lama~~ Baru',
      '',
      '| A *x* | B |',
      '|---|---|',
      '| **1** | [t][menu] |',
      '',
      '[menu]: https://kedai.example/menu',
    ].join('\n');
    expect(parseText(source, 'markdown')).toEqual({
      format: 'markdown',
      title: 'Harga Menu Kopi',
      blocks: [
        { kind: 'heading', level: 1, text: 'Harga Menu Kopi' },
        { kind: 'paragraph', text: 'Isi `kode` dengan *tekanan* dan [tautan][menu].' },
        { kind: 'heading', level: 2, text: 'Jam buka' },
        { kind: 'heading', level: 3, text: 'Lama Baru' },
        { kind: 'table', header: ['A *x*', 'B'], rows: [['**1**', '[t][menu]']] },
      ],
    });
  });

  it('takes the first H1 as the title without front matter', () => {
    expect(parseText('Intro.\n\n# Judul\n\nIsi.', 'markdown').title).toBe('Judul');
  });
});

describe('plain text', () => {
  it('splits paragraphs at blank lines and takes short capitalised or colon-ended lines as headings', () => {
    const text =
      'JAM BUKA\n\nSenin - Jumat: 08.00 - 22.00\nSabtu: 10.00 - 23.00\n\nAlamat:\nJl. Braga No. 10, Bandung\n\n\n\nKami   menerima\tQRIS.';
    expect(parseText(text, 'text')).toEqual({
      format: 'text',
      blocks: [
        { kind: 'heading', level: 1, text: 'JAM BUKA' },
        { kind: 'paragraph', text: 'Senin - Jumat: 08.00 - 22.00\nSabtu: 10.00 - 23.00' },
        { kind: 'heading', level: 2, text: 'Alamat' },
        { kind: 'paragraph', text: 'Jl. Braga No. 10, Bandung' },
        { kind: 'paragraph', text: 'Kami menerima QRIS.' },
      ],
    });
  });

  it('says empty text is empty', () => {
    expect(() => parseText(' \n\n ', 'text')).toThrowError(
      expect.objectContaining({ code: 'empty', message: 'This text is empty.' }),
    );
  });
});

describe('normalization', () => {
  it.each([
    ['Kopi\u0000 susu', 'Kopi susu'],
    ['Cafe\u0301', 'Café'],
    ['a\u00a0\u00a0b\u200bc\u00ad', 'a bc'],
    ['\u0007bel\u001b[0m', 'bel[0m'],
    ['  banyak   spasi\t\tdan\nbaris  ', 'banyak spasi dan baris'],
    ['\ud83d', ''],
    ['☕ \ud83d\ude00', '☕ 😀'],
  ])('cleans %j to %j', (input, output) => {
    expect(cleanInline(input)).toBe(output);
  });

  it('drops empty blocks, empty fields and empty table columns, and turns a one-row table into text', () => {
    const blocks: Block[] = [
      { kind: 'heading', level: 9, text: ' Judul\u0000 ' },
      { kind: 'paragraph', text: ' \n\u200b ' },
      {
        kind: 'table',
        header: ['A', '', 'C'],
        rows: [
          ['1', '', '3'],
          ['', '', ''],
        ],
      },
      { kind: 'table', header: ['Hanya', 'satu baris'], rows: [], page: 2 },
      { kind: 'table', header: ['', ''], rows: [['', '']] },
      { kind: 'record', row: 1, fields: [{ label: 'Nama', value: '  ' }] },
      {
        kind: 'record',
        row: 2,
        fields: [
          { label: 'Nama', value: 'Budi' },
          { label: 'Kosong', value: '' },
        ],
      },
    ];
    expect(tidyBlocks(blocks)).toEqual([
      { kind: 'heading', level: 6, text: 'Judul' },
      { kind: 'table', header: ['A', 'C'], rows: [['1', '3']] },
      { kind: 'paragraph', text: 'Hanya satu baris', page: 2 },
      { kind: 'record', row: 2, fields: [{ label: 'Nama', value: 'Budi' }] },
    ]);
  });
});

describe('guessDelimiter', () => {
  it.each([
    ['Menu;Harga\nKopi;25,000\nTeh;20,000', ';'],
    ['Menu,Harga;Pajak\nKopi,25000;ya\nTeh,20000', ','],
    ['a\tb\tc\n1\t2\t3', '\t'],
    ['a|b\n1|2', '|'],
    [';;;\n;;;', ';'],
    ['satu kolom\nsaja', ','],
  ])('guesses the delimiter of %j as %j', (text, delimiter) => {
    expect(guessDelimiter(text)).toBe(delimiter);
  });
});

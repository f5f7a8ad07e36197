import { describe, expect, it } from 'vitest';
import { SourceContentError } from '../../../server/knowledge/document';
import { parseFile } from '../../../server/knowledge/parsers/index';
import { cellText } from '../../../server/knowledge/parsers/xlsx';
import { readZipEntries } from '../../../server/knowledge/parsers/zip';
import { buildDocx, buildXlsx } from '../../fixtures/knowledge/office';
import { CONTENT_TYPES, buildZip, deflatedZeros } from '../../fixtures/knowledge/zip';

const MB = 1024 * 1024;
const parse = (bytes: Uint8Array, filename?: string) => parseFile(bytes, { filename, maxBytes: 20 * MB });

async function rejection(promise: Promise<unknown>): Promise<SourceContentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SourceContentError);
  return error as SourceContentError;
}

describe('DOCX files', () => {
  it('reads headings, paragraphs with links, lists and tables', async () => {
    expect(await parse(await buildDocx(), 'panduan.docx')).toEqual({
      format: 'docx',
      title: 'Panduan Kedai Kawan',
      blocks: [
        { kind: 'heading', level: 1, text: 'Panduan Kedai' },
        { kind: 'heading', level: 1, text: 'Tentang Kami' },
        { kind: 'paragraph', text: 'Kami buka setiap hari. [Lihat menu](https://kedai.example/menu)' },
        { kind: 'heading', level: 2, text: 'Fasilitas' },
        { kind: 'paragraph', text: '- Wi-Fi gratis\n- Colokan di setiap meja\n  - Ruang rapat' },
        { kind: 'paragraph', text: '1. Pesan di kasir\n2. Ambil di meja saji' },
        { kind: 'heading', level: 2, text: 'Harga' },
        {
          kind: 'table',
          header: ['Menu', 'Harga'],
          rows: [
            ['Kopi Susu Gula Aren', 'Rp 25.000'],
            ['Teh Tarik', 'Rp 20.000'],
          ],
        },
      ],
    });
  });
});

describe('XLSX files', () => {
  it('reads every sheet into records labelled by its header row', async () => {
    expect(await parse(await buildXlsx(), 'harga.xlsx')).toEqual({
      format: 'xlsx',
      blocks: [
        { kind: 'paragraph', text: 'Daftar Harga 2024' },
        {
          kind: 'record',
          sheet: 'Menu',
          row: 1,
          fields: [
            { label: 'Menu', value: 'Kopi Susu' },
            { label: 'Harga', value: '25000' },
            { label: 'Stok', value: '10' },
            { label: 'Mulai', value: '2024-01-15' },
          ],
        },
        {
          kind: 'record',
          sheet: 'Menu',
          row: 2,
          fields: [
            { label: 'Menu', value: 'Teh Tarik' },
            { label: 'Harga', value: '20000' },
            { label: 'Mulai', value: '2024-02-01 09:30' },
          ],
        },
        {
          kind: 'record',
          sheet: 'Menu',
          row: 3,
          fields: [
            { label: 'Menu', value: 'Total' },
            { label: 'Harga', value: '45000' },
            { label: 'Stok', value: '20' },
          ],
        },
        {
          // Spreadsheet row 8: five rows below the header (row 7 is empty).
          kind: 'record',
          sheet: 'Menu',
          row: 5,
          fields: [
            { label: 'Menu', value: 'Kopi Tubruk' },
            { label: 'Harga', value: 'lihat situs' },
            { label: 'Stok', value: 'TRUE' },
            { label: 'Column 5', value: '15%' },
          ],
        },
        { kind: 'record', sheet: 'Cabang', row: 1, fields: [{ label: 'Kota', value: 'Bandung' }] },
        { kind: 'record', sheet: 'Cabang', row: 2, fields: [{ label: 'Kota', value: 'Jakarta' }] },
      ],
    });
  });

  it.each([
    [null, undefined, ''],
    [0.1 + 0.2, undefined, '0.3'],
    [0.125, '0.0%', '12.5%'],
    [new Date(Date.UTC(2024, 7, 17)), undefined, '2024-08-17'],
    [new Date(Date.UTC(2024, 7, 17, 19, 5, 30)), undefined, '2024-08-17 19:05:30'],
    [{ formula: 'A1', result: new Date(Date.UTC(2024, 0, 1)) }, undefined, '2024-01-01'],
    [{ formula: 'A1' }, undefined, ''],
    [{ sharedFormula: 'B2', result: 'ya' }, undefined, 'ya'],
    [
      { text: { richText: [{ text: 'di' }, { text: 'sini' }] }, hyperlink: 'https://kedai.example' },
      undefined,
      'disini',
    ],
    [{ error: '#DIV/0!' }, undefined, ''],
  ])('shows the cell %j (format %j) as %j', (value, numFmt, text) => {
    expect(cellText(value as Parameters<typeof cellText>[0], numFmt)).toBe(text);
  });
});

describe('ZIP guard', () => {
  it('reads the central directory of a real DOCX', async () => {
    const names = readZipEntries(await buildDocx()).map((entry) => entry.name);
    expect(names).toContain('word/document.xml');
  });

  it('refuses a zip bomb (300 MB of zeros in one part) before unpacking it', async () => {
    const bomb = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', compressed: await deflatedZeros(300) },
    ]);
    expect(bomb.length).toBeLessThan(MB);

    const error = await rejection(parse(bomb, 'bom.docx'));
    expect(error.code).toBe('corrupt');
    expect(error.message).toBe(
      'This Word document is not a normal document: one of its parts claims to grow more than 200 times when unpacked ' +
        '(like a "zip bomb"), so Kawan does not open it. Save it again from Word or Excel and upload that copy.',
    );
  }, 30_000);

  it('refuses a part that declares 5 GB the ZIP64 way', async () => {
    const zip = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', data: '<w:document/>', zip64Size: 5 * 1024 * MB },
    ]);
    expect(readZipEntries(zip)[1].uncompressedSize).toBe(5 * 1024 * MB);
    const error = await rejection(parse(zip, 'besar.docx'));
    expect(error.code).toBe('corrupt');
    expect(error.message).toMatch(/zip bomb/);
  });

  it('refuses a part that inflates past the size it declares', async () => {
    const liar = buildZip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: new Uint8Array(4 * MB), declaredSize: 1000 },
    ]);
    const error = await rejection(parse(liar, 'harga.xlsx'));
    expect(error.code).toBe('corrupt');
    expect(error.message).toBe(
      'This Excel workbook is damaged and cannot be opened. Open it, save it again (or "Save as" a new file) and upload that copy.',
    );
  });

  it('refuses a document that declares more than 200 MB in all', async () => {
    const parts = [1, 2, 3].map((n) => ({
      name: `word/media/image${n}.png`,
      data: new Uint8Array(MB).fill(n),
      method: 0 as const,
      declaredSize: 80 * MB,
    }));
    const large = buildZip([{ name: 'word/document.xml', data: '<w:document/>' }, ...parts]);
    const error = await rejection(parse(large, 'besar.docx'));
    expect(error.code).toBe('too_large');
    expect(error.message).toBe(
      'This Word document unpacks to more than 200 MB, more than Kawan reads from one file. Split it into smaller files and upload them separately.',
    );
  });

  it.each([
    ['its central directory is cut off', async () => (await buildDocx()).subarray(0, 3000), 'corrupt', /damaged/],
    [
      'it is garbage after the ZIP signature',
      async () => new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5, 6]),
      'corrupt',
      /damaged/,
    ],
    [
      'its parts are encrypted',
      async () => buildZip([{ name: 'word/document.xml', data: '<w:document/>', flags: 1 }]),
      'encrypted',
      /password-protected/,
    ],
    [
      'its XML is not a Word document',
      async () => buildZip([{ name: 'word/document.xml', data: 'bukan xml' }]),
      'corrupt',
      /damaged/,
    ],
  ])('refuses a DOCX when %s', async (_name, build, code, message) => {
    const error = await rejection(parse(await build(), 'rusak.docx'));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('refuses a damaged XLSX', async () => {
    const error = await rejection(parse(buildZip([{ name: 'xl/workbook.xml', data: '<workbook' }]), 'rusak.xlsx'));
    expect(error.code).toBe('corrupt');
  });
});

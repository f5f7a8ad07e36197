import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { SourceContentError } from '../../../server/knowledge/document';
import { parseFile } from '../../../server/knowledge/parsers/index';
import { dropRunningLines, itemsToLines, joinLines, type PdfLine } from '../../../server/knowledge/parsers/pdf-layout';
import { buildEncryptedPdf, buildLongPdf, buildScannedPdf, buildTextPdf } from '../../fixtures/knowledge/pdf';

const MB = 1024 * 1024;
const parse = (bytes: Uint8Array, filename = 'menu.pdf') => parseFile(bytes, { filename, maxBytes: 20 * MB });

async function rejection(promise: Promise<unknown>): Promise<SourceContentError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(SourceContentError);
  return error as SourceContentError;
}

describe('PDF files', () => {
  let logs: MockInstance[];
  beforeEach(() => {
    logs = (['log', 'info', 'warn', 'error'] as const).map((method) => vi.spyOn(console, method));
  });
  afterEach(() => {
    // PDF.js prints nothing, not even for the broken files.
    for (const log of logs) expect(log).not.toHaveBeenCalled();
    vi.restoreAllMocks();
  });

  it('reads pages into headings, paragraphs and a table, with page numbers and without the running footer', async () => {
    const document = await parse(await buildTextPdf());

    expect(document).toEqual({
      format: 'pdf',
      title: 'Menu Kedai Kawan',
      pages: 3,
      blocks: [
        { kind: 'heading', level: 1, text: 'Menu Kedai Kawan', page: 1 },
        {
          kind: 'paragraph',
          text: 'Kedai kami menyajikan kopi dari petani Aceh dan Toraja. Semua biji disangrai setiap minggu di Bandung, masing-masing dengan profil sendiri.',
          page: 1,
        },
        { kind: 'paragraph', text: 'Paragraf kedua dimulai di sini.', page: 1 },
        { kind: 'heading', level: 2, text: 'Harga', page: 1 },
        {
          kind: 'table',
          header: ['Menu', 'Ukuran', 'Harga'],
          rows: [
            ['Kopi Susu Gula Aren', 'Regular', 'Rp 25.000'],
            ['Teh Tarik', '', 'Rp 20.000'],
          ],
          page: 1,
        },
        { kind: 'heading', level: 2, text: 'Jam Buka', page: 2 },
        { kind: 'paragraph', text: 'Setiap hari pukul 07.00 sampai 22.00.', page: 2 },
        { kind: 'paragraph', text: 'Pesan antar lewat GoFood dan GrabFood.', page: 3 },
      ],
    });
  });

  it('takes the title from the metadata when there is one', async () => {
    const document = await parse(await buildTextPdf({ title: 'Microsoft Word - Menu 2024.docx' }));
    expect(document.title).toBe('Menu 2024');
  });

  it.each([
    ['a password-protected PDF', buildEncryptedPdf, 'encrypted', /password-protected.*without a password/],
    ['a PDF whose pages are images', buildScannedPdf, 'no_text', /scanned PDF.*Kawan reads text PDFs; OCR it first/],
    [
      'a damaged PDF',
      async () => new TextEncoder().encode('%PDF-1.7\n1 0 obj <<< broken\n%%EOF'),
      'corrupt',
      /damaged/,
    ],
    ['a truncated PDF', async () => (await buildTextPdf()).subarray(0, 1200), 'corrupt', /damaged/],
  ])('refuses %s', async (_name, build, code, message) => {
    const error = await rejection(parse(await build()));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('refuses a text file named .pdf', async () => {
    const error = await rejection(parse(new TextEncoder().encode('Menu: kopi susu, teh tarik'), 'menu.pdf'));
    expect(error.code).toBe('not_pdf');
    expect(error.message).toBe(
      'This file is named .pdf but is not a PDF (it is a text file). Export it as a PDF again, or upload it with its real file type.',
    );
  });

  it('parses a 200-page text PDF in a few seconds', async () => {
    const bytes = await buildLongPdf(200);
    const started = performance.now();
    const document = await parse(bytes);
    const seconds = (performance.now() - started) / 1000;

    expect(document.pages).toBe(200);
    expect(document.blocks.filter((block) => block.kind === 'heading')).toHaveLength(200);
    expect(document.blocks.some((block) => 'text' in block && block.text.startsWith('Halaman'))).toBe(false);
    expect(seconds).toBeLessThan(10);
  }, 60_000);
});

describe('PDF layout', () => {
  it.each([
    [['Semua biji disang-', 'rai setiap minggu'], 'Semua biji disangrai setiap minggu'],
    [['kami buka masing-', 'masing hari'], 'kami buka masing-masing hari'],
    [['pakai Wi-', 'Fi gratis'], 'pakai Wi- Fi gratis'],
    [['harga Rp 25.000 -', 'belum pajak'], 'harga Rp 25.000 - belum pajak'],
    [['satu', 'dua', 'tiga'], 'satu dua tiga'],
  ])('joins lines %j into %j', (lines, text) => {
    expect(joinLines(lines)).toBe(text);
  });

  it('splits a line into cells at wide gaps and keeps word gaps as spaces', () => {
    const item = (str: string, x: number, width: number, y = 700) => ({ str, x, y, width, fontSize: 10 });
    const lines = itemsToLines([
      item('Kopi', 50, 20),
      item('Susu', 72, 20),
      item(' ', 92, 100),
      item('Rp 25.000', 200, 45),
      item('Baris', 50, 25, 686),
      item('dua', 78, 15, 686),
    ]);
    expect(lines.map((line) => [line.text, line.cells.map((cell) => cell.text)])).toEqual([
      ['Kopi Susu Rp 25.000', ['Kopi Susu', 'Rp 25.000']],
      ['Baris dua', ['Baris dua']],
    ]);
  });

  it('drops page numbers and lines repeated at the edge of most pages, not a numbered chapter heading', () => {
    const line = (text: string, y: number, fontSize = 10): PdfLine => ({
      text,
      cells: [{ text, x: 50 }],
      x: 50,
      y,
      fontSize,
    });
    const pages = [1, 2, 3, 4].map((n) => ({
      bottom: 0,
      top: 842,
      lines: [
        line('Kedai Kawan — Panduan', 820),
        line(`Bab ${n}`, 790, 18),
        line(`Isi halaman ${n}.`, 500),
        line(`${n}`, 30),
      ],
    }));
    expect(dropRunningLines(pages, 10).map((lines) => lines.map((kept) => kept.text))).toEqual([
      ['Bab 1', 'Isi halaman 1.'],
      ['Bab 2', 'Isi halaman 2.'],
      ['Bab 3', 'Isi halaman 3.'],
      ['Bab 4', 'Isi halaman 4.'],
    ]);
  });
});

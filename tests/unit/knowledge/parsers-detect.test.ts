import { describe, expect, it } from 'vitest';
import { SourceContentError, type DocumentFormat } from '../../../server/knowledge/document';
import { detectFormat } from '../../../server/knowledge/parsers/detect';
import { decodeText } from '../../../server/knowledge/parsers/text-decoding';
import { buildDocx, buildXlsx } from '../../fixtures/knowledge/office';
import { buildTextPdf } from '../../fixtures/knowledge/pdf';
import { buildZip } from '../../fixtures/knowledge/zip';

const utf8 = (text: string) => new TextEncoder().encode(text);
const bytes = (...values: number[]) => new Uint8Array(values);

function refusal(run: () => unknown): SourceContentError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(SourceContentError);
    return error as SourceContentError;
  }
  throw new Error('expected a SourceContentError');
}

describe('detectFormat', () => {
  it.each<[string, () => Promise<Uint8Array> | Uint8Array, string | undefined, DocumentFormat]>([
    ['a PDF', buildTextPdf, undefined, 'pdf'],
    [
      'a PDF with bytes before its header',
      async () => new Uint8Array([...utf8('\r\n'), ...(await buildTextPdf())]),
      'x.pdf',
      'pdf',
    ],
    ['a PDF named .txt', buildTextPdf, 'catatan.txt', 'pdf'],
    ['a DOCX', buildDocx, undefined, 'docx'],
    ['an XLSX named .docx', buildXlsx, 'salah.docx', 'xlsx'],
    ['an HTML page', () => utf8('<!DOCTYPE html><html><body><p>Halo</p></body></html>'), undefined, 'html'],
    ['HTML after a comment', () => utf8('<!-- saved -->\n<html><p>Halo</p></html>'), 'halaman.txt', 'html'],
    [
      'an HTML fragment of block tags',
      () => utf8('<h1>Menu</h1>\n<p>Kopi</p>\n<ul><li>Teh</li></ul>'),
      undefined,
      'html',
    ],
    ['a .htm file', () => utf8('Halo <b>dunia</b>'), 'a.htm', 'html'],
    ['a CSV by its name', () => utf8('nama\nBudi'), 'data.csv', 'csv'],
    ['semicolon-delimited rows', () => utf8('Menu;Harga\nKopi Susu;Rp 25.000\nTeh;Rp 20.000\n'), undefined, 'csv'],
    ['tab-delimited rows', () => utf8('a\tb\tc\n1\t2\t3\n4\t5\t6\n'), 'export', 'csv'],
    ['tab-indented text', () => utf8('\tKopi susu\n\tTeh\n\tRoti\n'), undefined, 'text'],
    [
      'prose with one comma a line',
      () =>
        utf8(
          'Halo, apa kabar hari ini di kedai kami yang baru saja dibuka di pusat kota Bandung yang ramai?\nBaik, terima kasih banyak atas pertanyaannya dan semoga hari Anda menyenangkan di sana ya.\nSampai jumpa, dan jangan lupa mampir lagi minggu depan untuk mencoba menu kopi susu aren kami.\n',
        ),
      undefined,
      'text',
    ],
    ['Markdown by its name', () => utf8('Halo'), 'README.md', 'markdown'],
    ['Markdown by its headings', () => utf8('# Menu\n\nKopi susu.'), undefined, 'markdown'],
    ['Markdown by its table', () => utf8('| a | b |\n| --- | --- |\n| 1 | 2 |'), 'catatan', 'markdown'],
    ['plain text', () => utf8('Kopi susu gula aren.\n\nTeh tarik.'), undefined, 'text'],
    [
      'UTF-16 LE text with a BOM',
      () => new Uint8Array([0xff, 0xfe, ...Buffer.from('Halo dunia', 'utf16le')]),
      undefined,
      'text',
    ],
    ['UTF-8 text with a BOM', () => bytes(0xef, 0xbb, 0xbf, ...utf8('# Judul')), undefined, 'markdown'],
    ['Windows-1252 text', () => bytes(...utf8('Caf'), 0xe9, ...utf8(' & kopi')), 'menu.txt', 'text'],
  ])('detects %s', async (_name, build, filename, format) => {
    expect(detectFormat(await build(), filename)).toBe(format);
  });

  it.each<[string, () => Uint8Array, string | undefined, string, RegExp]>([
    ['an empty file', () => new Uint8Array(), undefined, 'empty', /empty/],
    [
      'a text file named .pdf',
      () => utf8('bukan pdf'),
      'Laporan.PDF',
      'not_pdf',
      /^This file is named \.pdf but is not a PDF \(it is a text file\)/,
    ],
    [
      'a PNG named .pdf',
      () => bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0),
      'scan.pdf',
      'not_pdf',
      /\(it is a PNG image\)/,
    ],
    [
      'a PNG',
      () => bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0),
      'foto.png',
      'unsupported',
      /^A PNG image is not supported\. Kawan reads PDF, Word \(\.docx\), Excel \(\.xlsx\), CSV, TXT, Markdown and HTML files\.$/,
    ],
    [
      'unknown binary',
      () => bytes(1, 2, 3, 0, 4, 5),
      undefined,
      'unsupported',
      /^This file type is not supported\. Kawan reads PDF/,
    ],
    [
      'a plain ZIP',
      () => buildZip([{ name: 'foto.jpg', data: 'x' }]),
      'arsip.zip',
      'unsupported',
      /^A ZIP archive is not supported\./,
    ],
    [
      'a PowerPoint file',
      () => buildZip([{ name: 'ppt/presentation.xml', data: '<p/>' }]),
      'slide.pptx',
      'unsupported',
      /PowerPoint files are not supported\. Save it as PDF/,
    ],
    [
      'an old .doc',
      () => bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0),
      'lama.doc',
      'unsupported',
      /\(\.doc, \.xls\) are not supported/,
    ],
    [
      'a password-protected .docx',
      () =>
        new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...Buffer.from('EncryptedPackage', 'utf16le')]),
      'kunci.docx',
      'encrypted',
      /password-protected/,
    ],
  ])('refuses %s', (_name, build, filename, code, message) => {
    const error = refusal(() => detectFormat(build(), filename));
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });
});

describe('decodeText', () => {
  it.each<[string, Uint8Array, string | null]>([
    ['UTF-8', utf8('Kopi ☕ é'), 'Kopi ☕ é'],
    ['UTF-8 with a BOM', bytes(0xef, 0xbb, 0xbf, ...utf8('é')), 'é'],
    ['UTF-16 LE', new Uint8Array([0xff, 0xfe, ...Buffer.from('Kopi ☕', 'utf16le')]), 'Kopi ☕'],
    ['UTF-16 BE', new Uint8Array([0xfe, 0xff, ...Buffer.from('Kopi', 'utf16le').swap16()]), 'Kopi'],
    ['Windows-1252', bytes(0x93, ...utf8('Caf'), 0xe9, 0x94), '“Café”'],
    ['bytes with a NUL', bytes(0x4b, 0, 0x70), null],
    ['bytes full of control characters', bytes(1, 2, 3, 4, 5, 6, 7, 8, 0x41), null],
  ])('decodes %s', (_name, input, text) => {
    expect(decodeText(input)).toBe(text);
  });
});

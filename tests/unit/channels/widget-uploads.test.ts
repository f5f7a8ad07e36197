import { describe, expect, it } from 'vitest';
import { detectUpload } from '../../../server/channels/web/uploads';
import { buildTextPdf } from '../../fixtures/knowledge/pdf';
import { buildDocx, buildXlsx } from '../../fixtures/knowledge/office';
import { CONTENT_TYPES, buildZip } from '../../fixtures/knowledge/zip';
import { tinyPng } from '../../fixtures/media/png';

// What a widget visitor may send, read from the bytes; a name's extension must not lie.
const png = tinyPng;
const bytes = (...values: (number | string)[]) =>
  Buffer.concat(
    values.map((value) => (typeof value === 'string' ? Buffer.from(value, 'latin1') : Buffer.from([value]))),
  );

describe('detectUpload', () => {
  it('reads pictures from their first bytes, whatever they are called', () => {
    expect(detectUpload(png, 'photo')).toEqual({ mime: 'image/png', kind: 'image' });
    expect(detectUpload(bytes(0xff, 0xd8, 0xff, 0xe0, 'JFIF'), 'IMG_0001.JPG')).toEqual({
      mime: 'image/jpeg',
      kind: 'image',
    });
    expect(detectUpload(bytes('GIF89a', 1, 0, 1, 0), 'a.gif')).toEqual({ mime: 'image/gif', kind: 'image' });
    expect(detectUpload(bytes('RIFF', 0, 0, 0, 0, 'WEBPVP8 '), 'a.webp')).toEqual({
      mime: 'image/webp',
      kind: 'image',
    });
  });

  it('takes PDFs, Word and Excel files and text as files', async () => {
    expect(detectUpload(Buffer.from(await buildTextPdf()), 'invoice.pdf')).toEqual({
      mime: 'application/pdf',
      kind: 'file',
    });
    expect(detectUpload(Buffer.from(await buildDocx()), 'surat.docx')).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      kind: 'file',
    });
    expect(detectUpload(Buffer.from(await buildXlsx()), 'daftar.xlsx')).toEqual({
      mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      kind: 'file',
    });
    expect(detectUpload(Buffer.from('nama,harga\nkopi,18000\n'), 'menu.csv')).toEqual({
      mime: 'text/csv',
      kind: 'file',
    });
    expect(detectUpload(Buffer.from('Pesanan #12 belum sampai.'), 'catatan')).toEqual({
      mime: 'text/plain',
      kind: 'file',
    });
  });

  it('refuses other kinds, empty files and names that lie about the content', () => {
    const refused = (result: ReturnType<typeof detectUpload>) => ('refused' in result ? result.refused : null);
    expect(refused(detectUpload(bytes('MZ', 0x90, 0, 3, 0), 'setup.exe'))).toMatch(
      /^This kind of file cannot be sent here/,
    );
    expect(refused(detectUpload(buildZip([{ name: '[Content_Types].xml', data: CONTENT_TYPES }]), 'a.zip'))).toMatch(
      /cannot be sent/,
    );
    expect(refused(detectUpload(Buffer.alloc(0), 'a.txt'))).toBe('The file is empty.');
    expect(refused(detectUpload(Buffer.from('hello'), 'invoice.pdf'))).toBe(
      'The file is named .pdf but is not one. Send it with its real file type.',
    );
    expect(refused(detectUpload(png, 'photo.docx'))).toMatch(/named \.docx/);
    // One picture type under another's name, or text named .txt or .csv, is what it is.
    expect(detectUpload(png, 'photo.jpg')).toEqual({ mime: 'image/png', kind: 'image' });
    expect(detectUpload(Buffer.from('a,b'), 'notes.txt')).toEqual({ mime: 'text/plain', kind: 'file' });
  });
});

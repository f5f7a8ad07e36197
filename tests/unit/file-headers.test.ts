import { describe, expect, it } from 'vitest';
import { contentDisposition, fileHeaders, safeMime } from '../../server/http/file-headers';

describe('safeMime', () => {
  it('keeps a well-formed type, lower-cased and without parameters', () => {
    expect(safeMime('image/JPEG')).toBe('image/jpeg');
    expect(safeMime('audio/ogg; codecs=opus')).toBe('audio/ogg');
    expect(safeMime('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('sends anything else as application/octet-stream', () => {
    for (const bad of [undefined, '', 'image', 'image/', 'text/html\r\nSet-Cookie: a=b', 'a b/c', '../x']) {
      expect(safeMime(bad)).toBe('application/octet-stream');
    }
  });
});

describe('contentDisposition', () => {
  it('is the bare type without a name', () => {
    expect(contentDisposition('attachment')).toBe('attachment');
    expect(contentDisposition('inline', null)).toBe('inline');
    expect(contentDisposition('attachment', '  ')).toBe('attachment');
  });

  it('gives an ASCII filename and the exact name RFC 5987-encoded', () => {
    expect(contentDisposition('attachment', 'Invoice 2024.pdf')).toBe(
      `attachment; filename="Invoice 2024.pdf"; filename*=UTF-8''Invoice%202024.pdf`,
    );
    expect(contentDisposition('attachment', 'Kuitansi – Budi ü.pdf')).toBe(
      `attachment; filename="Kuitansi _ Budi _.pdf"; filename*=UTF-8''Kuitansi%20%E2%80%93%20Budi%20%C3%BC.pdf`,
    );
    expect(contentDisposition('attachment', "it's (1)*!.txt")).toBe(
      `attachment; filename="it's (1)*!.txt"; filename*=UTF-8''it%27s%20%281%29%2A%21.txt`,
    );
  });

  it('cannot be broken out of: quotes, backslashes, line breaks and folders are gone', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nX-Evil: 1/../../secret".html');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="secret_.html"; filename*=UTF-8''secret%22.html`);
    expect(contentDisposition('attachment', 'C:\\Users\\budi\\foto.jpg')).toBe(
      `attachment; filename="foto.jpg"; filename*=UTF-8''foto.jpg`,
    );
    expect(contentDisposition('attachment', '100%.txt')).toBe(
      `attachment; filename="100_.txt"; filename*=UTF-8''100%25.txt`,
    );
  });
});

describe('fileHeaders', () => {
  const inert = {
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private, max-age=600',
    'Content-Security-Policy': "default-src 'none'",
  };

  it('shows pictures, recordings and videos in place', () => {
    expect(fileHeaders({ mime: 'image/png', name: null }, 600)).toEqual({
      'Content-Type': 'image/png',
      'Content-Disposition': 'inline',
      ...inert,
    });
    expect(fileHeaders({ mime: 'audio/ogg', name: 'voice.ogg' }, 600)['Content-Disposition']).toBe(
      `inline; filename="voice.ogg"; filename*=UTF-8''voice.ogg`,
    );
    expect(fileHeaders({ mime: 'video/mp4' }, 600)['Content-Disposition']).toBe('inline');
  });

  it('downloads everything else, HTML and SVG included', () => {
    for (const mime of ['text/html', 'image/svg+xml', 'application/pdf', undefined]) {
      const headers = fileHeaders({ mime, name: 'x.bin' }, 600);
      expect(headers['Content-Disposition']).toMatch(/^attachment; /);
      expect(headers).toMatchObject(inert);
    }
    expect(fileHeaders({ mime: 'text/html\nX: y' }, 600)['Content-Type']).toBe('application/octet-stream');
  });
});

import { describe, expect, it } from 'vitest';
import { CitationStream, citationMarkers, withoutMarkers } from '../../../server/bot-engine/citations';
import type { Passage } from '../../../server/bot-engine/providers/provider';

const passage = (marker: number, chunkId: number, sourceTitle: string): Passage => ({
  marker,
  chunkId,
  sourceId: chunkId * 10,
  sourceTitle,
  content: `content ${marker}`,
  context: '',
});

const passages = [passage(1, 101, 'Harga'), passage(2, 102, 'Jam buka'), passage(3, 103, 'Lokasi')];

/** Feeds the pieces one by one and returns what came out of each, then the flush. */
function run(pieces: string[]) {
  const stream = new CitationStream(passages);
  const out = pieces.map((piece) => stream.push(piece));
  out.push(stream.flush());
  return { out, text: stream.text, citations: stream.citations };
}

describe('CitationStream', () => {
  it('maps markers to citations in the order of first use, renumbered', () => {
    const { text, citations } = run(['Buka jam 8 [2]. Harga Rp 50.000 [3][2].']);
    expect(text).toBe('Buka jam 8 [1]. Harga Rp 50.000 [2][1].');
    expect(citations).toEqual([
      { marker: 1, passage: 2, chunkId: 102, sourceId: 1020, sourceTitle: 'Jam buka' },
      { marker: 2, passage: 3, chunkId: 103, sourceId: 1030, sourceTitle: 'Lokasi' },
    ]);
  });

  it('holds back a marker split across deltas and gives out only final text', () => {
    const { out, text, citations } = run(['Harganya Rp 50.000 [', '1', '] per malam [', '2', ']', '.']);
    expect(out.join('')).toBe(text);
    expect(text).toBe('Harganya Rp 50.000 [1] per malam [2].');
    expect(out[0]).toBe('Harganya Rp 50.000');
    expect(out.some((piece) => piece.includes('[') && !/\[\d\]/.test(piece))).toBe(false);
    expect(citations.map((c) => c.chunkId)).toEqual([101, 102]);
  });

  it('removes markers naming no passage, with the spaces before them', () => {
    expect(run(['Buka jam 8 [9]. Tutup jam 5 [2] ', '[7] ok']).text).toBe('Buka jam 8. Tutup jam 5 [1] ok');
    expect(run(['foo [', '0', '] bar']).citations).toEqual([]);
  });

  it('writes a group as separate markers and a repeated marker once', () => {
    expect(run(['Lihat [1, 3].']).text).toBe('Lihat [1][2].');
    expect(run(['Lihat [1][1] dan [1] lagi.']).text).toBe('Lihat [1] dan [1] lagi.');
    expect(run(['Lihat [2] [2].']).text).toBe('Lihat [1].');
    expect(run(['Lihat [1, 1, 9].']).text).toBe('Lihat [1].');
  });

  it('leaves brackets that are not markers alone', () => {
    expect(run(['Sejak [2024] dan [catatan] ', '[']).text).toBe('Sejak [2024] dan [catatan] [');
  });

  it('drops an unfinished marker at the end', () => {
    expect(run(['Harganya Rp 50.000 [1', '']).text).toBe('Harganya Rp 50.000');
  });
});

describe('withoutMarkers', () => {
  const cited = [{ marker: 1 }, { marker: 2 }];

  it.each([
    ['Buka 07.00–22.00 [1], jadi mampir saja.', 'Buka 07.00–22.00, jadi mampir saja.'],
    ['Kopi susu Rp 25.000 [1][2].', 'Kopi susu Rp 25.000.'],
    ['Ada parkir.[2]\nWifi gratis [1]', 'Ada parkir.\nWifi gratis'],
    // Not the reply's markers, or not markers at all: text.
    ['Lihat bagian [3] di menu [1].', 'Lihat bagian [3] di menu.'],
    ['Sejak [2024] dan [1][7] tetap.', 'Sejak [2024] dan [1][7] tetap.'],
  ])('%s → %s', (text, expected) => {
    expect(withoutMarkers(text, cited)).toBe(expected);
  });

  it('leaves a reply without citations as it is', () => {
    expect(withoutMarkers('Nomor [1] ada di daftar.', [])).toBe('Nomor [1] ada di daftar.');
  });
});

describe('citationMarkers', () => {
  it('reads the markers of stored citations and leaves out anything else', () => {
    expect(
      citationMarkers([{ marker: 1, chunkId: 4 }, { marker: 2 }, { marker: '3' }, null, 'x', { marker: 1.5 }]),
    ).toEqual([{ marker: 1, chunkId: 4 }, { marker: 2 }]);
    expect(citationMarkers(undefined)).toEqual([]);
    expect(citationMarkers({ marker: 1 })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { presentSearchMatch, searchSnippet } from '../../server/domain/conversations/search';

describe('searchSnippet', () => {
  it('keeps a short message whole, on one line', () => {
    expect(searchSnippet('Sudah kak,\n\n  resi JP123 ya', 'jp123')).toBe('Sudah kak, resi JP123 ya');
  });

  it('cuts a long message at spaces around the first match, marked where cut', () => {
    const words = Array.from({ length: 60 }, (_, i) => `kata${i}`).join(' ');
    const snippet = searchSnippet(`${words} resi JP1234567890 ${words}`, 'JP1234567890');
    expect(snippet.startsWith('…kata')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
    expect(snippet).toContain('resi JP1234567890 kata0');
    expect(snippet.length).toBeLessThanOrEqual(142);
    // Whole words only, and about 40 characters before the match.
    expect(snippet.indexOf('JP1234567890')).toBeGreaterThan(30);
    expect(snippet.indexOf('JP1234567890')).toBeLessThanOrEqual(42);
    for (const part of snippet.replace(/…/g, '').split(' ')) expect(part).toMatch(/^(kata\d+|resi|JP1234567890)$/);
  });

  it('starts at the beginning when the match is there, and finds it whatever its case and spaces', () => {
    const text = `Resi JP99 ${'lorem ipsum '.repeat(30)}`;
    expect(searchSnippet(text, 'resi  jp99').startsWith('Resi JP99 lorem')).toBe(true);
  });
});

describe('presentSearchMatch', () => {
  const match = {
    conversationId: 1,
    id: 9,
    text: 'Faktur pajak ke PT Sinar Jaya',
    sender: 'agent' as const,
    kind: 'note' as const,
    createdAt: new Date('2026-12-01T03:00:00Z'),
  };

  it('names a note a note, and nothing where the last message shows the search', () => {
    expect(presentSearchMatch(match, 'sinar', 'Terima kasih')).toEqual({
      message_id: 9,
      snippet: 'Faktur pajak ke PT Sinar Jaya',
      from: 'note',
      created_at: '2026-12-01T03:00:00.000Z',
    });
    expect(presentSearchMatch(match, 'sinar', 'Kirim ke PT SINAR Jaya ya')).toBeNull();
    expect(presentSearchMatch(undefined, 'sinar', null)).toBeNull();
  });
});

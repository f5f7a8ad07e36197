import { describe, expect, it } from 'vitest';
import { insertReply, matchingReplies, shownReplies, slashQuery } from '@/Pages/Conversations/Partials/saved-replies';

const reply = (id: number, shortcut: string, text: string) => ({ id, shortcut, text });

describe('saved replies in the reply box', () => {
  it('finds the "/word" at the caret only at the start or after whitespace', () => {
    expect(slashQuery('/ja', 3)).toEqual({ start: 0, query: 'ja' });
    expect(slashQuery('Halo\n/Jam', 9)).toEqual({ start: 5, query: 'jam' });
    expect(slashQuery('Halo /', 6)).toEqual({ start: 5, query: '' });
    // The caret in the middle of the word: what is before it.
    expect(slashQuery('/jam-buka nanti', 4)).toEqual({ start: 0, query: 'jam' });
    expect(slashQuery('12/05', 5)).toBeNull();
    expect(slashQuery('https://kawan.test', 18)).toBeNull();
    expect(slashQuery('/jam buka', 9)).toBeNull();
    expect(slashQuery('//x', 3)).toBeNull();
    expect(slashQuery('', 0)).toBeNull();
  });

  it('ranks shortcuts that begin with the query, then hold it, then texts that hold it', () => {
    const replies = [
      reply(1, 'ongkir', 'Ongkir ke Jakarta Rp 10.000'),
      reply(2, 'cek-ongkir', 'Cek ongkir di aplikasi'),
      reply(3, 'alamat', 'Gratis ongkir di atas Rp 100.000'),
      reply(4, 'jam', 'Buka 07.00'),
    ];
    expect(matchingReplies(replies, 'ongkir').map((r) => r.id)).toEqual([1, 2, 3]);
    // Nothing typed after "/": every shortcut, alphabetically.
    expect(matchingReplies(replies, '').map((r) => r.shortcut)).toEqual(['alamat', 'cek-ongkir', 'jam', 'ongkir']);
    expect(matchingReplies(replies, 'zzz')).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => reply(i, `r${String(i).padStart(2, '0')}`, 'x'));
    expect(matchingReplies(many, 'r')).toHaveLength(shownReplies);
  });

  it('replaces the "/word" with the text and puts the caret after it', () => {
    expect(insertReply('Halo /jam ya', 5, 9, { text: 'Buka 07.00' })).toEqual({
      text: 'Halo Buka 07.00 ya',
      caret: 15,
    });
  });
});

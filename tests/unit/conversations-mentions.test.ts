import { describe, expect, it } from 'vitest';
import {
  insertMention,
  matchingTeammates,
  mentionedIn,
  mentionParts,
  mentionQuery,
  mentionRanges,
  noteExcerpt,
} from '../../server/domain/conversations/mentions';

const team = [
  { id: 1, name: 'Budi' },
  { id: 2, name: 'Budi Santoso' },
  { id: 3, name: 'Ayu Lestari' },
  { id: 4, name: 'İlham' },
];

describe('mentionRanges', () => {
  it('finds "@Name" at the start, after spaces and punctuation, in any letter case', () => {
    expect(mentionRanges('@Ayu Lestari cek ya', 'Ayu Lestari')).toEqual([[0, 12]]);
    expect(mentionRanges('Tolong (@ayu lestari), dan @AYU LESTARI.', 'Ayu Lestari')).toEqual([
      [8, 20],
      [27, 39],
    ]);
  });

  it('does not take an e-mail address, or a name run on into a longer word', () => {
    expect(mentionRanges('kirim ke budi@kopi.id', 'Budi')).toEqual([]);
    expect(mentionRanges('@Budiman sudah datang', 'Budi')).toEqual([]);
    expect(mentionRanges('@Budi_2 sudah datang', 'Budi')).toEqual([]);
    expect(mentionRanges('', 'Budi')).toEqual([]);
    expect(mentionRanges('@ ', ' ')).toEqual([]);
  });

  it('keeps positions right around letters whose lower case is longer', () => {
    expect(mentionRanges('İstanbul: @İlham', 'İlham')).toEqual([[10, 16]]);
  });
});

describe('mentionedIn', () => {
  it('keeps the picked teammates whose name is still in the text, once each, in the order picked', () => {
    expect(mentionedIn('@Budi Santoso dan @Ayu Lestari', [3, 2, 3, 1], team)).toEqual([3, 2]);
  });

  it('does not name Budi when the text names only Budi Santoso', () => {
    expect(mentionedIn('@Budi Santoso cek ya', [1, 2], team)).toEqual([2]);
    expect(mentionedIn('@Budi Santoso dan @budi', [1, 2], team)).toEqual([1, 2]);
  });

  it('leaves out ids that are not teammates', () => {
    expect(mentionedIn('@Budi', [99, 1], team)).toEqual([1]);
  });
});

describe('mentionParts', () => {
  it('cuts the text into runs, the longer of two names that begin alike winning', () => {
    expect(mentionParts('Hi @Budi Santoso and @Budi!', [team[0], team[1]])).toEqual([
      { text: 'Hi ' },
      { text: '@Budi Santoso', mention: team[1] },
      { text: ' and ' },
      { text: '@Budi', mention: team[0] },
      { text: '!' },
    ]);
    expect(mentionParts('nobody here', team)).toEqual([{ text: 'nobody here' }]);
  });
});

describe('mentionQuery', () => {
  it('reads the "@word" at the caret, spaces included, on the same line', () => {
    expect(mentionQuery('Tolong @Budi S', 14)).toEqual({ start: 7, query: 'budi s' });
    expect(mentionQuery('@', 1)).toEqual({ start: 0, query: '' });
    expect(mentionQuery('@budi\ncek', 9)).toBeNull();
    expect(mentionQuery('budi@kopi', 9)).toBeNull();
    expect(mentionQuery('@ budi', 6)).toBeNull();
    expect(mentionQuery(`@${'x'.repeat(41)}`, 42)).toBeNull();
    expect(mentionQuery('no at here', 5)).toBeNull();
  });
});

describe('matchingTeammates', () => {
  it('lists names that begin with the query first, then names with a word that does', () => {
    expect(matchingTeammates(team, 'budi').map((m) => m.name)).toEqual(['Budi', 'Budi Santoso']);
    expect(matchingTeammates(team, 'les').map((m) => m.name)).toEqual(['Ayu Lestari']);
    expect(matchingTeammates(team, 'sant').map((m) => m.name)).toEqual(['Budi Santoso']);
    expect(matchingTeammates(team, '').length).toBe(4);
    expect(matchingTeammates(team, '', 2).length).toBe(2);
    expect(matchingTeammates(team, 'zz')).toEqual([]);
  });
});

describe('insertMention', () => {
  it('puts "@Name " in place of the "@word" and moves the caret after it', () => {
    expect(insertMention('Tolong @bu cek', 7, 10, team[1])).toEqual({
      text: 'Tolong @Budi Santoso cek',
      caret: 21,
    });
    expect(insertMention('@', 0, 1, team[0])).toEqual({ text: '@Budi ', caret: 6 });
  });
});

describe('noteExcerpt', () => {
  it('flattens the note to one line and shortens it', () => {
    expect(noteExcerpt('Cek\n\nresi   ya')).toBe('Cek resi ya');
    expect(noteExcerpt('a'.repeat(200))).toBe(`${'a'.repeat(119)}…`);
  });
});

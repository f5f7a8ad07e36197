import { describe, expect, it } from 'vitest';
import { heldForms, oneEditApart, questionTerms, shareHeld } from '../../../server/knowledge/question-terms';

/** What a question is about, and how much of it a passage holds (the extractive provider's gate). */
const words = (question: string) => questionTerms(question).map((term) => term.word);

describe('questionTerms', () => {
  it('keeps what is asked about, without function words, asking words, particles or quantities', () => {
    expect(words('kak, jam buka outlet kemang brp?')).toEqual(['jam', 'buka', 'outlet', 'kemang']);
    expect(words('Is there a kids menu?')).toEqual(['kids', 'menu']);
    expect(words('di rumah ada 12 hp sama laptop, cocoknya paket apa min?')).toEqual([
      'rumah',
      'hp',
      'laptop',
      'cocoknya',
      'paket',
    ]);
    expect(words('halo, makasih ya kak')).toEqual([]);
  });
});

describe('shareHeld', () => {
  const held = heldForms('Outlet Kemang buka setiap hari pukul 07.00–22.00. Ongkir Rp 10.000 untuk jarak sampai 3 km.');

  it('counts roots, chat spellings on either side, translations and one-letter typos', () => {
    expect(shareHeld(questionTerms('jam bukanya outlet kemang?'), held)).toBe(3 / 4);
    // "ongkos kirim" meets the passage's "ongkir"; "opening" meets "buka" through the glossary.
    expect(shareHeld(questionTerms('ongkos kirim berapa?'), held)).toBe(1);
    expect(shareHeld(questionTerms('kemang opening hours'), held)).toBeGreaterThanOrEqual(2 / 3);
    expect(shareHeld(questionTerms('outlte kemnag'), held)).toBe(1);
    expect(shareHeld(questionTerms('is there a kids menu?'), held)).toBe(0);
    expect(shareHeld([], held)).toBe(1);
  });
});

describe('oneEditApart', () => {
  it('takes one insertion, deletion, substitution or swap, in words of four letters or more', () => {
    expect(oneEditApart('operasional', 'operasinal')).toBe(true);
    expect(oneEditApart('surabaya', 'surabya')).toBe(true);
    expect(oneEditApart('kemang', 'kemnag')).toBe(true);
    expect(oneEditApart('parkir', 'parkit')).toBe(true);
    expect(oneEditApart('parkir', 'pakrit')).toBe(false);
    expect(oneEditApart('kopi', 'kopii')).toBe(true);
    expect(oneEditApart('abc', 'abd')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { glossaryKey, translatedWords } from '../../../server/knowledge/query-expansion';
import { queryWords, searchWords } from '../../../server/knowledge/retrieve';

describe('translatedWords', () => {
  it('adds Indonesian words for an English question over Indonesian material, stems included', () => {
    expect(translatedWords(queryWords('What time do you open on weekends?'), 'indonesian')).toEqual(
      expect.arrayContaining(['waktu', 'jam', 'buka', 'akhir', 'pekan']),
    );
    expect(translatedWords(['refunds'], 'indonesian')).toEqual(['pengembalian', 'dana']);
  });

  it('adds English words for an Indonesian question over English material, from one-word equivalents only', () => {
    expect(translatedWords(queryWords('berapa harga langganan bulanan?'), 'english')).toEqual(
      expect.arrayContaining(['price', 'subscription', 'monthly']),
    );
    // "kirim" alone is "send"/"deliver", never "shipping" (which is "ongkos kirim").
    expect(translatedWords(['kirim'], 'english')).not.toContain('shipping');
  });

  it("finds a word's entry through its other forms (smoke and smoking, reserve and reserved)", () => {
    expect(translatedWords(['smoke'], 'indonesian')).toEqual(['merokok', 'rokok']);
    expect(translatedWords(['reserved'], 'indonesian')).toEqual(['reservasi', 'pesan']);
    expect(translatedWords(['deliveries'], 'indonesian')).toEqual(['pengiriman', 'kirim', 'antar']);
    expect(glossaryKey('smoking')).toBe(glossaryKey('smoke'));
    expect(glossaryKey('free')).toBe('free');
  });

  it('knows the everyday words of tables, events, jobs and diets', () => {
    expect(translatedWords(queryWords('Can I reserve a table for a birthday party?'), 'indonesian')).toEqual(
      expect.arrayContaining(['meja', 'ulang', 'tahun', 'pesta', 'acara']),
    );
    expect(translatedWords(['options', 'jobs', 'loyalty'], 'indonesian')).toEqual(
      expect.arrayContaining(['pilihan', 'lowongan', 'loyalitas']),
    );
    expect(translatedWords(['lowongan'], 'english')).toContain('vacancy');
  });

  it('adds nothing the question has already, and nothing for words it does not know', () => {
    expect(translatedWords(['harga', 'price'], 'indonesian')).toEqual([]);
    expect(translatedWords(['kamarisu', 'zzz'], 'indonesian')).toEqual([]);
  });
});

describe('searchWords', () => {
  const words = queryWords('how much is breakfast for kids');

  it('translates only a question asked in the other language', () => {
    expect(searchWords(words, 'english', 'indonesian')).toEqual(expect.arrayContaining([...words, 'sarapan', 'anak']));
    expect(searchWords(words, 'english', 'english')).toEqual(words);
  });

  it('leaves a question alone when its language cannot be told, or the knowledge has none', () => {
    expect(searchWords(words, undefined, 'indonesian')).toEqual(words);
    expect(searchWords(words, 'english', 'simple')).toEqual(words);
  });
});

import { describe, expect, it } from 'vitest';
import { detectLanguage, ftsConfigFor } from '../../../server/knowledge/language';

describe('detectLanguage', () => {
  it.each([
    ['Kami buka setiap hari dari jam delapan pagi sampai jam sepuluh malam.', 'indonesian'],
    ['Apakah bisa pesan lewat WhatsApp?', 'indonesian'],
    ['lupa kata sandi, gimana resetnya?', 'indonesian'],
    ['Pengembalian dana untuk pesanan yang terlambat diproses dalam tiga hari kerja.', 'indonesian'],
    ['What time does the cafe open on Sunday?', 'english'],
    ['Is parking available near the shop?', 'english'],
    ['Our baristas serve cold brew, matcha latte and seasonal pastries every weekend.', 'english'],
  ])('%j → %s', (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });

  // Short questions, where franc's trigrams went wrong or could not tell: the grammar words decide.
  it.each([
    ['I left my jacket at your cafe', 'english'],
    ['do you acept mastercard?', 'english'],
    ['Is there car parking at Kemang?', 'english'],
    ['kak ada menu vegan ga?', 'indonesian'],
    ['paket Starter bisa nambah user ga?', 'indonesian'],
    ['tanggal merah buka jam berapa?', 'indonesian'],
  ])('%j → %s (a short question)', (text, expected) => {
    expect(detectLanguage(text)).toBe(expected);
  });

  it.each([
    ['', 'empty'],
    ['hello', 'too short'],
    ['Rp 25.000', 'too few letters'],
    ['12345 67890 !!! ???', 'no letters'],
  ])('%j → undefined (%s)', (text) => {
    expect(detectLanguage(text)).toBeUndefined();
  });
});

describe('ftsConfigFor', () => {
  it.each([
    ['indonesian', 'indonesian'],
    ['english', 'english'],
    [undefined, 'simple'],
    [null, 'simple'],
  ] as const)('%s → %s', (language, expected) => {
    expect(ftsConfigFor(language)).toBe(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { smallTalk, smallTalkReply } from '../../../server/bot-engine/small-talk';

describe('smallTalk', () => {
  it.each([
    ['halo kak', 'greeting', 'indonesian'],
    ['Haloo min!!', 'greeting', 'indonesian'],
    ['Selamat pagi, kak', 'greeting', 'indonesian'],
    ['Assalamualaikum', 'greeting', 'indonesian'],
    ['mau tanya dong kak', 'greeting', 'indonesian'],
    ['admin?', 'greeting', 'indonesian'],
    ['P', 'greeting', null],
    ['hi there', 'greeting', 'english'],
    ['Good morning!', 'greeting', 'english'],
    ['Hello!', 'greeting', 'english'],
    ['goood morninggg', 'greeting', 'english'],
    ['I have a question', 'greeting', 'english'],
    ['/start', 'greeting', null],
    ['/start@warungkopi_bot promo-juni', 'greeting', null],
    ['makasih banyak kak 🙏', 'thanks', 'indonesian'],
    ['makasihhh kakk', 'thanks', 'indonesian'],
    ['terima kasih atas infonya', 'thanks', 'indonesian'],
    ['Thank you so much!', 'thanks', 'english'],
    ['thx', 'thanks', null],
    ['🙏', 'thanks', null],
    ['ok makasih kak', 'thanks', 'indonesian'],
    ['oke siap', 'acknowledgement', 'indonesian'],
    ['oh gitu ya kak', 'acknowledgement', 'indonesian'],
    ['got it', 'acknowledgement', 'english'],
    ['ok 👍', 'acknowledgement', null],
    ['👍👍', 'acknowledgement', null],
    ['dadah kak', 'farewell', 'indonesian'],
    ['oke makasih, sampai jumpa', 'farewell', 'indonesian'],
    ['see you!', 'farewell', 'english'],
  ])('%j is %s (%s)', (message, kind, language) => {
    expect(smallTalk(message)).toEqual({ kind, language });
  });

  it.each([
    'halo kak, jam buka berapa?',
    'makasih, kalau parkir mobil berapa?',
    'Apakah bisa bayar pakai QRIS?',
    'mau bicara dengan admin',
    'ya',
    'halo 123',
    'kak jam berapa tutup',
    '😀',
    '',
    'halo halo halo halo halo halo halo halo halo',
  ])('%j is not small talk', (message) => {
    expect(smallTalk(message)).toBeNull();
  });
});

describe('smallTalkReply', () => {
  it('answers a greeting with the welcome message, else with its own words in the language asked', () => {
    expect(smallTalkReply('greeting', 'indonesian', 'Halo Kak! Mau tanya menu?')).toBe('Halo Kak! Mau tanya menu?');
    expect(smallTalkReply('greeting', 'english', '  ')).toBe('Hi! How can I help you?');
    expect(smallTalkReply('thanks', 'indonesian', 'Halo!')).toBe('Sama-sama! Ada lagi yang bisa saya bantu?');
    expect(smallTalkReply('farewell', 'english', 'Halo!')).toBe('Thank you for reaching out. Goodbye!');
    expect(smallTalkReply('acknowledgement', null, '')).toBe(
      'Baik. Ada lagi yang bisa saya bantu?\n\nAlright. Is there anything else I can help you with?',
    );
  });
});

import { describe, expect, it } from 'vitest';
import {
  asksForHuman,
  fallbacksInARow,
  localTime,
  matchKeyword,
  withinBusinessHours,
} from '../../../server/bot-engine/handoff';
import type { BusinessHours } from '../../../server/bot-engine/bot-config';

describe('asksForHuman', () => {
  const requests = [
    // Indonesian, formal and colloquial
    'Saya mau bicara dengan CS',
    'mau ngomong sama admin',
    'bisa hubungkan saya ke agen?',
    'tolong sambungkan ke customer service',
    'hubungi agen',
    'minta admin dong',
    'mau sama orang asli aja, bukan bot',
    'bisa chat sama manusia?',
    'pengen ngobrol ama orang',
    'sambungin ke cs donk',
    'CS dong',
    'saya ingin berbicara dengan petugas',
    'ada admin yang bisa dihubungi?',
    'gak bisa hubungi cs, tolong',
    'ga mau bicara sama bot, mau sama orang',
    'tolong alihkan ke operatornya',
    // typos and stretched letters
    'mau bicra dgn admin',
    'mauuu bicaraa sama adminnn',
    'tolong hubngi opertor',
    'costumer servis please',
    // English
    'Talk to a human',
    'I want to speak with an agent',
    'Can I talk to a real person?',
    'connect me to customer service please',
    'human please',
    'agent pls',
    'I need a human',
    'is there someone I can talk to?',
    'transfer me to a live agent',
    'Speak to representative',
    "I'd like a real person",
  ];
  it.each(requests)('hears a request for a person in %j', (text) => {
    expect(asksForHuman(text)).not.toBeNull();
  });

  const notRequests = [
    'Halo admin, berapa harga kamar deluxe?',
    'admin',
    'min, jam buka hari minggu?',
    'kak, mau tanya soal pengiriman',
    'mau tanya ke admin, ongkir ke Bandung berapa?',
    'berapa orang maksimal per kamar?',
    'Apakah bisa pesan untuk 4 orang?',
    'adminnya ramah sekali, terima kasih',
    'terima kasih kak admin',
    'saya tidak mau bicara dengan agen',
    'jangan sambungkan ke CS, saya cuma tanya',
    "I don't want to talk to a human",
    'What are your opening hours?',
    'Do you speak English?',
    'How many people can stay in one room?',
    'Can I see the contract for the apartment?',
    'Is the orange juice fresh?',
    'sambungan internet di kamar cepat?',
  ];
  it.each(notRequests)('hears no request for a person in %j', (text) => {
    expect(asksForHuman(text)).toBeNull();
  });

  it('names the words that asked', () => {
    expect(asksForHuman('Saya mau bicara dengan CS ya')).toBe('bicara dengan cs');
    expect(asksForHuman('tolong ke customer service')).toBe('tolong ke cs');
  });
});

describe('matchKeyword', () => {
  it('finds a keyword as whole words, with common suffixes', () => {
    expect(matchKeyword('Saya mau komplain soal pesanan', ['refund', 'komplain'])).toBe('komplain');
    expect(matchKeyword('komplainnya gimana?', ['komplain'])).toBe('komplain');
    expect(matchKeyword('REFUNDS please', ['refund'])).toBe('refund');
    expect(matchKeyword('barang saya rusak parah', ['barang rusak', 'rusak parah'])).toBe('rusak parah');
  });

  it('does not match inside other words or when absent', () => {
    expect(matchKeyword('saya mau refundable ticket', ['refund'])).toBeNull();
    expect(matchKeyword('harga kamar?', ['komplain', ''])).toBeNull();
    expect(matchKeyword('anything', [])).toBeNull();
  });
});

describe('fallbacksInARow', () => {
  it('counts the bot’s latest fallbacks, skipping the person’s messages', () => {
    expect(fallbacksInARow([])).toBe(0);
    expect(
      fallbacksInARow([
        { role: 'assistant', kind: 'fallback' },
        { role: 'user' },
        { role: 'assistant', kind: 'answer' },
        { role: 'user' },
        { role: 'assistant', kind: 'fallback' },
        { role: 'user' },
        { role: 'assistant', kind: 'fallback' },
        { role: 'user' },
      ]),
    ).toBe(2);
    expect(fallbacksInARow([{ role: 'assistant', kind: 'fallback' }, { role: 'assistant' }])).toBe(0);
  });
});

describe('business hours', () => {
  const office: BusinessHours = {
    timezone: 'Asia/Jakarta',
    days: {
      mon: [
        ['08:00', '12:00'],
        ['13:00', '17:00'],
      ],
      tue: [['08:00', '17:00']],
      wed: [['08:00', '17:00']],
      thu: [['08:00', '17:00']],
      fri: [['08:00', '17:00']],
      sat: [['09:00', '13:00']],
      sun: [],
    },
  };

  it('reads the weekday and time in the timezone', () => {
    // 2025-06-02 is a Monday; 01:30 UTC is 08:30 in Jakarta (UTC+7).
    expect(localTime(new Date('2025-06-02T01:30:00Z'), 'Asia/Jakarta')).toEqual({ day: 'mon', time: '08:30' });
    // Sunday 17:30 UTC is Monday 00:30 in Jakarta.
    expect(localTime(new Date('2025-06-01T17:30:00Z'), 'Asia/Jakarta')).toEqual({ day: 'mon', time: '00:30' });
  });

  it('is open within an interval, start included and end excluded', () => {
    expect(withinBusinessHours(office, new Date('2025-06-02T01:00:00Z'))).toBe(true); // Mon 08:00
    expect(withinBusinessHours(office, new Date('2025-06-02T05:30:00Z'))).toBe(false); // Mon 12:30, lunch
    expect(withinBusinessHours(office, new Date('2025-06-02T09:59:00Z'))).toBe(true); // Mon 16:59
    expect(withinBusinessHours(office, new Date('2025-06-02T10:00:00Z'))).toBe(false); // Mon 17:00
    expect(withinBusinessHours(office, new Date('2025-06-07T03:00:00Z'))).toBe(true); // Sat 10:00
    expect(withinBusinessHours(office, new Date('2025-06-08T03:00:00Z'))).toBe(false); // Sun 10:00
  });

  it('is always open without business hours, and until midnight with 24:00', () => {
    expect(withinBusinessHours(null, new Date('2025-06-08T20:00:00Z'))).toBe(true);
    const allDay: BusinessHours = { ...office, days: { ...office.days, sun: [['00:00', '24:00']] } };
    expect(withinBusinessHours(allDay, new Date('2025-06-08T16:59:00Z'))).toBe(true); // Sun 23:59
  });
});

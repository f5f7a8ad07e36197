import { describe, expect, it } from 'vitest';
import { EXTRACTIVE_MODEL, ExtractiveProvider } from '../../../server/bot-engine/providers/extractive';
import type { ChatEvent, ChatRequest, Passage } from '../../../server/bot-engine/providers/provider';
import { estimatePromptTokens } from '../../../server/bot-engine/providers/token-estimate';
import { countTokens } from '../../../server/knowledge/tokens';

function passage(marker: number, content: string, context = '', extra: Partial<Passage> = {}): Passage {
  return { marker, chunkId: 100 + marker, sourceId: 7, sourceTitle: 'Panduan', content, context, ...extra };
}

function request(question: string, passages: Passage[], overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'ignored',
    messages: [
      { role: 'system', content: 'Answer from the passages.' },
      { role: 'user', content: question },
    ],
    temperature: 0,
    maxTokens: 300,
    passages,
    question,
    ...overrides,
  };
}

async function events(provider: ExtractiveProvider, req: ChatRequest): Promise<ChatEvent[]> {
  const out: ChatEvent[] = [];
  for await (const event of provider.stream(req)) out.push(event);
  return out;
}

async function reply(question: string, passages: Passage[], provider = new ExtractiveProvider()): Promise<string> {
  return (await events(provider, request(question, passages)))
    .map((event) => (event.type === 'delta' ? event.text : ''))
    .join('');
}

const HOURS = passage(
  1,
  'Toko kami buka setiap hari Senin sampai Jumat pukul 08.00–17.00. Pada hari Sabtu toko buka pukul 09.00–14.00. ' +
    'Hari Minggu dan hari libur nasional toko tutup.',
  'Jam operasional',
);
const ABOUT = passage(
  2,
  'Kami menjual kopi, teh, dan roti. Pembayaran bisa dengan QRIS atau transfer bank.',
  'Tentang kami',
);

const ABOUT_EN = passage(
  1,
  'Our office is closed on public holidays. The app is available on Android and iOS.',
  'About',
);
const PASSWORD = passage(
  2,
  'To reset your password, open Settings and choose Security. Then click "Forgot password" and follow the email link. ' +
    'Accounts are locked after five failed attempts.',
  'Account › Passwords',
);

describe('ExtractiveProvider', () => {
  it('describes itself as extractive', () => {
    const provider = new ExtractiveProvider();
    expect(provider.kind).toBe('extractive');
    expect(provider.extractive).toBe(true);
  });

  it('answers an Indonesian question with the matching sentence and its marker', async () => {
    expect(await reply('Jam berapa toko buka hari Sabtu?', [ABOUT, HOURS])).toBe(
      'Pada hari Sabtu toko buka pukul 09.00–14.00. [1]',
    );
    expect(await reply('bisa bayar pakai QRIS?', [HOURS, ABOUT])).toBe(
      'Pembayaran bisa dengan QRIS atau transfer bank. [2]',
    );
  });

  it('answers an English question with the matching sentences of the best passage, in their order', async () => {
    expect(await reply('How do I reset my password?', [ABOUT_EN, PASSWORD])).toBe(
      'To reset your password, open Settings and choose Security. [2] ' +
        'Then click "Forgot password" and follow the email link. [2]',
    );
  });

  it('keeps the order of the passage even when a later sentence scores higher', async () => {
    const provider = new ExtractiveProvider();
    // The second sentence holds more of the question ("forgot password") than the first.
    const text = provider.compose('forgot my password, how to reset?', [PASSWORD]);
    expect(text).toBe(
      'To reset your password, open Settings and choose Security. [2] ' +
        'Then click "Forgot password" and follow the email link. [2]',
    );
  });

  it('puts the best passage first when several passages answer', async () => {
    const saturday = passage(4, 'Pada hari Sabtu toko buka pukul 09.00–14.00.');
    const sunday = passage(5, 'Pada hari Sabtu dan Minggu toko di mal buka pukul 10.00–21.00.');
    const text = await reply('Toko buka hari Sabtu pukul berapa?', [sunday, saturday]);
    expect(text.split('\n')[0]).toMatch(/\[4\]$/);
  });

  it('keeps table rows whole, labelled by their header, and only the relevant ones', async () => {
    const menu = passage(
      1,
      '| Menu | Harga |\n| --- | --- |\n| Kopi susu | Rp 25.000 |\n| Teh manis | Rp 10.000 |\n| Roti bakar | Rp 20.000 |',
      'Daftar menu',
    );
    expect(await reply('berapa harga kopi susu?', [menu])).toBe('Menu: Kopi susu; Harga: Rp 25.000 [1]');
  });

  it('answers from the row that holds the words telling the rows apart, not one that shares the common ones', async () => {
    const lights = passage(
      1,
      [
        '| Lampu | Kondisi Normal | Kondisi Bermasalah | Arti dan Tindakan |',
        '| --- | --- | --- | --- |',
        '| POWER | Hijau menyala | Mati | Cek adaptor dan stopkontak. Pastikan listrik menyala. |',
        '| PON | Hijau menyala | Berkedip terus lebih dari 5 menit | Modem gagal terhubung ke jaringan. Restart modem. |',
        '| LOS | Mati | Merah berkedip atau menyala | Sinyal fiber terputus. Jangan restart berulang, segera lapor gangguan. |',
        '| LAN | Hijau berkedip | Mati | Kabel LAN longgar atau rusak. Pasang ulang kabel. |',
        '| WLAN / Wi-Fi | Hijau berkedip | Mati | Wi-Fi nonaktif. Tekan tombol WLAN di sisi modem selama 3 detik. |',
      ].join('\n'),
      'Panduan Mengatasi Gangguan Internet › 1. Kenali Lampu Indikator Modem',
    );
    expect(await reply('min lampu los nya merah, internet mati total nih', [lights])).toMatch(
      /^Lampu: LOS; .*Sinyal fiber terputus/,
    );
  });

  it('keeps the relevant lines of the record asked about, with the line that names it', async () => {
    const tea = passage(1, 'Produk: Teh manis\nHarga: Rp 10.000\nStok: 40', 'Menu');
    const coffee = passage(2, 'Produk: Kopi susu\nHarga: Rp 25.000\nStok: 12', 'Menu');
    expect(await reply('berapa harga kopi susu?', [tea, coffee])).toBe('Produk: Kopi susu [2]\nHarga: Rp 25.000 [2]');
  });

  it('brings the lines of the record that hold a word of the question, however long its name line', async () => {
    const shirt = passage(
      1,
      'SKU: SL-KM-0101\nNama Produk: Kemeja Batik Parang Lengan Panjang\nKategori: Kemeja\nHarga: Rp 289.000\n' +
        'Ukuran: S–XXL\nBahan: Katun primisima\nWarna: Coklat sogan',
    );
    const other = passage(2, 'SKU: SL-AK-0606\nNama Produk: Kaus Kaki Batik Isi 3\nHarga: Rp 45.000\nUkuran: 39–43');
    const price = await reply('Harga kemeja batik parang lengan panjang berapa?', [shirt, other]);
    expect(price).toContain('Harga: Rp 289.000 [1]');
    expect(price).not.toContain('Bahan');
    expect(await reply('kak kemeja batik parang ada size xxl ga?', [shirt, other])).toContain('Ukuran: S–XXL [1]');
  });

  it('answers with the answer part of a Q&A passage, by its shape or by its given question', async () => {
    const qa = passage(
      1,
      'Bagaimana cara mengatur ulang kata sandi?\n\nBuka menu Akun, pilih Keamanan, lalu ketuk "Lupa kata sandi".',
      'Lupa password\nReset password',
    );
    const other = passage(2, 'Kata sandi minimal delapan karakter.', 'Keamanan');
    expect(await reply('gimana cara reset kata sandi?', [other, qa])).toBe(
      'Buka menu Akun, pilih Keamanan, lalu ketuk "Lupa kata sandi". [1]',
    );
    // An alternative phrasing matches as well as the question.
    expect(await reply('lupa password', [other, qa])).toBe(
      'Buka menu Akun, pilih Keamanan, lalu ketuk "Lupa kata sandi". [1]',
    );
    const given = passage(3, 'Do you deliver on Sundays\n\nYes, from 10 am to 4 pm.', '', {
      question: 'Do you deliver on Sundays',
    });
    expect(await reply('do you deliver on sunday?', [given])).toBe('Yes, from 10 am to 4 pm. [3]');
  });

  it('brings the price line of the record asked about when "how much" asks it without naming it', async () => {
    const shirt = passage(
      1,
      'SKU: SL-KM-0104\nNama Produk: Kemeja Batik Tulis Lasem\nKategori: Kemeja Pria\nHarga: 1250000\nBahan: Katun primisima',
    );
    const other = passage(2, 'SKU: SL-AK-0606\nNama Produk: Kaus Kaki Batik Isi 3\nHarga: 45000');
    const price = await reply('How much is the Lasem batik shirt?', [shirt, other]);
    expect(price).toContain('Harga: 1250000 [1]');
    expect(price).not.toContain('Bahan');
    // Asked about something else, or an amount of something else, the price line stays out.
    expect(await reply('What is the Lasem batik shirt made of?', [shirt, other])).not.toContain('Harga');
    expect(await reply('How much cotton is in the Lasem batik shirt?', [shirt, other])).not.toContain('Harga');
  });

  it("matches a Q&A passage phrased in the other language through the question's translations", async () => {
    const table = passage(
      1,
      'Bagaimana cara reservasi meja?\n\nReservasi lewat WhatsApp 0812-8800-4521.',
      'booking meja bisa?',
    );
    const parking = passage(2, 'Apakah ada tempat parkir?\n\nAda parkir motor dan mobil.', 'parkir mobil ada?');
    expect(await reply('How do I reserve a table?', [parking, table])).toBe(
      'Reservasi lewat WhatsApp 0812-8800-4521. [1]',
    );
    expect(await reply('can we park the car there?', [table, parking])).toBe('Ada parkir motor dan mobil. [2]');
  });

  it('answers an English question from Indonesian prose through its translations', async () => {
    const returns = passage(
      1,
      'Pengembalian barang dapat diajukan maksimal 7 hari setelah barang diterima. ' +
        'Barang harus belum dicuci dan label masih terpasang.',
      'Retur',
    );
    const shipping = passage(
      2,
      'Pesanan dikirim setiap hari Senin sampai Sabtu melalui JNE dan SiCepat.',
      'Pengiriman',
    );
    expect(await reply('How many days do I have to return an item?', [returns, shipping])).toBe(
      'Pengembalian barang dapat diajukan maksimal 7 hari setelah barang diterima. [1]',
    );
  });

  it('prefers the sentence that gives the kind of answer asked for: a length of time for "how long"', async () => {
    const leave = passage(
      1,
      '- **Cuti melahirkan** diberikan selama 3 bulan dengan upah penuh, diatur 1,5 bulan sebelum dan 1,5 bulan ' +
        'sesudah perkiraan persalinan. Pembagian waktu dapat disesuaikan berdasarkan saran dokter atau bidan.\n' +
        '- **Cuti keguguran** diberikan sesuai surat keterangan dokter kandungan atau bidan.',
      'Kebijakan Cuti Karyawan › 4. Cuti Melahirkan dan Keguguran',
    );
    const answered = await reply('How long is maternity leave?', [leave]);
    expect(answered).toContain('selama 3 bulan dengan upah penuh');
    expect(answered).not.toContain('keguguran');
  });

  it('prefers a time of day for "jam berapa" and a price for "ongkir … berapa"', async () => {
    const hours = passage(
      1,
      'Outlet Dago tutup lebih awal saat ada acara di gedung sebelah. Outlet Dago tutup pukul 22.00 setiap hari.',
      'Jam Buka › Bandung',
    );
    // Without it, the sentence about closing early came along.
    expect(await reply('outlet dago tutup jam berapa?', [hours])).toBe(
      'Outlet Dago tutup pukul 22.00 setiap hari. [1]',
    );
    const shipping = passage(
      1,
      'Ongkir ke Bandung dihitung dari berat paket dan dikirim lewat JNE atau SiCepat ke Bandung. Ongkir ke Bandung Rp 15.000 per kilogram.',
      'Pengiriman',
    );
    expect(await reply('ongkir ke bandung berapa?', [shipping])).toBe('Ongkir ke Bandung Rp 15.000 per kilogram. [1]');
  });

  it('answers the passage that holds the word telling the passages apart, not the one most like the question', async () => {
    const qa = (marker: number, question: string, alternatives: string[], answer: string) =>
      passage(marker, `${question}\n\n${answer}`, alternatives.join('\n'), { question });
    const passages = [
      qa(
        1,
        'Jam berapa outlet Jakarta buka?',
        ['jam brp buka kak yg di kemang?', 'Tebet buka sampai jam berapa ya?'],
        'Kedua outlet Jakarta (Kemang dan Tebet) buka pukul 07.00–22.00.',
      ),
      qa(2, 'Jam buka outlet Surabaya?', ['darmo buka jam brp min'], 'Outlet Surabaya (Darmo) buka pukul 07.00–21.00.'),
      qa(
        3,
        'Jam buka outlet Yogyakarta?',
        ['jogja buka sampe malem ga kak?'],
        'Outlet Yogyakarta buka pukul 09.00–23.00.',
      ),
    ];
    // "Jam buka outlet Surabaya?" shares three of the four words; only the Jakarta passage has "kemang".
    expect(await reply('jam buka outlet kemang?', passages)).toBe(
      'Kedua outlet Jakarta (Kemang dan Tebet) buka pukul 07.00–22.00. [1]',
    );
    expect(await reply('what time does the jogja outlet open?', passages)).toBe(
      'Outlet Yogyakarta buka pukul 09.00–23.00. [3]',
    );
    expect(await reply('jam buka outlet surabaya', passages)).toBe(
      'Outlet Surabaya (Darmo) buka pukul 07.00–21.00. [2]',
    );
    // The place misspelt by a letter is still the place; chat words around it change nothing.
    expect(await reply('jam buka outlet kemamg', passages)).toBe(
      'Kedua outlet Jakarta (Kemang dan Tebet) buka pukul 07.00–22.00. [1]',
    );
    expect(await reply('kemang bukanya jam berapa ya kak', passages)).toBe(
      'Kedua outlet Jakarta (Kemang dan Tebet) buka pukul 07.00–22.00. [1]',
    );
  });

  it('answers nothing but done "no_answer" when no sentence clears the floor', async () => {
    const provider = new ExtractiveProvider();
    expect(await events(provider, request('Apakah ada tempat parkir untuk motor?', [HOURS, ABOUT]))).toEqual([
      { type: 'done', finishReason: 'no_answer', model: EXTRACTIVE_MODEL },
    ]);
    expect(await events(provider, request('who is the president of France?', [PASSWORD, ABOUT_EN]))).toEqual([
      { type: 'done', finishReason: 'no_answer', model: EXTRACTIVE_MODEL },
    ]);
    expect(await events(provider, request('Jam buka?', []))).toEqual([
      { type: 'done', finishReason: 'no_answer', model: EXTRACTIVE_MODEL },
    ]);
    expect(await events(provider, request('?!', [HOURS]))).toEqual([
      { type: 'done', finishReason: 'no_answer', model: EXTRACTIVE_MODEL },
    ]);
  });

  it('answers nothing when the best passage is not about what was asked, however alike its words', async () => {
    const menu = passage(
      1,
      'Warung Kopi Nusantara Menu 2025\n\nKopi Susu Gula Aren Rp 25.000. Es Kopi Pandan Rp 28.000. Nasi Ayam Sambal Matah Rp 42.000.',
    );
    const record = passage(
      2,
      'SKU: SL-AK-0601\nNama Produk: Kaus Kaki Batik\nBahan: Katun\nKeterangan: Isi 1 pcs, motif acak',
    );
    const noAnswer = [{ type: 'done', finishReason: 'no_answer', model: EXTRACTIVE_MODEL }];
    // "menu" alone is half of "kids menu": the menu's title is no answer about children's dishes.
    expect(await events(new ExtractiveProvider(), request('is there a kids menu for children?', [menu]))).toEqual(
      noAnswer,
    );
    expect(await events(new ExtractiveProvider(), request('pw buat login ke 192.168.1.1 apa ya?', [record]))).toEqual(
      noAnswer,
    );
    // What the question is about, in a chat spelling, with a typo, or asked in English, still answers.
    expect(await reply('kak jam operasinal toko hari sabtu brp?', [HOURS, ABOUT])).toContain('Sabtu toko buka');
    expect(await reply('es kopi pandan harganya brp kak', [menu])).toContain('Es Kopi Pandan Rp 28.000');
  });

  it('answers a question whether something is there only from a passage that holds most of what it asks about', async () => {
    const vegan = passage(
      1,
      'Ada menu vegan?\n\nAda. Gado-Gado (Rp 32.000) dibuat dengan saus kacang tanpa terasi. Brownies Vegan (Rp 26.000) dibuat tanpa telur.',
      'menu tanpa daging apa aja\nkue vegan ada?',
      { question: 'Ada menu vegan?' },
    );
    const noAnswer = [{ type: 'done', finishReason: 'no_answer', model: EXTRACTIVE_MODEL }];
    // Half of "kids menu" is "menu": an answer from the vegan pair would read "Ada." (yes).
    expect(await events(new ExtractiveProvider(), request('is there a kids menu?', [vegan]))).toEqual(noAnswer);
    expect(await events(new ExtractiveProvider(), request('kak, ada menu anak?', [vegan]))).toEqual(noAnswer);
    expect(await reply('ada menu vegan ga kak?', [vegan])).toContain('Gado-Gado');
    // The thing asked after its subject: "apakah <who> punya …", "does <who> have …".
    const about = passage(
      4,
      'Terima kasih sudah berbelanja di Sandang Lestari, toko online batik dan busana harian dari Pekalongan.',
    );
    expect(
      await events(
        new ExtractiveProvider(),
        request('Apakah Sandang Lestari punya toko offline di Pekalongan yang bisa dikunjungi?', [about]),
      ),
    ).toEqual(noAnswer);
    const parking = passage(5, 'Parking at the hotel is free for guests. The hotel garden is open until 22.00.');
    expect(await events(new ExtractiveProvider(), request('Does the hotel have a gym?', [parking]))).toEqual(noAnswer);
    // "Do I have to …" asks what must be done, not whether something is there.
    expect(await reply('Do I have to pay for parking at the hotel?', [parking])).toContain(
      'Parking at the hotel is free',
    );
    // "… atau tidak?" offers no alternative of its own.
    expect(await reply('apakah ada menu vegan atau tidak?', [vegan])).toContain('Gado-Gado');
    // Alternatives: either may be held.
    const drinks = passage(2, 'We do not serve beer, wine or any other alcohol.', 'Halal and alcohol');
    expect(await reply('do you serve beer or cocktails?', [drinks])).toContain('We do not serve beer');
    // …but one of them must be: "room" and "hotel" are half of what is asked, none of the alternatives.
    const rooms = passage(
      3,
      'All rooms are non-smoking. Smoking is allowed on room balconies and in the hotel garden.',
    );
    expect(
      await events(new ExtractiveProvider(), request('Is there a gym or fitness room at the hotel?', [rooms])),
    ).toEqual(noAnswer);
    expect(await reply('is there a smoking area or a smoking room at the hotel?', [rooms])).toContain(
      'Smoking is allowed',
    );
  });

  it('keeps the reply within the length cap', async () => {
    const long = passage(
      1,
      Array.from(
        { length: 20 },
        (_, i) => `Pengiriman paket ke kota nomor ${i + 1} memakan waktu ${i + 2} hari kerja dengan kurir reguler.`,
      ).join(' '),
    );
    const text = await reply('berapa hari pengiriman paket dengan kurir reguler?', [long]);
    expect(text.length).toBeLessThanOrEqual(600);
    expect(text.length).toBeGreaterThan(300);
    expect(text).toMatch(/hari kerja dengan kurir reguler\. \[1\]$/);

    const run = 'pengiriman paket kurir reguler '.repeat(40).trim() + '.';
    const cut = await reply('pengiriman paket kurir reguler', [passage(2, run)]);
    expect(cut.length).toBeLessThanOrEqual(600);
    expect(cut).toMatch(/… \[2\]$/);
    const small = new ExtractiveProvider({ maxChars: 120 });
    expect(
      (await reply('berapa hari pengiriman paket dengan kurir reguler?', [long], small)).length,
    ).toBeLessThanOrEqual(120);
  });

  it('streams a few deltas of words, then estimated usage, then done; the same every time', async () => {
    const provider = new ExtractiveProvider();
    const req = request('How do I reset my password?', [ABOUT_EN, PASSWORD]);
    const first = await events(provider, req);
    expect(await events(provider, req)).toEqual(first);
    const deltas = first.filter((event) => event.type === 'delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.length).toBeLessThan(10);
    const text = deltas.map((event) => event.text).join('');
    expect(text).toBe(provider.compose(req.question, req.passages));
    expect(first.slice(-2)).toEqual([
      {
        type: 'usage',
        promptTokens: estimatePromptTokens(req.messages),
        completionTokens: countTokens(text),
        estimated: true,
      },
      { type: 'done', finishReason: 'stop', model: EXTRACTIVE_MODEL },
    ]);
  });

  it('stops when the signal is aborted', async () => {
    const controller = new AbortController();
    const reason = new Error('gone');
    const stream = new ExtractiveProvider({ wordsPerDelta: 1 }).stream(
      request('How do I reset my password?', [PASSWORD], { signal: controller.signal }),
    );
    const iterator = stream[Symbol.asyncIterator]();
    expect((await iterator.next()).value).toMatchObject({ type: 'delta' });
    controller.abort(reason);
    await expect(iterator.next()).rejects.toBe(reason);
  });
});

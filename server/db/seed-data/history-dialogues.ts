/**
 * What the demo team's 60 days of history say (server/db/seed-data/history.ts builds the
 * conversations from it): customers of Warung Kopi Nusantara asking what the café's knowledge
 * answers (each answer cites the knowledge it came from), asking for a person, asking what the
 * knowledge cannot answer (the knowledge gaps, which agents answered), and ordering on the
 * WhatsApp number, which people answer. Placeholders: {name} the customer's first name, {agent}
 * the agent's first name, {order} an order number, {day} a day name, {time} a time.
 */

export type Language = 'id' | 'en';

/** A passage a bot answer cites: a knowledge source by title, and the chunk holding a phrase. */
export interface Cite {
  source: string;
  contains?: string;
}

export interface AnswerTopic {
  lang: Language;
  /** What customers write; one is picked. */
  asks: string[];
  /** The bot's grounded answer; [1], [2] mark the passages of `cites`, in order. */
  answer: string;
  cites: Cite[];
  /** The curated Q&A (its question) that answers it word for word when the question matches closely. */
  curated?: string;
}

export const answerTopics: AnswerTopic[] = [
  {
    lang: 'id',
    asks: [
      'Kak, Kemang buka jam berapa?',
      'tebet hari minggu buka jam brp ya',
      'jam operasional kemang sampai jam berapa kak?',
      'Jam berapa outlet Jakarta buka?',
    ],
    answer:
      'Outlet Kemang dan Tebet buka Senin–Jumat pukul 07.00–22.00, Sabtu–Minggu pukul 08.00–23.00 [1]. Last order makanan 60 menit sebelum tutup ya, Kak.',
    cites: [{ source: 'Jam berapa outlet Jakarta buka?' }],
    curated: 'Jam berapa outlet Jakarta buka?',
  },
  {
    lang: 'id',
    asks: [
      'jogja buka sampe malem ga kak?',
      'Prawirotaman tutup jam berapa hari sabtu?',
      'yang di jogja bukanya jam brp',
    ],
    answer:
      'Outlet Yogyakarta (Prawirotaman) buka Senin–Jumat pukul 09.00–23.00 dan Sabtu–Minggu sampai pukul 24.00 [1]. Dapur menerima last order 60 menit sebelum tutup.',
    cites: [{ source: 'Jam buka outlet Yogyakarta?' }],
    curated: 'Jam buka outlet Yogyakarta?',
  },
  {
    lang: 'id',
    asks: [
      'yg di dago buka jam brp?',
      'Bandung weekend bukanya dari jam berapa kak',
      'Dago buka pagi ga kak hari minggu?',
    ],
    answer:
      'Outlet Bandung (Dago) buka Senin–Jumat pukul 08.00–21.00 dan Sabtu–Minggu pukul 07.00–22.00 [1], jadi akhir pekan bisa sarapan dulu sebelum ke Lembang, Kak.',
    cites: [{ source: 'Jam buka outlet Bandung kapan saja?' }],
    curated: 'Jam buka outlet Bandung kapan saja?',
  },
  {
    lang: 'id',
    asks: ['darmo buka jam brp min', 'Surabaya hari minggu buka ga?'],
    answer: 'Outlet Surabaya (Darmo) buka Senin–Jumat pukul 07.00–21.00 dan Sabtu–Minggu pukul 08.00–22.00 [1].',
    cites: [{ source: 'Jam buka outlet Surabaya?' }],
  },
  {
    lang: 'id',
    asks: ['lebaran buka ga kak?', 'pas libur lebaran tutup berapa hari?', 'malam takbiran tutup jam berapa'],
    answer:
      'Semua outlet tutup di hari pertama dan kedua Idulfitri, dan malam takbiran tutup pukul 17.00 [1]. H+3 sampai H+7 buka pukul 10.00–20.00, setelah itu kembali ke jam normal.',
    cites: [{ source: 'Apakah buka saat Lebaran?' }],
  },
  {
    lang: 'en',
    asks: ['Are you open on public holidays?', 'open on new year eve? until what time', 'holiday opening times please'],
    answer:
      'Yes: on national holidays every outlet keeps its weekend hours, and on 31 December Jakarta and Yogyakarta stay open until 01.00 [1]. We only close on the first two days of Idul Fitri.',
    cites: [{ source: 'Are you open on public holidays?' }],
  },
  {
    lang: 'en',
    asks: ['which branch is near malioboro?', 'Where are your outlets?', 'do you have a cafe in bali?'],
    answer:
      'We have five outlets: Kemang and Tebet in Jakarta, Dago in Bandung, Prawirotaman in Yogyakarta (about 15 minutes by car from Malioboro) and Darmo in Surabaya [1]. There is no outlet in Bali yet.',
    cites: [{ source: 'Where are your outlets?' }],
    curated: 'Where are your outlets?',
  },
  {
    lang: 'id',
    asks: ['menu andalan apa kak?', 'yg paling laris apa ya', 'rekomendasi kopi dong kak'],
    answer:
      'Andalan kami Kopi Susu Gula Aren, Regular Rp 25.000 dan Large Rp 30.000 [1]. Kalau mau yang lain, Es Kopi Pandan Rp 28.000 dan V60 Single Origin Rp 35.000 juga favorit [1][2].',
    cites: [
      { source: 'Menu apa yang paling direkomendasikan?' },
      { source: 'Daftar Harga', contains: 'Es Kopi Pandan' },
    ],
  },
  {
    lang: 'en',
    asks: ["What's your signature drink?", 'what do you recommend? first time here', 'price of the palm sugar coffee?'],
    answer:
      'Our signature is Kopi Susu Gula Aren: iced espresso with fresh milk and Indonesian palm sugar, Rp 25.000 (Regular) or Rp 30.000 (Large) [1]. It also comes by the litre for Rp 95.000 [2].',
    cites: [
      { source: "What's your signature drink and how much is it?" },
      { source: 'Menu Warung Kopi Nusantara (PDF)', contains: 'Kopi Susu Gula Aren' },
    ],
  },
  {
    lang: 'id',
    asks: ['harga americano brp?', 'latte nya berapaan kak', 'cappuccino large harganya?'],
    answer:
      'Americano Rp 24.000 / Rp 28.000, Cappuccino dan Caffe Latte Rp 30.000 / Rp 35.000 (Regular/Large) [1][2]. Extra shot tambah Rp 6.000 ya, Kak.',
    cites: [
      { source: 'Berapa harga kopi di Warung Kopi Nusantara?' },
      { source: 'Daftar Harga', contains: 'Cappuccino' },
    ],
  },
  {
    lang: 'id',
    asks: ['kopi susu gula aren 1 liter berapa kak?', 'bisa beli kopi susu literan?'],
    answer:
      'Bisa, Kak. Kopi Susu Gula Aren ukuran 1 liter Rp 95.000, kira-kira 4 gelas [1][2]. Bisa dibeli di semua outlet atau dipesan lewat Kurir Nusantara.',
    cites: [
      { source: 'Daftar Harga', contains: '1 Liter' },
      { source: 'Menu Warung Kopi Nusantara (PDF)', contains: 'Kopi Susu Gula Aren' },
    ],
  },
  {
    lang: 'id',
    asks: ['nasi gudeg ada di jakarta ga?', 'gudeg ada di semua cabang?', 'soto lamongan ada di jakarta ga kak'],
    answer:
      'Nasi Gudeg (Rp 38.000) hanya ada di Yogyakarta, Batagor Bandung hanya di Bandung, dan Soto Ayam Lamongan hanya di Surabaya [1]. Menu lainnya sama di semua outlet.',
    cites: [
      { source: 'Apakah ada menu khas daerah di tiap outlet?' },
      { source: 'Daftar Harga', contains: 'Nasi Gudeg' },
    ],
  },
  {
    lang: 'en',
    asks: ['how much is the nasi goreng?', 'price of rendang rice?', 'what food do you have for lunch'],
    answer:
      'Nasi Goreng Kampung is Rp 38.000, Nasi Ayam Sambal Matah Rp 42.000 and Nasi Rendang Rp 48.000 [1][2]. On weekdays 11.00–15.00 the lunch set (Nasi Ayam Sambal Matah + Es Teh Manis) is Rp 47.000.',
    cites: [
      { source: 'Daftar Harga', contains: 'Nasi Goreng Kampung' },
      { source: 'Menu Warung Kopi Nusantara (PDF)', contains: 'Nasi Rendang' },
    ],
  },
  {
    lang: 'id',
    asks: ['harganya udah include pajak blm?', 'ada service charge ga kak', 'kena PB1 ga kak'],
    answer: 'Sudah, Kak. Semua harga di menu sudah termasuk PB1 10% dan tidak ada service charge [1].',
    cites: [{ source: 'Apakah harga sudah termasuk pajak?' }],
    curated: 'Apakah harga sudah termasuk pajak?',
  },
  {
    lang: 'id',
    asks: ['ada promo hari ini?', 'paket sarapan ada ga?', 'promo makan siang dong kak', 'paket berdua harganya brp'],
    answer:
      'Ada Paket Hemat, Kak: Paket Sarapan Rp 42.000 (sampai pukul 11.00), Paket Makan Siang Rp 47.000 (Senin–Jumat 11.00–15.00), Paket Kerja Rp 44.000 dan Paket Berdua Rp 65.000 [1]. Berlaku makan di tempat dan bawa pulang, tidak di GoFood/GrabFood.',
    cites: [{ source: 'Ada paket hemat atau promo?' }],
    curated: 'Ada paket hemat atau promo?',
  },
  {
    lang: 'id',
    asks: [
      'bisa delivery ke kuningan ga kak?',
      'ongkir jakarta berapa',
      'pesan antar lewat wa bisa?',
      'delivery ke mampang bisa?',
    ],
    answer:
      'Bisa, Kak. Kurir Nusantara melayani pesanan lewat WhatsApp 0812-8800-4521 pukul 10.00–20.00, radius 7 km dari Kemang atau Tebet [1]. Ongkir Rp 10.000 sampai 3 km, Rp 15.000 untuk 3–7 km, minimal pesanan Rp 50.000.',
    cites: [{ source: 'Apakah bisa pesan antar di Jakarta?' }],
  },
  {
    lang: 'id',
    asks: ['ongkir jogja brp kak', 'delivery surabaya bisa sampe mana?', 'gratis ongkir bandung minimal berapa'],
    answer:
      'Untuk Kurir Nusantara: Bandung radius 5 km ongkir Rp 10.000, Yogyakarta radius 5 km Rp 8.000, Surabaya radius 6 km Rp 12.000 [1]. Gratis ongkir mulai Rp 150.000.',
    cites: [{ source: 'Berapa ongkir di Bandung, Yogyakarta, dan Surabaya?' }],
    curated: 'Berapa ongkir di Bandung, Yogyakarta, dan Surabaya?',
  },
  {
    lang: 'id',
    asks: ['kok di gofood lebih mahal ya kak?', 'harga di grab beda ya kak?', 'poin member berlaku di gofood ga'],
    answer:
      'Harga di GoFood dan GrabFood sekitar 20% lebih tinggi karena komisi aplikasi, dan Paket Hemat serta poin Sahabat Nusantara tidak berlaku di sana [1]. Untuk harga outlet, pesan lewat Kurir Nusantara di WhatsApp 0812-8800-4521.',
    cites: [{ source: 'Kenapa harga di GoFood dan GrabFood lebih mahal?' }],
  },
  {
    lang: 'en',
    asks: [
      'can you deliver coffee to my office in kuningan?',
      'Do you deliver? minimum order?',
      'delivery to my hotel in jogja?',
    ],
    answer:
      'Yes: through GoFood or GrabFood, or our own couriers on WhatsApp 0812-8800-4521 (daily 10.00–20.00), minimum order Rp 50.000 [1]. Delivery is free from Rp 200.000 in Jakarta and Rp 150.000 in the other cities.',
    cites: [{ source: 'Do you deliver, and is there a minimum order?' }],
  },
  {
    lang: 'id',
    asks: ['bisa booking meja ga kak?', 'reservasi buat 6 orang gmn caranya', 'mau pesen tempat buat sabtu malem'],
    answer:
      'Bisa, Kak. Reservasi lewat WhatsApp 0812-8800-4521 dengan menyebutkan outlet, tanggal, jam, jumlah orang dan nama [1]. Untuk 2–8 orang gratis tanpa deposit, meja ditahan 15 menit.',
    cites: [{ source: 'Bagaimana cara reservasi meja?' }],
    curated: 'Bagaimana cara reservasi meja?',
  },
  {
    lang: 'en',
    asks: ['group reservation for 15 people?', 'booking for a big group, is there a deposit?'],
    answer:
      'For 9 to 20 people we ask for a Rp 500.000 deposit by bank transfer or QRIS, booked at least 2 days ahead; it is deducted from your bill [1].',
    cites: [{ source: 'Do I need to pay a deposit for a group booking?' }],
  },
  {
    lang: 'id',
    asks: ['password wifi apa kak', 'wifinya kenceng ga?', 'ada wifi ga di tebet?'],
    answer:
      'Ada Wi-Fi gratis sekitar 50 Mbps di semua outlet [1]. Passwordnya tercetak di struk dan berganti setiap hari; satu login berlaku 3 jam.',
    cites: [{ source: 'Apakah ada Wi-Fi?' }],
    curated: 'Apakah ada Wi-Fi?',
  },
  {
    lang: 'id',
    asks: ['parkir mobil ada ga kak?', 'di tebet bisa parkir mobil?', 'ada valet di kemang?'],
    answer:
      'Kemang punya parkir gratis untuk 10 mobil (akhir pekan ada valet Rp 25.000); di Tebet hanya parkir motor, mobil bisa di gedung sebelah Rp 5.000/jam [1].',
    cites: [{ source: 'Apakah ada tempat parkir?' }],
  },
  {
    lang: 'id',
    asks: ['halal ga kak?', 'sudah ada sertifikat halal?', 'sirupnya pakai rum ga kak'],
    answer: 'Sudah, Kak. Semua outlet dan dapur bersertifikat halal BPJPH, tanpa babi, alkohol maupun perisa rum [1].',
    cites: [{ source: 'Apakah Warung Kopi Nusantara sudah bersertifikat halal?' }],
    curated: 'Apakah Warung Kopi Nusantara sudah bersertifikat halal?',
  },
  {
    lang: 'en',
    asks: ['is the food halal?', 'do you serve beer?', 'any pork on the menu'],
    answer: 'Everything we serve is halal-certified by BPJPH; there is no pork and no alcohol on the menu [1].',
    cites: [{ source: 'Is the food halal? Do you serve alcohol?' }],
  },
  {
    lang: 'id',
    asks: ['bisa bayar pake qris ga?', 'terima gopay ovo?', 'bisa debit kak?'],
    answer:
      'Bisa, Kak. Kami menerima tunai, QRIS (GoPay, OVO, DANA, ShopeePay, LinkAja, m-banking), kartu debit dan kartu kredit Visa, Mastercard, JCB [1].',
    cites: [{ source: 'Metode pembayaran apa saja yang diterima?' }],
    curated: 'Metode pembayaran apa saja yang diterima?',
  },
  {
    lang: 'en',
    asks: ['do you accept visa?', 'can I pay in dollars?', 'amex accepted?'],
    answer:
      'We accept Visa, Mastercard and JCB cards issued abroad, with no minimum [1]. Cash must be Rupiah, and American Express is not accepted.',
    cites: [{ source: 'Can I pay with a foreign credit card?' }],
  },
  {
    lang: 'id',
    asks: ['ada member card ga?', 'cara dapet poin gmn kak', 'poinnya bisa dituker apa'],
    answer:
      'Ada program Sahabat Nusantara, Kak: daftar gratis di kasir dengan nomor HP, setiap belanja Rp 10.000 dapat 1 poin, dan 30 poin bisa ditukar satu minuman Regular [1].',
    cites: [{ source: 'Apa itu program Sahabat Nusantara?' }],
    curated: 'Apa itu program Sahabat Nusantara?',
  },
  {
    lang: 'id',
    asks: ['ada pilihan vegan ga kak', 'menu tanpa daging apa aja', 'kue vegan ada?'],
    answer:
      'Ada, Kak: Gado-Gado Rp 32.000 (minta tanpa telur dan kerupuk) dan Brownies Vegan Rp 26.000 [1][2]. Minuman susu bisa diganti susu oat atau almond, tambah Rp 8.000.',
    cites: [{ source: 'Ada menu vegan?' }, { source: 'Daftar Harga', contains: 'Brownies Vegan' }],
  },
  {
    lang: 'en',
    asks: ['oat milk available?', "I'm lactose intolerant, what can I drink?", 'almond milk extra cost?'],
    answer:
      'Any milk drink can be made with oat or almond milk for Rp 8.000 more, and our black coffees contain no milk at all [1].',
    cites: [{ source: 'Do you have lactose-free or plant-based milk?' }],
  },
  {
    lang: 'id',
    asks: ['boleh wfc ga kak?', 'ada colokan ga', 'boleh nugas sampe sore?'],
    answer:
      'Boleh banget, Kak. Meja dekat dinding punya colokan, kami cuma minta minimal satu pesanan per orang setiap 3 jam [1]. Tebet dan Bandung punya Ruang Fokus yang tenang.',
    cites: [{ source: 'Bolehkah bekerja atau nugas lama di kafe?' }],
  },
  {
    lang: 'en',
    asks: ['laptop friendly?', 'is there a meeting room for rent?', 'quiet place to work in jakarta?'],
    answer:
      'Laptops are welcome and wall-side tables have power outlets [1]. Kemang has a meeting room for up to 8 people at Rp 150.000 per hour, booked on WhatsApp 0812-8800-4521.',
    cites: [{ source: 'Can I work from the café with my laptop?' }],
  },
  {
    lang: 'en',
    asks: ['pet friendly?', 'smoking area?', 'can I bring my dog to kemang?'],
    answer:
      'Pets on a leash are welcome in the outdoor areas, and smoking is allowed outdoors in Kemang, Bandung Dago and Yogyakarta only [1].',
    cites: [{ source: 'Is smoking allowed? Can I bring my dog?' }],
  },
  {
    lang: 'id',
    asks: ['sewa rooftop kemang berapa', 'tempat buat arisan 30 orang ada?', 'event space jogja harganya'],
    answer:
      'Rooftop Kemang (30 orang duduk) Rp 1.500.000 per 3 jam dengan minimum pesanan Rp 3.000.000, Taman Yogyakarta (sampai 50 orang) Rp 1.000.000 per 3 jam [1]. Pemesanan lewat events@warungkopinusantara.id, DP 50%.',
    cites: [{ source: 'Apakah bisa sewa tempat untuk acara?' }],
  },
  {
    lang: 'id',
    asks: ['dompet saya ketinggalan kak', 'charger ketinggalan kemarin di tebet', 'hp saya ketinggalan di meja'],
    answer:
      'Hubungi WhatsApp 0812-8800-4521 dengan menyebut outlet, tanggal, jam kunjungan dan ciri barangnya ya, Kak [1]. Barang temuan kami simpan 30 hari dan diambil dengan KTP.',
    cites: [{ source: 'Barang saya ketinggalan di kafe, bagaimana?' }],
  },
  {
    lang: 'id',
    asks: ['ada lowongan barista ga?', 'mau kirim cv kemana ya', 'loker warung kopi nusantara'],
    answer:
      'Kirim CV ke karir@warungkopinusantara.id dengan subjek "Posisi – Kota", misalnya "Barista – Bandung" [1]. Kami tidak pernah memungut biaya rekrutmen.',
    cites: [{ source: 'Bagaimana cara melamar kerja di Warung Kopi Nusantara?' }],
    curated: 'Bagaimana cara melamar kerja di Warung Kopi Nusantara?',
  },
  {
    lang: 'id',
    asks: ['kopinya dari mana kak?', 'bijinya dari petani mana aja?'],
    answer:
      'Biji kopi kami datang langsung dari petani di Gayo, Kintamani, Bajawa dan Toraja, disangrai sendiri di Bandung setiap Senin dan Kamis [1].',
    cites: [{ source: 'Tentang Kami', contains: 'Gayo' }],
  },
];

/** Customers who want a person from the start (a handoff keyword or asking for one). */
export interface HandoffStory {
  lang: Language;
  reason: 'user_request' | 'keyword';
  /** The customer's first message (what triggers the handoff). */
  opening: string[];
  /** After the handoff: the agent's lines and the customer's answers, alternating, agent first. */
  script: string[];
}

export const handoffStories: HandoffStory[] = [
  {
    lang: 'id',
    reason: 'keyword',
    opening: [
      'Kak saya mau komplain, pesanan Kurir Nusantara saya kurang 1 es kopi pandan',
      'mau komplain kak, kopi susu yg dateng tumpah setengah',
    ],
    script: [
      'Halo Kak {name}, saya {agent}. Mohon maaf atas kejadiannya 🙏 Boleh kirim nomor pesanannya?',
      'ini kak {order}',
      'Terima kasih Kak, sudah saya cek. Kami kirim ulang hari ini tanpa biaya, kurir berangkat dalam 30 menit.',
      'oke kak makasih ya',
    ],
  },
  {
    lang: 'id',
    reason: 'keyword',
    opening: [
      'Saya mau refund, kemarin QRIS kepotong dua kali di outlet Tebet',
      'min mau refund dong, saldo gopay kepotong tapi transaksi gagal',
    ],
    script: [
      'Halo Kak {name}, saya {agent}. Boleh kirim foto struk dan bukti potongannya?',
      'sudah saya kirim ya kak fotonya',
      'Sudah kami terima. Dananya kami kembalikan ke rekening/e-wallet Kakak maksimal 3 hari kerja. Mohon maaf atas ketidaknyamanannya.',
      'baik kak terima kasih',
    ],
  },
  {
    lang: 'id',
    reason: 'user_request',
    opening: [
      'Mau reservasi buat 12 orang sabtu malam di Kemang, bisa sambungkan ke admin?',
      'mau bicara dengan admin, mau booking rooftop buat acara kantor',
    ],
    script: [
      'Halo Kak {name}, saya {agent} yang bantu reservasinya. Untuk hari {day} jam {time} masih tersedia. Atas nama siapa, Kak?',
      'atas nama {name} kak, 12 orang',
      'Siap, sudah saya catat. Deposit Rp 500.000 bisa via transfer atau QRIS paling lambat H-2 ya, Kak.',
      'oke kak nanti saya transfer',
    ],
  },
  {
    lang: 'id',
    reason: 'user_request',
    opening: [
      'Pesanan saya udah 1 jam belum sampai, tolong sambungkan ke CS',
      'kak tolong hubungkan ke admin, kurirnya ga bisa dihubungi',
    ],
    script: [
      'Halo Kak {name}, saya {agent}. Mohon maaf menunggu, saya cek ke outlet dulu ya.',
      'iya kak ditunggu',
      'Kurir sedang di jalan, sekitar 10 menit lagi sampai. Sebagai permohonan maaf, ongkirnya kami kembalikan ya, Kak.',
      'sudah sampai kak, makasih',
    ],
  },
  {
    lang: 'id',
    reason: 'user_request',
    opening: ['halo mau tanya langsung sama admin aja bisa?', 'minta nomor admin dong kak, mau pesan buat acara'],
    script: [
      'Halo Kak {name}, saya {agent}. Ada yang bisa saya bantu?',
      'mau pesan 40 kopi susu buat acara kantor hari {day}, bisa diantar ke kuningan?',
      'Bisa, Kak. Untuk 40 gelas kami siapkan dari outlet Kemang, gratis ongkir karena di atas Rp 200.000. Saya kirim rinciannya ke email Kakak ya.',
      'sip kak ditunggu',
    ],
  },
  {
    lang: 'en',
    reason: 'user_request',
    opening: [
      'Can I speak to a human? I want to book the rooftop for a birthday dinner',
      'Hi, I need to talk to a person about a large order for my office',
    ],
    script: [
      'Hi {name}, this is {agent} from Warung Kopi Nusantara. Happy to help. Which date are you thinking of?',
      '{day} evening, around 25 people',
      'The rooftop is free that evening. Rental is Rp 1.500.000 for 3 hours with a Rp 3.000.000 minimum spend; I have sent the booking form to your email.',
      'Perfect, thank you!',
    ],
  },
  {
    lang: 'en',
    reason: 'user_request',
    opening: ['I left my jacket at the Prawirotaman outlet yesterday, can I talk to someone?'],
    script: [
      'Hi {name}, this is {agent}. Could you tell me the colour and roughly what time you were there?',
      'Dark green, around 8pm',
      'Found it: the manager is keeping it for you. Please bring an ID when you pick it up.',
      'Thanks so much!',
    ],
  },
];

/** After an answer, customers who still want a person (the bot answered, then a handoff). */
export const askForPerson: Record<Language, string[]> = {
  id: [
    'bisa sambungkan ke admin aja kak?',
    'mau bicara dengan admin',
    'minta tolong hubungkan ke cs ya',
    'bisa ngobrol sama orangnya langsung?',
  ],
  en: ['Can I talk to a person please?', 'I would like to speak to a human', 'can you connect me to your staff?'],
};

/** The agent's follow-up after an answered handoff, and the customer's thanks. */
export const agentGreetings: Record<Language, string[]> = {
  id: [
    'Halo Kak {name}, saya {agent}. Sudah saya baca pertanyaannya, ada lagi yang bisa saya bantu?',
    'Halo Kak {name}, dengan {agent} di sini. Ada yang mau ditanyakan lagi?',
  ],
  en: ['Hi {name}, this is {agent}. I have read the conversation, what else can I help with?'],
};
/** After an answered handoff: what the customer still wanted to know, and the agent's answer. */
export const followUps: Record<Language, [question: string, answer: string][]> = {
  id: [
    [
      'mau pastiin aja kak, kalau datang jam {time} masih bisa pesan makanan?',
      'Masih bisa, Kak. Last order makanan 60 menit sebelum tutup, jadi aman.',
    ],
    [
      'kalau bawa anak kecil ada tempatnya ga kak?',
      'Bisa, Kak. Ada area keluarga di lantai 1, dan kami punya kursi anak di Kemang dan Darmo.',
    ],
    [
      'oke kak, satu lagi: bisa bayar pakai qris kan?',
      'Bisa, Kak. QRIS dari semua e-wallet dan m-banking kami terima.',
    ],
  ],
  en: [
    [
      'just to confirm, can we still order food at {time}?',
      'Yes, the kitchen takes orders until an hour before closing.',
    ],
    ['great, and is there parking nearby?', 'Yes, Kemang has free parking for 10 cars and a valet at weekends.'],
  ],
};
export const thanks: Record<Language, string[]> = {
  id: ['oke kak makasih banyak 🙏', 'siap kak terima kasih', 'makasih kak infonya', 'mantap, makasih kak'],
  en: ['Thank you!', 'Great, thanks a lot', 'Perfect, thanks!'],
};

/**
 * Questions the café's knowledge cannot answer (the knowledge gaps): the bot falls back, and an
 * agent answers; several customers ask each, in other words.
 */
export interface GapTopic {
  lang: Language;
  asks: string[];
  /** The same question again, in other words, after a fallback. */
  rephrase: string[];
  /** The agent's answer, the one a curated answer would be made from. */
  agent: string;
}

export const gapTopics: GapTopic[] = [
  {
    lang: 'id',
    asks: [
      'jual biji kopi kemasan ga kak?',
      'bisa beli biji kopi gayo kemasan 250 gram?',
      'biji kopi kemasan buat di rumah ada kak?',
      'Do you sell coffee beans to take home?',
    ],
    rephrase: ['maksudnya biji kopi kemasan kak, bukan minuman', 'biji kopi sangrai kemasan yang dijual per bungkus'],
    agent:
      'Ada, Kak. Biji kopi sangrai Gayo, Kintamani dan Toraja kemasan 250 gram Rp 95.000, tersedia di semua outlet dan bisa digiling sesuai alat seduh Kakak.',
  },
  {
    lang: 'id',
    asks: [
      'bisa pesan kue ulang tahun custom?',
      'pesan kue ulang tahun buat sabtu bisa kak?',
      'kue ulang tahun utuh ada ga?',
    ],
    rephrase: ['kue ulang tahun utuh buat tiup lilin kak', 'kue ulang tahun yang bisa ditulisi nama'],
    agent:
      'Bisa, Kak. Lapis Legit dan Banana Bread utuh bisa dipesan H-2 lewat WhatsApp 0812-8800-4521, Rp 280.000 dan Rp 180.000, tulisan nama gratis. Kue custom bentuk lain belum bisa.',
  },
  {
    lang: 'id',
    asks: [
      'buka franchise ga kak?',
      'mau tanya franchise warung kopi nusantara',
      'Is Warung Kopi Nusantara available for franchise?',
    ],
    rephrase: ['franchise buat buka cabang sendiri kak', 'kemitraan franchise outlet di kota saya'],
    agent:
      'Terima kasih atas minatnya, Kak. Saat ini kami belum membuka franchise; semua outlet dikelola sendiri. Untuk kerja sama lain silakan email halo@warungkopinusantara.id.',
  },
  {
    lang: 'id',
    asks: [
      'bisa minta faktur pajak atas nama PT?',
      'minta faktur pajak buat kantor bisa?',
      'Can I get a tax invoice for my company?',
    ],
    rephrase: ['faktur pajak pakai NPWP perusahaan kak', 'faktur pajak atas nama kantor'],
    agent:
      'Bisa, Kak. Kirim foto struk, nama perusahaan dan NPWP ke halo@warungkopinusantara.id; invoice dan faktur pajak kami kirim dalam 2 hari kerja.',
  },
  {
    lang: 'id',
    asks: ['ada kursi bayi ga di kemang?', 'kursi bayi ada ga kak di tebet?', 'do you have high chairs for babies?'],
    rephrase: ['kursi bayi buat anak 1 tahun kak', 'kursi makan bayi maksudnya'],
    agent:
      'Ada, Kak: di Kemang dan Surabaya Darmo ada kursi bayi (minta ke barista), dan semua outlet kecuali lantai 2 Tebet bisa dimasuki stroller.',
  },
  {
    lang: 'id',
    asks: [
      'bisa bayar pakai paylater?',
      'bayar pakai kredivo paylater bisa ga kak?',
      'terima akulaku paylater ga kak?',
    ],
    rephrase: ['paylater kak, bukan kartu kredit', 'shopee paylater bisa?'],
    agent:
      'Untuk saat ini belum bisa paylater, Kak. Yang bisa: tunai, QRIS, debit dan kartu kredit. Untuk acara di atas Rp 5 juta bisa cicilan 0% 3 bulan dengan kartu kredit BCA.',
  },
  {
    lang: 'id',
    asks: [
      'ada gift voucher ga buat hadiah?',
      'jual gift voucher warung kopi nusantara?',
      'Do you sell gift vouchers?',
    ],
    rephrase: ['gift voucher yang bisa dikasih ke orang lain kak', 'gift voucher buat kado'],
    agent:
      'Ada, Kak. Voucher Rp 100.000 dan Rp 250.000 bisa dibeli di kasir semua outlet, berlaku 6 bulan. E-voucher belum tersedia.',
  },
];

/** What the fallback turns say when the customer gives up on the bot. */
export const giveUp: Record<Language, string[]> = {
  id: ['yaudah kak, bisa tanya admin aja?', 'bisa sambungkan ke admin aja?', 'mau bicara dengan admin aja deh'],
  en: ['ok, can I talk to a person then?', 'Can I speak to someone from your team?'],
};

/** Conversations on the WhatsApp number, which has no bot: people answer. */
export interface WhatsappStory {
  lang: Language;
  /** Customer, agent, customer, agent…, customer first. */
  script: string[];
  /** A template the agent sent the next day (an approved one: outside the 24-hour window). */
  template?: string;
}

export const whatsappStories: WhatsappStory[] = [
  {
    lang: 'id',
    script: [
      'Kak mau pesan 2 kopi susu gula aren 1 liter, antar ke Jl. Kemang Utara No. 9 bisa?',
      'Bisa, Kak {name}. Totalnya Rp 190.000 + ongkir Rp 10.000. Bayar QRIS ya, saya kirim kodenya.',
      'sudah transfer kak',
      'Terima kasih, pesanan sedang disiapkan dan diantar sekitar 40 menit lagi.',
    ],
  },
  {
    lang: 'id',
    script: [
      'Halo, apakah bisa pesan untuk acara kantor 50 orang?',
      'Bisa, Kak {name}. Untuk 50 orang kami sarankan area semi-privat Surabaya atau Rooftop Kemang. Acaranya kapan dan di kota mana?',
      'di jakarta kak, hari {day} siang',
      'Rooftop Kemang masih tersedia, Kak. Saya kirim rincian paket dan formulir reservasinya ke email ya.',
    ],
    template:
      'Halo Kak {name}, mengingatkan reservasi Kakak di Warung Kopi Nusantara Kemang hari {day} pukul {time}. Balas YA untuk konfirmasi.',
  },
  {
    lang: 'id',
    script: [
      'min mau reservasi buat 6 orang besok jam 7 malam di tebet',
      'Siap Kak {name}, meja untuk 6 orang besok pukul 19.00 di Tebet sudah kami catat. Meja ditahan 15 menit ya.',
      'oke makasih min',
    ],
    template:
      'Halo Kak {name}, mengingatkan reservasi Kakak di Warung Kopi Nusantara Tebet hari ini pukul 19.00. Sampai jumpa!',
  },
  {
    lang: 'id',
    script: [
      'Kak pesanan saya {order} kok belum sampai ya',
      'Halo Kak {name}, mohon maaf. Saya cek ke kurir dulu ya.',
      'ok kak',
      'Kurir sudah dekat, sekitar 5 menit lagi sampai. Terima kasih sudah menunggu, Kak.',
    ],
  },
  {
    lang: 'id',
    script: [
      'kak kemarin botol minum saya ketinggalan di dago, warna biru',
      'Halo Kak {name}, botol biru sudah kami simpan di kasir Dago. Bisa diambil kapan saja dengan menunjukkan KTP ya.',
      'alhamdulillah makasih kak',
    ],
  },
  {
    lang: 'id',
    script: [
      'Kak, pesan 3 nasi ayam sambal matah + 3 es teh buat makan siang, antar ke kantor di Tebet Barat',
      'Bisa, Kak {name}. Paket Makan Siang 3 x Rp 47.000 = Rp 141.000 + ongkir Rp 10.000. Alamat lengkapnya?',
      'Jl. Tebet Barat Dalam 4 No. 12, lantai 2',
      'Siap, sudah kami proses. Estimasi tiba 35 menit.',
    ],
  },
  {
    lang: 'en',
    script: [
      'Hi! Do you have a table for 4 tonight at Prawirotaman? Around 8pm',
      'Hi {name}! Yes, a garden table for 4 at 20.00 is booked for you. We hold it for 15 minutes.',
      'Amazing, see you tonight',
    ],
  },
  {
    lang: 'id',
    script: [
      'Selamat siang, saya dari kantor sebelah mau tanya harga langganan kopi tiap pagi untuk 20 orang',
      'Selamat siang Kak {name}. Untuk pesanan rutin 20 gelas per hari kami beri potongan 10% dan gratis ongkir. Mulai kapan rencananya?',
      'mulai senin depan kak',
      'Baik, saya siapkan penawarannya dan kirim hari ini ya, Kak.',
    ],
  },
];

export const firstNames: Record<Language, string[]> = {
  id: [
    'Rina',
    'Joko',
    'Sari',
    'Andi',
    'Dimas',
    'Putri',
    'Fajar',
    'Nadia',
    'Rizky',
    'Wulan',
    'Agus',
    'Intan',
    'Bayu',
    'Lestari',
    'Hendra',
    'Maya',
    'Yoga',
    'Arif',
    'Siti',
    'Reza',
    'Fitri',
    'Teguh',
    'Gilang',
    'Anisa',
    'Galih',
    'Tania',
    'Kevin',
    'Dina',
    'Eko',
    'Laras',
    'Rudi',
    'Mega',
    'Aditya',
    'Nurul',
    'Bima',
    'Citra',
    'Yusuf',
    'Ratna',
  ],
  en: [
    'Emma',
    'Liam',
    'Sophie',
    'Lucas',
    'Hannah',
    'Oliver',
    'Mia',
    'Daniel',
    'Chloe',
    'Jack',
    'Yuki',
    'Lea',
    'Noah',
    'Grace',
  ],
};

export const lastNames: Record<Language, string[]> = {
  id: [
    'Pratama',
    'Saputra',
    'Wijaya',
    'Hidayat',
    'Kusuma',
    'Nugroho',
    'Santoso',
    'Siregar',
    'Lubis',
    'Halim',
    'Putra',
    'Rahmawati',
    'Setiawan',
    'Gunawan',
  ],
  en: ['Smith', 'Müller', 'Martin', 'Tanaka', 'Brown', 'Dubois', 'Jensen', 'Walker', 'Rossi', 'Kim'],
};

export const csatComments: Record<'good' | 'bad', string[]> = {
  good: [
    'Cepat dan jelas!',
    'Mantap, makasih',
    'Adminnya ramah',
    'Very helpful, thanks!',
    'Jawabannya pas',
    'Responsif 👍',
  ],
  bad: ['Jawabannya kurang lengkap', 'Lama balasnya', 'Botnya ga ngerti pertanyaan saya', 'Harus nanya berkali-kali'],
};

export const dayNames: Record<Language, string[]> = {
  id: ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'],
  en: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
};

import { englishStem, indonesianStem } from './embedders/lexical';

/**
 * Query translation for the offline retrievers: an English question over Indonesian material (or
 * the other way round) shares no words with it, so neither full-text nor the lexical embedder can
 * find the answer. Kawan adds the other language's words for the question's service vocabulary
 * (prices, hours, orders, delivery, returns, payment, accounts, bookings, health, work, stays,
 * subscriptions…) before it searches: a glossary of everyday customer-service terms, written for
 * the domain, not for any document. A real embeddings model (AI_EMBEDDING_MODEL) matches meaning
 * across languages by itself; this is for the knowledge bases that have none.
 *
 * Each entry maps an English word (its light stem also finds it) to Indonesian words, and the
 * reverse map is derived from it; multi-word equivalents are split into their words.
 */
const ENGLISH_TO_INDONESIAN: Record<string, string> = {
  price: 'harga',
  prices: 'harga',
  cost: 'biaya harga',
  costs: 'biaya',
  fee: 'biaya',
  fees: 'biaya',
  charge: 'biaya tarif',
  rate: 'tarif',
  cheap: 'murah',
  cheaper: 'murah',
  expensive: 'mahal',
  discount: 'diskon potongan',
  free: 'gratis',
  pay: 'bayar',
  paid: 'bayar lunas',
  payment: 'pembayaran bayar',
  cash: 'tunai',
  card: 'kartu',
  transfer: 'transfer',
  installment: 'cicilan',
  invoice: 'tagihan faktur',
  bill: 'tagihan',
  billing: 'tagihan',
  receipt: 'struk kuitansi',
  tax: 'pajak',
  open: 'buka',
  opening: 'buka',
  close: 'tutup',
  closed: 'tutup',
  closing: 'tutup',
  hour: 'jam',
  hours: 'jam',
  time: 'waktu jam',
  day: 'hari',
  days: 'hari',
  week: 'minggu',
  weekend: 'akhir pekan',
  month: 'bulan',
  monthly: 'bulanan',
  year: 'tahun',
  yearly: 'tahunan',
  annual: 'tahunan',
  today: 'hari ini',
  tomorrow: 'besok',
  morning: 'pagi',
  night: 'malam',
  holiday: 'libur',
  late: 'terlambat telat',
  long: 'lama',
  how: 'bagaimana berapa',
  many: 'berapa',
  much: 'berapa',
  when: 'kapan',
  where: 'mana',
  location: 'lokasi alamat',
  address: 'alamat',
  branch: 'cabang',
  outlet: 'outlet cabang',
  store: 'toko',
  shop: 'toko',
  parking: 'parkir',
  order: 'pesan pesanan',
  orders: 'pesanan',
  buy: 'beli',
  purchase: 'beli pembelian',
  product: 'produk',
  item: 'barang',
  items: 'barang',
  goods: 'barang',
  stock: 'stok',
  available: 'tersedia ada',
  size: 'ukuran',
  color: 'warna',
  weight: 'berat',
  warranty: 'garansi',
  guarantee: 'garansi jaminan',
  delivery: 'pengiriman kirim antar',
  deliver: 'kirim antar',
  shipping: 'pengiriman ongkos kirim',
  ship: 'kirim',
  courier: 'kurir',
  package: 'paket',
  track: 'lacak',
  tracking: 'lacak resi',
  arrive: 'sampai tiba',
  return: 'retur pengembalian kembali',
  returns: 'retur pengembalian',
  refund: 'pengembalian dana refund',
  exchange: 'tukar',
  damaged: 'rusak',
  broken: 'rusak',
  wrong: 'salah',
  cancel: 'batal pembatalan',
  cancellation: 'pembatalan batal',
  change: 'ganti ubah',
  account: 'akun',
  password: 'kata sandi password',
  login: 'masuk login',
  register: 'daftar',
  registration: 'pendaftaran daftar',
  email: 'email surel',
  phone: 'telepon nomor',
  number: 'nomor',
  contact: 'kontak hubungi',
  call: 'telepon hubungi',
  help: 'bantuan',
  support: 'dukungan bantuan',
  complaint: 'keluhan komplain',
  member: 'anggota member',
  membership: 'keanggotaan member',
  points: 'poin',
  voucher: 'voucher',
  promo: 'promo',
  booking: 'pemesanan reservasi booking',
  book: 'pesan reservasi',
  reservation: 'reservasi pemesanan',
  appointment: 'janji temu jadwal',
  schedule: 'jadwal',
  room: 'kamar',
  rooms: 'kamar',
  breakfast: 'sarapan',
  pool: 'kolam renang',
  swimming: 'renang',
  checkin: 'check in',
  checkout: 'check out',
  early: 'awal lebih awal',
  guest: 'tamu',
  guests: 'tamu',
  child: 'anak',
  children: 'anak',
  kids: 'anak',
  adult: 'dewasa',
  pet: 'hewan peliharaan',
  pets: 'hewan peliharaan',
  smoking: 'merokok rokok',
  airport: 'bandara',
  pickup: 'jemput penjemputan',
  laundry: 'laundry cuci',
  towel: 'handuk',
  doctor: 'dokter',
  clinic: 'klinik',
  patient: 'pasien',
  medicine: 'obat',
  insurance: 'asuransi',
  queue: 'antrean antre',
  dentist: 'dokter gigi',
  tooth: 'gigi',
  teeth: 'gigi',
  vaccine: 'vaksin',
  sick: 'sakit',
  referral: 'rujukan',
  leave: 'cuti',
  salary: 'gaji',
  employee: 'karyawan pegawai',
  employees: 'karyawan pegawai',
  work: 'kerja',
  working: 'kerja',
  office: 'kantor',
  overtime: 'lembur',
  maternity: 'melahirkan hamil',
  permission: 'izin',
  submit: 'ajukan',
  request: 'permintaan ajukan',
  approve: 'setuju persetujuan',
  approval: 'persetujuan',
  internet: 'internet',
  connection: 'koneksi',
  slow: 'lambat lemot',
  outage: 'gangguan',
  disconnected: 'putus',
  router: 'router modem',
  signal: 'sinyal',
  speed: 'kecepatan',
  technician: 'teknisi',
  install: 'pasang pemasangan',
  installation: 'pemasangan pasang',
  plan: 'paket',
  plans: 'paket',
  subscription: 'langganan',
  subscribe: 'langganan',
  upgrade: 'naik upgrade',
  downgrade: 'turun downgrade',
  user: 'pengguna user',
  users: 'pengguna user',
  trial: 'uji coba trial',
  data: 'data',
  export: 'ekspor',
  coffee: 'kopi',
  milk: 'susu',
  sugar: 'gula',
  tea: 'teh',
  food: 'makanan makan',
  drink: 'minuman minum',
  menu: 'menu',
  vegetarian: 'vegetarian sayur',
  spicy: 'pedas',
  halal: 'halal',
  wifi: 'wifi',
  toilet: 'toilet',
  prayer: 'salat mushola',
  music: 'musik',
  cake: 'kue',
  bring: 'bawa',
  own: 'sendiri',
  minimum: 'minimal minimum',
  maximum: 'maksimal maksimum',
  limit: 'batas',
  city: 'kota',
  area: 'area wilayah',
  outside: 'luar',
  abroad: 'luar negeri',
  international: 'internasional luar negeri',
  send: 'kirim',
  receive: 'terima',
  accept: 'terima',
  use: 'pakai gunakan',
  without: 'tanpa',
  can: 'bisa',
  allowed: 'boleh',
  need: 'perlu butuh',
  must: 'harus wajib',
  required: 'wajib',
  document: 'dokumen berkas',
  documents: 'dokumen berkas',
  id: 'ktp identitas',
  photo: 'foto',
  // Choosing and asking for things
  option: 'pilihan opsi',
  choice: 'pilihan',
  recommend: 'rekomendasi sarankan',
  recommendation: 'rekomendasi',
  popular: 'favorit populer terlaris',
  favorite: 'favorit',
  best: 'terbaik terlaris',
  special: 'spesial khusus',
  // Food, drink and diets
  eat: 'makan',
  lunch: 'makan siang',
  dinner: 'makan malam',
  snack: 'camilan',
  dessert: 'pencuci mulut',
  meat: 'daging',
  chicken: 'ayam',
  beef: 'sapi daging',
  pork: 'babi',
  fish: 'ikan',
  egg: 'telur',
  vegetable: 'sayur',
  fruit: 'buah',
  rice: 'nasi',
  noodle: 'mie',
  juice: 'jus',
  water: 'air',
  ice: 'es',
  hot: 'panas',
  cold: 'dingin',
  sweet: 'manis',
  bread: 'roti',
  alcohol: 'alkohol',
  allergy: 'alergi',
  vegan: 'vegan nabati',
  kitchen: 'dapur',
  // Places, seats and events
  table: 'meja',
  seat: 'kursi tempat duduk',
  reserve: 'reservasi pesan',
  rent: 'sewa',
  rental: 'sewa',
  event: 'acara',
  party: 'pesta acara',
  birthday: 'ulang tahun',
  wedding: 'pernikahan',
  meeting: 'rapat pertemuan',
  group: 'rombongan grup',
  people: 'orang',
  person: 'orang',
  indoor: 'dalam ruangan',
  outdoor: 'luar ruangan',
  near: 'dekat',
  nearest: 'terdekat',
  far: 'jauh',
  distance: 'jarak',
  car: 'mobil',
  motorbike: 'motor',
  motorcycle: 'motor',
  dog: 'anjing',
  cat: 'kucing',
  lost: 'hilang ketinggalan',
  forgot: 'lupa ketinggalan',
  found: 'temukan ditemukan',
  // Work and jobs
  job: 'kerja pekerjaan lowongan',
  jobs: 'lowongan pekerjaan',
  vacancy: 'lowongan',
  hire: 'rekrut lowongan',
  hiring: 'lowongan rekrut',
  apply: 'lamar melamar daftar',
  application: 'lamaran',
  career: 'karier karir',
  // Loyalty and gifts
  loyalty: 'loyalitas',
  reward: 'hadiah poin',
  gift: 'hadiah kado',
  // Days and seasons
  weekday: 'hari kerja',
  daily: 'setiap hari harian',
  eid: 'lebaran idul fitri',
  christmas: 'natal',
  // People
  student: 'mahasiswa pelajar siswa',
  teacher: 'guru',
  school: 'sekolah',
  baby: 'bayi',
  wife: 'istri',
  husband: 'suami',
  family: 'keluarga',
  woman: 'wanita perempuan',
  women: 'wanita perempuan',
  man: 'pria',
  men: 'pria',
  // Clothes and shops
  clothes: 'pakaian baju',
  shirt: 'kemeja baju',
  dress: 'gaun',
  pants: 'celana',
  trousers: 'celana',
  shoes: 'sepatu',
  bag: 'tas',
  socks: 'kaus kaki',
  underwear: 'pakaian dalam',
  fabric: 'kain bahan',
  material: 'bahan',
  credit: 'kredit',
  foreign: 'asing luar negeri',
};

type Glossary = ReadonlyMap<string, readonly string[]>;

function build(): { toIndonesian: Glossary; toEnglish: Glossary } {
  const toIndonesian = new Map<string, string[]>();
  const toEnglish = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, words: string[]) => {
    const list = map.get(key) ?? [];
    for (const word of words) if (word !== key && !list.includes(word)) list.push(word);
    map.set(key, list);
  };
  for (const [english, indonesian] of Object.entries(ENGLISH_TO_INDONESIAN)) {
    const words = indonesian.split(' ');
    add(toIndonesian, english, words);
    // The reverse only for words that carry the meaning on their own ("ongkos kirim" → shipping, not "kirim" → shipping).
    if (words.length === 1) add(toEnglish, words[0], [english]);
  }
  return { toIndonesian, toEnglish };
}

const { toIndonesian, toEnglish } = build();

/**
 * An English word's key for the glossary's second lookup: its light stem without a final "e", and
 * "ie" as "y", so that the forms of one word meet ("smoke" and "smoking", "reserve" and "reserved",
 * "deliveries" and "delivery"). The embedder's own stem (`englishStem`) stays as it is: stored
 * vectors were made with it.
 */
export function glossaryKey(word: string): string {
  const stem = englishStem(word);
  if (stem.length > 4 && stem.endsWith('ie')) return `${stem.slice(0, -2)}y`;
  if (stem.length > 4 && stem.endsWith('e')) return stem.slice(0, -1);
  return stem;
}

/** The English glossary by `glossaryKey`, the entries of words sharing a key together. */
function byKey(glossary: Glossary): Glossary {
  const keyed = new Map<string, string[]>();
  for (const [english, words] of glossary) {
    const key = glossaryKey(english);
    const list = keyed.get(key) ?? [];
    for (const word of words) if (!list.includes(word)) list.push(word);
    keyed.set(key, list);
  }
  return keyed;
}

const toIndonesianByKey = byKey(toIndonesian);

function lookup(glossary: Glossary, word: string, stems: Array<(word: string) => string>): readonly string[] {
  const found = glossary.get(word);
  if (found) return found;
  for (const stem of stems) {
    const stemmed = stem(word);
    if (stemmed !== word && glossary.has(stemmed)) return glossary.get(stemmed)!;
  }
  return glossary === toIndonesian ? (toIndonesianByKey.get(glossaryKey(word)) ?? []) : [];
}

/**
 * The words to add to a question (lowercase words, as `anyWordQuery` makes them) searched in a
 * knowledge of `language`: Indonesian words for its English words over Indonesian material, English
 * ones for its Indonesian words over English material, both over 'simple'. Only words the question
 * does not have already, in the order found.
 */
export function translatedWords(words: readonly string[], language: string): string[] {
  const present = new Set(words);
  const added: string[] = [];
  const take = (candidates: readonly string[]) => {
    for (const candidate of candidates) {
      if (present.has(candidate)) continue;
      present.add(candidate);
      added.push(candidate);
    }
  };
  for (const word of words) {
    if (language !== 'english') take(lookup(toIndonesian, word, [englishStem]));
    if (language !== 'indonesian') take(lookup(toEnglish, word, [indonesianStem]));
  }
  return added;
}

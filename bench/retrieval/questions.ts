/**
 * Questions for the retrieval benchmark, written the way customers type them to a Kawan bot:
 * formal and colloquial Indonesian, typos, English over Indonesian documents and the reverse,
 * paraphrases that share few words with the passage, answers that sit in one table or CSV row,
 * and questions a business would plausibly get but the corpus cannot answer.
 *
 * `expect.contains` is a short exact substring of the answering passage, and occurs exactly once
 * in its file (bench/retrieval/check-questions.ts verifies both): a retrieved passage containing it
 * answers the question. It never spans a line or markdown markup, so it survives chunking.
 */
export type QuestionTag =
  'id' | 'en' | 'colloquial' | 'typo' | 'cross-lingual' | 'paraphrase' | 'table' | 'unanswerable';

export interface RetrievalQuestion {
  id: string;
  question: string;
  tags: QuestionTag[];
  /** Absent for unanswerable questions. */
  expect?: { source: string; contains: string };
}

const shop = 'toko-online-pengiriman-retur.md';
const catalog = 'katalog-produk.csv';
const isp = 'isp-panduan-gangguan.md';
const clinic = 'klinik-janji-temu-bpjs.md';
const saas = 'saas-billing-faq.md';
const hotel = 'hotel-guest-info.md';
const hr = 'hr-kebijakan-cuti.md';

export const retrievalQuestions: RetrievalQuestion[] = [
  // Online shop: shipping and returns (Indonesian)
  {
    id: 'shop-01',
    question: 'Berapa lama batas waktu untuk mengembalikan barang?',
    tags: ['id'],
    expect: { source: shop, contains: 'maksimal 7 hari setelah barang diterima' },
  },
  {
    id: 'shop-02',
    question: 'kak bajunya kekecilan, bisa tuker ukuran ga? bayar lagi ga?',
    tags: ['id', 'colloquial'],
    expect: { source: shop, contains: 'Penukaran ukuran atau warna gratis satu kali' },
  },
  {
    id: 'shop-03',
    question: 'syarat pengembalain barang apa aja',
    tags: ['id', 'typo', 'colloquial'],
    expect: { source: shop, contains: 'Label dan hangtag masih terpasang' },
  },
  {
    id: 'shop-04',
    question: 'How many days do I have to return an item?',
    tags: ['en', 'cross-lingual'],
    expect: { source: shop, contains: 'maksimal 7 hari setelah barang diterima' },
  },
  {
    id: 'shop-05',
    question: 'Kalau saya transfer jam 3 sore, paketnya dikirim kapan?',
    tags: ['id', 'paraphrase'],
    expect: { source: shop, contains: 'dikirim pada hari kerja berikutnya' },
  },
  {
    id: 'shop-06',
    question: 'Estimasi pengiriman SiCepat ke luar Jawa berapa hari?',
    tags: ['id', 'table'],
    expect: { source: shop, contains: 'Hanya kota besar' },
  },
  {
    id: 'shop-07',
    question: 'gosend bisa buat kirim ke bandung ga kak?',
    tags: ['id', 'colloquial', 'table'],
    expect: { source: shop, contains: 'Khusus Jabodetabek, bayar sebelum 12.00 WIB' },
  },
  {
    id: 'shop-08',
    question: 'Minimal belanja berapa supaya dapat gratis ongkir ke Makassar?',
    tags: ['id', 'paraphrase'],
    expect: { source: shop, contains: 'minimal Rp 400.000 ke luar Pulau Jawa' },
  },
  {
    id: 'shop-09',
    question: 'Is there a limit on how much of the shipping cost you cover?',
    tags: ['en', 'cross-lingual', 'paraphrase'],
    expect: { source: shop, contains: 'Subsidi ongkir maksimal Rp 30.000 per pesanan' },
  },
  {
    id: 'shop-10',
    question: 'bisa cod ga? maks brp?',
    tags: ['id', 'colloquial'],
    expect: { source: shop, contains: 'nilai pesanan maksimal Rp 1.500.000' },
  },
  {
    id: 'shop-11',
    question: 'biaya cod brapa persen ya',
    tags: ['id', 'colloquial', 'typo'],
    expect: { source: shop, contains: 'Biaya layanan COD sebesar 3% dari nilai pesanan' },
  },
  {
    id: 'shop-12',
    question: 'Can I return underwear or socks?',
    tags: ['en', 'cross-lingual'],
    expect: { source: shop, contains: 'Pakaian dalam, kaus kaki, dan masker kain' },
  },
  {
    id: 'shop-13',
    question: 'Barang yang saya beli waktu cuci gudang diskon 60% bisa diretur?',
    tags: ['id', 'paraphrase'],
    expect: { source: shop, contains: 'Produk diskon di atas 50% dengan label' },
  },
  {
    id: 'shop-14',
    question: 'Ke alamat mana barang retur harus dikirim?',
    tags: ['id'],
    expect: { source: shop, contains: 'Jl. Industri Raya Blok C No. 8, Cikarang Barat' },
  },
  {
    id: 'shop-15',
    question: 'paket udah nyampe tp warnanya beda sama yg aku pesen, gmn dong kak',
    tags: ['id', 'colloquial', 'paraphrase'],
    expect: { source: shop, contains: 'paling lambat 2x24 jam sejak paket diterima' },
  },
  {
    id: 'shop-16',
    question: 'Pengembalian dana ke kartu kredit butuh waktu berapa lama?',
    tags: ['id', 'table'],
    expect: { source: shop, contains: '7–14 hari kerja' },
  },
  {
    id: 'shop-17',
    question: 'How long does a refund to GoPay take?',
    tags: ['en', 'cross-lingual', 'table'],
    expect: { source: shop, contains: 'Ke nomor yang dipakai saat membayar' },
  },
  {
    id: 'shop-18',
    question: 'jam oprasional cs sandang lestari',
    tags: ['id', 'typo', 'colloquial'],
    expect: { source: shop, contains: 'Senin–Sabtu pukul 08.00–17.00 WIB' },
  },
  {
    id: 'shop-19',
    question: 'When will a pre-order item be shipped?',
    tags: ['en', 'cross-lingual'],
    expect: { source: shop, contains: 'dikirim 10–14 hari kerja setelah pembayaran' },
  },
  {
    id: 'shop-20',
    question: 'Apakah ongkos kirim ikut dikembalikan kalau saya retur karena tidak cocok?',
    tags: ['id'],
    expect: { source: shop, contains: 'Ongkos kirim awal tidak ikut dikembalikan' },
  },
  {
    id: 'shop-21',
    question: 'Saya belum transfer, berapa lama sebelum pesanan batal otomatis?',
    tags: ['id', 'paraphrase'],
    expect: { source: shop, contains: 'harus diselesaikan dalam 24 jam' },
  },

  // Online shop: product catalog (CSV)
  {
    id: 'cat-01',
    question: 'Harga kemeja batik parang lengan panjang berapa?',
    tags: ['id', 'table'],
    expect: { source: catalog, contains: '389000' },
  },
  {
    id: 'cat-02',
    question: 'kak kemeja mega mendung ada size xxl ga?',
    tags: ['id', 'colloquial', 'table'],
    expect: { source: catalog, contains: 'Motif khas Cirebon, potongan slim fit' },
  },
  {
    id: 'cat-03',
    question: 'How much is the hand-drawn batik shirt from Lasem?',
    tags: ['en', 'cross-lingual', 'table', 'paraphrase'],
    expect: { source: catalog, contains: '1250000' },
  },
  {
    id: 'cat-04',
    question: 'totebag nya muat laptop ga? harganya brp',
    tags: ['id', 'colloquial', 'table'],
    expect: { source: catalog, contains: 'muat laptop 14 inci' },
  },
  {
    id: 'cat-05',
    question: 'Apakah ada kemeja batik untuk anak umur 10 tahun?',
    tags: ['id', 'table'],
    expect: { source: catalog, contains: '2, 4, 6, 8, 10 tahun' },
  },
  {
    id: 'cat-07',
    question: 'Do you sell gift cards, and how long are they valid?',
    tags: ['en', 'cross-lingual', 'table'],
    expect: { source: catalog, contains: 'berlaku 12 bulan, tidak bisa ditukar uang' },
  },
  {
    id: 'cat-08',
    question: 'Celana chino pria ada ukuran 36?',
    tags: ['id', 'table'],
    expect: { source: catalog, contains: '28, 30, 32, 34, 36' },
  },
  {
    id: 'cat-09',
    question: 'hampers lebaran isinya apa aja kak',
    tags: ['id', 'colloquial', 'table'],
    expect: { source: catalog, contains: 'Isi kemeja batik ayah, blouse ibu, dan dua kemeja anak' },
  },
  {
    id: 'cat-10',
    question: 'kemeja linen warnanya apa ajah',
    tags: ['id', 'colloquial', 'typo', 'table'],
    expect: { source: catalog, contains: 'Putih gading' },
  },
  {
    id: 'cat-11',
    question: 'Which blouse can I wear while breastfeeding?',
    tags: ['en', 'cross-lingual', 'table', 'paraphrase'],
    expect: { source: catalog, contains: 'kancing depan ramah menyusui' },
  },

  // Internet provider: troubleshooting (Indonesian)
  {
    id: 'isp-01',
    question: 'Apa arti lampu LOS merah berkedip di modem?',
    tags: ['id', 'table'],
    expect: { source: isp, contains: 'Sinyal fiber terputus' },
  },
  {
    id: 'isp-02',
    question: 'min lampu los nya merah, internet mati total nih',
    tags: ['id', 'colloquial'],
    expect: { source: isp, contains: 'kabel fiber di luar rumah tertekuk, terputus' },
  },
  {
    id: 'isp-03',
    question: 'cara restrat modem yg bener gmn?',
    tags: ['id', 'typo', 'colloquial'],
    expect: { source: isp, contains: 'Tunggu minimal 1 menit agar modem benar-benar kosong dayanya' },
  },
  {
    id: 'isp-04',
    question: 'My internet feels slow. What speed counts as normal?',
    tags: ['en', 'cross-lingual'],
    expect: { source: isp, contains: 'minimal 80% dari kecepatan paket' },
  },
  {
    id: 'isp-05',
    question: 'Saya langganan 50 Mbps, hasil speedtest berapa yang masih dianggap wajar?',
    tags: ['id', 'paraphrase'],
    expect: { source: isp, contains: 'dianggap normal jika hasilnya 40 Mbps atau lebih' },
  },
  {
    id: 'isp-06',
    question: 'Berapa harga paket 100 Mbps per bulan?',
    tags: ['id', 'table'],
    expect: { source: isp, contains: 'Rp 399.000' },
  },
  {
    id: 'isp-07',
    question: 'di rumah ada 12 hp sama laptop, cocoknya paket apa min?',
    tags: ['id', 'colloquial', 'table', 'paraphrase'],
    expect: { source: isp, contains: '11–15 perangkat' },
  },
  {
    id: 'isp-08',
    question: 'How do I change my Wi-Fi name and password?',
    tags: ['en', 'cross-lingual'],
    expect: { source: isp, contains: 'ubah SSID (nama Wi-Fi) dan WPA Key (password)' },
  },
  {
    id: 'isp-09',
    question: 'pw buat login ke 192.168.1.1 apa ya?',
    tags: ['id', 'colloquial'],
    expect: { source: isp, contains: 'password yang tertera di stiker bagian bawah modem' },
  },
  {
    id: 'isp-10',
    question: 'Kapan tanggal jatuh tempo tagihan NusaNet?',
    tags: ['id'],
    expect: { source: isp, contains: 'jatuh tempo tanggal 20 setiap bulan' },
  },
  {
    id: 'isp-11',
    question: 'udah bayar tagihan tapi internet masih keisolir, berapa lama nyalanya?',
    tags: ['id', 'colloquial', 'paraphrase'],
    expect: { source: isp, contains: 'aktif kembali otomatis paling lambat 1 jam' },
  },
  {
    id: 'isp-12',
    question: 'Is there a fee if I pay my bill at Indomaret?',
    tags: ['en', 'cross-lingual'],
    expect: { source: isp, contains: 'biaya admin Rp 2.500' },
  },
  {
    id: 'isp-14',
    question: 'Setelah saya melapor, berapa lama sampai petugas datang ke rumah?',
    tags: ['id', 'paraphrase'],
    expect: { source: isp, contains: 'teknisi datang paling lambat 2x24 jam sejak tiket dibuat' },
  },
  {
    id: 'isp-15',
    question: 'Do I get anything back if the internet is down for several days?',
    tags: ['en', 'cross-lingual', 'paraphrase'],
    expect: { source: isp, contains: 'potongan tagihan bulan berikutnya secara proporsional' },
  },
  {
    id: 'isp-16',
    question: 'modem kesamber petir, ganti baru bayar brp?',
    tags: ['id', 'colloquial'],
    expect: { source: isp, contains: 'Rp 450.000' },
  },
  {
    id: 'isp-17',
    question: 'biaya pindh alamat pasang internet berapa',
    tags: ['id', 'typo'],
    expect: { source: isp, contains: 'biaya Rp 150.000 dan harus diajukan minimal 7 hari' },
  },
  {
    id: 'isp-18',
    question: 'wifi ilang, lampu wlan di modem mati',
    tags: ['id', 'colloquial', 'table'],
    expect: { source: isp, contains: 'Tekan tombol WLAN di sisi modem selama 3 detik' },
  },

  // Clinic: appointments and BPJS (Indonesian)
  {
    id: 'clinic-01',
    question: 'Poli gigi buka jam berapa pada hari Sabtu?',
    tags: ['id'],
    expect: { source: clinic, contains: 'Sabtu pukul 09.00–12.00' },
  },
  {
    id: 'clinic-02',
    question: 'klinik buka hari minggu ga sih?',
    tags: ['id', 'colloquial'],
    expect: { source: clinic, contains: 'hanya pelayanan gawat darurat ringan pukul 08.00–20.00' },
  },
  {
    id: 'clinic-03',
    question: 'Siapa dokter umum yang praktik hari Selasa pagi?',
    tags: ['id', 'table'],
    expect: { source: clinic, contains: 'dr. Bagus Wicaksono' },
  },
  {
    id: 'clinic-04',
    question: 'Which dentist is available on Saturdays?',
    tags: ['en', 'cross-lingual', 'table'],
    expect: { source: clinic, contains: 'drg. Fadli Rahman' },
  },
  {
    id: 'clinic-05',
    question: 'Bagaimana cara mengambil nomor antrean untuk peserta BPJS?',
    tags: ['id'],
    expect: { source: clinic, contains: 'menu Pendaftaran Pelayanan' },
  },
  {
    id: 'clinic-06',
    question: 'kak mau bikin janji ke dokter gigi besok, paling telat daftar kapan ya?',
    tags: ['id', 'colloquial'],
    expect: { source: clinic, contains: 'Janji temu paling lambat dibuat H-1 pukul 20.00' },
  },
  {
    id: 'clinic-07',
    question: 'kalo telat dateng antrian nya angus ga?',
    tags: ['id', 'colloquial', 'typo', 'paraphrase'],
    expect: { source: clinic, contains: 'nomor antrean Anda dialihkan ke urutan terakhir' },
  },
  {
    id: 'clinic-08',
    question: 'Do I need to bring my physical BPJS card?',
    tags: ['en', 'cross-lingual'],
    expect: { source: clinic, contains: 'Kartu fisik tidak wajib' },
  },
  {
    id: 'clinic-09',
    question: 'Apakah saya bisa pindah faskes BPJS ke klinik ini?',
    tags: ['id', 'paraphrase'],
    expect: { source: clinic, contains: 'setelah terdaftar minimal 3 bulan di FKTP sebelumnya' },
  },
  {
    id: 'clinic-10',
    question: 'Faskes saya puskesmas di Bogor, tapi sedang dinas di Depok. Bisa berobat pakai BPJS di sini?',
    tags: ['id', 'paraphrase'],
    expect: { source: clinic, contains: 'maksimal 3 kali dalam satu bulan di FKTP yang sama' },
  },
  {
    id: 'clinic-11',
    question: 'mau minta rujukan ke RS aja bisa langsung ga?',
    tags: ['id', 'colloquial'],
    expect: { source: clinic, contains: 'bukan atas permintaan pasien' },
  },
  {
    id: 'clinic-12',
    question: 'How long is a hospital referral letter valid?',
    tags: ['en', 'cross-lingual'],
    expect: { source: clinic, contains: 'Surat rujukan berlaku 90 hari' },
  },
  {
    id: 'clinic-13',
    question: 'Apakah pasang behel ditanggung BPJS?',
    tags: ['id', 'table'],
    expect: { source: clinic, contains: 'Kawat gigi (behel)' },
  },
  {
    id: 'clinic-14',
    question: 'scalling gigi pake bpjs bisa brp kali setahun',
    tags: ['id', 'colloquial', 'typo', 'table'],
    expect: { source: clinic, contains: 'Pembersihan karang gigi (scaling) 1 kali setahun' },
  },
  {
    id: 'clinic-15',
    question: 'Berapa tarif konsultasi dokter gigi untuk pasien umum?',
    tags: ['id', 'table'],
    expect: { source: clinic, contains: 'Rp 100.000' },
  },
  {
    id: 'clinic-16',
    question: 'How much does it cost to see a GP if I pay myself, without insurance?',
    tags: ['en', 'cross-lingual', 'table', 'paraphrase'],
    expect: { source: clinic, contains: 'Rp 75.000' },
  },
  {
    id: 'clinic-17',
    question: 'bpjs saya nonaktif karna nunggak iuran, masih bisa berobat ga?',
    tags: ['id', 'colloquial', 'typo'],
    expect: { source: clinic, contains: 'dapat dilayani sebagai pasien umum dengan tarif umum' },
  },
  {
    id: 'clinic-18',
    question: 'Kalau mau cek gula darah puasa, sebaiknya datang jam berapa?',
    tags: ['id'],
    expect: { source: clinic, contains: 'sebaiknya pukul 07.00–09.00' },
  },
  {
    id: 'clinic-19',
    question: 'Where do patients in the referral-back program get their monthly medicine?',
    tags: ['en', 'cross-lingual'],
    expect: { source: clinic, contains: 'Apotek Sehat Farma Margonda' },
  },

  // SaaS: billing FAQ (English)
  {
    id: 'saas-01',
    question: 'What does the Team plan cost per year?',
    tags: ['en', 'table'],
    expect: { source: saas, contains: '$390' },
  },
  {
    id: 'saas-02',
    question: 'Is there a free trial, and do I need a credit card for it?',
    tags: ['en'],
    expect: { source: saas, contains: 'No credit card is needed to start' },
  },
  {
    id: 'saas-03',
    question: 'Apakah ada masa uji coba gratis? Berapa hari?',
    tags: ['id', 'cross-lingual'],
    expect: { source: saas, contains: '14-day free trial of the Business plan' },
  },
  {
    id: 'saas-04',
    question: 'What discount do I get for paying yearly instead of monthly?',
    tags: ['en', 'paraphrase'],
    expect: { source: saas, contains: 'about 17% off' },
  },
  {
    id: 'saas-05',
    question: 'bisa bayar pake rupiah lewat VA BCA ga?',
    tags: ['id', 'colloquial', 'cross-lingual'],
    expect: { source: saas, contains: 'bank virtual account (BCA, Mandiri or BNI)' },
  },
  {
    id: 'saas-06',
    question: 'What happens when my card payment fails?',
    tags: ['en'],
    expect: { source: saas, contains: '1 day, 3 days and 7 days after the first attempt' },
  },
  {
    id: 'saas-07',
    question: 'Kalau pembayaran kartu gagal terus, kapan data saya dihapus?',
    tags: ['id', 'cross-lingual', 'paraphrase'],
    expect: { source: saas, contains: 'permanently deleted 90 days after the first failed payment' },
  },
  {
    id: 'saas-08',
    question: 'If I move to a cheaper plan, when does the change apply?',
    tags: ['en', 'paraphrase'],
    expect: { source: saas, contains: 'Downgrades take effect at the end of the current billing period' },
  },
  {
    id: 'saas-09',
    question: 'can i get a refund on an anual plan',
    tags: ['en', 'typo'],
    expect: { source: saas, contains: 'within 30 days of the purchase or of an annual renewal' },
  },
  {
    id: 'saas-10',
    question: 'Langganan bulanan bisa di-refund tidak?',
    tags: ['id', 'cross-lingual'],
    expect: { source: saas, contains: 'no refunds, including for partial months' },
  },
  {
    id: 'saas-11',
    question: 'I got charged twice this month, will I get the money back?',
    tags: ['en', 'paraphrase'],
    expect: { source: saas, contains: 'always refunded in full' },
  },
  {
    id: 'saas-12',
    question: 'We need to fix our company name on last month’s invoice.',
    tags: ['en', 'paraphrase'],
    expect: { source: saas, contains: 'within 60 days of the invoice date' },
  },
  {
    id: 'saas-13',
    question: 'Diskon untuk sekolah atau guru berapa persen?',
    tags: ['id', 'cross-lingual', 'table'],
    expect: { source: saas, contains: '30% on any plan' },
  },
  {
    id: 'saas-14',
    question: 'nonprofit discunt?',
    tags: ['en', 'typo', 'table'],
    expect: { source: saas, contains: '50% on Team and Business' },
  },
  {
    id: 'saas-15',
    question: 'How long do you keep our data after we cancel?',
    tags: ['en', 'paraphrase'],
    expect: { source: saas, contains: 'Cancelled workspaces remain read-only for 12 months' },
  },
  {
    id: 'saas-16',
    question: 'paket Starter bisa nambah user ga?',
    tags: ['id', 'colloquial', 'cross-lingual'],
    expect: { source: saas, contains: 'Starter cannot add users' },
  },
  {
    id: 'saas-17',
    question: 'How much does each extra user cost?',
    tags: ['en'],
    expect: { source: saas, contains: '$6 per user per month' },
  },

  // Hotel: guest information (English, with an Indonesian section)
  {
    id: 'hotel-01',
    question: 'What time is check-out?',
    tags: ['en'],
    expect: { source: hotel, contains: 'time is 12.00 (noon)' },
  },
  {
    id: 'hotel-02',
    question: 'How much is late check-out?',
    tags: ['en'],
    expect: { source: hotel, contains: 'Late check-out until 16.00 costs Rp 250.000' },
  },
  {
    id: 'hotel-03',
    question: 'bisa check-in lebih pagi ga? ada biayanya?',
    tags: ['id', 'colloquial', 'cross-lingual'],
    expect: { source: hotel, contains: 'Early check-in from 10.00 is free when a room is ready' },
  },
  {
    id: 'hotel-04',
    question: 'We are a group of 6, which airport pickup do we need?',
    tags: ['en', 'table', 'paraphrase'],
    expect: { source: hotel, contains: 'Up to 8 guests' },
  },
  {
    id: 'hotel-05',
    question: 'Berapa ongkos antar dari hotel ke pelabuhan Bangsal?',
    tags: ['id', 'cross-lingual', 'table'],
    expect: { source: hotel, contains: 'Bangsal harbour (boats to the Gili Islands)' },
  },
  {
    id: 'hotel-06',
    question: 'Sarapan untuk anak umur 8 tahun bayar berapa?',
    tags: ['id', 'cross-lingual', 'paraphrase'],
    expect: { source: hotel, contains: 'Children aged 6 to 12 pay half price' },
  },
  {
    id: 'hotel-07',
    question: "We're leaving at 5am to hike Rinjani. Can we get something to eat before we go?",
    tags: ['en', 'paraphrase'],
    expect: { source: hotel, contains: 'A breakfast box to take away is available from 04.30' },
  },
  {
    id: 'hotel-08',
    question: 'What is the Wi-Fi password?',
    tags: ['en'],
    expect: { source: hotel, contains: 'your room number followed by your last name in lowercase' },
  },
  {
    id: 'hotel-09',
    question: 'kolam renang buka sampe jam brp?',
    tags: ['id', 'colloquial', 'cross-lingual'],
    expect: { source: hotel, contains: 'open from 07.00 to 20.00' },
  },
  {
    id: 'hotel-10',
    question: 'Can I smoke in my room?',
    tags: ['en'],
    expect: { source: hotel, contains: 'Smoking inside a room incurs a cleaning fee of Rp 1.500.000' },
  },
  {
    id: 'hotel-11',
    question: 'Is there a prayer room in the hotel?',
    tags: ['en', 'cross-lingual'],
    expect: { source: hotel, contains: 'Mushola terletak di lantai dasar' },
  },
  {
    id: 'hotel-12',
    question: 'Berapa harga pijat tradisional Sasak?',
    tags: ['id', 'table'],
    expect: { source: hotel, contains: 'Rp 325.000' },
  },
  {
    id: 'hotel-13',
    question: 'How much is a foot reflexology massage?',
    tags: ['en', 'cross-lingual', 'table'],
    expect: { source: hotel, contains: 'Rp 210.000' },
  },
  {
    id: 'hotel-14',
    question: 'kartu kamar ilang kena denda brp?',
    tags: ['id', 'colloquial'],
    expect: { source: hotel, contains: 'biaya penggantian Rp 100.000' },
  },
  {
    id: 'hotel-15',
    question: 'How much is an extra bed?',
    tags: ['en', 'cross-lingual'],
    expect: { source: hotel, contains: 'Rp 300.000 per malam' },
  },
  {
    id: 'hotel-16',
    question: 'snorkling trip to the gili islands price',
    tags: ['en', 'typo'],
    expect: { source: hotel, contains: 'Rp 600.000 per person' },
  },
  {
    id: 'hotel-17',
    question: 'pas bulan puasa ada sahur ga di hotel?',
    tags: ['id', 'colloquial'],
    expect: { source: hotel, contains: 'menyediakan sahur mulai pukul 03.00' },
  },
  {
    id: 'hotel-18',
    question: 'Do I have to leave a deposit when I check in?',
    tags: ['en'],
    expect: { source: hotel, contains: 'A refundable security deposit of Rp 500.000 per room' },
  },

  // HR: leave policy (Indonesian)
  {
    id: 'hr-01',
    question: 'Karyawan yang sudah bekerja 7 tahun dapat cuti tahunan berapa hari?',
    tags: ['id', 'table', 'paraphrase'],
    expect: { source: hr, contains: 'Lebih dari 5 sampai 10 tahun' },
  },
  {
    id: 'hr-02',
    question: 'mau cuti seminggu, harus ngajuin brp hari sebelumnya?',
    tags: ['id', 'colloquial'],
    expect: { source: hr, contains: 'Cuti 3 hari atau lebih diajukan paling lambat 7 hari kerja sebelumnya' },
  },
  {
    id: 'hr-03',
    question: 'Can I carry unused annual leave over to next year?',
    tags: ['en', 'cross-lingual'],
    expect: { source: hr, contains: 'dapat dibawa ke tahun berikutnya maksimal 5 hari' },
  },
  {
    id: 'hr-04',
    question: 'sisa cuti taun lalu hangus tgl brp?',
    tags: ['id', 'colloquial'],
    expect: { source: hr, contains: 'paling lambat 31 Maret' },
  },
  {
    id: 'hr-05',
    question: 'Apakah cuti bersama mengurangi jatah cuti tahunan?',
    tags: ['id'],
    expect: { source: hr, contains: 'Cuti bersama yang ditetapkan pemerintah memotong jatah cuti tahunan' },
  },
  {
    id: 'hr-06',
    question: 'sakit sehari perlu surat dokter ga?',
    tags: ['id', 'colloquial'],
    expect: { source: hr, contains: 'tidak wajib surat dokter, maksimal 6 kali' },
  },
  {
    id: 'hr-07',
    question: 'How long is maternity leave?',
    tags: ['en', 'cross-lingual'],
    expect: { source: hr, contains: 'diberikan selama 3 bulan dengan upah penuh' },
  },
  {
    id: 'hr-08',
    question: 'My wife just had a baby. How many days off do I get?',
    tags: ['en', 'cross-lingual', 'paraphrase'],
    expect: { source: hr, contains: 'diberikan selama 5 hari kerja dengan upah penuh' },
  },
  {
    id: 'hr-09',
    question: 'Berapa hari cuti untuk karyawan yang menikah?',
    tags: ['id', 'table'],
    expect: { source: hr, contains: 'Karyawan menikah' },
  },
  {
    id: 'hr-10',
    question: 'mertua meninggal dapet cuti brp hari?',
    tags: ['id', 'colloquial', 'table'],
    expect: { source: hr, contains: 'orang tua/mertua' },
  },
  {
    id: 'hr-11',
    question: 'syarat cuti ibadah hajji apa saja?',
    tags: ['id', 'typo'],
    expect: { source: hr, contains: 'masa kerja minimal 3 tahun berhak atas cuti ibadah haji' },
  },
  {
    id: 'hr-12',
    question: 'Can I take unpaid leave to do a master’s degree?',
    tags: ['en', 'cross-lingual', 'paraphrase'],
    expect: { source: hr, contains: 'paling lama 3 bulan, misalnya untuk studi' },
  },
  {
    id: 'hr-13',
    question: 'Saya mau resign, apakah sisa cuti saya diganti uang?',
    tags: ['id', 'paraphrase'],
    expect: { source: hr, contains: 'dihitung dari gaji pokok dibagi 21' },
  },
  {
    id: 'hr-14',
    question: 'atasan ga bales2 pengajuan cuti gw, trus gmn?',
    tags: ['id', 'colloquial', 'paraphrase'],
    expect: { source: hr, contains: 'dianggap disetujui' },
  },
  {
    id: 'hr-15',
    question: 'Rumah saya kebanjiran, apakah bisa izin tidak masuk tanpa potong cuti?',
    tags: ['id', 'table', 'paraphrase'],
    expect: { source: hr, contains: 'Bencana alam yang menimpa tempat tinggal karyawan' },
  },
  {
    id: 'hr-16',
    question: 'ruang laktsi di lantai brp ya?',
    tags: ['id', 'typo', 'colloquial'],
    expect: { source: hr, contains: 'ruang laktasi lantai 3' },
  },
  {
    id: 'hr-17',
    question: 'Karyawan kontrak berhak cuti berapa hari?',
    tags: ['id'],
    expect: { source: hr, contains: 'cuti 1 hari untuk setiap bulan kerja penuh' },
  },

  // Unanswerable: plausible for these businesses, not in the corpus
  {
    id: 'none-01',
    question: 'Apakah Sandang Lestari punya toko offline di Pekalongan yang bisa dikunjungi?',
    tags: ['id', 'unanswerable'],
  },
  { id: 'none-02', question: 'Do you ship internationally, for example to Singapore?', tags: ['en', 'unanswerable'] },
  { id: 'none-03', question: 'bisa bayar pake paylater ga kak?', tags: ['id', 'colloquial', 'unanswerable'] },
  {
    id: 'none-04',
    question: 'Bisa pesan kemeja batik seragam kantor 100 potong dengan logo perusahaan?',
    tags: ['id', 'unanswerable'],
  },
  {
    id: 'none-05',
    question: 'Apakah NusaNet menyediakan IP publik statis untuk pelanggan rumahan?',
    tags: ['id', 'unanswerable'],
  },
  {
    id: 'none-06',
    question: 'Is there a minimum contract period or an early termination fee?',
    tags: ['en', 'unanswerable'],
  },
  { id: 'none-07', question: 'bisa tambah paket tv kabel ga min?', tags: ['id', 'colloquial', 'unanswerable'] },
  { id: 'none-08', question: 'Apakah klinik melayani vaksin HPV, dan berapa biayanya?', tags: ['id', 'unanswerable'] },
  {
    id: 'none-09',
    question: 'dokternya bisa dipanggil ke rumah ga kak? ortu saya susah jalan',
    tags: ['id', 'colloquial', 'unanswerable'],
  },
  { id: 'none-10', question: 'Do you offer a lifetime deal?', tags: ['en', 'unanswerable'] },
  { id: 'none-11', question: 'What is the API rate limit on the Starter plan?', tags: ['en', 'unanswerable'] },
  { id: 'none-12', question: 'Is there a gym or fitness room at the hotel?', tags: ['en', 'unanswerable'] },
  { id: 'none-13', question: 'Berapa harga kamar deluxe per malam?', tags: ['id', 'unanswerable'] },
  {
    id: 'none-14',
    question: 'Berapa besar THR untuk karyawan yang baru bekerja 6 bulan?',
    tags: ['id', 'unanswerable'],
  },
  { id: 'none-15', question: 'Can I work from home two days a week?', tags: ['en', 'unanswerable'] },
  { id: 'none-16', question: 'lembur hari minggu dibayar brp kali gaji?', tags: ['id', 'colloquial', 'unanswerable'] },
];

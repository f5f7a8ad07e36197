/**
 * The demo team's curated questions and answers: Warung Kopi Nusantara, a café chain with outlets
 * in Jakarta (Kemang, Tebet), Bandung (Dago), Yogyakarta (Prawirotaman) and Surabaya (Darmo).
 * Prices and hours agree with menu.pdf (scripts/demo-menu-pdf.ts) and price-list.csv; change them
 * together. Most entries are Indonesian, about a third English (the outlets serve many tourists).
 */
export const cafeFaq: Array<{ question: string; alternatives: string[]; answer: string }> = [
  // Jam buka
  {
    question: 'Jam berapa outlet Jakarta buka?',
    alternatives: ['jam brp buka kak yg di kemang?', 'Tebet buka sampai jam berapa ya?', 'jam operasional warung kopi nusantara jakarta'],
    answer:
      'Kedua outlet Jakarta (Kemang dan Tebet) buka Senin–Jumat pukul 07.00–22.00, Sabtu–Minggu pukul 08.00–23.00. ' +
      'Last order makanan 60 menit sebelum tutup, minuman 30 menit sebelum tutup. Pada hari libur nasional kami mengikuti jam akhir pekan.',
  },
  {
    question: 'Jam buka outlet Bandung kapan saja?',
    alternatives: ['yg di dago buka jam brp?', 'Bandung weekend bukanya dari jam berapa kak', 'jam operasional outlet bandung'],
    answer:
      'Outlet Bandung (Dago) buka Senin–Jumat pukul 08.00–21.00 dan Sabtu–Minggu pukul 07.00–22.00. ' +
      'Di akhir pekan kami buka lebih pagi untuk tamu yang sarapan sebelum jalan-jalan ke Lembang. Hari libur nasional mengikuti jam akhir pekan.',
  },
  {
    question: 'Jam buka outlet Yogyakarta?',
    alternatives: ['jogja buka sampe malem ga kak?', 'prawirotaman tutup jam brp', 'Jam operasional cabang Yogya hari Sabtu'],
    answer:
      'Outlet Yogyakarta (Prawirotaman) buka Senin–Jumat pukul 09.00–23.00 dan Sabtu–Minggu pukul 09.00–24.00. ' +
      'Hari libur nasional mengikuti jam akhir pekan. Dapur menerima last order makanan 60 menit sebelum tutup.',
  },
  {
    question: 'Jam buka outlet Surabaya?',
    alternatives: ['darmo buka jam brp min', 'Surabaya hari minggu buka ga?', 'jam operasional cabang surabaya'],
    answer:
      'Outlet Surabaya (Darmo) buka Senin–Jumat pukul 07.00–21.00 dan Sabtu–Minggu pukul 08.00–22.00. ' +
      'Hari libur nasional mengikuti jam akhir pekan.',
  },
  {
    question: 'Apakah buka saat Lebaran?',
    alternatives: ['lebaran buka ga kak?', 'Jadwal buka saat Idulfitri', 'malam takbiran tutup jam berapa', 'pas libur lebaran tutup berapa hari?'],
    answer:
      'Semua outlet tutup pada hari pertama dan kedua Idulfitri. Pada malam takbiran kami tutup lebih awal, pukul 17.00. ' +
      'Mulai hari ketiga sampai hari ketujuh Lebaran (H+3 sampai H+7) semua outlet buka pukul 10.00–20.00, lalu kembali ke jam normal. ' +
      'Layanan Kurir Nusantara libur selama H+1 sampai H+3; pesanan lewat GoFood dan GrabFood mengikuti jam buka outlet.',
  },
  {
    question: 'Are you open on public holidays?',
    alternatives: ['open on christmas?', 'opening hours new year eve', 'holiday opening times'],
    answer:
      'Yes. On national public holidays every outlet keeps its weekend hours (for example Jakarta 08.00–23.00, Surabaya 08.00–22.00). ' +
      'On 31 December our Jakarta and Yogyakarta outlets stay open until 01.00. The only days we close are the first and second day of Idul Fitri (Lebaran).',
  },
  // Lokasi
  {
    question: 'Where are your outlets?',
    alternatives: ['outlet addresses', 'which branch is near malioboro', 'do you have a cafe in bali?', 'alamat outlet di mana aja'],
    answer:
      'We have five outlets: Jakarta Kemang (Jl. Kemang Raya No. 18, Jakarta Selatan), Jakarta Tebet (Jl. Tebet Raya No. 72, Jakarta Selatan), ' +
      'Bandung Dago (Jl. Ir. H. Juanda No. 105), Yogyakarta Prawirotaman (Jl. Prawirotaman No. 21, about 15 minutes by car from Malioboro) ' +
      'and Surabaya Darmo (Jl. Raya Darmo No. 56). We have no outlet in Bali yet.',
  },
  // Menu dan harga
  {
    question: 'Menu apa yang paling direkomendasikan?',
    alternatives: ['menu andalan apa kak?', 'yg paling laris apa ya', 'rekomendasi kopi dong', 'best seller nya apa'],
    answer:
      'Menu andalan kami Kopi Susu Gula Aren (Regular Rp 25.000, Large Rp 30.000) dengan espresso dari biji Gayo dan gula aren Banten. ' +
      'Favorit lainnya: Es Kopi Pandan Rp 28.000, V60 Single Origin Rp 35.000 (biji Gayo, Kintamani, Flores Bajawa, atau Toraja bergantian), ' +
      'dan Nasi Ayam Sambal Matah Rp 42.000. Untuk camilan, Pisang Goreng Keju Rp 24.000 paling sering dipesan untuk berbagi.',
  },
  {
    question: "What's your signature drink and how much is it?",
    alternatives: ['what do you recommend?', 'price of the palm sugar coffee', 'most popular coffee here'],
    answer:
      'Our signature is Kopi Susu Gula Aren: iced espresso with fresh milk and Indonesian palm sugar, Rp 25.000 (Regular) or Rp 30.000 (Large). ' +
      'We also sell it by the litre for Rp 95.000 (about 4 glasses). If you prefer black coffee, try the V60 Single Origin at Rp 35.000.',
  },
  {
    question: 'Berapa harga kopi di Warung Kopi Nusantara?',
    alternatives: ['harga americano brp?', 'daftar harga kopi', 'latte nya berapaan kak', 'cappuccino large harganya?'],
    answer:
      'Harga kopi kami: Espresso Rp 18.000 (double Rp 24.000), Americano Rp 24.000 / Rp 28.000 (Regular/Large), ' +
      'Cappuccino dan Caffe Latte Rp 30.000 / Rp 35.000, Kopi Susu Gula Aren Rp 25.000 / Rp 30.000, Es Kopi Pandan Rp 28.000, ' +
      'Kopi Tubruk Toraja Rp 22.000, Mocha Rp 33.000, V60 Single Origin Rp 35.000, dan Affogato Rp 32.000 (hanya di Jakarta dan Bandung). ' +
      'Tambahan extra shot Rp 6.000, sirup (vanila, hazelnut, karamel) Rp 5.000.',
  },
  {
    question: 'Apakah harga sudah termasuk pajak?',
    alternatives: ['harganya udah include pajak blm?', 'ada service charge ga', 'kena PB1 ga kak'],
    answer:
      'Ya, semua harga di menu sudah termasuk PB1 (pajak restoran) 10% dan kami tidak memungut biaya layanan (service charge). ' +
      'Yang Kakak lihat di menu adalah yang dibayar di kasir. Harga di GoFood dan GrabFood berbeda, lihat pertanyaan tentang pesan antar.',
  },
  {
    question: 'Ada paket hemat atau promo?',
    alternatives: ['paket sarapan ada ga?', 'promo makan siang dong', 'paket berdua harganya brp', 'ada promo hari ini?'],
    answer:
      'Ada empat Paket Hemat: Paket Sarapan (Kopi Susu Gula Aren Regular + Croissant Butter) Rp 42.000, berlaku sejak outlet buka sampai pukul 11.00; ' +
      'Paket Makan Siang (Nasi Ayam Sambal Matah + Es Teh Manis) Rp 47.000, Senin–Jumat pukul 11.00–15.00; ' +
      'Paket Kerja (Americano Large + Banana Bread) Rp 44.000, sepanjang hari; dan Paket Berdua (2 Kopi Susu Gula Aren Regular + Pisang Goreng Keju) Rp 65.000, sepanjang hari. ' +
      'Paket hanya untuk makan di tempat dan bawa pulang, tidak tersedia di GoFood/GrabFood.',
  },
  {
    question: 'Apakah ada menu khas daerah di tiap outlet?',
    alternatives: ['gudeg ada di semua cabang?', 'soto lamongan ada di jakarta ga', 'batagor cuma di bandung ya?'],
    answer:
      'Ada. Nasi Gudeg (Rp 38.000) hanya di Yogyakarta, Batagor Bandung (Rp 30.000) hanya di Bandung, dan Soto Ayam Lamongan (Rp 35.000) hanya di Surabaya. ' +
      'Es Kelapa Muda (Rp 25.000) tersedia di Jakarta dan Surabaya, Affogato (Rp 32.000) di Jakarta dan Bandung. Menu lainnya sama di semua outlet.',
  },
  // Pesan antar
  {
    question: 'Apakah bisa pesan antar di Jakarta?',
    alternatives: ['bisa delivery ke kuningan ga kak?', 'ongkir jakarta berapa', 'kurir sendiri jangkauannya sampai mana', 'pesan antar lewat wa bisa?'],
    answer:
      'Bisa, lewat GoFood, GrabFood, atau kurir kami sendiri (Kurir Nusantara). Kurir Nusantara melayani pesanan via WhatsApp 0812-8800-4521 setiap hari pukul 10.00–20.00, ' +
      'dalam radius 7 km dari outlet Kemang atau Tebet. Ongkir Rp 10.000 untuk jarak sampai 3 km dan Rp 15.000 untuk 3–7 km. ' +
      'Minimal pesanan Rp 50.000, dan gratis ongkir untuk pesanan minimal Rp 200.000. Di luar radius 7 km silakan pesan lewat GoFood atau GrabFood.',
  },
  {
    question: 'Berapa ongkir di Bandung, Yogyakarta, dan Surabaya?',
    alternatives: ['ongkir jogja brp kak', 'delivery surabaya bisa sampe mana?', 'gratis ongkir bandung minimal berapa'],
    answer:
      'Untuk Kurir Nusantara (pesan via WhatsApp 0812-8800-4521, pukul 10.00–20.00): Bandung radius 5 km, ongkir Rp 10.000; ' +
      'Yogyakarta radius 5 km, ongkir Rp 8.000; Surabaya radius 6 km, ongkir Rp 12.000. ' +
      'Minimal pesanan Rp 50.000 dan gratis ongkir untuk pesanan minimal Rp 150.000 di ketiga kota ini. Di luar radius, pesan lewat GoFood atau GrabFood.',
  },
  {
    question: 'Kenapa harga di GoFood dan GrabFood lebih mahal?',
    alternatives: ['harga di grab beda ya kak?', 'gofood lebih mahal kenapa', 'poin member berlaku di gofood ga'],
    answer:
      'Harga di GoFood dan GrabFood sekitar 20% lebih tinggi dari harga di outlet karena komisi aplikasi. Ongkir dan promo di aplikasi diatur oleh Gojek dan Grab. ' +
      'Paket Hemat dan poin Sahabat Nusantara tidak berlaku untuk pesanan lewat aplikasi. Untuk harga outlet, pesan lewat Kurir Nusantara di WhatsApp 0812-8800-4521.',
  },
  {
    question: 'Do you deliver, and is there a minimum order?',
    alternatives: ['delivery to my hotel in jogja?', 'free delivery minimum', 'can you deliver coffee to my office'],
    answer:
      'Yes. Order through GoFood or GrabFood, or through our own couriers (Kurir Nusantara) on WhatsApp 0812-8800-4521, daily 10.00–20.00. ' +
      'Our couriers need a minimum order of Rp 50.000. Delivery is free from Rp 200.000 in Jakarta and from Rp 150.000 in Bandung, Yogyakarta and Surabaya. ' +
      'Radius: 7 km in Jakarta, 5 km in Bandung and Yogyakarta, 6 km in Surabaya.',
  },
  // Reservasi
  {
    question: 'Bagaimana cara reservasi meja?',
    alternatives: ['bisa booking meja ga kak?', 'reservasi buat 6 orang gmn caranya', 'mau pesen tempat buat sabtu malem'],
    answer:
      'Reservasi lewat WhatsApp 0812-8800-4521 dengan menyebutkan outlet, tanggal, jam, jumlah orang, dan nama. ' +
      'Untuk 2–8 orang reservasi gratis tanpa deposit dan bisa dibuat sampai hari yang sama. Meja kami tahan 15 menit dari jam reservasi. ' +
      'Untuk 9–20 orang, lihat ketentuan reservasi rombongan.',
  },
  {
    question: 'Do I need to pay a deposit for a group booking?',
    alternatives: ['group reservation for 15 people', 'booking for a big group', 'how far ahead should we book for 12 people'],
    answer:
      'For 9 to 20 people we ask for a deposit of Rp 500.000, paid by bank transfer or QRIS, and the booking must be made at least 2 days ahead (H-2). ' +
      'The deposit is deducted from your bill; it is refunded if you cancel at least 24 hours before. For more than 20 people please rent our event space.',
  },
  // Fasilitas
  {
    question: 'Apakah ada Wi-Fi?',
    alternatives: ['password wifi apa kak', 'wifinya kenceng ga?', 'ada internet gratis?'],
    answer:
      'Ada, Wi-Fi gratis di semua outlet dengan kecepatan sekitar 50 Mbps. Password tercetak di struk pembelian dan berganti setiap hari. ' +
      'Satu kali login berlaku 3 jam; setelah itu silakan minta struk baru di kasir.',
  },
  {
    question: 'Apakah ada tempat parkir?',
    alternatives: ['parkir mobil ada ga kak?', 'di tebet bisa parkir mobil?', 'ada valet?', 'parkirnya bayar ga'],
    answer:
      'Kemang: parkir untuk 10 mobil dan motor, gratis; akhir pekan ada valet Rp 25.000. Tebet: hanya parkir motor, mobil bisa parkir di gedung sebelah (Rp 5.000/jam). ' +
      'Bandung Dago: parkir gratis untuk 15 mobil. Yogyakarta Prawirotaman: hanya parkir motor, mobil parkir di tepi jalan. Surabaya Darmo: parkir gratis untuk 20 mobil.',
  },
  {
    question: 'Apakah Warung Kopi Nusantara sudah bersertifikat halal?',
    alternatives: ['halal ga kak?', 'sudah ada sertifikat halal mui?', 'pakai rum atau alkohol ga'],
    answer:
      'Sudah. Seluruh outlet dan dapur kami bersertifikat halal dari BPJPH dengan nomor sertifikat ID31110001234560523. ' +
      'Kami tidak menggunakan babi, alkohol, maupun perisa rum; semua sirup dan bahan baku berasal dari pemasok bersertifikat halal.',
  },
  {
    question: 'Is the food halal? Do you serve alcohol?',
    alternatives: ['halal certified?', 'any pork on the menu', 'do you have beer'],
    answer:
      'Everything we serve is halal-certified by BPJPH, the Indonesian halal authority (certificate ID31110001234560523). ' +
      'There is no pork and no alcohol on the menu, and none of our syrups contain rum flavouring.',
  },
  // Pembayaran
  {
    question: 'Metode pembayaran apa saja yang diterima?',
    alternatives: ['bisa bayar pake qris ga?', 'terima gopay ovo?', 'bisa debit kak?', 'bayar cash bisa kan'],
    answer:
      'Kami menerima tunai, QRIS (bisa dibayar dengan GoPay, OVO, DANA, ShopeePay, LinkAja, dan mobile banking), ' +
      'kartu debit (termasuk GPN), dan kartu kredit Visa, Mastercard, serta JCB. Tidak ada minimal transaksi untuk kartu. American Express belum bisa.',
  },
  {
    question: 'Can I pay with a foreign credit card?',
    alternatives: ['do you accept visa?', 'can I pay in dollars', 'amex accepted?', 'do you take apple pay'],
    answer:
      'Yes, we accept Visa, Mastercard and JCB cards issued abroad, with no minimum amount. American Express is not accepted. ' +
      'Cash must be Indonesian Rupiah; we cannot take US dollars or other currencies. Apple Pay is not available in Indonesia, but contactless tap works with Visa and Mastercard cards.',
  },
  {
    question: 'Apa itu program Sahabat Nusantara?',
    alternatives: ['ada member card ga?', 'cara dapet poin gmn kak', 'poinnya bisa dituker apa', 'promo ulang tahun ada?'],
    answer:
      'Sahabat Nusantara adalah program loyalitas kami. Daftar gratis di kasir cukup dengan nomor HP. Setiap belanja Rp 10.000 mendapat 1 poin, ' +
      'dan 30 poin bisa ditukar dengan satu minuman ukuran Regular apa saja. Di bulan ulang tahun, member mendapat satu potong kue gratis. ' +
      'Poin berlaku 12 bulan dan tidak berlaku untuk pesanan GoFood atau GrabFood.',
  },
  // Kebutuhan diet
  {
    question: 'Ada menu vegan?',
    alternatives: ['ada pilihan vegetarian ga kak', 'menu tanpa daging apa aja', 'kue vegan ada?'],
    answer:
      'Ada. Gado-Gado (Rp 32.000) dibuat dengan saus kacang tanpa terasi; minta tanpa telur dan kerupuk agar sepenuhnya vegan. ' +
      'Brownies Vegan (Rp 26.000) dibuat tanpa telur, susu, dan mentega. Semua minuman berbasis susu bisa diganti susu oat atau susu almond (tambah Rp 8.000), ' +
      'dan Wedang Jahe serta kopi hitam (Americano, Kopi Tubruk Toraja, V60) memang tanpa bahan hewani.',
  },
  {
    question: 'Do you have lactose-free or plant-based milk?',
    alternatives: ['oat milk available?', "I'm lactose intolerant, what can I drink", 'almond milk extra cost'],
    answer:
      'Yes. Any milk drink can be made with oat milk or almond milk for an extra Rp 8.000. Black coffees (Espresso, Americano, Kopi Tubruk Toraja, V60) ' +
      'contain no milk at all. Please tell the barista about allergies: our kitchen handles milk, eggs, wheat, peanuts, tree nuts, soy and fish, so we cannot rule out traces.',
  },
  // Kerja dari kafe
  {
    question: 'Bolehkah bekerja atau nugas lama di kafe?',
    alternatives: ['boleh wfc ga kak?', 'ada colokan ga', 'boleh nugas sampe sore?', 'ada batasan waktu duduk ga'],
    answer:
      'Boleh, kami senang menjadi tempat kerja Kakak. Setiap meja dekat dinding punya colokan listrik. Kami hanya minta minimal satu pesanan per orang setiap 3 jam. ' +
      'Saat akhir pekan pukul 12.00–17.00, jika outlet penuh, kami mungkin meminta meja besar dipakai bergantian. ' +
      'Untuk panggilan video gunakan earphone. Outlet Tebet dan Bandung punya Ruang Fokus, area tenang tanpa musik.',
  },
  {
    question: 'Can I work from the café with my laptop?',
    alternatives: ['laptop friendly?', 'are there power outlets', 'quiet place to work', 'meeting room for rent'],
    answer:
      'Yes, laptops are welcome and wall-side tables have power outlets. We ask for at least one order per person every 3 hours. ' +
      'Tebet and Bandung have a Ruang Fokus (quiet zone, no music). Kemang has a meeting room for up to 8 people at Rp 150.000 per hour, booked on WhatsApp 0812-8800-4521.',
  },
  {
    question: 'Is smoking allowed? Can I bring my dog?',
    alternatives: ['smoking area?', 'pet friendly?', 'boleh bawa kucing ga', 'ada area merokok?'],
    answer:
      'Smoking and vaping are only allowed in the outdoor areas of Kemang, Bandung Dago and Yogyakarta Prawirotaman; Tebet and Surabaya Darmo are fully non-smoking. ' +
      'Pets on a leash or in a carrier are welcome in outdoor areas only.',
  },
  // Acara
  {
    question: 'Apakah bisa sewa tempat untuk acara?',
    alternatives: ['bisa buat acara ulang tahun?', 'sewa rooftop kemang berapa', 'tempat buat arisan 30 orang', 'event space jogja harganya'],
    answer:
      'Bisa. Rooftop Kemang (30 orang duduk / 40 berdiri): sewa Rp 1.500.000 per 3 jam dengan minimum pesanan makanan dan minuman Rp 3.000.000. ' +
      'Taman Yogyakarta (sampai 50 orang): sewa Rp 1.000.000 per 3 jam dengan minimum pesanan Rp 2.500.000. ' +
      'Bandung dan Surabaya punya area semi-privat untuk 20 orang tanpa biaya sewa, cukup minimum pesanan Rp 1.500.000. ' +
      'Pemesanan lewat events@warungkopinusantara.id dengan DP 50%, paling lambat 7 hari sebelum acara.',
  },
  // Lain-lain
  {
    question: 'Barang saya ketinggalan di kafe, bagaimana?',
    alternatives: ['dompet ketinggalan kak', 'hp saya ketinggalan di meja', 'lost and found', 'charger ketinggalan kemarin'],
    answer:
      'Hubungi WhatsApp 0812-8800-4521 dengan menyebutkan outlet, tanggal, jam kunjungan, dan ciri barang. Barang temuan kami simpan di outlet selama 30 hari; ' +
      'dompet, kartu identitas, dan ponsel disimpan oleh manajer outlet. Pengambilan wajib menunjukkan KTP. Setelah 30 hari, barang yang tidak diambil kami donasikan.',
  },
  {
    question: 'Bagaimana cara melamar kerja di Warung Kopi Nusantara?',
    alternatives: ['ada lowongan barista ga?', 'loker warung kopi nusantara', 'mau kirim cv kemana ya', 'rekrutmen bayar ga'],
    answer:
      'Kirim CV ke karir@warungkopinusantara.id dengan subjek "Posisi – Kota" (contoh: "Barista – Bandung"). Lowongan terbaru kami umumkan di Instagram @warungkopinusantara. ' +
      'Posisi yang biasa dibuka: barista, kitchen crew, dan kasir, minimal lulusan SMA/SMK dan bersedia kerja shift. Barista baru mendapat pelatihan 2 minggu. ' +
      'Kami tidak pernah memungut biaya apa pun selama rekrutmen; waspadai penipuan yang mengatasnamakan kami.',
  },
];

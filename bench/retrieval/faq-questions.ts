/**
 * Questions over the demo café's Q&A pairs (server/db/seed-data/knowledge/cafe-faq.ts), written the
 * way customers type them to a chat widget or WhatsApp and none of them one of the pairs' stored
 * phrasings: formal and colloquial Indonesian, chat spellings and typos, English asked of the
 * Indonesian pairs and Indonesian asked of the English ones, paraphrases, and questions the café
 * would plausibly get that no pair answers. `expect` is the stored question of the pair that
 * answers (bench/retrieval/check-questions.ts verifies each names one, and that no question is a
 * stored phrasing).
 */
import type { QuestionTag } from './questions';

export interface FaqQuestion {
  id: string;
  question: string;
  tags: QuestionTag[];
  /** The answering pair's question, as stored; absent for unanswerable questions. */
  expect?: string;
}

const jakartaHours = 'Jam berapa outlet Jakarta buka?';
const bandungHours = 'Jam buka outlet Bandung kapan saja?';
const jogjaHours = 'Jam buka outlet Yogyakarta?';
const surabayaHours = 'Jam buka outlet Surabaya?';
const lebaran = 'Apakah buka saat Lebaran?';
const holidays = 'Are you open on public holidays?';
const outlets = 'Where are your outlets?';
const recommended = 'Menu apa yang paling direkomendasikan?';
const signature = "What's your signature drink and how much is it?";
const coffeePrices = 'Berapa harga kopi di Warung Kopi Nusantara?';
const tax = 'Apakah harga sudah termasuk pajak?';
const promo = 'Ada paket hemat atau promo?';
const regional = 'Apakah ada menu khas daerah di tiap outlet?';
const deliveryJakarta = 'Apakah bisa pesan antar di Jakarta?';
const deliveryOthers = 'Berapa ongkir di Bandung, Yogyakarta, dan Surabaya?';
const appPrices = 'Kenapa harga di GoFood dan GrabFood lebih mahal?';
const deliveryEn = 'Do you deliver, and is there a minimum order?';
const reservation = 'Bagaimana cara reservasi meja?';
const groupDeposit = 'Do I need to pay a deposit for a group booking?';
const wifi = 'Apakah ada Wi-Fi?';
const parking = 'Apakah ada tempat parkir?';
const halalId = 'Apakah Warung Kopi Nusantara sudah bersertifikat halal?';
const halalEn = 'Is the food halal? Do you serve alcohol?';
const payment = 'Metode pembayaran apa saja yang diterima?';
const foreignCard = 'Can I pay with a foreign credit card?';
const loyalty = 'Apa itu program Sahabat Nusantara?';
const vegan = 'Ada menu vegan?';
const plantMilk = 'Do you have lactose-free or plant-based milk?';
const workId = 'Bolehkah bekerja atau nugas lama di kafe?';
const workEn = 'Can I work from the café with my laptop?';
const smokingPets = 'Is smoking allowed? Can I bring my dog?';
const events = 'Apakah bisa sewa tempat untuk acara?';
const lostItems = 'Barang saya ketinggalan di kafe, bagaimana?';
const jobs = 'Bagaimana cara melamar kerja di Warung Kopi Nusantara?';

export const faqQuestions: FaqQuestion[] = [
  // Opening hours
  { id: 'faq-01', question: 'kemang bukanya jam berapa ya kak', tags: ['id', 'colloquial'], expect: jakartaHours },
  {
    id: 'faq-02',
    question: 'What time does the Tebet outlet close on Saturday?',
    tags: ['en', 'cross-lingual'],
    expect: jakartaHours,
  },
  {
    id: 'faq-03',
    question: 'outlet dago hari sabtu buka dari jam brp',
    tags: ['id', 'colloquial'],
    expect: bandungHours,
  },
  { id: 'faq-04', question: 'opening hours in bandung?', tags: ['en', 'cross-lingual'], expect: bandungHours },
  {
    id: 'faq-05',
    question: 'cabang jogja tutup jam berapa malam ini?',
    tags: ['id', 'colloquial'],
    expect: jogjaHours,
  },
  {
    id: 'faq-06',
    question: 'Is the Yogyakarta cafe open late?',
    tags: ['en', 'cross-lingual', 'paraphrase'],
    expect: jogjaHours,
  },
  { id: 'faq-07', question: 'jam operasinal surabya', tags: ['id', 'typo'], expect: surabayaHours },
  { id: 'faq-08', question: 'hari raya idul fitri tetap buka?', tags: ['id', 'paraphrase'], expect: lebaran },
  { id: 'faq-09', question: 'Are you closed during Eid?', tags: ['en', 'cross-lingual'], expect: lebaran },
  {
    id: 'faq-10',
    question: 'tanggal merah buka jam berapa?',
    tags: ['id', 'colloquial', 'cross-lingual', 'paraphrase'],
    expect: holidays,
  },
  { id: 'faq-11', question: 'Are you open on new years day?', tags: ['en'], expect: holidays },
  // Outlets, menu, prices
  {
    id: 'faq-12',
    question: 'alamat outlet yang di surabaya dimana?',
    tags: ['id', 'colloquial', 'cross-lingual'],
    expect: outlets,
  },
  { id: 'faq-13', question: 'How many branches do you have?', tags: ['en', 'paraphrase'], expect: outlets },
  {
    id: 'faq-14',
    question: 'kopi yg paling enak apa kak?',
    tags: ['id', 'colloquial', 'paraphrase'],
    expect: recommended,
  },
  { id: 'faq-15', question: 'What should I order here?', tags: ['en', 'paraphrase'], expect: signature },
  { id: 'faq-16', question: 'how much is the palm sugar iced coffee', tags: ['en'], expect: signature },
  { id: 'faq-17', question: 'harga espresso brp?', tags: ['id', 'colloquial'], expect: coffeePrices },
  { id: 'faq-18', question: 'How much is a large latte?', tags: ['en', 'cross-lingual'], expect: coffeePrices },
  { id: 'faq-19', question: 'harga di menu udh termasuk ppn?', tags: ['id', 'colloquial'], expect: tax },
  { id: 'faq-20', question: 'Is there a service charge?', tags: ['en', 'cross-lingual'], expect: tax },
  { id: 'faq-21', question: 'lagi ada promo apa aja kak', tags: ['id', 'colloquial'], expect: promo },
  {
    id: 'faq-22',
    question: 'Any lunch deals on weekdays?',
    tags: ['en', 'cross-lingual', 'paraphrase'],
    expect: promo,
  },
  { id: 'faq-23', question: 'gudeg cuma ada di jogja?', tags: ['id', 'colloquial'], expect: regional },
  { id: 'faq-24', question: 'Can I get batagor in Jakarta?', tags: ['en', 'cross-lingual'], expect: regional },
  // Delivery
  {
    id: 'faq-25',
    question: 'bisa kirim ke kantor saya di kemang?',
    tags: ['id', 'colloquial', 'paraphrase'],
    expect: deliveryJakarta,
  },
  { id: 'faq-26', question: 'ongkos kirim di jakarta brp kak', tags: ['id', 'colloquial'], expect: deliveryJakarta },
  { id: 'faq-27', question: 'ongkir ke jogja berapa', tags: ['id', 'colloquial'], expect: deliveryOthers },
  {
    id: 'faq-28',
    question: 'Do you deliver in Surabaya, and how far?',
    tags: ['en', 'cross-lingual'],
    expect: deliveryOthers,
  },
  { id: 'faq-29', question: 'kok di grabfood lebih mahal?', tags: ['id', 'colloquial'], expect: appPrices },
  { id: 'faq-30', question: 'Why are prices higher on GoFood?', tags: ['en', 'cross-lingual'], expect: appPrices },
  {
    id: 'faq-31',
    question: 'minimal order buat delivery berapa?',
    tags: ['id', 'colloquial', 'cross-lingual'],
    expect: deliveryEn,
  },
  { id: 'faq-32', question: 'Can you deliver to my villa?', tags: ['en', 'paraphrase'], expect: deliveryEn },
  // Reservations
  {
    id: 'faq-33',
    question: 'mau booking meja buat besok malam bisa?',
    tags: ['id', 'colloquial'],
    expect: reservation,
  },
  { id: 'faq-34', question: 'How do I reserve a table for four?', tags: ['en', 'cross-lingual'], expect: reservation },
  {
    id: 'faq-35',
    question: 'booking buat 15 orang perlu dp ga?',
    tags: ['id', 'colloquial', 'cross-lingual'],
    expect: groupDeposit,
  },
  { id: 'faq-36', question: 'deposit for a large group reservation', tags: ['en'], expect: groupDeposit },
  // Facilities
  { id: 'faq-37', question: 'wifi nya apa passwordnya kak', tags: ['id', 'colloquial'], expect: wifi },
  { id: 'faq-38', question: 'Do you have free wifi?', tags: ['en', 'cross-lingual'], expect: wifi },
  { id: 'faq-39', question: 'parkir motor di tebet ada?', tags: ['id', 'colloquial'], expect: parking },
  { id: 'faq-40', question: 'Is there car parking at Kemang?', tags: ['en', 'cross-lingual'], expect: parking },
  { id: 'faq-41', question: 'udah ada sertifikat halal blm', tags: ['id', 'colloquial'], expect: halalId },
  { id: 'faq-42', question: 'do you serve wine or beer?', tags: ['en'], expect: halalEn },
  { id: 'faq-43', question: 'bisa bayar pakai ovo?', tags: ['id', 'colloquial'], expect: payment },
  { id: 'faq-44', question: 'Can I pay by QRIS?', tags: ['en', 'cross-lingual'], expect: payment },
  {
    id: 'faq-45',
    question: 'bisa bayar pakai kartu kredit luar negeri?',
    tags: ['id', 'cross-lingual'],
    expect: foreignCard,
  },
  { id: 'faq-46', question: 'do you acept mastercard?', tags: ['en', 'typo'], expect: foreignCard },
  { id: 'faq-47', question: 'poin member bisa dituker apa aja?', tags: ['id', 'colloquial'], expect: loyalty },
  { id: 'faq-48', question: 'Do you have a loyalty program?', tags: ['en', 'cross-lingual'], expect: loyalty },
  { id: 'faq-49', question: 'do you have vegan options?', tags: ['en', 'cross-lingual'], expect: vegan },
  { id: 'faq-50', question: 'ada makanan vegetarian?', tags: ['id'], expect: vegan },
  { id: 'faq-51', question: 'ada susu oat?', tags: ['id', 'cross-lingual'], expect: plantMilk },
  {
    id: 'faq-52',
    question: 'boleh kerja pake laptop seharian?',
    tags: ['id', 'colloquial', 'paraphrase'],
    expect: workId,
  },
  { id: 'faq-53', question: 'Can I take video calls there?', tags: ['en', 'paraphrase'], expect: workEn },
  { id: 'faq-54', question: 'boleh bawa anjing?', tags: ['id', 'cross-lingual'], expect: smokingPets },
  { id: 'faq-55', question: 'Where can I smoke?', tags: ['en'], expect: smokingPets },
  { id: 'faq-56', question: 'sewa tempat buat acara kantor 40 orang', tags: ['id', 'colloquial'], expect: events },
  {
    id: 'faq-57',
    question: 'Can we rent the rooftop for a birthday party?',
    tags: ['en', 'cross-lingual'],
    expect: events,
  },
  { id: 'faq-58', question: 'kunci motor saya ketinggalan kemarin', tags: ['id', 'colloquial'], expect: lostItems },
  {
    id: 'faq-59',
    question: 'I left my jacket at your cafe',
    tags: ['en', 'cross-lingual', 'paraphrase'],
    expect: lostItems,
  },
  { id: 'faq-60', question: 'lagi buka lowongan kerja ga?', tags: ['id', 'colloquial'], expect: jobs },
  { id: 'faq-61', question: 'Are you hiring baristas?', tags: ['en', 'cross-lingual'], expect: jobs },
  // Nothing in the pairs answers these
  { id: 'faq-u1', question: 'is there a kids menu?', tags: ['en', 'unanswerable'] },
  { id: 'faq-u2', question: 'bisa request gula dikurangi?', tags: ['id', 'unanswerable'] },
  { id: 'faq-u3', question: 'Do you sell coffee beans to take home?', tags: ['en', 'unanswerable'] },
  { id: 'faq-u4', question: 'ada diskon buat mahasiswa?', tags: ['id', 'colloquial', 'unanswerable'] },
  { id: 'faq-u5', question: 'ada outlet di medan?', tags: ['id', 'colloquial', 'unanswerable'] },
  { id: 'faq-u6', question: 'Do you have a drive-thru?', tags: ['en', 'unanswerable'] },
  { id: 'faq-u7', question: 'bisa pesan kue ulang tahun custom?', tags: ['id', 'unanswerable'] },
  { id: 'faq-u8', question: 'Is there a playground for children?', tags: ['en', 'unanswerable'] },
  { id: 'faq-u9', question: 'kasir nya bisa bahasa jepang?', tags: ['id', 'colloquial', 'unanswerable'] },
  { id: 'faq-u10', question: 'Do you offer catering for weddings?', tags: ['en', 'unanswerable'] },
];

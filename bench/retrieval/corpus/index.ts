/**
 * The retrieval benchmark's corpus: documents a Kawan customer would upload, from six different
 * businesses. Each file's facts (fees, hours, days) are distinct from the others', so a passage
 * from the wrong document is detectable. bench/retrieval/questions.ts asks about them.
 */
export interface CorpusDocument {
  title: string;
  /** File name inside bench/retrieval/corpus/. */
  filename: string;
  language: 'indonesian' | 'english';
  format: 'markdown' | 'csv';
}

export const retrievalCorpus: CorpusDocument[] = [
  {
    title: 'Kebijakan Pengiriman dan Pengembalian Barang – Sandang Lestari',
    filename: 'toko-online-pengiriman-retur.md',
    language: 'indonesian',
    format: 'markdown',
  },
  {
    title: 'Katalog Produk Sandang Lestari',
    filename: 'katalog-produk.csv',
    language: 'indonesian',
    format: 'csv',
  },
  {
    title: 'Panduan Mengatasi Gangguan Internet NusaNet Fiber',
    filename: 'isp-panduan-gangguan.md',
    language: 'indonesian',
    format: 'markdown',
  },
  {
    title: 'Klinik Pratama Sehat Bersama: Pendaftaran, Janji Temu, dan BPJS',
    filename: 'klinik-janji-temu-bpjs.md',
    language: 'indonesian',
    format: 'markdown',
  },
  {
    title: 'Tallybook Billing FAQ',
    filename: 'saas-billing-faq.md',
    language: 'english',
    format: 'markdown',
  },
  {
    title: 'Guest Information – Hotel Sagara Senggigi',
    filename: 'hotel-guest-info.md',
    language: 'english',
    format: 'markdown',
  },
  {
    title: 'Kebijakan Cuti Karyawan PT Cahaya Niaga Mandiri',
    filename: 'hr-kebijakan-cuti.md',
    language: 'indonesian',
    format: 'markdown',
  },
];

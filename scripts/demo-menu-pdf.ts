import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb } from 'pdf-lib';

/**
 * `node --import tsx scripts/demo-menu-pdf.ts`: writes server/db/seed-data/knowledge/menu.pdf, the
 * demo team's menu (three A4 pages). Prices agree with price-list.csv and cafe-faq.ts beside it;
 * change them together. Standard fonts only, so every string must be WinAnsi (no emoji, no arrows).
 * The document's dates are fixed, so running it again gives the same bytes.
 */

type Item = { name: string; description: string; prices: string[]; note?: string };
type Section = { title: string; intro?: string; columns: string[]; items: Item[] };

const rp = (thousands: number) => `Rp ${thousands}.000`;

const kopi: Section = {
  title: 'Kopi',
  intro: 'Espresso kami memakai biji arabika Gayo sangrai medium dari roastery kami di Bandung.',
  columns: ['Regular', 'Large'],
  items: [
    { name: 'Espresso', description: 'Satu shot espresso Gayo. Double shot Rp 24.000.', prices: [rp(18), '-'] },
    { name: 'Americano', description: 'Espresso dan air panas atau dingin, tanpa gula.', prices: [rp(24), rp(28)] },
    { name: 'Cappuccino', description: 'Espresso, susu segar, busa susu tebal.', prices: [rp(30), rp(35)] },
    { name: 'Caffe Latte', description: 'Espresso dan susu segar dengan busa tipis.', prices: [rp(30), rp(35)] },
    {
      name: 'Kopi Susu Gula Aren',
      description: 'Andalan kami: espresso, susu segar, gula aren Banten. Tersedia 1 liter Rp 95.000 (sekitar 4 gelas).',
      prices: [rp(25), rp(30)],
    },
    { name: 'Es Kopi Pandan', description: 'Kopi susu dengan sirup pandan buatan sendiri.', prices: [rp(28), '-'] },
    { name: 'Kopi Tubruk Toraja', description: 'Kopi tubruk klasik dari biji Toraja, disajikan dengan gula terpisah.', prices: [rp(22), '-'] },
    {
      name: 'V60 Single Origin',
      description: 'Seduh manual, biji bergantian: Gayo, Kintamani, Flores Bajawa, Toraja. Tanyakan barista.',
      prices: [rp(35), '-'],
    },
    { name: 'Mocha', description: 'Espresso, cokelat hitam, susu segar.', prices: [rp(33), '-'] },
    { name: 'Affogato', description: 'Satu scoop es krim vanila disiram espresso.', prices: [rp(32), '-'], note: 'Jakarta & Bandung' },
  ],
};

const nonKopi: Section = {
  title: 'Non-Kopi',
  columns: ['Regular', 'Large'],
  items: [
    { name: 'Es Teh Manis', description: 'Teh melati tubruk, manis sedang. Bisa tanpa gula.', prices: [rp(12), '-'] },
    { name: 'Teh Tarik', description: 'Teh hitam dan susu kental manis, ditarik sampai berbusa.', prices: [rp(22), '-'] },
    { name: 'Matcha Latte', description: 'Matcha Jepang grade kuliner dengan susu segar.', prices: [rp(32), rp(37)] },
    { name: 'Cokelat Nusantara', description: 'Cokelat hitam 70% dari kakao Jembrana, Bali.', prices: [rp(30), '-'] },
    { name: 'Wedang Jahe', description: 'Jahe merah, serai, dan gula batu. Hangat, tanpa susu.', prices: [rp(18), '-'] },
    { name: 'Es Kelapa Muda', description: 'Kelapa muda segar dengan sedikit sirup gula aren.', prices: [rp(25), '-'], note: 'Jakarta & Surabaya' },
  ],
};

const makanan: Section = {
  title: 'Makanan',
  intro: 'Dapur menerima pesanan terakhir 60 menit sebelum outlet tutup. Tingkat pedas bisa diminta.',
  columns: ['Harga'],
  items: [
    { name: 'Nasi Goreng Kampung', description: 'Nasi goreng bumbu terasi, telur ceplok, ayam suwir, kerupuk.', prices: [rp(38)] },
    { name: 'Nasi Ayam Sambal Matah', description: 'Ayam goreng kremes, sambal matah, lalapan, nasi putih.', prices: [rp(42)] },
    { name: 'Mie Goreng Jawa', description: 'Mie kuning, kol, sawi, telur, bumbu kemiri dan kecap.', prices: [rp(36)] },
    { name: 'Nasi Rendang', description: 'Rendang daging sapi dimasak 6 jam, daun singkong, sambal hijau.', prices: [rp(48)] },
    { name: 'Gado-Gado', description: 'Sayur rebus, tahu, tempe, lontong, saus kacang tanpa terasi. Vegan tanpa telur dan kerupuk.', prices: [rp(32)] },
    { name: 'Nasi Gudeg', description: 'Gudeg nangka muda, krecek, telur pindang, ayam opor.', prices: [rp(38)], note: 'Yogyakarta' },
    { name: 'Batagor Bandung', description: 'Bakso tahu goreng ikan tenggiri dengan saus kacang.', prices: [rp(30)], note: 'Bandung' },
    { name: 'Soto Ayam Lamongan', description: 'Kuah kuning, ayam kampung, soun, telur, koya.', prices: [rp(35)], note: 'Surabaya' },
    { name: 'Pisang Goreng Keju', description: 'Pisang kepok goreng tepung, parutan keju, susu kental manis.', prices: [rp(24)] },
    { name: 'Singkong Goreng Sambal Roa', description: 'Singkong goreng merekah dengan sambal ikan roa Manado.', prices: [rp(22)] },
  ],
};

const kue: Section = {
  title: 'Kue & Roti',
  intro: 'Dipanggang setiap pagi di outlet. Stok terbatas, terutama di akhir pekan.',
  columns: ['Harga'],
  items: [
    { name: 'Croissant Butter', description: 'Croissant mentega Prancis, renyah berlapis.', prices: [rp(24)] },
    { name: 'Croissant Cokelat', description: 'Croissant isi cokelat hitam.', prices: [rp(27)] },
    { name: 'Banana Bread', description: 'Per potong. Pisang ambon dan kenari.', prices: [rp(22)] },
    { name: 'Lapis Legit', description: 'Per potong. Resep keluarga dengan rempah spekuk.', prices: [rp(26)] },
    { name: 'Cinnamon Roll', description: 'Roti kayu manis dengan glasir keju krim.', prices: [rp(25)] },
    { name: 'Brownies Vegan', description: 'Per potong. Tanpa telur, susu, dan mentega.', prices: [rp(26)] },
    { name: 'Roti Bakar Srikaya', description: 'Roti tawar bakar, selai srikaya pandan, mentega.', prices: [rp(22)] },
  ],
};

const paket: Section = {
  title: 'Paket Hemat',
  intro: 'Untuk makan di tempat dan bawa pulang. Tidak tersedia di GoFood dan GrabFood.',
  columns: ['Normal', 'Paket'],
  items: [
    {
      name: 'Paket Sarapan',
      description: 'Kopi Susu Gula Aren Regular + Croissant Butter. Sejak outlet buka sampai pukul 11.00.',
      prices: [rp(49), rp(42)],
    },
    {
      name: 'Paket Makan Siang',
      description: 'Nasi Ayam Sambal Matah + Es Teh Manis. Senin-Jumat pukul 11.00-15.00.',
      prices: [rp(54), rp(47)],
    },
    { name: 'Paket Kerja', description: 'Americano Large + Banana Bread. Sepanjang hari.', prices: [rp(50), rp(44)] },
    {
      name: 'Paket Berdua',
      description: '2 Kopi Susu Gula Aren Regular + Pisang Goreng Keju. Sepanjang hari.',
      prices: [rp(74), rp(65)],
    },
  ],
};

const tambahan: Section = {
  title: 'Tambahan',
  columns: ['Harga'],
  items: [
    { name: 'Extra shot espresso', description: 'Untuk semua minuman kopi.', prices: [rp(6)] },
    { name: 'Ganti susu oat / susu almond', description: 'Untuk semua minuman berbasis susu.', prices: [rp(8)] },
    { name: 'Sirup vanila, hazelnut, atau karamel', description: 'Bersertifikat halal, tanpa perisa rum.', prices: [rp(5)] },
  ],
};

const outlets: string[][] = [
  ['Jakarta - Kemang', 'Jl. Kemang Raya No. 18', '07.00-22.00', '08.00-23.00'],
  ['Jakarta - Tebet', 'Jl. Tebet Raya No. 72', '07.00-22.00', '08.00-23.00'],
  ['Bandung - Dago', 'Jl. Ir. H. Juanda No. 105', '08.00-21.00', '07.00-22.00'],
  ['Yogyakarta - Prawirotaman', 'Jl. Prawirotaman No. 21', '09.00-23.00', '09.00-24.00'],
  ['Surabaya - Darmo', 'Jl. Raya Darmo No. 56', '07.00-21.00', '08.00-22.00'],
];

const allergenNote =
  'Catatan alergen: dapur kami mengolah susu, telur, gandum (gluten), kacang tanah, kacang pohon (kenari, almond), kedelai, ' +
  'dan ikan. Saus kacang Gado-Gado dan Batagor mengandung kacang tanah; Sambal Roa dan Batagor mengandung ikan; Banana Bread ' +
  'mengandung kenari. Kami tidak dapat menjamin bebas kontaminasi silang. Beri tahu kasir jika Anda memiliki alergi.';

const A4: [number, number] = [595.28, 841.89];
const margin = 56;
const ink = rgb(0.16, 0.11, 0.07);
const muted = rgb(0.42, 0.36, 0.3);
const accent = rgb(0.55, 0.27, 0.07);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
}

/** Splits text into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** Draws text ending at `right` (for price columns). */
function drawRight(page: PDFPage, text: string, right: number, y: number, font: PDFFont, size: number) {
  page.drawText(text, { x: right - font.widthOfTextAtSize(text, size), y, size, font, color: ink });
}

/** Adds a page with the running header, returns the y where content starts. */
function startPage(doc: PDFDocument, fonts: Fonts): { page: PDFPage; y: number } {
  const page = doc.addPage(A4);
  const [width, height] = A4;
  page.drawText('Warung Kopi Nusantara', { x: margin, y: height - 40, size: 9, font: fonts.bold, color: muted });
  drawRight(page, 'Menu 2025', width - margin, height - 40, fonts.regular, 9);
  page.drawLine({ start: { x: margin, y: height - 46 }, end: { x: width - margin, y: height - 46 }, thickness: 0.5, color: muted });
  return { page, y: height - 80 };
}

/** The footer, drawn after the content so text extraction reads it last. */
function drawFooter(page: PDFPage, fonts: Fonts, number: number) {
  page.drawText('WhatsApp 0812-8800-4521  |  halo@warungkopinusantara.id  |  Instagram @warungkopinusantara', {
    x: margin,
    y: 30,
    size: 8,
    font: fonts.regular,
    color: muted,
  });
  drawRight(page, `Halaman ${number}`, A4[0] - margin, 30, fonts.regular, 8);
}

/** Draws a section as a table: item name and description on the left, one right-aligned column per price. */
function drawSection(page: PDFPage, fonts: Fonts, section: Section, top: number): number {
  const [width] = A4;
  const right = width - margin;
  const columnWidth = 78;
  const descriptionWidth = right - margin - columnWidth * section.columns.length - 12;
  let y = top;

  page.drawText(section.title, { x: margin, y, size: 16, font: fonts.bold, color: accent });
  y -= 16;
  if (section.intro) {
    for (const line of wrap(section.intro, fonts.italic, 9, right - margin)) {
      page.drawText(line, { x: margin, y, size: 9, font: fonts.italic, color: muted });
      y -= 12;
    }
  }
  y -= 4;
  page.drawText('Menu', { x: margin, y, size: 9, font: fonts.bold, color: ink });
  section.columns.forEach((column, index) => {
    drawRight(page, column, right - columnWidth * (section.columns.length - 1 - index), y, fonts.bold, 9);
  });
  y -= 5;
  page.drawLine({ start: { x: margin, y }, end: { x: right, y }, thickness: 0.8, color: ink });
  y -= 14;

  for (const item of section.items) {
    const name = item.note ? `${item.name}  (hanya di ${item.note})` : item.name;
    page.drawText(name, { x: margin, y, size: 10.5, font: fonts.bold, color: ink });
    item.prices.forEach((price, index) => {
      drawRight(page, price, right - columnWidth * (item.prices.length - 1 - index), y, fonts.regular, 10.5);
    });
    y -= 12;
    for (const line of wrap(item.description, fonts.regular, 8.5, descriptionWidth)) {
      page.drawText(line, { x: margin, y, size: 8.5, font: fonts.regular, color: muted });
      y -= 10.5;
    }
    y -= 6;
  }
  return y - 12;
}

/** The outlets and their hours as a plain aligned table. */
function drawOutlets(page: PDFPage, fonts: Fonts, top: number): number {
  const columns = [margin, margin + 140, margin + 300, margin + 395];
  let y = top;
  page.drawText('Outlet & Jam Buka', { x: margin, y, size: 16, font: fonts.bold, color: accent });
  y -= 20;
  ['Outlet', 'Alamat', 'Senin-Jumat', 'Sabtu-Minggu'].forEach((header, index) => {
    page.drawText(header, { x: columns[index], y, size: 9, font: fonts.bold, color: ink });
  });
  y -= 5;
  page.drawLine({ start: { x: margin, y }, end: { x: A4[0] - margin, y }, thickness: 0.8, color: ink });
  y -= 13;
  for (const row of outlets) {
    row.forEach((cell, index) => {
      page.drawText(cell, { x: columns[index], y, size: 9, font: index === 0 ? fonts.bold : fonts.regular, color: ink });
    });
    y -= 14;
  }
  y -= 2;
  const holidays =
    'Hari libur nasional mengikuti jam Sabtu-Minggu. Semua outlet tutup pada hari pertama dan kedua Idulfitri, ' +
    'dan buka pukul 10.00-20.00 pada H+3 sampai H+7 Lebaran.';
  for (const line of wrap(holidays, fonts.italic, 9, A4[0] - 2 * margin)) {
    page.drawText(line, { x: margin, y, size: 9, font: fonts.italic, color: muted });
    y -= 12;
  }
  return y - 16;
}

function drawParagraph(page: PDFPage, font: PDFFont, text: string, top: number, size = 9): number {
  let y = top;
  for (const line of wrap(text, font, size, A4[0] - 2 * margin)) {
    page.drawText(line, { x: margin, y, size, font, color: ink });
    y -= size + 3;
  }
  return y;
}

async function build(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const fixed = new Date('2025-01-06T08:00:00+07:00');
  doc.setTitle('Menu Warung Kopi Nusantara');
  doc.setAuthor('Warung Kopi Nusantara');
  doc.setSubject('Menu dan harga semua outlet: Jakarta, Bandung, Yogyakarta, Surabaya');
  doc.setKeywords(['menu', 'harga', 'kopi', 'warung kopi nusantara']);
  doc.setLanguage('id-ID');
  doc.setCreator('Kawan demo seed');
  doc.setProducer('pdf-lib');
  doc.setCreationDate(fixed);
  doc.setModificationDate(fixed);

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    italic: await doc.embedFont(StandardFonts.HelveticaOblique),
  };

  // Page 1: title, drinks.
  let { page, y } = startPage(doc, fonts);
  page.drawText('Warung Kopi Nusantara', { x: margin, y: y - 6, size: 26, font: fonts.bold, color: accent });
  y -= 28;
  page.drawText('Menu & Harga  -  Jakarta, Bandung, Yogyakarta, Surabaya', { x: margin, y, size: 11, font: fonts.regular, color: ink });
  y -= 15;
  page.drawText('Semua harga dalam Rupiah dan sudah termasuk PB1 10%. Tanpa biaya layanan.', {
    x: margin,
    y,
    size: 9,
    font: fonts.italic,
    color: muted,
  });
  y -= 30;
  y = drawSection(page, fonts, kopi, y);
  drawSection(page, fonts, nonKopi, y);

  // Page 2: food and pastries.
  ({ page, y } = startPage(doc, fonts));
  y = drawSection(page, fonts, makanan, y);
  drawSection(page, fonts, kue, y);

  // Page 3: bundles, extras, outlets, allergens.
  ({ page, y } = startPage(doc, fonts));
  y = drawSection(page, fonts, paket, y);
  y = drawSection(page, fonts, tambahan, y);
  y = drawOutlets(page, fonts, y);
  page.drawText('Alergen', { x: margin, y, size: 12, font: fonts.bold, color: accent });
  y = drawParagraph(page, fonts.regular, allergenNote, y - 16, 8.5);
  drawParagraph(
    page,
    fonts.regular,
    'Semua outlet bersertifikat halal BPJPH. Member Sahabat Nusantara mendapat 1 poin setiap belanja Rp 10.000.',
    y - 6,
    8.5,
  );

  doc.getPages().forEach((each, index) => drawFooter(each, fonts, index + 1));
  return doc.save({ useObjectStreams: false });
}

const target = fileURLToPath(new URL('../server/db/seed-data/knowledge/menu.pdf', import.meta.url));
const bytes = await build();
await writeFile(target, bytes);
console.log(`wrote ${target} (${bytes.length} bytes)`);

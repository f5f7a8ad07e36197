/** The columns a contacts file names a contact's own details by, in English or Indonesian. */
export type Field = 'name' | 'phone' | 'email';

/** Column names each field is known by, as a header says them (compared lower-case, without punctuation). */
export const columnNames: Record<Field, string[]> = {
  name: [
    'name',
    'nama',
    'full name',
    'nama lengkap',
    'contact',
    'contact name',
    'nama kontak',
    'customer',
    'pelanggan',
  ],
  phone: [
    'phone',
    'phone number',
    'mobile',
    'mobile phone',
    'whatsapp',
    'whatsapp number',
    'wa',
    'no wa',
    'nomor wa',
    'nomor whatsapp',
    'telepon',
    'no telepon',
    'nomor telepon',
    'telp',
    'no telp',
    'hp',
    'no hp',
    'nomor hp',
    'handphone',
  ],
  email: ['email', 'e mail', 'email address', 'alamat email', 'surel'],
};

export const normalizedHeader = (value: string) =>
  value
    .toLowerCase()
    .replace(/[._\-/:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The detail a contacts file's column of this title holds, if it is one of a contact's own. */
export function detailOfColumn(title: string): Field | undefined {
  const name = normalizedHeader(title);
  return (Object.keys(columnNames) as Field[]).find((key) => columnNames[key].includes(name));
}

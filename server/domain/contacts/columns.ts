/** The columns a contacts file names a contact's own details by, in English or Indonesian. */
export type Field = 'name' | 'phone' | 'email' | 'externalId';

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
  // The team's own id for the person (a shop's member or customer number): `external_id`.
  externalId: ['external id', 'customer id', 'id pelanggan', 'kode pelanggan', 'member id', 'id member', 'user id'],
};

export const normalizedHeader = (value: string) =>
  value
    .toLowerCase()
    .replace(/[._\-/:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** A detail as a sentence names it. */
export const detailNames: Record<Field, string> = {
  name: 'name',
  phone: 'phone',
  email: 'e-mail',
  externalId: 'external id (your id for them)',
};

/** The detail a contacts file's column of this title holds, if it is one of a contact's own. */
export function detailOfColumn(title: string): Field | undefined {
  const name = normalizedHeader(title);
  return (Object.keys(columnNames) as Field[]).find((key) => columnNames[key].includes(name));
}

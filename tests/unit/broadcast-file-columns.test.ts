// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { csvRows, readFileColumns } from '@/Pages/Broadcasts/Partials/file-columns';

/** A broadcast's contacts file as the create page reads it: its own columns and first row, for `{{file.…}}`. */
describe('a contacts file read in the browser', () => {
  it('reads the first rows of a CSV, whatever its delimiter, with quoted cells', () => {
    expect(csvRows('a,b\n1,2\n3,4\n', 2)).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]);
    expect(csvRows('Nama;No HP;Catatan\r\n"Rina; W";0812;"kata ""halo""\nbaris dua"\r\n', 2)).toEqual([
      ['Nama', 'No HP', 'Catatan'],
      ['Rina; W', '0812', 'kata "halo"\nbaris dua'],
    ]);
    expect(csvRows('x\ty\n\n\n1\t2', 5)).toEqual([
      ['x', 'y'],
      ['1', '2'],
    ]);
    expect(csvRows('', 2)).toEqual([]);
  });

  it("names the columns that are neither a contact's details nor the team's fields, with the first row's values", async () => {
    const file = new File(
      ['\uFEFFNama,No HP,No. Pesanan,Kota,Jam ambil,ID Member\nRina,0812,INV-1,Bandung,,M-1\n'],
      'p.csv',
      {
        type: 'text/csv',
      },
    );
    expect(await readFileColumns(file, [{ key: 'kota', label: 'Kota' }])).toEqual({
      columns: [
        { key: 'no_pesanan', title: 'No. Pesanan' },
        { key: 'jam_ambil', title: 'Jam ambil' },
      ],
      sample: { no_pesanan: 'INV-1' },
    });
    // A workbook is read by the server alone.
    expect(await readFileColumns(new File(['PK'], 'p.xlsx'), [])).toBeNull();
  });
});

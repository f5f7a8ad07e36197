import { describe, expect, it } from 'vitest';
import { BOM, csvDocument, csvField, csvLine } from '../../../server/reports/csv';
import { exportTable, exportTables } from '../../../server/domain/reports/report-exports';
import { summarize } from '../../../server/reports/summary';
import { emptyFigures } from '../../../server/reports/figures';

describe('csvField', () => {
  it.each([
    ['plain text', 'Asisten Kopi', 'Asisten Kopi'],
    ['a comma', 'Kopi, Teh', '"Kopi, Teh"'],
    ['a quote, doubled', 'Kopi "Senja"', '"Kopi ""Senja"""'],
    ['a line feed', 'baris 1\nbaris 2', '"baris 1\nbaris 2"'],
    ['a carriage return inside', 'a\r\nb', '"a\r\nb"'],
    [
      'Indonesian and emoji, as they are',
      'Pesanan sudah diterima 🙏 — terima kasih',
      'Pesanan sudah diterima 🙏 — terima kasih',
    ],
    ['an empty string', '', ''],
  ])('writes %s', (_label, value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it.each([
    ['=', '=HYPERLINK("http://evil.example","x")', `"'=HYPERLINK(""http://evil.example"",""x"")"`],
    ['+', '+62 812', "'+62 812"],
    ['-', '-1+1', "'-1+1"],
    ['@', '@SUM(A1)', "'@SUM(A1)"],
    ['a tab', '\t=1', "'\t=1"],
    ['a carriage return', '\r=1', `"'\r=1"`],
  ])('makes text starting with %s inert with a leading quote (OWASP)', (_label, value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('leaves numbers as numbers (a negative one too), and null, undefined and non-finite numbers empty', () => {
    expect(csvField(12)).toBe('12');
    expect(csvField(0.7136)).toBe('0.7136');
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(Number.NaN)).toBe('');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
  });
});

describe('csvLine and csvDocument', () => {
  it('joins fields with commas and ends each line with CRLF', () => {
    expect(csvLine(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });

  it('starts with the UTF-8 byte-order mark, then the header', () => {
    const text = csvDocument(['name', 'count'], [['Kopi', 2]]);
    expect(text.startsWith(BOM)).toBe(true);
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(text).toBe('\uFEFFname,count\r\nKopi,2\r\n');
  });
});

describe('exportTable', () => {
  const figures = { ...emptyFigures(), conversations: 3, botHandled: 2, autoResolved: 1, handoffs: 1 };
  figures.handoffReasons = { user_request: 1 };
  figures.inboundByHour = figures.inboundByHour.map((_, hour) => (hour === 9 ? 4 : 0));
  const summary = summarize({
    from: '2026-11-23',
    to: '2026-11-24',
    current: [{ day: '2026-11-23', botId: 4, channelId: 2, figures }],
    previous: [],
    bots: new Map([[4, '=Asisten']]),
    channels: new Map([[2, { name: 'Situs, utama', type: 'web' }]]),
  });
  const report = {
    summary,
    sources: [{ id: 1, title: 'Jam buka', knowledge_id: 3, knowledge: 'FAQ', count: 5 }],
    never_cited: [{ id: 2, title: 'Parkir', knowledge_id: 3, knowledge: 'FAQ' }],
    people: [
      {
        id: 7,
        name: '=Budi',
        former: false,
        taken: 3,
        replies: 9,
        conversations_replied: 3,
        first_response: { median: 95, p90: 240, count: 3 },
        resolved: 2,
        csat_average: 4.5,
        csat_count: 2,
      },
    ],
  };

  it('has a header and rows for every table', () => {
    for (const table of exportTables) {
      const { header, rows } = exportTable(report, table);
      expect(header.length, table).toBeGreaterThan(1);
      for (const row of rows) expect(row.length, table).toBe(header.length);
    }
  });

  it('writes the daily series with every day, the handoff reasons in words, the hours as a weekday grid', () => {
    expect(exportTable(report, 'daily').rows.map((row) => row[0])).toEqual(['2026-11-23', '2026-11-24']);
    expect(exportTable(report, 'handoff_reasons').rows).toEqual([['user_request', 'Asked for a person', 1, 1]]);
    const hours = exportTable(report, 'hours');
    expect(hours.header).toHaveLength(25);
    expect(hours.rows).toHaveLength(7);
    // 23 November 2026 is a Monday.
    expect(hours.rows[0][0]).toBe('Monday');
    expect(hours.rows[0][10]).toBe(4);
  });

  it('names bots and channels as written (the CSV writer makes them safe), and lists never-cited sources with 0', () => {
    expect(exportTable(report, 'bots').rows[0][0]).toBe('=Asisten');
    expect(csvLine(exportTable(report, 'bots').rows[0]).startsWith(`'=Asisten,3,`)).toBe(true);
    expect(exportTable(report, 'channels').rows[0].slice(0, 3)).toEqual(['Situs, utama', 'web', 3]);
    expect(exportTable(report, 'sources').rows).toEqual([
      ['Jam buka', 'FAQ', 5],
      ['Parkir', 'FAQ', 0],
    ]);
  });
});

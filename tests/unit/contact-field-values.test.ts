import { describe, expect, it } from 'vitest';
import {
  exportedFieldValue,
  fieldKeyOf,
  fieldValueText,
  messageLanguage,
  parseDate,
  parseFieldValue,
  parseNumber,
} from '../../server/domain/contacts/field-values';
import { fillVariables, unknownVariables, variableValues } from '../../server/domain/conversations/reply-variables';
import type { ContactFieldShape } from '../../server/domain/contacts/field-values';
import { anniversaryDays, parseSegment, segmentOptions, segmentText } from '../../server/domain/contacts/fields';

const field = (type: ContactFieldShape['type'], options: string[] = []): ContactFieldShape => ({
  key: 'x',
  label: 'X',
  type,
  options,
});

describe('contact field values', () => {
  it('makes a key from a label', () => {
    expect(fieldKeyOf('Tanggal lahir')).toBe('tanggal_lahir');
    expect(fieldKeyOf(' No. Member ')).toBe('no_member');
    expect(fieldKeyOf('Café préféré')).toBe('cafe_prefere');
    expect(fieldKeyOf('2nd phone')).toBe('f_2nd_phone');
    expect(fieldKeyOf('!!!')).toBe('');
    expect(fieldKeyOf('a'.repeat(60))).toHaveLength(40);
  });

  it.each([
    ['1500000', 1500000],
    ['1.500.000', 1500000],
    ['Rp 1.500.000', 1500000],
    ['rp1.500.000,50', 1500000.5],
    ['1,500,000', 1500000],
    ['12,5', 12.5],
    ['-2.5', -2.5],
    ['1.500', 1500],
    ['satu', undefined],
    ['1.2.3', undefined],
    ['1e5', undefined],
    ['9'.repeat(20), undefined],
  ])('reads the number %s', (text, value) => {
    expect(parseNumber(text)).toBe(value);
  });

  it.each([
    ['1990-08-17', '1990-08-17'],
    ['17/08/1990', '1990-08-17'],
    ['7-8-1990', '1990-08-07'],
    ['1990-08-17T00:00:00.000Z', '1990-08-17'],
    ['31/02/1990', undefined],
    ['08/17/1990', undefined],
    ['1800-01-01', undefined],
    ['kemarin', undefined],
  ])('reads the date %s', (text, value) => {
    expect(parseDate(text)).toBe(value);
  });

  it('reads each type, clears an empty value, and says what a bad one must be', () => {
    expect(parseFieldValue(field('text'), '  Bandung ')).toEqual({ ok: true, value: 'Bandung' });
    expect(parseFieldValue(field('text'), '')).toEqual({ ok: true, value: null });
    expect(parseFieldValue(field('text'), null)).toEqual({ ok: true, value: null });
    expect(parseFieldValue(field('text'), 'x'.repeat(501))).toMatchObject({ ok: false });
    expect(parseFieldValue(field('text'), { a: 1 })).toEqual({ ok: false, message: 'X must be text.' });
    expect(parseFieldValue(field('number'), 42)).toEqual({ ok: true, value: 42 });
    expect(parseFieldValue(field('number'), Number.NaN)).toMatchObject({ ok: false });
    expect(parseFieldValue(field('list', ['Gold', 'Silver']), 'silver')).toEqual({ ok: true, value: 'Silver' });
    expect(parseFieldValue(field('list', ['Gold', 'Silver']), 'Bronze')).toEqual({
      ok: false,
      message: 'X must be one of Gold, Silver.',
    });
    expect(parseFieldValue(field('yes_no'), 'Iya')).toEqual({ ok: true, value: true });
    expect(parseFieldValue(field('yes_no'), false)).toEqual({ ok: true, value: false });
    expect(parseFieldValue(field('yes_no'), 'tidak')).toEqual({ ok: true, value: false });
    expect(parseFieldValue(field('yes_no'), 'maybe')).toMatchObject({ ok: false });
  });

  it('writes a value for a customer in Indonesian or English, and for a file as it imports again', () => {
    expect(fieldValueText(field('number'), 1500000.5)).toBe('1.500.000,5');
    expect(fieldValueText(field('number'), 1500000.5, 'en')).toBe('1,500,000.5');
    expect(fieldValueText(field('date'), '1990-08-17')).toBe('17 Agustus 1990');
    expect(fieldValueText(field('date'), '1990-08-17', 'en')).toBe('17 August 1990');
    expect(fieldValueText(field('yes_no'), true)).toBe('Ya');
    expect(fieldValueText(field('yes_no'), false, 'en')).toBe('No');
    expect(fieldValueText(field('number'), 'Gold')).toBeNull();
    expect(fieldValueText(field('text'), undefined)).toBeNull();
    expect(exportedFieldValue(field('yes_no'), true)).toBe('yes');
    expect(exportedFieldValue(field('number'), 1250)).toBe('1250');
    expect(exportedFieldValue(field('text'), undefined)).toBe('');
    for (const [type, value] of [
      ['number', 12.5],
      ['date', '1990-08-17'],
      ['yes_no', false],
      ['list', 'Gold'],
    ] as const) {
      const shape = field(type, ['Gold']);
      expect(parseFieldValue(shape, exportedFieldValue(shape, value))).toEqual({ ok: true, value });
    }
    expect(messageLanguage('en_US')).toBe('en');
    expect(messageLanguage('id')).toBe('id');
    expect(messageLanguage(null)).toBe('id');
  });

  it("fills a field's variable, its fallback when empty, and leaves a name the team has no field for", () => {
    const fields: ContactFieldShape[] = [
      { key: 'kota', label: 'Kota', type: 'text', options: [] },
      { key: 'poin', label: 'Poin', type: 'number', options: [] },
    ];
    const values = variableValues(
      { name: 'Rina', phone: null, email: null, attributes: { poin: 2500 } },
      'Dewi',
      7,
      fields,
    );
    expect(fillVariables('Poin {{contact.poin}} di {{contact.kota | outlet kami}}, {{contact.kotaa}}.', values)).toBe(
      'Poin 2.500 di outlet kami, {{contact.kotaa}}.',
    );
    expect(unknownVariables('{{contact.kota}} {{contact.kotaa}}', ['kota'])).toEqual(['contact.kotaa']);
  });
});

describe('a segment', () => {
  const fields: ContactFieldShape[] = [
    { key: 'member_tier', label: 'Member tier', type: 'list', options: ['Gold', 'Silver'] },
    { key: 'member', label: 'Member', type: 'yes_no', options: [] },
    { key: 'kota', label: 'Kota', type: 'text', options: [] },
    { key: 'tanggal_lahir', label: 'Tanggal lahir', type: 'date', options: [] },
    { key: 'poin', label: 'Poin', type: 'number', options: [] },
  ];

  it('is written back as its options name it', () => {
    const canonical = (text: string) => {
      const parsed = parseSegment(fields, text);
      return 'segment' in parsed ? segmentText(parsed.segment) : parsed.problem;
    };
    expect(canonical('member_tier:gold')).toBe('member_tier:Gold');
    expect(canonical('member:YA')).toBe('member:yes');
    expect(canonical('tanggal_lahir:month-07')).toBe('tanggal_lahir:month-07');
    expect(canonical('poin:>= 1.000')).toBe('poin:>=1000');
    expect(canonical('poin:<=12,5')).toBe('poin:<=12.5');
    expect(canonical('kota: Bandung ')).toBe('kota:Bandung');
  });

  it("is a number's bound or a text, typed after its field", () => {
    expect(parseSegment(fields, 'poin:>=1.000')).toEqual({
      segment: { field: fields[4], condition: { key: 'poin', min: 1000 }, valueText: 'at least 1,000' },
    });
    expect(parseSegment(fields, 'poin:<= Rp 12,5')).toEqual({
      segment: { field: fields[4], condition: { key: 'poin', max: 12.5 }, valueText: 'at most 12.5' },
    });
    for (const text of ['poin:1000', 'poin:>=', 'poin:>=banyak', 'poin:>1000']) {
      expect(parseSegment(fields, text)).toEqual({ problem: 'Give a number for Poin, such as 1000.' });
    }
    expect(parseSegment(fields, 'kota:  bandung   barat ')).toEqual({
      segment: { field: fields[2], condition: { key: 'kota', text: 'bandung barat' }, valueText: 'bandung barat' },
    });
    expect(parseSegment(fields, 'kota: ')).toEqual({ problem: 'Write what Kota is.' });
    expect(parseSegment(fields, `kota:${'x'.repeat(501)}`)).toEqual({
      problem: 'Kota must not be greater than 500 characters.',
    });
    const [, , kota, , poin] = segmentOptions(fields);
    expect(kota.options).toEqual([{ value: 'kota:', label: 'is…', phrase: '', held: null, typed: true }]);
    expect(poin.options.map((option) => [option.value, option.label, option.typed])).toEqual([
      ['poin:>=', 'at least…', true],
      ['poin:<=', 'at most…', true],
    ]);
  });

  it("is a list's or a yes/no field's value, or a date field's month, as key:value, and nothing else", () => {
    expect(parseSegment(fields, 'member_tier:gold')).toEqual({
      segment: { field: fields[0], condition: { key: 'member_tier', value: 'Gold' }, valueText: 'Gold' },
    });
    expect(parseSegment(fields, 'member:no')).toEqual({
      segment: { field: fields[1], condition: { key: 'member', value: false }, valueText: 'No' },
    });
    expect(parseSegment(fields, 'tanggal_lahir:month-12')).toEqual({
      segment: { field: fields[3], condition: { key: 'tanggal_lahir', month: 12 }, valueText: 'in December' },
    });
    // Its day and month today, any year (birthdays today).
    expect(parseSegment(fields, 'tanggal_lahir:today')).toEqual({
      segment: { field: fields[3], condition: { key: 'tanggal_lahir', day: 'today' }, valueText: 'today' },
    });
    for (const text of [
      'tanggal_lahir:month-13',
      'tanggal_lahir:month-1',
      'tanggal_lahir:1990-12-01',
      'tanggal_lahir:',
    ]) {
      expect(parseSegment(fields, text)).toEqual({ problem: 'Choose a month of Tanggal lahir.' });
    }
    for (const text of ['member_tierX', 'member_tier', ':Gold', 'nope:1', undefined]) {
      expect(parseSegment(fields, text)).toEqual({
        problem: 'Choose one of your contact fields and what it holds.',
      });
    }
    expect(parseSegment(fields, 'member_tier:Bronze')).toEqual({ problem: 'Member tier must be one of Gold, Silver.' });
    expect(parseSegment(fields, 'member_tier:')).toEqual({ problem: 'Choose a value of Member tier.' });
    expect(segmentOptions(fields).map((field) => field.options.map((option) => option.value))).toEqual([
      ['member_tier:Gold', 'member_tier:Silver'],
      ['member:yes', 'member:no'],
      ['kota:'],
      [
        'tanggal_lahir:today',
        ...Array.from({ length: 12 }, (_, i) => `tanggal_lahir:month-${String(i + 1).padStart(2, '0')}`),
      ],
      ['poin:>=', 'poin:<='],
    ]);
    expect(segmentOptions(fields)[3].options[1]).toEqual({
      value: 'tanggal_lahir:month-01',
      label: 'January',
      phrase: 'in January',
      held: { month: 1 },
    });
  });
});

describe("a date's day and month today", () => {
  it("is today's in the time zone, and 29 February's too on the 28th of a year without one", () => {
    // 23:30 UTC on 6 December is already 7 December in Jakarta.
    expect(anniversaryDays('Asia/Jakarta', new Date('2026-12-06T23:30:00Z'))).toEqual(['12-07']);
    expect(anniversaryDays('UTC', new Date('2026-12-06T23:30:00Z'))).toEqual(['12-06']);
    expect(anniversaryDays('Asia/Jakarta', new Date('2027-02-28T03:00:00Z'))).toEqual(['02-28', '02-29']);
    expect(anniversaryDays('Asia/Jakarta', new Date('2028-02-28T03:00:00Z'))).toEqual(['02-28']);
    expect(anniversaryDays('Asia/Jakarta', new Date('2028-02-29T03:00:00Z'))).toEqual(['02-29']);
  });
});

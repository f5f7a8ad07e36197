/**
 * A team's contact fields' values: read from what a person typed or a spreadsheet held, and written
 * out as the pages show them and as messages say them. Pure, so that the pages, the reply box and
 * the server read and write them the same way.
 */
import type { ContactFieldType } from '../../db/schema/contact-fields';

export type AttributeValue = string | number | boolean;

/** What the pages and the checks need of a field. */
export interface ContactFieldShape {
  key: string;
  label: string;
  type: ContactFieldType;
  options: string[];
}

export const contactFieldLimits = { label: 40, key: 40, perTeam: 30, options: 50, option: 60, text: 500 } as const;

export const contactFieldTypeLabels: Record<ContactFieldType, string> = {
  text: 'Text',
  number: 'Number',
  date: 'Date',
  list: 'List',
  yes_no: 'Yes or no',
};

/** The key a field gets from its label: "Tanggal lahir" → `tanggal_lahir`, "No. Member" → `no_member`. */
export function fieldKeyOf(label: string): string {
  const key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return (/^\d/.test(key) ? `f_${key}` : key).slice(0, contactFieldLimits.key).replace(/_+$/, '');
}

export type ParsedValue = { ok: true; value: AttributeValue | null } | { ok: false; message: string };

const yes = new Set(['true', '1', 'yes', 'y', 'ya', 'iya', 'benar']);
const no = new Set(['false', '0', 'no', 'n', 'tidak', 'tdk', 'nggak', 'gak', 'bukan']);

/**
 * A number as people write it here: "1500000", "1.500.000" or "Rp 1.500.000" (Indonesian
 * grouping), "1,500,000", "12,5" or "12.5". Undefined when it is none.
 */
export function parseNumber(text: string): number | undefined {
  const raw = text.replace(/^(?:rp\.?|idr)\s*/i, '').replace(/\s+/g, '');
  let normal: string | undefined;
  if (/^[-+]?\d+$/.test(raw)) normal = raw;
  else if (/^[-+]?\d{1,3}(?:\.\d{3})+(?:,\d+)?$/.test(raw)) normal = raw.replace(/\./g, '').replace(',', '.');
  else if (/^[-+]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/.test(raw)) normal = raw.replace(/,/g, '');
  else if (/^[-+]?\d+[.,]\d+$/.test(raw)) normal = raw.replace(',', '.');
  if (normal === undefined) return undefined;
  const value = Number(normal);
  return Number.isFinite(value) && Math.abs(value) <= 1e15 ? value : undefined;
}

/** A calendar date as `YYYY-MM-DD`: from that form (a date input's, an ISO time's) or day first ("17/08/1990"). */
export function parseDate(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : dayFirst
      ? [Number(dayFirst[3]), Number(dayFirst[2]), Number(dayFirst[1])]
      : [0, 0, 0];
  if (year < 1900 || year > 2200) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return date.toISOString().slice(0, 10);
}

/**
 * A field's value from what was given: null (cleared) for nothing or an empty text; otherwise the
 * value in the field's type, or a message saying what it must be.
 */
export function parseFieldValue(
  field: Pick<ContactFieldShape, 'type' | 'options' | 'label'>,
  raw: unknown,
): ParsedValue {
  if (raw === null || raw === undefined) return { ok: true, value: null };
  if (typeof raw === 'boolean' && field.type === 'yes_no') return { ok: true, value: raw };
  if (typeof raw === 'number' && field.type === 'number' && Number.isFinite(raw) && Math.abs(raw) <= 1e15) {
    return { ok: true, value: raw };
  }
  if (typeof raw !== 'string' && typeof raw !== 'number') return { ok: false, message: `${field.label} must be text.` };
  const text = String(raw).trim();
  if (text === '') return { ok: true, value: null };
  switch (field.type) {
    case 'text':
      return text.length > contactFieldLimits.text
        ? { ok: false, message: `${field.label} may not be longer than ${contactFieldLimits.text} characters.` }
        : { ok: true, value: text };
    case 'number': {
      const value = parseNumber(text);
      return value === undefined
        ? { ok: false, message: `${field.label} must be a number, such as 1500000 or 1.500.000.` }
        : { ok: true, value };
    }
    case 'date': {
      const value = parseDate(text);
      return value === undefined
        ? { ok: false, message: `${field.label} must be a date, such as 17/08/1990 or 1990-08-17.` }
        : { ok: true, value };
    }
    case 'list': {
      const value = field.options.find((option) => option.toLowerCase() === text.toLowerCase());
      return value === undefined
        ? { ok: false, message: `${field.label} must be one of ${field.options.join(', ')}.` }
        : { ok: true, value };
    }
    case 'yes_no': {
      const word = text.toLowerCase();
      if (yes.has(word)) return { ok: true, value: true };
      if (no.has(word)) return { ok: true, value: false };
      return { ok: false, message: `${field.label} must be yes or no.` };
    }
  }
}

/** A calendar date in words, the locale's own ("17 Agustus 1990", "17 August 1990"). */
const longDate = {
  id: new Intl.DateTimeFormat('id-ID', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};

/**
 * A value as words: in Indonesian for messages to customers ("1.500.000", "17 Agustus 1990", "Ya"),
 * unless the message is in English; in English on Kawan's pages. Null for no value, or a value
 * the field's type does not hold (a field whose values predate a change).
 */
export function fieldValueText(
  field: Pick<ContactFieldShape, 'type'>,
  value: unknown,
  language: 'id' | 'en' = 'id',
): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field.type) {
    case 'number':
      return typeof value === 'number'
        ? value.toLocaleString(language === 'id' ? 'id-ID' : 'en-US', { maximumFractionDigits: 6 })
        : null;
    case 'date': {
      const date = typeof value === 'string' ? parseDate(value) : undefined;
      return date === undefined ? null : longDate[language].format(new Date(`${date}T00:00:00Z`));
    }
    case 'yes_no':
      return typeof value === 'boolean'
        ? value
          ? language === 'id'
            ? 'Ya'
            : 'Yes'
          : language === 'id'
            ? 'Tidak'
            : 'No'
        : null;
    default:
      return typeof value === 'string' ? value : null;
  }
}

/** The language a message's values are written in, from a language tag ("en_US", "id"): English or Indonesian. */
export function messageLanguage(tag: string | null | undefined): 'id' | 'en' {
  return tag?.toLowerCase().startsWith('en') ? 'en' : 'id';
}

/** A value as a contacts file holds it (which the import reads back): 1500000, 1990-08-17, yes. */
export function exportedFieldValue(field: Pick<ContactFieldShape, 'type'>, value: unknown): string {
  if (value === null || value === undefined) return '';
  if (field.type === 'yes_no' && typeof value === 'boolean') return value ? 'yes' : 'no';
  return typeof value === 'object' ? '' : String(value);
}

/** Made-up values of the team's fields, for a preview and for checking a text that names them. */
export function sampleAttributes(fields: readonly ContactFieldShape[]): Record<string, AttributeValue> {
  const sample = (field: ContactFieldShape): AttributeValue => {
    switch (field.type) {
      case 'number':
        return 1500000;
      case 'date':
        return '2026-08-17';
      case 'list':
        return field.options[0] ?? field.label;
      case 'yes_no':
        return true;
      default:
        return `[${field.label}]`;
    }
  };
  return Object.fromEntries(fields.map((field) => [field.key, sample(field)]));
}

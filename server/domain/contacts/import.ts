/**
 * Contacts a team brings with it: a CSV file or an Excel workbook (its first sheet) whose first row
 * names the columns (name, phone, e-mail, the team's own id for the person, in English or
 * Indonesian, and the team's own contact fields by label or key), read at once, each row checked on
 * its own. A row of someone the team has (the same id, or else phone, or else e-mail) fills in what
 * that contact lacks and never overwrites; a new person is a new contact. Their phone is their
 * WhatsApp id and their id their identity as a signed-in website user and the webhook channel's
 * user, so that their first message there lands on this contact. Rows that say nothing usable are
 * skipped with the reason, by their row number in the sheet.
 */
import Papa from 'papaparse';
import { z } from 'zod';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Services } from '../../services';
import { contactIdentities, contacts } from '../../db/schema/index';
import { UploadedFile, fileTooLargeMessage } from '../../http/middleware/body';
import { ValidationError } from '../../support/errors';
import { phoneE164 } from '../../support/phone';
import { SourceContentError } from '../../knowledge/document';
import { decodeText } from '../../knowledge/parsers/text-decoding';
import { guessDelimiter } from '../../knowledge/parsers/csv';
import { openWorkbook, sheetRows as workbookSheetRows } from '../../knowledge/parsers/xlsx';
import { isZip } from '../../knowledge/parsers/zip';
import type { SheetRow } from '../../knowledge/parsers/records';
import { verifiedIdentity } from '../../channels/web/visitors';
import { authorize, type TeamActor } from '../teams/team-access';
import { contactPolicy } from './contacts';
import { teamContactFields } from './fields';
import { detailOfColumn, normalizedHeader, type Field } from './columns';
import { fieldKeyOf, parseFieldValue, type AttributeValue, type ContactFieldShape } from './field-values';

export const contactImportLimits = {
  /** The file: 5 MB is about 50,000 lines of name, phone and e-mail. */
  bytes: 5 * 1024 * 1024,
  /** Rows a file may hold (after its header). */
  rows: 10_000,
  /** Problems the report lists by row (the rest are counted). */
  problemsListed: 50,
} as const;

/** What an import did, as the contacts page reports it. */
export interface ContactImportReport {
  /** Rows read after the header. */
  rows: number;
  created: number;
  /** Contacts the team had, given a detail they lacked. */
  updated: number;
  /** Rows of contacts the team had with nothing new. */
  unchanged: number;
  /** Rows of a person an earlier row of the file named (combined with it). */
  repeated: number;
  skipped: number;
  /** Why rows were skipped, the first `problemsListed` of them. */
  problems: { row: number; message: string }[];
  /** Header columns that are none of name, phone, e-mail. */
  ignoredColumns: string[];
}

const fileError = (message: string) => new ValidationError({ file: message }, 'importContacts');

/** The rows of the file's first sheet (a workbook) or of the CSV, header included. */
async function sheetRows(file: UploadedFile): Promise<SheetRow[]> {
  const bytes = new Uint8Array(file.buffer.buffer, file.buffer.byteOffset, file.buffer.byteLength);
  if (isZip(bytes)) return workbookRows(bytes);
  const text = decodeText(bytes);
  if (text === null) throw fileError('The file must be a CSV file or an Excel workbook (.xlsx).');
  const parsed = Papa.parse<string[]>(text, { delimiter: guessDelimiter(text), skipEmptyLines: false });
  const rows: SheetRow[] = [];
  parsed.data.forEach((cells, index) => {
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ position: index + 1, cells });
  });
  return rows;
}

/** The first sheet's rows that hold something (a merged range's value once). */
async function workbookRows(bytes: Uint8Array): Promise<SheetRow[]> {
  try {
    const sheet = (await openWorkbook(bytes)).worksheets[0];
    return (sheet ? workbookSheetRows(sheet) : []).filter((row) => row.cells.some((cell) => cell.trim() !== ''));
  } catch (error) {
    if (error instanceof SourceContentError) throw fileError(error.message);
    throw error;
  }
}

/** The columns a file's header names: each detail's, the team's own fields' (by label or key), and the others. */
export interface FileColumns {
  columns: Partial<Record<Field, number>>;
  /** A team field's column, by the field. */
  fieldColumns: { field: ContactFieldShape; index: number }[];
  ignored: string[];
  /** The other columns, each with the key a broadcast's value names it by (`{{file.no_pesanan}}`), a key once. */
  otherColumns: FileColumn[];
}

/** A column of a contacts file that is none of a contact's details or fields ("No Pesanan"). */
export interface FileColumn {
  key: string;
  title: string;
  index: number;
}

/** Which column holds each detail and each of the team's fields (named by its label or its key), and the header's other columns. */
export function columnsOf(header: string[], teamFields: readonly ContactFieldShape[] = []): FileColumns {
  const columns: Partial<Record<Field, number>> = {};
  const fieldColumns: FileColumns['fieldColumns'] = [];
  const ignored: string[] = [];
  const otherColumns: FileColumn[] = [];
  const fieldOf = (name: string) =>
    teamFields.find((field) => normalizedHeader(field.label) === name || normalizedHeader(field.key) === name);
  header.forEach((title, index) => {
    const name = normalizedHeader(title);
    // A team's field first: its label is the team's own word for the column.
    const teamField = fieldOf(name);
    if (teamField && !fieldColumns.some((column) => column.field.key === teamField.key)) {
      fieldColumns.push({ field: teamField, index });
      return;
    }
    const field = detailOfColumn(title);
    if (field && columns[field] === undefined) columns[field] = index;
    else if (title.trim() !== '') {
      ignored.push(title.trim());
      const key = fieldKeyOf(title);
      if (key && !otherColumns.some((column) => column.key === key))
        otherColumns.push({ key, title: title.trim(), index });
    }
  });
  return { columns, fieldColumns, ignored, otherColumns };
}

/** A spreadsheet's copy of a value Kawan's own export made inert (`'+62…`, `'=…`): the value. */
const uninert = (value: string) => value.replace(/^'(?=[=+\-@])/, '');

/**
 * A phone as a sheet holds it: "0812-3456-7890", "+62 812…", "62812…", or "812…" (a spreadsheet
 * that took "0812…" for a number dropped its 0; an Indonesian mobile number starts with 8).
 */
export function importedPhone(value: string): string | undefined {
  const raw = uninert(value.trim());
  if (raw === '') return undefined;
  const digits = raw.replace(/[\s\-.()]/g, '');
  return phoneE164(/^8\d{8,11}$/.test(digits) ? `0${digits}` : raw);
}

const emailSchema = z.email();

interface ImportedContact {
  name: string | null;
  phone: string | null;
  email: string | null;
  /** The team's own id for the person. */
  externalId: string | null;
  /** The row's other columns' values by key, when asked for (a broadcast's per-recipient values). */
  extra: Record<string, string>;
  /** The team's fields' values the row gives, by key. */
  attributes: Record<string, AttributeValue>;
}

/** A row as a contact, or why it cannot be one. */
export function contactOfRow(
  cells: string[],
  {
    columns,
    fieldColumns,
    otherColumns = [],
  }: Pick<FileColumns, 'columns' | 'fieldColumns'> & Partial<Pick<FileColumns, 'otherColumns'>>,
): { contact: ImportedContact } | { problem: string } {
  const cell = (field: Field) => (columns[field] === undefined ? '' : uninert((cells[columns[field]] ?? '').trim()));
  const name = cell('name').replace(/\s+/g, ' ');
  const phoneText = cell('phone');
  const email = cell('email').toLowerCase();
  const externalId = cell('externalId');
  if (name.length > 255) return { problem: 'The name is longer than 255 characters.' };
  if (externalId.length > 255) return { problem: 'The id is longer than 255 characters.' };
  const phone = phoneText === '' ? null : (importedPhone(phoneText) ?? null);
  if (phoneText !== '' && !phone) return { problem: `"${phoneText.slice(0, 40)}" is not a phone number.` };
  if (email !== '' && (email.length > 255 || !emailSchema.safeParse(email).success)) {
    return { problem: `"${email.slice(0, 60)}" is not an e-mail address.` };
  }
  if (!phone && email === '' && externalId === '') return { problem: 'No phone number, e-mail address or id.' };
  const attributes: Record<string, AttributeValue> = {};
  for (const { field, index } of fieldColumns) {
    const raw = uninert((cells[index] ?? '').trim());
    const parsed = parseFieldValue(field, raw);
    if (!parsed.ok) return { problem: `${parsed.message.replace(/\.$/, '')} ("${raw.slice(0, 40)}").` };
    if (parsed.value !== null) attributes[field.key] = parsed.value;
  }
  const extra: Record<string, string> = {};
  for (const column of otherColumns) {
    const value = uninert((cells[column.index] ?? '').trim()).slice(0, 1000);
    if (value !== '') extra[column.key] = value;
  }
  return {
    contact: { name: name || null, phone, email: email || null, externalId: externalId || null, attributes, extra },
  };
}

/**
 * Contacts' phones kept as their WhatsApp ids, so that their first message on WhatsApp lands on
 * them and not on a new contact. A number another contact already has on WhatsApp stays theirs
 * (their pages offer to merge the two).
 */
export async function rememberWhatsApp(
  db: Pick<Services['db'], 'insert'>,
  teamId: number,
  identities: { contactId: number; phone: string; name: string | null }[],
): Promise<void> {
  if (identities.length === 0) return;
  await db
    .insert(contactIdentities)
    .values(
      identities.map((identity) => ({
        teamId,
        contactId: identity.contactId,
        channelType: 'whatsapp' as const,
        externalUserId: identity.phone.replace(/\D/g, ''),
        displayName: identity.name,
      })),
    )
    .onConflictDoNothing();
}

/**
 * The team's own ids for contacts kept as their identities where the team's systems name them: a
 * website user its site signs in with that id (`user:<id>`), the webhook channel's user of that id.
 * So their first message there lands on this contact. An identity another contact has stays theirs.
 */
export async function rememberExternalIds(
  db: Pick<Services['db'], 'insert'>,
  teamId: number,
  ids: { contactId: number; externalId: string; name: string | null }[],
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(contactIdentities)
    .values(
      ids.flatMap(({ contactId, externalId, name }) =>
        [
          { channelType: 'web' as const, externalUserId: verifiedIdentity(externalId) },
          { channelType: 'webhook' as const, externalUserId: externalId },
        ].map((identity) => ({ teamId, contactId, ...identity, verified: true, displayName: name })),
      ),
    )
    .onConflictDoNothing();
}

/**
 * Imports the file `input.file` into the team's contacts (owners, admins, editors and agents), in
 * one transaction: all of it, or nothing when the database refuses. Errors about the file as a whole
 * are a 422 under `file` (bag `importContacts`).
 */
export async function importContacts(
  services: Pick<Services, 'db'>,
  actor: TeamActor,
  input: unknown,
): Promise<ContactImportReport> {
  authorize(contactPolicy.view(actor));
  authorize(contactPolicy.edit(actor));
  return (await importContactFile(services.db, actor.teamId, (input as { file?: unknown } | null)?.file)).report;
}

/**
 * A contacts file read into the team's contacts (as `importContacts` describes), in a transaction of
 * its own (a savepoint inside the caller's): what it did, and the contacts its rows name, a person
 * once (a broadcast's audience from a file).
 */
export async function importContactFile(
  db: Services['db'],
  teamId: number,
  file: unknown,
): Promise<{
  report: ContactImportReport;
  contactIds: number[];
  /** The file's other columns, and each contact's values of them (by key): a broadcast's per-recipient values. */
  otherColumns: FileColumn[];
  values: Map<number, Record<string, string>>;
}> {
  if (!(file instanceof UploadedFile)) throw fileError('Choose a CSV file or an Excel workbook to import.');
  if (file.size > contactImportLimits.bytes) throw fileError(fileTooLargeMessage(contactImportLimits.bytes));
  if (file.size === 0) throw fileError('The file is empty.');

  const [header, ...rows] = await sheetRows(file);
  if (!header) throw fileError('The file is empty.');
  const teamFields = await teamContactFields(db, teamId);
  const fileColumns = columnsOf(header.cells, teamFields);
  const { columns, ignored } = fileColumns;
  if (columns.phone === undefined && columns.email === undefined && columns.externalId === undefined) {
    throw fileError(
      `The first row must name the columns, with a phone, an e-mail or a customer id column at least (and a name): "name", "phone", "email", "customer id". It has ${
        header.cells
          .filter((cell) => cell.trim() !== '')
          .slice(0, 8)
          .map((cell) => `"${cell.trim().slice(0, 30)}"`)
          .join(', ') || 'none'
      }.`,
    );
  }
  if (rows.length === 0) throw fileError('The file has its header row and no contacts under it.');
  if (rows.length > contactImportLimits.rows) {
    throw fileError(
      `The file has ${rows.length.toLocaleString('en-US')} rows; import at most ${contactImportLimits.rows.toLocaleString('en-US')} at a time (split it into several files).`,
    );
  }

  const report: ContactImportReport = {
    rows: rows.length,
    created: 0,
    updated: 0,
    unchanged: 0,
    repeated: 0,
    skipped: 0,
    problems: [],
    ignoredColumns: ignored,
  };
  // The file's people, a person once: a later row of the same id (or else phone, or else e-mail)
  // fills in what the earlier one left empty.
  const people: ImportedContact[] = [];
  const byExternalId = new Map<string, ImportedContact>();
  const byPhone = new Map<string, ImportedContact>();
  const byEmail = new Map<string, ImportedContact>();
  for (const { position: row, cells } of rows) {
    const result = contactOfRow(cells, fileColumns);
    if ('problem' in result) {
      report.skipped++;
      if (report.problems.length < contactImportLimits.problemsListed) {
        report.problems.push({ row, message: result.problem });
      }
      continue;
    }
    const { contact } = result;
    const same =
      (contact.externalId ? byExternalId.get(contact.externalId) : undefined) ??
      (contact.phone ? byPhone.get(contact.phone) : undefined) ??
      (contact.email ? byEmail.get(contact.email) : undefined);
    const person = same ?? contact;
    if (same) {
      report.repeated++;
      fillIn(same, contact);
    } else {
      people.push(contact);
    }
    if (person.externalId && !byExternalId.has(person.externalId)) byExternalId.set(person.externalId, person);
    if (person.phone && !byPhone.has(person.phone)) byPhone.set(person.phone, person);
    if (person.email && !byEmail.has(person.email)) byEmail.set(person.email, person);
  }

  const contactIds = new Set<number>();
  const values = new Map<number, Record<string, string>>();
  const keep = (contactId: number, person: ImportedContact) => {
    contactIds.add(contactId);
    if (Object.keys(person.extra).length > 0) values.set(contactId, { ...person.extra, ...values.get(contactId) });
  };
  await db.transaction(async (tx) => {
    for (let start = 0; start < people.length; start += 500) {
      const batch = people.slice(start, start + 500);
      const phones = batch.flatMap((person) => (person.phone ? [person.phone] : []));
      const emails = batch.flatMap((person) => (person.email ? [person.email] : []));
      const externalIds = batch.flatMap((person) => (person.externalId ? [person.externalId] : []));
      const existing = await tx
        .select({
          id: contacts.id,
          name: contacts.name,
          phone: contacts.phoneE164,
          email: contacts.email,
          externalId: contacts.externalId,
          attributes: contacts.attributes,
        })
        .from(contacts)
        .where(
          and(
            eq(contacts.teamId, teamId),
            or(
              externalIds.length > 0 ? inArray(contacts.externalId, externalIds) : undefined,
              phones.length > 0 ? inArray(contacts.phoneE164, phones) : undefined,
              emails.length > 0 ? inArray(sql`lower(${contacts.email})`, emails) : undefined,
            ),
          ),
        )
        .orderBy(contacts.id);
      const knownByExternalId = new Map<string, (typeof existing)[number]>();
      const knownByPhone = new Map<string, (typeof existing)[number]>();
      const knownByEmail = new Map<string, (typeof existing)[number]>();
      for (const row of existing) {
        if (row.externalId && !knownByExternalId.has(row.externalId)) knownByExternalId.set(row.externalId, row);
        if (row.phone && !knownByPhone.has(row.phone)) knownByPhone.set(row.phone, row);
        if (row.email && !knownByEmail.has(row.email.toLowerCase())) knownByEmail.set(row.email.toLowerCase(), row);
      }
      const fresh: ImportedContact[] = [];
      const identities: { contactId: number; phone: string; name: string | null }[] = [];
      const ids: { contactId: number; externalId: string; name: string | null }[] = [];
      for (const person of batch) {
        const known =
          (person.externalId ? knownByExternalId.get(person.externalId) : undefined) ??
          (person.phone ? knownByPhone.get(person.phone) : undefined) ??
          (person.email ? knownByEmail.get(person.email) : undefined);
        if (!known) {
          fresh.push(person);
          continue;
        }
        keep(known.id, person);
        // The fields' values they lack (a value they have stays, as a detail does).
        const lacking = Object.fromEntries(
          Object.entries(person.attributes).filter(([key]) => !Object.hasOwn(known.attributes, key)),
        );
        const filled = {
          ...(known.name ? {} : person.name ? { name: person.name } : {}),
          ...(known.phone ? {} : person.phone ? { phoneE164: person.phone } : {}),
          ...(known.email ? {} : person.email ? { email: person.email } : {}),
          ...(known.externalId ? {} : person.externalId ? { externalId: person.externalId } : {}),
          ...(Object.keys(lacking).length === 0
            ? {}
            : { attributes: sql`${contacts.attributes} || ${JSON.stringify(lacking)}::jsonb` }),
        };
        if (Object.keys(filled).length === 0) {
          report.unchanged++;
          continue;
        }
        await tx
          .update(contacts)
          .set(filled)
          .where(and(eq(contacts.teamId, teamId), eq(contacts.id, known.id)));
        if (filled.phoneE164) identities.push({ contactId: known.id, phone: filled.phoneE164, name: known.name });
        if (filled.externalId) ids.push({ contactId: known.id, externalId: filled.externalId, name: known.name });
        report.updated++;
      }
      if (fresh.length > 0) {
        const created = await tx
          .insert(contacts)
          .values(
            fresh.map((person) => ({
              teamId,
              name: person.name,
              phoneE164: person.phone,
              email: person.email,
              externalId: person.externalId,
              attributes: person.attributes,
            })),
          )
          .returning({
            id: contacts.id,
            phone: contacts.phoneE164,
            email: contacts.email,
            externalId: contacts.externalId,
            name: contacts.name,
          });
        report.created += created.length;
        // Each new contact is the person of the file it was made for (every person has an id, a phone or an e-mail, each once in the file).
        for (const row of created) {
          const person =
            (row.externalId ? byExternalId.get(row.externalId) : undefined) ??
            (row.phone ? byPhone.get(row.phone) : undefined) ??
            (row.email ? byEmail.get(row.email) : undefined);
          if (person) keep(row.id, person);
          else contactIds.add(row.id);
        }
        for (const row of created) {
          if (row.phone) identities.push({ contactId: row.id, phone: row.phone, name: row.name });
          if (row.externalId) ids.push({ contactId: row.id, externalId: row.externalId, name: row.name });
        }
      }
      await rememberWhatsApp(tx, teamId, identities);
      await rememberExternalIds(tx, teamId, ids);
    }
  });
  return { report, contactIds: [...contactIds], otherColumns: fileColumns.otherColumns, values };
}

/** What `from` knows that `into` does not. */
function fillIn(into: ImportedContact, from: ImportedContact): void {
  into.name ??= from.name;
  into.externalId ??= from.externalId;
  into.extra = { ...from.extra, ...into.extra };
  into.phone ??= from.phone;
  into.email ??= from.email;
  into.attributes = { ...from.attributes, ...into.attributes };
}

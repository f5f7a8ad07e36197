import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { contactIdentities, contacts } from '../../../server/db/schema/index';
import { conversationRepository, conversationWriter } from '../../../server/db/repositories/conversation-repository';
import type { ContactImportReport } from '../../../server/domain/contacts/import';
import type { UserRow } from '../../../server/db/repositories/user-repository';

/**
 * Contacts a team brings with it (contacts.import): a CSV file or an Excel workbook whose first row
 * names the columns, in English or Indonesian. New people become contacts whose phone is their
 * WhatsApp id; people the team has get only what they lack; each row that cannot be a contact is
 * skipped with its row number and the reason; the file as a whole is refused with one message.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Client = Awaited<ReturnType<typeof signedIn>>;

/** The import form's multipart POST, as useForm sends a file. */
const upload = (client: Client, bytes: Buffer | string, name: string) =>
  client.agent
    .post('/contacts/import')
    .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
    .attach('file', Buffer.from(bytes), { filename: name, contentType: 'application/octet-stream' });

/** Imports and returns what the contacts page was told. */
async function imported(client: Client, bytes: Buffer | string, name = 'pelanggan.csv') {
  const res = await upload(client, bytes, name);
  expect(res.status, res.text).toBe(303);
  expect(res.headers.location).toBe('/contacts');
  const page = expectPage(await client.visit('/contacts'), 'Contacts/Index');
  expect(page.props.errors).toEqual({});
  return page.flash?.contactImport as ContactImportReport;
}

async function fileErrors(client: Client, bytes: Buffer | string, name = 'pelanggan.csv') {
  const res = await upload(client, bytes, name);
  expect(res.status).toBe(303);
  const errors = expectPage(await client.visit('/contacts'), 'Contacts/Index').props.errors as Record<
    string,
    Record<string, string>
  >;
  return errors.importContacts?.file;
}

async function teamContacts(teamId: number) {
  return app.services.db
    .select({ name: contacts.name, phone: contacts.phoneE164, email: contacts.email })
    .from(contacts)
    .where(eq(contacts.teamId, teamId))
    .orderBy(contacts.id);
}

async function team() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  return { owner, team, client: await signedIn(app.app, owner as UserRow) };
}

describe('importing contacts', () => {
  it('reads an Indonesian spreadsheet’s CSV: new people, people the team has, repeats and bad rows', async () => {
    const { team: mine, client } = await team();
    // Someone who wrote on the web chat, whose phone the team knows and not their name.
    const channel = await createChannel(app.services, mine.id, { type: 'web' });
    const known = await createConversation(app.services, channel, { text: 'Halo' });
    await conversationRepository(app.services.db, mine.id).setContactDetails(known.contact.id, {
      phoneE164: '+6281355550000',
    });
    // Another team's contact with a phone of the file stays theirs.
    const other = await team();
    await app.services.db.insert(contacts).values({ teamId: other.team.id, name: 'Lain', phoneE164: '+6281234567890' });

    const csv =
      '\uFEFFNama;No. HP;E-mail;Kota\r\n' +
      'Budi Santoso;0812-3456-7890;;Jakarta\r\n' +
      'Siti Rahma;+62 813 1111 2222;SITI@Example.com;Bandung\r\n' +
      ';;;\r\n' +
      'Andi;12345;;Medan\r\n' +
      'Cuma Nama;;;Solo\r\n' +
      'Budi S.;0812 3456 7890;budi@example.com;Jakarta\r\n' +
      'Rina Wulandari;0813-5555-0000;;Depok\r\n' +
      'Dewi;;bukan-email;Bogor\r\n';
    const report = await imported(client, csv);
    expect(report).toEqual({
      rows: 7,
      created: 2,
      updated: 1,
      unchanged: 0,
      repeated: 1,
      skipped: 3,
      problems: [
        { row: 5, message: '"12345" is not a phone number.' },
        { row: 6, message: 'No phone number, e-mail address or id.' },
        { row: 9, message: '"bukan-email" is not an e-mail address.' },
      ],
      ignoredColumns: ['Kota'],
    });
    expect(await teamContacts(mine.id)).toEqual([
      { name: 'Rina Wulandari', phone: '+6281355550000', email: null },
      { name: 'Budi Santoso', phone: '+6281234567890', email: 'budi@example.com' },
      { name: 'Siti Rahma', phone: '+6281311112222', email: 'siti@example.com' },
    ]);
    expect(await teamContacts(other.team.id)).toEqual([{ name: 'Lain', phone: '+6281234567890', email: null }]);

    // Budi's first message on WhatsApp lands on Budi, not on a new contact.
    const [budi] = await app.services.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.teamId, mine.id), eq(contacts.name, 'Budi Santoso')));
    const whatsapp = await createChannel(app.services, mine.id, { type: 'whatsapp' });
    const writer = await conversationWriter(app.services.db).contactFor({
      teamId: mine.id,
      channelType: 'whatsapp',
      channelId: whatsapp.id,
      externalUserId: '6281234567890',
      name: 'Budi WA',
    });
    expect(writer.id).toBe(budi.id);
    expect((await teamContacts(mine.id)).length).toBe(3);

    // The same file again changes nothing.
    expect(await imported(client, csv)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 3,
      repeated: 1,
      skipped: 3,
    });
  });

  it('reads the first sheet of an Excel workbook, a phone the sheet took for a number included', async () => {
    const { team: mine, client } = await team();
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Pelanggan');
    sheet.addRow(['Name', 'WhatsApp', 'Email']);
    sheet.addRow(['Tania', 81234500001, null]);
    sheet.addRow(['Yusuf', '+62 811-2000-3000', 'yusuf@example.com']);
    sheet.addRow(['Made', 6281999888777, null]);
    workbook.addWorksheet('Lain').addRow(['Name', 'Phone']);
    const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
    expect(await imported(client, bytes, 'pelanggan.xlsx')).toMatchObject({ rows: 3, created: 3, skipped: 0 });
    expect(await teamContacts(mine.id)).toEqual([
      { name: 'Tania', phone: '+6281234500001', email: null },
      { name: 'Yusuf', phone: '+6281120003000', email: 'yusuf@example.com' },
      { name: 'Made', phone: '+6281999888777', email: null },
    ]);
  });

  it("reads the team's own id for each person: found by it first, and known by it on the website and the webhook channel", async () => {
    const { team: mine, client } = await team();
    // A WhatsApp customer the shop now knows by its member id, and one it named before.
    const [byPhone, byId] = await app.services.db
      .insert(contacts)
      .values([
        { teamId: mine.id, name: 'Budi', phoneE164: '+6281234567890' },
        { teamId: mine.id, name: 'Sari', externalId: 'M-002' },
      ])
      .returning();
    const csv = [
      'ID Member,Nama,No HP',
      'M-001,Budi Santoso,0812-3456-7890',
      'M-002,,0813-1111-2222',
      'M-003,Dewi,',
      'M-003,Dewi Lestari,0857-0000-1111',
    ].join('\n');
    expect(await imported(client, csv)).toMatchObject({ rows: 4, created: 1, updated: 2, repeated: 1, skipped: 0 });
    const rows = await app.services.db
      .select({ id: contacts.id, name: contacts.name, phone: contacts.phoneE164, externalId: contacts.externalId })
      .from(contacts)
      .where(eq(contacts.teamId, mine.id))
      .orderBy(contacts.id);
    expect(rows).toEqual([
      // Found by phone, given the id; its name is kept.
      { id: byPhone.id, name: 'Budi', phone: '+6281234567890', externalId: 'M-001' },
      // Found by the id, given the phone it lacked.
      { id: byId.id, name: 'Sari', phone: '+6281311112222', externalId: 'M-002' },
      { id: expect.any(Number), name: 'Dewi', phone: '+6285700001111', externalId: 'M-003' },
    ]);
    const identities = await app.services.db
      .select({ type: contactIdentities.channelType, user: contactIdentities.externalUserId })
      .from(contactIdentities)
      .where(and(eq(contactIdentities.teamId, mine.id), eq(contactIdentities.contactId, rows[2].id)));
    expect(identities.map((identity) => `${identity.type} ${identity.user}`).sort()).toEqual([
      'web user:M-003',
      'webhook M-003',
      'whatsapp 6285700001111',
    ]);
    // The export writes the id, and takes it back unchanged.
    const exported = await client.agent.get('/contacts/export');
    expect(exported.text).toContain(',M-003,');
    expect(await imported(client, exported.text, 'kawan-contacts.csv')).toMatchObject({ unchanged: 3, created: 0 });
  });

  it('takes back the file Export CSV wrote, with nothing to change', async () => {
    const { team: mine, client } = await team();
    await app.services.db.insert(contacts).values([
      { teamId: mine.id, name: 'Budi, "Pak"', phoneE164: '+6281234567890', email: 'budi@example.com' },
      { teamId: mine.id, name: '=HYPERLINK("x")', phoneE164: null, email: 'f@example.com' },
    ]);
    const exported = await client.agent.get('/contacts/export');
    expect(exported.status).toBe(200);
    expect(await imported(client, exported.text, 'kawan-contacts.csv')).toMatchObject({
      rows: 2,
      created: 0,
      unchanged: 2,
      skipped: 0,
      ignoredColumns: ['id', 'channels', 'conversations', 'open_conversations', 'first_seen_at', 'last_seen_at'],
    });
  });

  it('refuses a file it cannot read as a whole, with one message, and imports nothing', async () => {
    const { team: mine, client } = await team();
    expect(await fileErrors(client, '', 'kosong.csv')).toBe('The file is empty.');
    expect(await fileErrors(client, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d]), 'foto.csv')).toBe(
      'The file must be a CSV file or an Excel workbook (.xlsx).',
    );
    expect(await fileErrors(client, 'Kota,Umur\nJakarta,30\n')).toBe(
      'The first row must name the columns, with a phone, an e-mail or a customer id column at least (and a name): "name", "phone", "email", "customer id". It has "Kota", "Umur".',
    );
    expect(await fileErrors(client, 'name,phone\n')).toBe('The file has its header row and no contacts under it.');
    const many = `name,phone\n${Array.from({ length: 10_001 }, (_, i) => `P${i},08123${String(i).padStart(6, '0')}`).join('\n')}`;
    expect(await fileErrors(client, many)).toBe(
      'The file has 10,001 rows; import at most 10,000 at a time (split it into several files).',
    );
    expect(await fileErrors(client, Buffer.alloc(5 * 1024 * 1024 + 1, 'a'))).toBe(
      'The file may not be greater than 5120 kilobytes.',
    );
    expect(await fileErrors(client, Buffer.from('PK\u0003\u0004 not really a workbook'), 'rusak.xlsx')).toMatch(
      /damaged|not an Excel workbook/,
    );
    const none = await client.send('post', '/contacts/import', {});
    expect(none.status).toBe(303);
    expect(
      (expectPage(await client.visit('/contacts'), 'Contacts/Index').props.errors as Record<string, unknown>)
        .importContacts,
    ).toEqual({ file: 'Choose a CSV file or an Excel workbook to import.' });
    expect(await teamContacts(mine.id)).toEqual([]);
  });

  it('is for whoever answers conversations: an agent imports, a viewer may not', async () => {
    const { team: mine } = await team();
    const agent = await signedIn(app.app, await createMember(app.services, mine, 'agent', { current: true }));
    expect(await imported(agent, 'name,email\nAyu,ayu@example.com\n')).toMatchObject({ created: 1 });
    const viewer = await signedIn(app.app, await createMember(app.services, mine, 'viewer', { current: true }));
    expect((await upload(viewer, 'name,email\nBayu,bayu@example.com\n', 'a.csv')).status).toBe(403);
    expect(await teamContacts(mine.id)).toEqual([{ name: 'Ayu', phone: null, email: 'ayu@example.com' }]);
    const identities = await app.services.db
      .select()
      .from(contactIdentities)
      .where(eq(contactIdentities.teamId, mine.id));
    expect(identities).toEqual([]);
  });
});

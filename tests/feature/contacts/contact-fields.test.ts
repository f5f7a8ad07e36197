import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createChannel, createConversation } from '../../factories/channels';
import { contactFields, contacts, savedReplies } from '../../../server/db/schema/index';
import type { ContactImportReport } from '../../../server/domain/contacts/import';

/**
 * A team's own contact fields (contacts.fields.*): owners, admins and editors define them; whoever
 * answers conversations fills them in on a contact (contacts.update, conversations.contact.update),
 * each value read in its field's type; a contacts file imports them by column and Export CSV writes
 * them; saved replies name them as variables. Another team's field is a 404.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Client = Awaited<ReturnType<typeof signedIn>>;

async function owned() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  return { owner, team, client: await signedIn(app.app, owner) };
}

async function fieldsPage(client: Client) {
  return expectPage(await client.visit('/contacts/fields'), 'Contacts/Fields');
}

/** POSTs a new field and returns the page's errors for it (none: `undefined`). */
async function create(client: Client, body: Record<string, unknown>) {
  expect((await client.send('post', '/contacts/fields', body)).status).toBe(303);
  const errors = (await fieldsPage(client)).props.errors as Record<string, Record<string, string>>;
  return errors.createContactField;
}

/** The four kinds a café's team keeps. */
async function standardFields(client: Client) {
  expect(await create(client, { label: 'Kota', type: 'text' })).toBeUndefined();
  expect(
    await create(client, { label: 'Member tier', type: 'list', options: 'Gold\nSilver\n\nBronze' }),
  ).toBeUndefined();
  expect(await create(client, { label: 'Poin', type: 'number' })).toBeUndefined();
  expect(await create(client, { label: 'Tanggal lahir', type: 'date' })).toBeUndefined();
  expect(await create(client, { label: 'Member', type: 'yes_no' })).toBeUndefined();
}

const contactErrors = async (client: Client, contactId: number) =>
  (expectPage(await client.visit(`/contacts/${contactId}`), 'Contacts/Show').props.errors as Record<string, unknown>)
    .updateContact;

describe('defining contact fields', () => {
  it('adds fields with keys made from their labels, lists them with how many contacts have a value', async () => {
    const { team, client } = await owned();
    await standardFields(client);
    const [contact] = await app.services.db
      .insert(contacts)
      .values({ teamId: team.id, name: 'Rina', attributes: { kota: 'Bandung' } })
      .returning();
    const page = await fieldsPage(client);
    expect(page.props.fields).toEqual([
      {
        id: expect.any(Number),
        key: 'kota',
        label: 'Kota',
        type: 'text',
        options: [],
        bot_readable: false,
        contacts: 1,
      },
      {
        id: expect.any(Number),
        key: 'member_tier',
        label: 'Member tier',
        type: 'list',
        options: ['Gold', 'Silver', 'Bronze'],
        bot_readable: false,
        contacts: 0,
      },
      {
        id: expect.any(Number),
        key: 'poin',
        label: 'Poin',
        type: 'number',
        options: [],
        bot_readable: false,
        contacts: 0,
      },
      {
        id: expect.any(Number),
        key: 'tanggal_lahir',
        label: 'Tanggal lahir',
        type: 'date',
        options: [],
        bot_readable: false,
        contacts: 0,
      },
      {
        id: expect.any(Number),
        key: 'member',
        label: 'Member',
        type: 'yes_no',
        options: [],
        bot_readable: false,
        contacts: 0,
      },
    ]);
    expect(page.props.types).toContainEqual({ value: 'yes_no', label: 'Yes or no' });
    expect(contact.attributes).toEqual({ kota: 'Bandung' });
  });

  it('refuses a label that is empty, taken, a detail every contact has, and a list without choices', async () => {
    const { client } = await owned();
    await create(client, { label: 'Kota', type: 'text' });
    expect(await create(client, { label: '', type: 'text' })).toEqual({ label: 'The label field is required.' });
    expect(await create(client, { label: '  kota ', type: 'number' })).toEqual({
      label: 'The label has already been taken.',
    });
    expect(await create(client, { label: 'Kota!', type: 'text' })).toEqual({
      label: '“Kota” has the same variable, {{contact.kota}}; name this field otherwise.',
    });
    expect(await create(client, { label: 'Email', type: 'text' })).toEqual({
      label: 'Every contact has an e-mail already; name this field otherwise.',
    });
    expect(await create(client, { label: '???', type: 'text' })).toEqual({
      label: 'The label needs a letter or a digit.',
    });
    // A file's "No HP" column is the contact's phone: a field of that name could never be imported.
    expect(await create(client, { label: 'No. HP', type: 'text' })).toEqual({
      label: "A contacts file's “No. HP” column is the contact's phone; name this field otherwise.",
    });
    expect(await create(client, { label: 'Tier', type: 'list', options: ' \n ' })).toEqual({
      options: 'A list needs at least one choice.',
    });
    expect(await create(client, { label: 'Tier', type: 'list', options: ['Gold', 'gold'] })).toEqual({
      options: '“gold” is offered twice.',
    });
    expect(await create(client, { label: 'Tier', type: 'colour' })).toEqual({ type: 'Choose what the field holds.' });
    expect(await create(client, { label: ['x'], type: 'text' })).toMatchObject({ label: expect.any(String) });
    expect((await fieldsPage(client)).props.fields).toHaveLength(1);
  });

  it('renames a field and changes a list, keeping its key and type; deleting one erases its values', async () => {
    const { team, client } = await owned();
    await standardFields(client);
    const fields = await app.services.db.select().from(contactFields).where(eq(contactFields.teamId, team.id));
    const tier = fields.find((field) => field.key === 'member_tier')!;
    const [contact] = await app.services.db
      .insert(contacts)
      .values({ teamId: team.id, name: 'Rina', attributes: { member_tier: 'Gold', kota: 'Bandung' } })
      .returning();
    const put = await client.send('put', `/contacts/fields/${tier.id}`, {
      label: 'Level member',
      type: 'text',
      options: ['Platinum', 'Gold'],
    });
    expect(put.status).toBe(303);
    const [changed] = await app.services.db.select().from(contactFields).where(eq(contactFields.id, tier.id));
    await client.send('put', `/contacts/fields/${tier.id}`, { label: 'WhatsApp', options: ['Gold'] });
    expect(
      (expectPage(await client.visit('/contacts/fields'), 'Contacts/Fields').props.errors as Record<string, unknown>)
        .updateContactField,
    ).toEqual({ label: "A contacts file's “WhatsApp” column is the contact's phone; name this field otherwise." });
    expect(changed).toMatchObject({
      key: 'member_tier',
      label: 'Level member',
      type: 'list',
      options: ['Platinum', 'Gold'],
    });

    expect((await client.send('delete', `/contacts/fields/${tier.id}`)).status).toBe(303);
    const [after] = await app.services.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after.attributes).toEqual({ kota: 'Bandung' });
    expect((await client.send('delete', `/contacts/fields/${tier.id}`)).status).toBe(404);
  });

  it('is for owners, admins and editors; another team’s field is a 404', async () => {
    const { team, client } = await owned();
    await create(client, { label: 'Kota', type: 'text' });
    const [field] = await app.services.db.select().from(contactFields).where(eq(contactFields.teamId, team.id));
    for (const role of ['agent', 'viewer'] as const) {
      const member = await signedIn(app.app, await createMember(app.services, team, role, { current: true }));
      expect((await member.visit('/contacts/fields')).status).toBe(403);
      expect((await member.send('post', '/contacts/fields', { label: 'Tier', type: 'text' })).status).toBe(403);
      expect((await member.send('delete', `/contacts/fields/${field.id}`)).status).toBe(403);
      const index = expectPage(await member.visit('/contacts'), 'Contacts/Index');
      expect(index.props.can).toMatchObject({ manage_fields: false });
    }
    const editor = await signedIn(app.app, await createMember(app.services, team, 'editor', { current: true }));
    expect(await create(editor, { label: 'Tier', type: 'text' })).toBeUndefined();

    const other = await owned();
    expect((await other.client.send('put', `/contacts/fields/${field.id}`, { label: 'Mine' })).status).toBe(404);
    expect((await other.client.send('delete', `/contacts/fields/${field.id}`)).status).toBe(404);
  });
});

describe("a contact's values", () => {
  it('reads each value in its type, clears an empty one, and shows them on the contact page', async () => {
    const { team, client } = await owned();
    await standardFields(client);
    const [contact] = await app.services.db
      .insert(contacts)
      .values({ teamId: team.id, name: 'Rina', attributes: { kota: 'Bandung' } })
      .returning();
    const res = await client.send('put', `/contacts/${contact.id}`, {
      name: 'Rina Wulandari',
      attributes: { kota: '', member_tier: 'gold', poin: 'Rp 1.500.000', tanggal_lahir: '17/08/1990', member: 'ya' },
    });
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit(`/contacts/${contact.id}`), 'Contacts/Show');
    expect(page.props.errors).toEqual({});
    expect(page.props.contact).toMatchObject({
      name: 'Rina Wulandari',
      attributes: { member_tier: 'Gold', poin: 1500000, tanggal_lahir: '1990-08-17', member: true },
    });
    expect((page.props.contact as { attributes: object }).attributes).not.toHaveProperty('kota');
    expect(page.props.contact_fields).toHaveLength(5);

    // A value left out of the request stays.
    await client.send('put', `/contacts/${contact.id}`, { attributes: { poin: '12,5' } });
    const [row] = await app.services.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row.attributes).toEqual({ member_tier: 'Gold', poin: 12.5, tanggal_lahir: '1990-08-17', member: true });
  });

  it('refuses a bad value by its key and saves nothing of the request', async () => {
    const { team, client } = await owned();
    await standardFields(client);
    const [contact] = await app.services.db.insert(contacts).values({ teamId: team.id, name: 'Rina' }).returning();
    await client.send('put', `/contacts/${contact.id}`, {
      name: 'Changed',
      email: 'bukan',
      attributes: {
        member_tier: 'Platinum',
        poin: 'banyak',
        tanggal_lahir: '31/02/1990',
        member: 'mungkin',
        nope: 'x',
      },
    });
    expect(await contactErrors(client, contact.id)).toEqual({
      email: 'The email field must be a valid email address.',
      'attributes.member_tier': 'Member tier must be one of Gold, Silver, Bronze.',
      'attributes.poin': 'Poin must be a number, such as 1500000 or 1.500.000.',
      'attributes.tanggal_lahir': 'Tanggal lahir must be a date, such as 17/08/1990 or 1990-08-17.',
      'attributes.member': 'Member must be yes or no.',
      'attributes.nope': 'There is no such contact field.',
    });
    await client.send('put', `/contacts/${contact.id}`, { attributes: ['kota'] });
    expect(await contactErrors(client, contact.id)).toEqual({
      attributes: 'The fields must be an object of values by key.',
    });
    const [row] = await app.services.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row).toMatchObject({ name: 'Rina', attributes: {} });
  });

  it("are set from a conversation's contact card too, and the conversation page has the fields", async () => {
    const { team, client } = await owned();
    await create(client, { label: 'Kota', type: 'text' });
    const channel = await createChannel(app.services, team.id, { type: 'web' });
    const { conversation } = await createConversation(app.services, channel);
    const res = await client.send('put', `/conversations/${conversation.id}/contact`, {
      attributes: { kota: 'Medan' },
    });
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit(`/conversations/${conversation.id}`), 'Conversations/Show');
    expect(page.props.contact).toMatchObject({ attributes: { kota: 'Medan' } });
    expect(page.props.contact_fields).toEqual([
      { id: expect.any(Number), key: 'kota', label: 'Kota', type: 'text', options: [], bot_readable: false },
    ]);
  });
});

describe('the contacts list by a field', () => {
  it("shows and exports those holding a list or yes/no field's value, and ignores one that is none", async () => {
    const { team, client } = await owned();
    await standardFields(client);
    await app.services.db.insert(contacts).values([
      { teamId: team.id, name: 'Rina', attributes: { member_tier: 'Gold', member: true } },
      { teamId: team.id, name: 'Budi', attributes: { member_tier: 'Silver', member: true } },
      { teamId: team.id, name: 'Sari', attributes: { kota: 'Gold' } },
    ]);
    const names = async (query: string) => {
      const page = expectPage(await client.visit(`/contacts${query}`), 'Contacts/Index');
      return {
        filters: page.props.filters,
        names: (page.props.contacts as { data: { name: string }[] }).data.map((row) => row.name).sort(),
      };
    };
    expect(await names('?segment=member_tier:gold')).toEqual({
      // As the select names it, whatever the spelling given.
      filters: { search: '', segment: 'member_tier:Gold' },
      names: ['Rina'],
    });
    expect((await names('?segment=member:yes&search=bu')).names).toEqual(['Budi']);
    // A number that is none, a value the list does not offer, an array: everyone, the filter shown empty.
    for (const query of ['?segment=poin:>=x', '?segment=member_tier:Platinum', '?segment[]=x', '?segment=nope']) {
      expect(await names(query)).toEqual({ filters: { search: '', segment: '' }, names: ['Budi', 'Rina', 'Sari'] });
    }
    const page = expectPage(await client.visit('/contacts'), 'Contacts/Index');
    const segments = page.props.segments as Array<{ key: string; options: Array<{ value: string; label: string }> }>;
    // Every field, in the fields' order: a text and a number take what is typed, a date today or its months.
    expect(segments.map((segment) => segment.key)).toEqual(['kota', 'member_tier', 'poin', 'tanggal_lahir', 'member']);
    expect(segments[0].options).toEqual([{ value: 'kota:', label: 'is…', typed: true }]);
    expect(segments[3].options.slice(0, 3)).toEqual([
      { value: 'tanggal_lahir:today', label: 'today, any year', typed: false },
      { value: 'tanggal_lahir:month-01', label: 'January', typed: false },
      { value: 'tanggal_lahir:month-02', label: 'February', typed: false },
    ]);
    expect(segments.filter((segment) => ['member_tier', 'member'].includes(segment.key))).toEqual([
      {
        key: 'member_tier',
        label: 'Member tier',
        options: [
          { value: 'member_tier:Gold', label: 'Gold', typed: false },
          { value: 'member_tier:Silver', label: 'Silver', typed: false },
          { value: 'member_tier:Bronze', label: 'Bronze', typed: false },
        ],
      },
      {
        key: 'member',
        label: 'Member',
        options: [
          { value: 'member:yes', label: 'Yes', typed: false },
          { value: 'member:no', label: 'No', typed: false },
        ],
      },
    ]);
    const exported = await client.agent.get('/contacts/export?segment=member_tier:Silver');
    const lines = exported.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(',Budi,');
  });
});

describe('files and saved replies', () => {
  const upload = (client: Client, text: string) =>
    client.agent
      .post('/contacts/import')
      .set({ 'X-XSRF-TOKEN': client.token, 'X-Inertia': 'true', 'X-Requested-With': 'XMLHttpRequest' })
      .attach('file', Buffer.from(text), { filename: 'pelanggan.csv', contentType: 'text/csv' });

  async function imported(client: Client, text: string) {
    expect((await upload(client, text)).status).toBe(303);
    const page = expectPage(await client.visit('/contacts'), 'Contacts/Index');
    expect(page.props.errors).toEqual({});
    return page.flash?.contactImport as ContactImportReport;
  }

  it('imports the fields by their column, fills only what a contact lacks, and exports them to import again', async () => {
    const { team, client } = await owned();
    await standardFields(client);
    await app.services.db
      .insert(contacts)
      .values({ teamId: team.id, name: 'Siti', phoneE164: '+6281311112222', attributes: { kota: 'Bogor' } });
    const report = await imported(
      client,
      [
        'nama,no hp,Kota,member_tier,Poin,Tanggal lahir,Member,Catatan',
        'Budi,0812-1111-2222,Jakarta,gold,"1.250",1990-08-17,yes,langganan',
        'Siti,0813-1111-2222,Depok,Silver,,,tidak,',
        'Agus,0814-1111-2222,Solo,Platinum,,,,',
        'Dewi,0815-1111-2222,,,lima,,,',
      ].join('\n'),
    );
    expect(report).toMatchObject({
      rows: 4,
      created: 1,
      updated: 1,
      skipped: 2,
      ignoredColumns: ['Catatan'],
      problems: [
        { row: 4, message: 'Member tier must be one of Gold, Silver, Bronze ("Platinum").' },
        { row: 5, message: 'Poin must be a number, such as 1500000 or 1.500.000 ("lima").' },
      ],
    });
    const rows = await app.services.db
      .select({ name: contacts.name, attributes: contacts.attributes })
      .from(contacts)
      .where(eq(contacts.teamId, team.id))
      .orderBy(contacts.id);
    expect(rows).toEqual([
      // Siti's city stays; what she lacked is filled in.
      { name: 'Siti', attributes: { kota: 'Bogor', member_tier: 'Silver', member: false } },
      {
        name: 'Budi',
        attributes: { kota: 'Jakarta', member_tier: 'Gold', poin: 1250, tanggal_lahir: '1990-08-17', member: true },
      },
    ]);

    const exported = await client.agent.get('/contacts/export');
    expect(exported.status).toBe(200);
    const lines = exported.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'id,name,phone,email,external_id,channels,conversations,open_conversations,first_seen_at,last_seen_at,Kota,Member tier,Poin,Tanggal lahir,Member',
    );
    expect(lines[2]).toMatch(/,Jakarta,Gold,1250,1990-08-17,yes$/);

    // The export imports into another team with the same fields, unchanged.
    const other = await owned();
    await standardFields(other.client);
    expect(await imported(other.client, exported.text)).toMatchObject({
      created: 2,
      skipped: 0,
      ignoredColumns: expect.any(Array),
    });
    const copied = await app.services.db
      .select({ name: contacts.name, attributes: contacts.attributes })
      .from(contacts)
      .where(eq(contacts.teamId, other.team.id))
      .orderBy(contacts.id);
    expect(copied.map((row) => row.attributes)).toEqual(rows.map((row) => row.attributes));
  });

  it("takes a field's variable in a saved reply and names the team's fields when one is unknown", async () => {
    const { team, client } = await owned();
    await create(client, { label: 'Kota', type: 'text' });
    const save = (text: string) => client.send('post', '/conversations/saved-replies', { shortcut: 'kota', text });
    expect((await save('Pesanan ke {{contact.kota | kota Anda}} gratis ongkir.')).status).toBe(303);
    const [reply] = await app.services.db.select().from(savedReplies).where(eq(savedReplies.teamId, team.id));
    expect(reply.text).toBe('Pesanan ke {{contact.kota | kota Anda}} gratis ongkir.');
    expect((await save('{{contact.provinsi}}')).status).toBe(303);
    const page = expectPage(await client.visit('/conversations/saved-replies'), 'Conversations/SavedReplies');
    expect((page.props.errors as Record<string, Record<string, string>>).createSavedReply.text).toBe(
      '{{contact.provinsi}} is not a variable. Use {{contact.name}}, {{contact.first_name}}, {{contact.phone}}, {{contact.email}}, {{agent.name}}, {{agent.first_name}}, {{conversation.number}}, {{contact.kota}}.',
    );
    expect(page.props.contact_fields).toEqual([
      { id: expect.any(Number), key: 'kota', label: 'Kota', type: 'text', options: [], bot_readable: false },
    ]);
  });
});

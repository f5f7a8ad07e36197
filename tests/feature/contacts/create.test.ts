import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { contactIdentities, contacts } from '../../../server/db/schema/index';

/**
 * A contact added by hand (contacts.store): a phone or an e-mail at least, neither one another
 * contact of the team has; their page opens, and their phone is their WhatsApp id. Whoever answers
 * conversations adds; a viewer may not.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

type Client = Awaited<ReturnType<typeof signedIn>>;

async function owned() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  return { team, client: await signedIn(app.app, owner) };
}

const errorsAfter = async (client: Client, body: Record<string, unknown>) => {
  expect((await client.send('post', '/contacts', body)).status).toBe(303);
  const errors = expectPage(await client.visit('/contacts'), 'Contacts/Index').props.errors as Record<string, unknown>;
  return errors.createContact;
};

describe('adding a contact', () => {
  it('adds one and opens their page, their phone kept as their WhatsApp', async () => {
    const { team, client } = await owned();
    const res = await client.send('post', '/contacts', { name: ' Budi Santoso ', phone: '0812-3456-7890', email: '' });
    expect(res.status).toBe(303);
    const [row] = await app.services.db.select().from(contacts).where(eq(contacts.teamId, team.id));
    expect(row).toMatchObject({ name: 'Budi Santoso', phoneE164: '+6281234567890', email: null });
    expect(res.headers.location).toBe(`/contacts/${row.id}`);
    const page = expectPage(await client.visit(`/contacts/${row.id}`), 'Contacts/Show');
    expect(page.flash).toEqual({ banner: 'Contact added.', bannerStyle: 'success' });
    expect(page.props.contact).toMatchObject({
      name: 'Budi Santoso',
      phone: '+6281234567890',
      identities: [{ channel_type: 'whatsapp', channel_name: null, external_user_id: '6281234567890' }],
    });
    const identities = await app.services.db
      .select()
      .from(contactIdentities)
      .where(eq(contactIdentities.contactId, row.id));
    expect(identities).toHaveLength(1);
  });

  it('refuses what is not a contact, and a phone or e-mail the team has, naming whose', async () => {
    const { team, client } = await owned();
    await app.services.db
      .insert(contacts)
      .values({ teamId: team.id, name: 'Siti', phoneE164: '+6281311112222', email: 'siti@example.com' });
    expect(await errorsAfter(client, { name: 'Tanpa kontak' })).toEqual({
      phone: 'Give a phone number or an e-mail address.',
    });
    expect(await errorsAfter(client, { phone: '12' })).toEqual({
      phone: 'The phone must be a phone number, such as 0812-3456-7890 or +62 812-3456-7890.',
    });
    expect(await errorsAfter(client, { email: 'bukan' })).toEqual({
      email: 'The email field must be a valid email address.',
    });
    expect(await errorsAfter(client, { name: 'x'.repeat(256), email: 'a@example.com' })).toEqual({
      name: 'The name field must not be greater than 255 characters.',
    });
    expect(await errorsAfter(client, { phone: '+62 813 1111 2222' })).toEqual({
      phone: 'Siti already has this phone number.',
    });
    expect(await errorsAfter(client, { email: 'SITI@example.com' })).toEqual({
      email: 'Siti already has this e-mail address.',
    });
    expect(await errorsAfter(client, { name: ['a'], phone: { b: 1 } })).toMatchObject({
      name: expect.any(String),
      phone: expect.any(String),
    });
    expect(await app.services.db.select().from(contacts).where(eq(contacts.teamId, team.id))).toHaveLength(1);
  });

  it('takes a phone another team has; a viewer may not add', async () => {
    const { team, client } = await owned();
    const other = await owned();
    await app.services.db.insert(contacts).values({ teamId: other.team.id, name: 'Lain', phoneE164: '+6281234567890' });
    expect((await client.send('post', '/contacts', { phone: '+6281234567890' })).status).toBe(303);
    const viewer = await signedIn(app.app, await createMember(app.services, team, 'viewer', { current: true }));
    expect((await viewer.send('post', '/contacts', { email: 'v@example.com' })).status).toBe(403);
    expect(await app.services.db.select().from(contacts).where(eq(contacts.teamId, team.id))).toHaveLength(1);
  });
});

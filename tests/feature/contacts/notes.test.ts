import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { contactNotes } from '../../../server/db/schema/index';
import { contactNoteLimits, type ContactNote } from '../../../server/domain/contacts/notes';

/**
 * Notes about a contact (contacts.notes.store, contacts.notes.destroy): written by whoever answers
 * conversations from the contact's page or beside a conversation (back to where they were written),
 * shown in both places newest first, deleted by their author, an owner or an admin; a viewer reads
 * them; another team's contact or note is a 404; merging contacts keeps them.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function contactWithConversation() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true, owner: { name: 'Dewi Santoso' } });
  const agent = await createMember(app.services, team, 'agent', { current: true, name: 'Budi Hartono' });
  const other = await createMember(app.services, team, 'agent', { current: true, name: 'Citra Wijaya' });
  const viewer = await createMember(app.services, team, 'viewer', { current: true });
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const { conversation, contact } = await createConversation(app.services, channel, { text: 'Halo' });
  return { owner, agent, other, viewer, team, channel, conversation, contact };
}

const notesOn = (page: { props: Record<string, unknown> }, prop: 'notes' | 'contact_notes') =>
  page.props[prop] as ContactNote[];

describe('notes about a contact', () => {
  it('are added from the contact page or beside a conversation, and shown in both, newest first', async () => {
    const { agent, conversation, contact } = await contactWithConversation();
    const client = await signedIn(app.app, agent);
    const atContact = `/contacts/${contact.id}`;
    const atConversation = `/conversations/${conversation.id}`;
    const add = (text: string, from: string) =>
      client.send('post', `/contacts/${contact.id}/notes`, { text }, { Referer: `http://127.0.0.1${from}` });

    let res = await add('Pelanggan tetap: pesan 10 kg tiap bulan', atContact);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(`http://127.0.0.1${atContact}`);
    res = await add('  Suka dihubungi lewat WhatsApp malam hari  ', atConversation);
    expect(res.headers.location).toBe(`http://127.0.0.1${atConversation}`);

    const page = expectPage(await client.visit(atConversation), 'Conversations/Show');
    expect(notesOn(page, 'contact_notes')).toEqual([
      expect.objectContaining({
        text: 'Suka dihubungi lewat WhatsApp malam hari',
        author: { id: agent.id, name: 'Budi Hartono' },
        can_delete: true,
      }),
      expect.objectContaining({ text: 'Pelanggan tetap: pesan 10 kg tiap bulan' }),
    ]);
    const contactPage = expectPage(await client.visit(atContact), 'Contacts/Show');
    expect(notesOn(contactPage, 'notes').map((note) => note.text)).toEqual([
      'Suka dihubungi lewat WhatsApp malam hari',
      'Pelanggan tetap: pesan 10 kg tiap bulan',
    ]);
  });

  it('refuses an empty or too long note, and one past the limit, in the contactNote bag', async () => {
    const { agent, contact } = await contactWithConversation();
    const client = await signedIn(app.app, agent);
    const at = `/contacts/${contact.id}`;
    const errors = async () =>
      (expectPage(await client.visit(at), 'Contacts/Show').props.errors as Record<string, Record<string, string>>)
        .contactNote;
    await client.send('post', `${at}/notes`, { text: '   ' }, { 'X-Inertia-Error-Bag': 'contactNote', Referer: at });
    expect(await errors()).toEqual({ text: 'Write the note.' });
    await client.send('post', `${at}/notes`, { text: 'x'.repeat(2001) }, { 'X-Inertia-Error-Bag': 'contactNote' });
    expect(await errors()).toEqual({ text: 'A note may be at most 2,000 characters.' });

    await app.services.db.insert(contactNotes).values(
      Array.from({ length: contactNoteLimits.perContact }, (_, index) => ({
        teamId: contact.teamId,
        contactId: contact.id,
        userId: agent.id,
        text: `Catatan ${index}`,
      })),
    );
    await client.send('post', `${at}/notes`, { text: 'Satu lagi' }, { 'X-Inertia-Error-Bag': 'contactNote' });
    expect(await errors()).toEqual({ text: 'A contact may have at most 200 notes: delete old ones first.' });
    // The page lists the latest 50.
    expect(notesOn(expectPage(await client.visit(at), 'Contacts/Show'), 'notes')).toHaveLength(50);
  });

  it('are deleted by their author, an owner or an admin; not by another agent; a viewer reads them', async () => {
    const { owner, agent, other, viewer, contact } = await contactWithConversation();
    const at = `/contacts/${contact.id}`;
    const budi = await signedIn(app.app, agent);
    await budi.send('post', `${at}/notes`, { text: 'Alergi susu sapi' });
    await budi.send('post', `${at}/notes`, { text: 'Minta faktur tiap pesanan' });
    const [newest, oldest] = notesOn(expectPage(await budi.visit(at), 'Contacts/Show'), 'notes');

    const citra = await signedIn(app.app, other);
    expect(notesOn(expectPage(await citra.visit(at), 'Contacts/Show'), 'notes').map((n) => n.can_delete)).toEqual([
      false,
      false,
    ]);
    expect((await citra.send('delete', `${at}/notes/${newest.id}`)).status).toBe(403);

    const watcher = await signedIn(app.app, viewer);
    const seen = notesOn(expectPage(await watcher.visit(at), 'Contacts/Show'), 'notes');
    expect(seen.map((note) => [note.text, note.can_delete])).toEqual([
      ['Minta faktur tiap pesanan', false],
      ['Alergi susu sapi', false],
    ]);
    expect((await watcher.send('post', `${at}/notes`, { text: 'Boleh?' })).status).toBe(403);

    expect((await budi.send('delete', `${at}/notes/${newest.id}`)).status).toBe(303);
    expect((await (await signedIn(app.app, owner)).send('delete', `${at}/notes/${oldest.id}`)).status).toBe(303);
    expect(await app.services.db.select().from(contactNotes).where(eq(contactNotes.contactId, contact.id))).toEqual([]);
  });

  it('are a 404 for another team, and move with a merged contact', async () => {
    const { owner, agent, channel, contact } = await contactWithConversation();
    const at = `/contacts/${contact.id}`;
    const budi = await signedIn(app.app, agent);
    await budi.send('post', `${at}/notes`, { text: 'Pelanggan tetap' });
    const [note] = notesOn(expectPage(await budi.visit(at), 'Contacts/Show'), 'notes');

    const stranger = await createOwnedTeam(app.services, { current: true });
    const outsider = await signedIn(app.app, stranger.owner);
    expect((await outsider.send('post', `${at}/notes`, { text: 'Hai' })).status).toBe(404);
    expect((await outsider.send('delete', `${at}/notes/${note.id}`)).status).toBe(404);
    // A note of this team under another of its contacts is not found either.
    const { contact: second } = await createConversation(app.services, channel, { text: 'Halo lagi' });
    expect((await budi.send('delete', `/contacts/${second.id}/notes/${note.id}`)).status).toBe(404);

    // Merged into the second contact, the note goes with it.
    const owned = await signedIn(app.app, owner);
    expect((await owned.send('post', `/contacts/${second.id}/merge`, { contact_id: contact.id })).status).toBe(303);
    const merged = notesOn(expectPage(await owned.visit(`/contacts/${second.id}`), 'Contacts/Show'), 'notes');
    expect(merged.map((n) => n.text)).toEqual(['Pelanggan tetap']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createChannel, createConversation } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';

/**
 * An agent corrects a conversation's contact (Conversations/Show's contact card): name, phone and
 * e-mail, validated and normalised, each cleared when sent empty and kept when not sent; viewers
 * may not; another team's conversation is a 404.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function conversationWithContact() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const channel = await createChannel(app.services, team.id, { type: 'web' });
  const { conversation } = await createConversation(app.services, channel, { text: 'Halo, saya Rina' });
  const repo = conversationRepository(app.services.db, team.id);
  const contact = async () => (await repo.contact(conversation.contactId))!;
  const show = `/conversations/${conversation.id}`;
  return { owner, team, conversation, contact, show, url: `${show}/contact` };
}

const headers = (show: string) => ({ Referer: show, 'X-Inertia-Error-Bag': 'updateContact' });

describe("a conversation's contact", () => {
  it('takes the name, phone and e-mail an agent gives, normalised, and the page shows them', async () => {
    const { team, contact, show, url } = await conversationWithContact();
    const agent = await signedIn(app.app, await createMember(app.services, team, 'agent', { current: true }));
    const from = app.broadcasts.length;
    const res = await agent.send('put', url, {
      name: '  Rina Wulandari ',
      phone: '0812-3456 7890',
      email: 'Rina@Example.COM',
    });
    expect(res.status, res.text).toBe(303);
    expect(res.headers.location).toBe(show);
    expect(await contact()).toMatchObject({
      name: 'Rina Wulandari',
      phoneE164: '+6281234567890',
      email: 'rina@example.com',
    });
    // The inbox's list hears it with the new name.
    expect(
      app.broadcasts
        .slice(from)
        .filter((sent) => sent.channels.includes(`private-teams.${team.id}`))
        .map((sent) => [sent.data.action, (sent.data.conversation as { contact: { name: string } }).contact.name]),
    ).toEqual([['contact', 'Rina Wulandari']]);
    const page = expectPage(await agent.visit(show), 'Conversations/Show');
    expect(page.props.contact).toMatchObject({
      name: 'Rina Wulandari',
      phone: '+6281234567890',
      email: 'rina@example.com',
    });

    // Sent empty: cleared. Not sent: kept.
    expect((await agent.send('put', url, { email: '' })).status).toBe(303);
    expect(await contact()).toMatchObject({ name: 'Rina Wulandari', phoneE164: '+6281234567890', email: null });
    expect((await agent.send('put', url, {})).status).toBe(303);
    expect(await contact()).toMatchObject({ name: 'Rina Wulandari', phoneE164: '+6281234567890', email: null });
  });

  it('answers bad details with a message per field and changes nothing', async () => {
    const { owner, contact, show, url } = await conversationWithContact();
    const client = await signedIn(app.app, owner);
    const before = await contact();
    const res = await client.send(
      'put',
      url,
      { name: 'x'.repeat(256), phone: '12ab', email: 'not-an-email' },
      headers(show),
    );
    expect(res.status).toBe(303);
    const page = expectPage(await client.visit(show), 'Conversations/Show');
    expect(page.props.errors).toEqual({
      updateContact: {
        name: 'The name field must not be greater than 255 characters.',
        phone: 'The phone must be a phone number, such as 0812-3456-7890 or +62 812-3456-7890.',
        email: 'The email field must be a valid email address.',
      },
    });
    expect((await client.send('put', url, { name: ['Rina'], phone: { a: 1 } }, headers(show))).status).toBe(303);
    expect(await contact()).toEqual(before);
  });

  it('is read, not changed, by a viewer', async () => {
    const { team, contact, url } = await conversationWithContact();
    const before = await contact();
    const viewer = await signedIn(app.app, await createMember(app.services, team, 'viewer', { current: true }));
    expect((await viewer.send('put', url, { name: 'Someone else' })).status).toBe(403);
    expect(await contact()).toEqual(before);
  });
});

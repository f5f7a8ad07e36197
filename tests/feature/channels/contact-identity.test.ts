import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationWriter } from '../../../server/db/repositories/conversation-repository';
import { contactIdentities, contacts } from '../../../server/db/schema/index';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createChannel } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';

/**
 * The contact behind a channel identity, as the inbound pipeline finds or makes it: one contact per
 * person and kind of channel, seen again on every message, its empty details filled in and its
 * known ones kept, and one contact when a person's first messages are applied at once.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

async function telegramChannel() {
  const { team } = await createOwnedTeam(app.services);
  const channel = await createChannel(app.services, team.id, { type: 'telegram' });
  const identity = (externalUserId: string, details: { name?: string; locale?: string; phoneE164?: string } = {}) => ({
    teamId: team.id,
    channelType: channel.type,
    channelId: channel.id,
    externalUserId,
    ...details,
  });
  const contactsOfTeam = () => app.services.db.select().from(contacts).where(eq(contacts.teamId, team.id));
  return { team, identity, contactsOfTeam };
}

describe('the contact of an inbound message', () => {
  it('is made once, seen again on each message, with empty details filled and known ones kept', async () => {
    const { identity, contactsOfTeam } = await telegramChannel();
    const writer = conversationWriter(app.services.db);

    const first = await writer.contactFor(identity('7001', { name: 'Sari' }));
    expect(first).toMatchObject({ name: 'Sari', locale: null, phoneE164: null });

    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await writer.contactFor(
      identity('7001', { name: 'Sari W.', locale: 'id', phoneE164: '+6281234567890' }),
    );
    expect(again.id).toBe(first.id);
    // The name the team already has stays; what was missing is filled in.
    expect(again).toMatchObject({ name: 'Sari', locale: 'id', phoneE164: '+6281234567890' });
    expect(again.lastSeenAt!.getTime()).toBeGreaterThan(first.lastSeenAt!.getTime());

    // Nothing given changes nothing but the time last seen.
    const bare = await writer.contactFor(identity('7001'));
    expect(bare).toMatchObject({ id: first.id, name: 'Sari', locale: 'id', phoneE164: '+6281234567890' });

    // Another person on the same channel is another contact.
    const other = await writer.contactFor(identity('7002'));
    expect(other.id).not.toBe(first.id);
    expect(await contactsOfTeam()).toHaveLength(2);
  });

  it('is one contact with one identity when a person’s first messages are applied at once', async () => {
    const { identity, contactsOfTeam } = await telegramChannel();
    const found = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.services.db.transaction(async (tx) => {
          // Each transaction waits a moment first, so that on a server they all look at once.
          await tx.execute(sql`select pg_sleep(0.05)`);
          return conversationWriter(tx).contactFor(identity('7100', { name: 'Budi' }));
        }),
      ),
    );
    expect(new Set(found.map((contact) => contact.id)).size).toBe(1);
    const made = await contactsOfTeam();
    expect(made.map((contact) => [contact.id, contact.name])).toEqual([[found[0].id, 'Budi']]);
    const identities = await app.services.db
      .select()
      .from(contactIdentities)
      .where(eq(contactIdentities.contactId, found[0].id));
    expect(identities).toHaveLength(1);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import {
  postWhatsAppWebhook,
  startFakeWhatsApp,
  type FakeWhatsApp,
  whatsappChannelOn,
  whatsappMessageWebhook,
  whatsappStatusWebhook,
} from '../../helpers/fake-whatsapp';
import { createChannel } from '../../factories/channels';
import { createMember, createOwnedTeam } from '../../factories/teams';
import * as schema from '../../../server/db/schema/index';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { queueDueBroadcasts, sendBroadcast } from '../../../server/domain/broadcasts/send';

/**
 * A broadcast (broadcasts.store): an approved WhatsApp template sent to many contacts at once, each
 * copy filled in for its contact. Checked whole before anything is stored; sent by its job to the
 * contacts with a phone who did not unsubscribe, once each whatever runs again; its page counts
 * where each copy stands and who wrote back.
 */
let app: TestApp;
let whatsapp: FakeWhatsApp;

beforeAll(async () => {
  whatsapp = await startFakeWhatsApp();
  app = await createTestApp({ env: { WHATSAPP_GRAPH_URL: whatsapp.url, QUEUE_RETRY_DELAY_SECONDS: '0' } });
});
afterAll(async () => {
  await app.close();
  await whatsapp.close();
});

let phones = 0;
const nextPhone = () => `+628150${String(700000 + (phones += 1))}`;

/** A team with a WhatsApp channel (templates synced), a label, and its owner signed in. */
async function setting() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true, name: 'Toko Rina' });
  const channel = await createChannel(app.services, team.id, whatsappChannelOn(whatsapp));
  const client = await signedIn(app.app, owner);
  expect((await client.send('post', `/channels/${channel.id}/templates/sync`)).status).toBe(303);
  const [vip] = await app.services.db
    .insert(schema.conversationLabels)
    .values({ teamId: team.id, name: 'VIP', color: 'amber' })
    .returning();
  const contact = async (values: { name?: string | null; phone?: string | null; unsubscribed?: boolean }) => {
    const [row] = await app.services.db
      .insert(schema.contacts)
      .values({
        teamId: team.id,
        name: values.name === undefined ? 'Someone' : values.name,
        phoneE164: values.phone === undefined ? nextPhone() : values.phone,
        unsubscribedAt: values.unsubscribed ? new Date() : null,
      })
      .returning();
    return row;
  };
  const store = (body: Record<string, unknown>, as = client) =>
    as.send('post', '/broadcasts', body, { Referer: '/broadcasts/create' });
  const errors = async () =>
    (await client.visit('/broadcasts/create')).body.props.errors as Record<string, string> | undefined;
  const broadcasts = () =>
    app.services.db.select().from(schema.broadcasts).where(eq(schema.broadcasts.teamId, team.id));
  return { owner, team, channel, client, vip, contact, store, errors, broadcasts };
}

const promo = (channelId: number, extra: Record<string, unknown> = {}) => ({
  name: 'Promo Desember',
  channel_id: channelId,
  template: 'order_update',
  language: 'id',
  parameters: { body_1: '{{contact.first_name | Kak}}', body_2: 'DES-12' },
  audience: 'all',
  ...extra,
});

/** The create form's multipart POST of an order_update broadcast to a file's contacts, as useForm sends it. */
const postWithFile = (
  client: Awaited<ReturnType<typeof signedIn>>,
  values: { name: string; channel_id: string; body_2: string },
  csv: string,
  filename: string,
) =>
  client.agent
    .post('/broadcasts')
    .set({
      'X-XSRF-TOKEN': client.token,
      'X-Inertia': 'true',
      'X-Requested-With': 'XMLHttpRequest',
      Referer: '/broadcasts/create',
    })
    .field('name', values.name)
    .field('channel_id', values.channel_id)
    .field('template', 'order_update')
    .field('language', 'id')
    .field('parameters[body_1]', '{{contact.first_name | Kak}}')
    .field('parameters[body_2]', values.body_2)
    .field('audience', 'file')
    .attach('list', Buffer.from(csv), { filename, contentType: 'text/csv' });

const sentTo = (phone: string) => whatsapp.sent().filter((body) => body.to === phone.replace(/\D/g, ''));

describe('making a broadcast', () => {
  it('offers the WhatsApp channels with their approved templates and who can receive', async () => {
    const { client, channel, contact, vip } = await setting();
    await contact({ name: 'Rina' });
    await contact({ name: 'Tanpa HP', phone: null });
    await contact({ name: 'Sudah berhenti', unsubscribed: true });
    const page = expectPage(await client.visit('/broadcasts/create'), 'Broadcasts/Create');
    expect(page.props.channels).toMatchObject([
      { id: channel.id, paused: false, templates: [{ name: 'follow_up' }, { name: 'order_update' }] },
    ]);
    expect(page.props.audiences).toEqual({
      all: 1,
      unsubscribed: 1,
      labels: [{ id: vip.id, name: 'VIP', color: 'amber', contacts: 0 }],
      segments: [],
    });
    expect(page.props.variables).toContainEqual({ name: 'contact.first_name', description: expect.any(String) });
  });

  it('refuses, storing nothing, a broadcast that could not go as written', async () => {
    const { store, errors, channel, contact, broadcasts, team } = await setting();
    await contact({ name: 'Rina' });
    const web = await createChannel(app.services, team.id, { type: 'web', settings: { allowedDomains: ['a.test'] } });

    await store({});
    expect(await errors()).toMatchObject({
      name: 'The name field is required.',
      channel_id: 'Choose a WhatsApp channel.',
      template: 'Choose an approved template.',
      audience: 'Choose who receives it.',
    });
    await store(promo(web.id));
    expect((await errors())?.channel_id).toBe('Choose one of your WhatsApp channels.');
    // An id past PostgreSQL's integer names no row: a message, not a failed query.
    await store(promo(99_999_999_999));
    expect((await errors())?.channel_id).toBe('Choose a WhatsApp channel.');
    await store(promo(channel.id, { audience: 'label', label_id: '99999999999' }));
    expect((await errors())?.label_id).toBe('Choose a label.');
    await store(promo(channel.id, { template: 'nope' }));
    expect((await errors())?.template).toBe('Choose an approved template.');
    await store(promo(channel.id, { parameters: { body_1: 'Kak' } }));
    expect((await errors())?.['parameters.body_2']).toMatch(/^Fill in/);
    await store(promo(channel.id, { parameters: { body_1: '{{contact.nickname}}', body_2: 'X' } }));
    expect((await errors())?.['parameters.body_1']).toMatch(/^\{\{contact\.nickname\}\} is not a variable\. Use /);
    await store(promo(channel.id, { audience: 'label' }));
    expect((await errors())?.label_id).toBe('Choose one of your labels.');
    await store(promo(channel.id, { send_at: '2020-01-01T09:00:00+07:00' }));
    expect((await errors())?.send_at).toBe('Choose a time in the future.');
    await store(promo(channel.id, { send_at: 'tomorrow' }));
    expect((await errors())?.send_at).toBe('The sending time is not a valid date and time.');
    await store(promo(channel.id, { send_at: new Date(Date.now() + 91 * 86_400_000).toISOString() }));
    expect((await errors())?.send_at).toBe('A broadcast can be scheduled at most 90 days ahead.');
    expect(await broadcasts()).toEqual([]);
  });

  it('refuses an audience nobody is in', async () => {
    const { store, errors, channel, vip, contact } = await setting();
    await store(promo(channel.id));
    expect((await errors())?.audience).toBe('No contact has a phone number yet: add or import contacts first.');
    await contact({ name: 'Rina' });
    await store(promo(channel.id, { audience: 'label', label_id: vip.id }));
    expect((await errors())?.audience).toBe('No contact with a phone number has a conversation with this label.');
  });

  it('is for owners, admins and editors; agents and viewers read the list', async () => {
    const { team, channel, contact } = await setting();
    await contact({ name: 'Rina' });
    for (const role of ['agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role, { current: true });
      const as = await signedIn(app.app, member);
      expect((await as.visit('/broadcasts/create')).status).toBe(403);
      expect((await as.send('post', '/broadcasts', promo(channel.id))).status).toBe(403);
      const list = expectPage(await as.visit('/broadcasts'), 'Broadcasts/Index');
      expect(list.props.can).toEqual({ send: false });
    }
    const editor = await signedIn(app.app, await createMember(app.services, team, 'editor', { current: true }));
    expect((await editor.send('post', '/broadcasts', promo(channel.id))).status).toBe(303);
  });
});

describe('sending a broadcast', () => {
  it('sends each contact with a phone their own copy, once, and counts where each stands', async () => {
    const { client, store, channel, contact, broadcasts, team, owner } = await setting();
    const rina = await contact({ name: 'Rina Wulandari' });
    const nameless = await contact({ name: null });
    const gone = await contact({ name: 'Berhenti', unsubscribed: true });
    await contact({ name: 'Tanpa HP', phone: null });

    const res = await store(promo(channel.id));
    expect(res.status).toBe(303);
    const [broadcast] = await broadcasts();
    expect(res.headers.location).toBe(`/broadcasts/${broadcast.id}`);
    expect(broadcast).toMatchObject({ status: 'scheduled', createdBy: owner.id });
    await app.services.jobs.drain();

    const body = (text: string) => ({
      type: 'body',
      parameters: [
        { type: 'text', text },
        { type: 'text', text: 'DES-12' },
      ],
    });
    expect(sentTo(rina.phoneE164!)).toEqual([
      expect.objectContaining({
        type: 'template',
        template: { name: 'order_update', language: { code: 'id' }, components: [body('Rina')] },
      }),
    ]);
    expect(sentTo(nameless.phoneE164!)).toEqual([
      expect.objectContaining({ template: expect.objectContaining({ components: [body('Kak')] }) }),
    ]);
    expect(sentTo(gone.phoneE164!)).toEqual([]);

    // Each copy is a message of a new conversation the bot keeps, not a person's reply.
    const repo = conversationRepository(app.services.db, team.id);
    const { items } = await repo.page({}, { page: 1, perPage: 10 });
    expect(items.map((item) => [item.contactId, item.state]).sort()).toEqual(
      [
        [rina.id, 'bot'],
        [nameless.id, 'bot'],
      ].sort(),
    );
    const copy = (await repo.messages(items.find((item) => item.contactId === rina.id)!.id, { limit: 5 })).find(
      (message) => message.kind === 'template',
    );
    expect(copy).toMatchObject({
      text: 'Halo Rina, pesanan DES-12 sudah dikirim.',
      broadcastId: broadcast.id,
      sender: 'agent',
      senderUserId: owner.id,
      status: 'sent',
    });

    // Run again (a killed process, a second worker): nobody gets a second copy.
    await app.services.db
      .update(schema.broadcasts)
      .set({ status: 'sending' })
      .where(eq(schema.broadcasts.id, broadcast.id));
    await Promise.all([
      sendBroadcast(app.services, { teamId: team.id, broadcastId: broadcast.id }),
      sendBroadcast(app.services, { teamId: team.id, broadcastId: broadcast.id }),
    ]);
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);

    // WhatsApp says it was delivered and read; Rina writes back.
    const wamid = copy!.externalId!;
    const waId = rina.phoneE164!.slice(1);
    for (const status of ['delivered', 'read'] as const) {
      const body = whatsappStatusWebhook({ phoneNumberId: whatsapp.phoneNumberId, id: wamid, status, recipient: waId });
      expect((await postWhatsAppWebhook(app.app, channel.publicKey, body, 'x')).status).toBe(200);
    }
    const reply = whatsappMessageWebhook({ phoneNumberId: whatsapp.phoneNumberId, from: waId, text: 'Mau kak' });
    expect((await postWhatsAppWebhook(app.app, channel.publicKey, reply, 'x')).status).toBe(200);
    await app.services.jobs.drain();
    const page = expectPage(await client.visit(`/broadcasts/${broadcast.id}`), 'Broadcasts/Show');
    expect(page.props.broadcast).toMatchObject({
      name: 'Promo Desember',
      status: 'sent',
      channel: { id: channel.id },
      template: { name: 'order_update', language: 'id' },
      audience: { kind: 'all', label: null },
      created_by: owner.name,
      recipient_count: 2,
      counts: { total: 2, sent: 1, delivered: 0, read: 1, replied: 1, failed: 0, skipped: 0, pending: 0, queued: 0 },
    });
    expect(page.props.can).toEqual({ cancel: false });
    const replied = expectPage(await client.visit(`/broadcasts/${broadcast.id}?status=replied`), 'Broadcasts/Show');
    expect(replied.props.recipients).toMatchObject({
      data: [{ contact_id: rina.id, name: 'Rina Wulandari', state: 'read', replied: true }],
      meta: { total: 1 },
    });
    // Every recipient as CSV: where their copy stands and whether they wrote back.
    const csv = await client.load(`/broadcasts/${broadcast.id}/export`);
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain(`kawan-broadcast-${broadcast.id}-recipients.csv`);
    const lines = csv.text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('name,phone,status,replied,sent_at,reason,conversation');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 4))).toEqual([
      ['Rina Wulandari', `'${rina.phoneE164}`, 'read', 'yes'],
      ['', `'${nameless.phoneE164}`, 'sent', 'no'],
    ]);
    const list = expectPage(await client.visit('/broadcasts'), 'Broadcasts/Index');
    expect(list.props).toMatchObject({
      has_whatsapp: true,
      can: { send: true },
      broadcasts: { data: [{ id: broadcast.id, counts: { total: 2, read: 1 } }], meta: { total: 1 } },
    });
  });

  it('leaves out, with the reason, a contact a value cannot be filled for or whose number is another’s', async () => {
    const { client, store, channel, contact, broadcasts, team } = await setting();
    const nameless = await contact({ name: null });
    const rina = await contact({ name: 'Rina' });
    const twin = await contact({ name: 'Rina lagi', phone: rina.phoneE164 });
    await store(promo(channel.id, { parameters: { body_1: '{{contact.first_name}}', body_2: 'X' } }));
    await app.services.jobs.drain();
    const [broadcast] = await broadcasts();
    expect(sentTo(nameless.phoneE164!)).toEqual([]);
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);
    const page = expectPage(await client.visit(`/broadcasts/${broadcast.id}?status=skipped`), 'Broadcasts/Show');
    const skipped = page.props.recipients as { data: { contact_id: number; state: string; error: string }[] };
    expect(skipped.data.map((row) => [row.contact_id, row.state])).toEqual([
      [nameless.id, 'skipped'],
      [twin.id, 'skipped'],
    ]);
    expect(skipped.data[0].error).toMatch(/^Fill in .*variable is empty for this contact/);
    expect(skipped.data[1].error).toBe('Another contact has this WhatsApp number: merge the two contacts.');
    expect(await conversationRepository(app.services.db, team.id).identities(nameless.id)).toHaveLength(1);
  });

  it("fills in each contact's own field, written as the template's language does, and leaves everyone out once the field is deleted", async () => {
    const { client, store, channel, contact, broadcasts, team } = await setting();
    const field = async (label: string, type: string) => {
      expect((await client.send('post', '/contacts/fields', { label, type })).status).toBe(303);
    };
    await field('Poin', 'number');
    await field('Kota', 'text');
    const rina = await contact({ name: 'Rina' });
    const budi = await contact({ name: 'Budi' });
    await app.services.db
      .update(schema.contacts)
      .set({ attributes: { poin: 1500000, kota: 'Bandung' } })
      .where(eq(schema.contacts.id, rina.id));
    const parameters = {
      body_1: '{{contact.first_name}}',
      body_2: '{{contact.poin | 0}} poin di {{contact.kota | outlet kami}}',
    };
    // A field the team does not have is refused with the variables it does have.
    await store(promo(channel.id, { parameters: { ...parameters, body_2: '{{contact.provinsi}}' } }));
    expect((await client.visit('/broadcasts/create')).body.props.errors).toMatchObject({
      'parameters.body_2': expect.stringMatching(
        /^\{\{contact\.provinsi\}\} is not a variable\. Use .*\{\{contact\.poin\}\}, \{\{contact\.kota\}\}\.$/,
      ),
    });
    expect(await broadcasts()).toEqual([]);

    expect((await store(promo(channel.id, { parameters }))).status).toBe(303);
    await app.services.jobs.drain();
    const text = (phone: string) =>
      (sentTo(phone)[0] as { template: { components: { parameters: { text: string }[] }[] } }).template.components[0]
        .parameters[1].text;
    expect(text(rina.phoneE164!)).toBe('1.500.000 poin di Bandung');
    // Budi has neither: the fallbacks stand in.
    expect(text(budi.phoneE164!)).toBe('0 poin di outlet kami');

    // Scheduled, then the field deleted: nobody receives "{{contact.kota}}".
    const later = await contact({ name: 'Sari' });
    await app.services.db
      .update(schema.contacts)
      .set({ attributes: { kota: 'Solo' } })
      .where(eq(schema.contacts.id, later.id));
    const sendAt = new Date(Date.now() + 3_600_000).toISOString();
    expect((await store(promo(channel.id, { parameters, send_at: sendAt, name: 'Nanti' }))).status).toBe(303);
    const [kota] = await app.services.db
      .select()
      .from(schema.contactFields)
      .where(and(eq(schema.contactFields.teamId, team.id), eq(schema.contactFields.key, 'kota')));
    expect((await client.send('delete', `/contacts/fields/${kota.id}`)).status).toBe(303);
    const scheduled = (await broadcasts()).find((row) => row.name === 'Nanti')!;
    await app.services.db
      .update(schema.broadcasts)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(schema.broadcasts.id, scheduled.id));
    await sendBroadcast(app.services, { teamId: team.id, broadcastId: scheduled.id });
    await app.services.jobs.drain();
    expect(sentTo(later.phoneE164!)).toEqual([]);
    const page = expectPage(await client.visit(`/broadcasts/${scheduled.id}?status=skipped`), 'Broadcasts/Show');
    const skipped = page.props.recipients as { data: { contact_id: number; error: string }[] };
    expect(skipped.data.find((row) => row.contact_id === later.id)?.error).toBe(
      '{{contact.kota}} is no longer one of your contact fields.',
    );
  });

  it('sends to the contacts whose list or yes/no field holds a value, counted on the create page', async () => {
    const { client, store, channel, contact, broadcasts, errors } = await setting();
    const field = async (body: Record<string, unknown>) =>
      expect((await client.send('post', '/contacts/fields', body)).status).toBe(303);
    await field({ label: 'Member tier', type: 'list', options: ['Gold', 'Silver'] });
    await field({ label: 'Member', type: 'yes_no' });
    await field({ label: 'Kota', type: 'text' });
    const withValues = async (name: string, attributes: Record<string, unknown>, unsubscribed = false) => {
      const row = await contact({ name, unsubscribed });
      await app.services.db.update(schema.contacts).set({ attributes }).where(eq(schema.contacts.id, row.id));
      return row;
    };
    const rina = await withValues('Rina', { member_tier: 'Gold', member: true });
    const budi = await withValues('Budi', { member_tier: 'Silver', member: true });
    await withValues('Sari', { member_tier: 'Gold' }, true);
    await withValues('Tono', { member: false, kota: 'Gold' });

    const create = expectPage(await client.visit('/broadcasts/create'), 'Broadcasts/Create');
    const counted = (create.props.audiences as { segments: Array<{ key: string }> }).segments;
    // Kota, a text, is typed (and counted as typed): the others are counted ahead.
    expect(counted.map((segment) => segment.key)).toEqual(['member_tier', 'member', 'kota']);
    expect(counted.slice(0, 2)).toEqual([
      {
        key: 'member_tier',
        label: 'Member tier',
        options: [
          { value: 'member_tier:Gold', label: 'Gold', phrase: 'Gold', typed: false, contacts: 1 },
          { value: 'member_tier:Silver', label: 'Silver', phrase: 'Silver', typed: false, contacts: 1 },
        ],
      },
      {
        key: 'member',
        label: 'Member',
        options: [
          { value: 'member:yes', label: 'Yes', phrase: 'Yes', typed: false, contacts: 2 },
          { value: 'member:no', label: 'No', phrase: 'No', typed: false, contacts: 1 },
        ],
      },
    ]);

    // A text field, a value the list does not offer, nothing chosen, and a value nobody holds.
    for (const [segment, message] of [
      ['nope:Gold', 'Choose one of your contact fields and what it holds.'],
      ['member_tier:Bronze', 'Member tier must be one of Gold, Silver.'],
      ['', 'Choose one of your contact fields and what it holds.'],
    ]) {
      await store(promo(channel.id, { audience: 'field', segment }));
      expect((await errors())?.segment).toBe(message);
    }
    await client.send('put', `/contacts/${budi.id}`, { attributes: { member_tier: 'Gold' } });
    await client.send('put', `/contacts/${rina.id}`, { attributes: { member_tier: '' } });
    await store(promo(channel.id, { audience: 'field', segment: 'member_tier:silver' }));
    expect((await errors())?.audience).toBe('No contact with a phone number has Member tier Silver.');
    expect(await broadcasts()).toEqual([]);

    expect((await store(promo(channel.id, { audience: 'field', segment: 'member_tier:gold' }))).status).toBe(303);
    await app.services.jobs.drain();
    expect(sentTo(budi.phoneE164!)).toHaveLength(1);
    expect(sentTo(rina.phoneE164!)).toEqual([]);
    const [broadcast] = await broadcasts();
    expect(broadcast.audience).toEqual({
      kind: 'field',
      key: 'member_tier',
      value: 'Gold',
      label: 'Member tier',
      valueText: 'Gold',
    });
    const shown = expectPage(await client.visit(`/broadcasts/${broadcast.id}`), 'Broadcasts/Show');
    expect((shown.props.broadcast as { audience: unknown }).audience).toMatchObject({
      kind: 'field',
      segment: { field: 'Member tier', value: 'Gold' },
    });
    expect((shown.props.broadcast as { recipient_count: number }).recipient_count).toBe(1);
  });

  it('sends to the contacts whose birthday is in a month, any year, counted per month on the create page', async () => {
    const { client, store, channel, contact, broadcasts, errors } = await setting();
    expect((await client.send('post', '/contacts/fields', { label: 'Tanggal lahir', type: 'date' })).status).toBe(303);
    const born = async (name: string, date: unknown) => {
      const row = await contact({ name });
      await app.services.db
        .update(schema.contacts)
        .set({ attributes: { tanggal_lahir: date } })
        .where(eq(schema.contacts.id, row.id));
      return row;
    };
    const rina = await born('Rina', '1990-12-17');
    const budi = await born('Budi', '1985-12-02');
    const sari = await born('Sari', '1992-11-30');
    // A value of another kind (written before the field was a date) is simply no December birthday.
    const tono = await born('Tono', 12);

    const create = expectPage(await client.visit('/broadcasts/create'), 'Broadcasts/Create');
    const [birthdays] = (create.props.audiences as { segments: Array<{ label: string; options: unknown[] }> }).segments;
    expect(birthdays.label).toBe('Tanggal lahir');
    // Today (its day and month, every year), then the months.
    expect(birthdays.options).toHaveLength(13);
    expect(birthdays.options[0]).toMatchObject({ value: 'tanggal_lahir:today', label: 'today, any year' });
    expect(birthdays.options.slice(11)).toEqual([
      { value: 'tanggal_lahir:month-11', label: 'November', phrase: 'in November', typed: false, contacts: 1 },
      { value: 'tanggal_lahir:month-12', label: 'December', phrase: 'in December', typed: false, contacts: 2 },
    ]);

    await store(promo(channel.id, { audience: 'field', segment: 'tanggal_lahir:1990-12-17' }));
    expect((await errors())?.segment).toBe('Choose a month of Tanggal lahir.');
    await store(promo(channel.id, { audience: 'field', segment: 'tanggal_lahir:month-01' }));
    expect((await errors())?.audience).toBe('No contact with a phone number has Tanggal lahir in January.');

    expect((await store(promo(channel.id, { audience: 'field', segment: 'tanggal_lahir:month-12' }))).status).toBe(303);
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);
    expect(sentTo(budi.phoneE164!)).toHaveLength(1);
    expect(sentTo(sari.phoneE164!)).toEqual([]);
    expect(sentTo(tono.phoneE164!)).toEqual([]);
    const [broadcast] = await broadcasts();
    expect(broadcast.audience).toEqual({
      kind: 'field',
      key: 'tanggal_lahir',
      month: 12,
      label: 'Tanggal lahir',
      valueText: 'in December',
    });
    const shown = expectPage(await client.visit(`/broadcasts/${broadcast.id}`), 'Broadcasts/Show');
    expect((shown.props.broadcast as { audience: unknown }).audience).toMatchObject({
      segment: { field: 'Tanggal lahir', value: 'in December' },
    });

    // The contacts list and its export go by the month too.
    const list = expectPage(await client.visit('/contacts?segment=tanggal_lahir:month-12'), 'Contacts/Index');
    const names = (list.props.contacts as { data: Array<{ name: string }> }).data.map((row) => row.name).sort();
    expect(names).toEqual(['Budi', 'Rina']);
  });

  it('sends to the contacts whose number is at least what was typed, or whose text is a value, counted as typed', async () => {
    const { client, store, channel, contact, broadcasts, errors, team } = await setting();
    for (const field of [
      { label: 'Poin', type: 'number' },
      { label: 'Kota', type: 'text' },
    ])
      expect((await client.send('post', '/contacts/fields', field)).status).toBe(303);
    const withValues = async (name: string, attributes: Record<string, unknown>) => {
      const row = await contact({ name });
      await app.services.db.update(schema.contacts).set({ attributes }).where(eq(schema.contacts.id, row.id));
      return row;
    };
    const rina = await withValues('Rina', { poin: 1500, kota: 'Bandung' });
    const budi = await withValues('Budi', { poin: 1000, kota: 'bandung' });
    const sari = await withValues('Sari', { poin: 999.5, kota: 'Jakarta' });
    // A value of another kind (written before the field was a number) is simply not at least 1,000.
    const tono = await withValues('Tono', { poin: 'seribu', kota: 'Bandung Barat' });

    const count = (segment: string, as = client) =>
      as.agent
        .get('/broadcasts/audience')
        .query({ segment })
        .set({ Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
    expect((await count('poin:>=1.000')).body).toEqual({ contacts: 2, phrase: 'at least 1,000' });
    expect((await count('poin:<=1000')).body).toEqual({ contacts: 2, phrase: 'at most 1,000' });
    expect((await count('kota:BANDUNG')).body).toEqual({ contacts: 2, phrase: 'BANDUNG' });
    const bad = await count('poin:>=seribu');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ segment: ['Give a number for Poin, such as 1000.'] });
    // Whoever may not send broadcasts may not count their audiences.
    const agent = await signedIn(app.app, await createMember(app.services, team, 'agent', { current: true }));
    expect((await count('poin:>=1000', agent)).status).toBe(403);

    const create = expectPage(await client.visit('/broadcasts/create'), 'Broadcasts/Create');
    const segments = (create.props.audiences as { segments: Array<{ key: string; options: unknown[] }> }).segments;
    expect(segments.find((segment) => segment.key === 'poin')?.options).toEqual([
      { value: 'poin:>=', label: 'at least…', phrase: 'at least', typed: true, contacts: null },
      { value: 'poin:<=', label: 'at most…', phrase: 'at most', typed: true, contacts: null },
    ]);

    await store(promo(channel.id, { audience: 'field', segment: 'poin:>=' }));
    expect((await errors())?.segment).toBe('Give a number for Poin, such as 1000.');
    expect((await store(promo(channel.id, { audience: 'field', segment: 'poin:>=1.000' }))).status).toBe(303);
    await app.services.jobs.drain();
    expect([rina, budi, sari, tono].map((row) => sentTo(row.phoneE164!).length)).toEqual([1, 1, 0, 0]);
    const [broadcast] = await broadcasts();
    expect(broadcast.audience).toEqual({
      kind: 'field',
      key: 'poin',
      min: 1000,
      label: 'Poin',
      valueText: 'at least 1,000',
    });
    const shown = expectPage(await client.visit(`/broadcasts/${broadcast.id}`), 'Broadcasts/Show');
    expect((shown.props.broadcast as { audience: unknown }).audience).toMatchObject({
      segment: { field: 'Poin', value: 'at least 1,000' },
    });

    // The contacts list goes by them too.
    const names = async (segment: string) =>
      (
        expectPage(await client.visit(`/contacts?segment=${encodeURIComponent(segment)}`), 'Contacts/Index').props
          .contacts as { data: Array<{ name: string }> }
      ).data
        .map((row) => row.name)
        .sort();
    expect(await names('poin:<=999,5')).toEqual(['Sari']);
    expect(await names('kota:bandung')).toEqual(['Budi', 'Rina']);
  });

  it('sends to the contacts with a conversation carrying the label', async () => {
    const { store, channel, contact, vip, team } = await setting();
    const rina = await contact({ name: 'Rina' });
    const budi = await contact({ name: 'Budi' });
    const [conversation] = await app.services.db
      .insert(schema.conversations)
      .values({
        teamId: team.id,
        number: 1,
        channelId: channel.id,
        contactId: rina.id,
        threadId: rina.phoneE164!.slice(1),
        state: 'resolved',
        resolvedAt: new Date(),
        labelIds: [vip.id],
      })
      .returning();
    await store(promo(channel.id, { audience: 'label', label_id: vip.id }));
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);
    expect(sentTo(budi.phoneE164!)).toEqual([]);
    // Her resolved conversation is not reopened by the broadcast: the copy starts a new one.
    const [after] = await app.services.db
      .select()
      .from(schema.conversations)
      .where(eq(schema.conversations.id, conversation.id));
    expect(after).toMatchObject({ state: 'resolved', reopenCount: 0 });
  });

  it('waits for its time, and a cancelled one never goes', async () => {
    const { client, store, channel, contact, broadcasts, team } = await setting();
    const rina = await contact({ name: 'Rina' });
    const sendAt = new Date(Date.now() + 3_600_000);
    await store(promo(channel.id, { name: 'Later', send_at: sendAt.toISOString() }));
    await store(promo(channel.id, { name: 'Cancelled', send_at: sendAt.toISOString() }));
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toEqual([]);
    const [later, cancelled] = (await broadcasts()).sort((a, b) => a.id - b.id);
    expect(later).toMatchObject({ status: 'scheduled', scheduledAt: sendAt });

    const shown = expectPage(await client.visit(`/broadcasts/${cancelled.id}`), 'Broadcasts/Show');
    expect(shown.props.can).toEqual({ cancel: true });
    const viewer = await signedIn(app.app, await createMember(app.services, team, 'viewer', { current: true }));
    expect((await viewer.send('post', `/broadcasts/${cancelled.id}/cancel`)).status).toBe(403);
    expect((await client.send('post', `/broadcasts/${cancelled.id}/cancel`)).status).toBe(303);
    await client.send('post', `/broadcasts/${cancelled.id}/cancel`, {}, { Referer: `/broadcasts/${cancelled.id}` });
    const again = expectPage(await client.visit(`/broadcasts/${cancelled.id}`), 'Broadcasts/Show');
    expect(again.props.errors).toEqual({ broadcast: 'This broadcast is cancelled already.' });

    // Its time comes: its job waits for it, so the workers' minute sweep queues none...
    await app.services.db
      .update(schema.broadcasts)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(eq(schema.broadcasts.teamId, team.id));
    expect(await queueDueBroadcasts(app.services)).toBe(0);
    // ...unless that job was lost (a process stopped before queueing it): then the sweep does.
    await app.services.database.execute(
      `delete from pgboss.job where name = 'broadcast.send' and (data->>'broadcastId')::int = $1`,
      [later.id],
    );
    expect(await queueDueBroadcasts(app.services)).toBe(1);
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);
    const [sent] = await app.services.db
      .select()
      .from(schema.broadcasts)
      .where(and(eq(schema.broadcasts.teamId, team.id), eq(schema.broadcasts.id, later.id)));
    expect(sent.status).toBe('sent');
    expect((await broadcasts()).find((row) => row.id === cancelled.id)?.status).toBe('cancelled');
  });

  it('leaves out for good a contact who answered STOP, and says so in their thread', async () => {
    const { store, channel, contact, broadcasts, team, client } = await setting();
    const rina = await contact({ name: 'Rina' });
    await store(promo(channel.id));
    await app.services.jobs.drain();
    const waId = rina.phoneE164!.slice(1);
    const stop = whatsappMessageWebhook({ phoneNumberId: whatsapp.phoneNumberId, from: waId, text: 'Berhenti promo!' });
    expect((await postWhatsAppWebhook(app.app, channel.publicKey, stop, 'x')).status).toBe(200);
    await app.services.jobs.drain();

    const [row] = await app.services.db.select().from(schema.contacts).where(eq(schema.contacts.id, rina.id));
    expect(row.unsubscribedAt).toBeInstanceOf(Date);
    const repo = conversationRepository(app.services.db, team.id);
    const [conversation] = (await repo.page({}, { page: 1, perPage: 5 })).items;
    const lines = (await repo.messages(conversation.id, { limit: 10 })).filter((m) => m.sender === 'system');
    expect(lines.map((line) => line.text)).toContain('Rina asked for no more broadcasts.');
    const shown = expectPage(await client.visit(`/contacts/${rina.id}`), 'Contacts/Show');
    expect((shown.props.contact as { unsubscribed_at: string | null }).unsubscribed_at).toBe(
      row.unsubscribedAt!.toISOString(),
    );

    // The next broadcast has nobody to go to; turned back on, it reaches her again.
    await store(promo(channel.id, { name: 'Second' }));
    expect((await client.visit('/broadcasts/create')).body.props.errors).toMatchObject({
      audience: 'No contact has a phone number yet: add or import contacts first.',
    });
    expect(
      (
        await client.send(
          'put',
          `/contacts/${rina.id}`,
          { receives_broadcasts: true },
          { Referer: `/contacts/${rina.id}` },
        )
      ).status,
    ).toBe(303);
    await store(promo(channel.id, { name: 'Third' }));
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toHaveLength(2);
    expect((await broadcasts()).map((row) => row.name).sort()).toEqual(['Promo Desember', 'Third']);
  });

  it('leaves out a copy that fails on every try of its job, and goes on to the others', async () => {
    const { store, channel, contact, broadcasts, team } = await setting();
    const rina = await contact({ name: 'Rina Poison' });
    const budi = await contact({ name: 'Budi' });
    // The database refuses Rina's copy, whatever the job does.
    await app.services.database.execute(`
      create or replace function refuse_poison() returns trigger language plpgsql as $$
      begin
        if new.text like '%Rina%' and new.broadcast_id is not null then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await app.services.database.execute(
      'create trigger refuse_poison before insert on messages for each row execute function refuse_poison()',
    );
    try {
      await store(promo(channel.id));
      const [broadcast] = await broadcasts();
      await app.services.db
        .update(schema.broadcasts)
        .set({ scheduledAt: new Date() })
        .where(eq(schema.broadcasts.id, broadcast.id));
      const input = { teamId: team.id, broadcastId: broadcast.id };
      // An earlier try fails the job (it is tried again)...
      await expect(sendBroadcast(app.services, input)).rejects.toThrow();
      // ...its last try leaves Rina out with the reason and sends Budi his.
      await sendBroadcast(app.services, input, { lastAttempt: true });
      await app.services.jobs.drain();
      expect(sentTo(rina.phoneE164!)).toEqual([]);
      expect(sentTo(budi.phoneE164!)).toHaveLength(1);
      const [row] = await app.services.db
        .select()
        .from(schema.broadcastRecipients)
        .where(eq(schema.broadcastRecipients.contactId, rina.id));
      expect(row).toMatchObject({ status: 'skipped' });
      expect(row.error).toBe('Kawan could not write this copy: refused for the test');
      expect((await broadcasts())[0].status).toBe('sent');
    } finally {
      await app.services.database.execute('drop trigger refuse_poison on messages');
    }
  });

  it('sends to the contacts of a file, adding the new ones; a file nobody in it may receive adds nothing', async () => {
    const { client, channel, contact, broadcasts, team, errors } = await setting();
    const rina = await contact({ name: 'Rina', phone: '+6281577700001' });
    const gone = await contact({ name: 'Berhenti', phone: '+6281577700002', unsubscribed: true });
    const elsewhere = await contact({ name: 'Not in the file' });
    const post = (csv: string, name: string) =>
      postWithFile(client, { name, channel_id: String(channel.id), body_2: 'EXPO' }, csv, 'pameran.csv');

    const csv =
      'nama,no hp\nRina W,0815-7770-0001\nBayu Putra,081577700003\nBerhenti,081577700002\nSiapa,bukan nomor\n';
    expect((await post(csv, 'Pameran')).status).toBe(303);
    expect(await errors()).toEqual({});
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);
    expect(JSON.stringify(sentTo(rina.phoneE164!)[0])).toContain('"text":"Rina"');
    expect(JSON.stringify(sentTo('+6281577700003')[0])).toContain('"text":"Bayu"');
    expect(sentTo(gone.phoneE164!)).toEqual([]);
    expect(sentTo(elsewhere.phoneE164!)).toEqual([]);
    const [broadcast] = await broadcasts();
    const page = expectPage(await client.visit(`/broadcasts/${broadcast.id}`), 'Broadcasts/Show');
    expect(page.props.broadcast).toMatchObject({
      audience: { kind: 'file', file_name: 'pameran.csv', label: null },
      recipient_count: 2,
    });
    // The file's contact ids stay on the server.
    expect(JSON.stringify(page.props)).not.toContain('contactIds');
    const [bayu] = await app.services.db
      .select()
      .from(schema.contacts)
      .where(and(eq(schema.contacts.teamId, team.id), eq(schema.contacts.phoneE164, '+6281577700003')));
    expect(bayu).toMatchObject({ name: 'Bayu Putra' });

    // Nobody in this file may receive it: refused, and the new person in it is not added.
    expect((await post('name,phone,email\nBerhenti,081577700002,\nTono,,tono@example.com\n', 'Kedua')).status).toBe(
      303,
    );
    expect((await errors())?.list).toBe(
      'No contact in the file has a phone number that may receive broadcasts (asked for none, or no phone).',
    );
    const tono = await app.services.db
      .select()
      .from(schema.contacts)
      .where(eq(schema.contacts.email, 'tono@example.com'));
    expect(tono).toEqual([]);
    // A file that is not one: the import's own message, under the list.
    expect((await post('just words', 'Ketiga')).status).toBe(303);
    expect((await errors())?.list).toMatch(/^The first row must name the columns/);
    expect((await broadcasts()).map((row) => row.name)).toEqual(['Pameran']);
  });

  it("fills each copy with its own row's columns of the file (an order number), refusing a column the file lacks", async () => {
    const { client, channel, contact, broadcasts, errors } = await setting();
    const rina = await contact({ name: 'Rina', phone: '+6281577800001' });
    const post = (csv: string, body2: string) =>
      postWithFile(client, { name: 'Pesanan siap', channel_id: String(channel.id), body_2: body2 }, csv, 'pesanan.csv');
    const csv = [
      'Nama;No HP;No. Pesanan;Jam ambil',
      'Rina W;0815-7780-0001;INV-1001;10.00',
      'Bayu Putra;081577800002;INV-1002;',
      'Dewi;081577800003;;11.30',
    ].join('\n');

    // A column the file does not have: refused, with the columns it has; nobody in it is added.
    expect((await post(csv, '{{file.no_order}}')).status).toBe(303);
    expect((await errors())?.['parameters.body_2']).toBe(
      '{{file.no_order}} is not a column of pesanan.csv. Its own columns are {{file.no_pesanan}}, {{file.jam_ambil}}.',
    );
    expect(
      await app.services.db.select().from(schema.contacts).where(eq(schema.contacts.phoneE164, '+6281577800002')),
    ).toEqual([]);
    // Without a file, no value may name one.
    const { store } = await setting();
    expect(
      (await store(promo(channel.id, { parameters: { body_1: 'Kak', body_2: '{{file.no_pesanan}}' } }))).status,
    ).toBe(303);

    expect((await post(csv, '{{file.no_pesanan}}')).status).toBe(303);
    expect(await errors()).toEqual({});
    await app.services.jobs.drain();
    const body = (phone: string) => JSON.stringify(sentTo(phone)[0]?.template ?? null);
    expect(body(rina.phoneE164!)).toContain('"text":"INV-1001"');
    expect(body('+6281577800002')).toContain('"text":"INV-1002"');
    // A row without one (and no fallback after a bar) leaves its contact out, with the reason.
    expect(sentTo('+6281577800003')).toEqual([]);
    const [broadcast] = (await broadcasts()).filter((row) => row.name === 'Pesanan siap');
    const page = expectPage(await client.visit(`/broadcasts/${broadcast.id}?status=skipped`), 'Broadcasts/Show');
    expect((page.props.recipients as { data: Array<{ name: string; error: string }> }).data).toEqual([
      expect.objectContaining({ name: 'Dewi', error: expect.stringMatching(/empty for this contact/) }),
    ]);
    // The file's values stay on the server.
    expect(JSON.stringify(page.props)).not.toContain('INV-1001');
  });

  it('writes a batch only once the one before it has left, with the workers running', async () => {
    const { store, channel, contact, broadcasts } = await setting();
    for (let index = 0; index < 25; index++) await contact({ name: `Pelanggan ${index + 1}` });
    await store(promo(channel.id));
    const [broadcast] = await broadcasts();
    await app.services.jobs.work({ recoverAbandoned: false });
    try {
      await expect.poll(async () => (await broadcasts())[0].status, { timeout: 20_000, interval: 100 }).toBe('sent');
      const sent = async () =>
        (
          await app.services.db
            .select({ status: schema.messages.status })
            .from(schema.messages)
            .where(eq(schema.messages.broadcastId, broadcast.id))
        ).filter((row) => row.status === 'sent').length;
      await expect.poll(sent, { timeout: 20_000, interval: 100 }).toBe(25);
    } finally {
      await app.services.jobs.stop();
    }
    const copies = await app.services.db
      .select({ createdAt: schema.messages.createdAt, sentAt: schema.messages.sentAt })
      .from(schema.messages)
      .where(eq(schema.messages.broadcastId, broadcast.id))
      .orderBy(schema.messages.id);
    // The send queue never held more than a batch: the second batch was written after the first left.
    const firstLeft = Math.max(...copies.slice(0, 20).map((copy) => copy.sentAt!.getTime()));
    const secondWritten = Math.min(...copies.slice(20).map((copy) => copy.createdAt.getTime()));
    expect(secondWritten).toBeGreaterThanOrEqual(firstLeft);
  });
});

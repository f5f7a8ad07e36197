import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { startFakeWhatsApp, type FakeWhatsApp, whatsappChannelOn } from '../../helpers/fake-whatsapp';
import { createChannel } from '../../factories/channels';
import { createOwnedTeam } from '../../factories/teams';
import * as schema from '../../../server/db/schema/index';
import { anniversaryDays } from '../../../server/domain/contacts/fields';
import { runRepeatingBroadcasts } from '../../../server/domain/broadcasts/repeat';
import { queueDueBroadcasts } from '../../../server/domain/broadcasts/send';

/**
 * A broadcast that repeats every day ("Selamat ulang tahun", each morning to the contacts whose
 * birthday is that day): it is never sent itself; each day at its time the workers make that day's
 * broadcast, fixed to that day's contacts and sent as any other, once however often they run; a day
 * with nobody makes none; stopped, it makes no more.
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

const dayMs = 86_400_000;
/** A birth date in 1990 on the day and month of `at` in Jakarta (the team's time zone). */
const bornOn = (at: Date) => `1990-${anniversaryDays('Asia/Jakarta', at)[0]}`;
const sentTo = (phone: string) => whatsapp.sent().filter((body) => body.to === phone.replace(/\D/g, ''));

describe('a broadcast that repeats every day', () => {
  it("goes each day to that day's birthdays, once however often the workers run, until it is stopped", async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true, name: 'Kopi Rina' });
    const channel = await createChannel(app.services, team.id, whatsappChannelOn(whatsapp));
    const client = await signedIn(app.app, owner);
    expect((await client.send('post', `/channels/${channel.id}/templates/sync`)).status).toBe(303);
    expect((await client.send('post', '/contacts/fields', { label: 'Tanggal lahir', type: 'date' })).status).toBe(303);
    const now = new Date();
    const people = await app.services.db
      .insert(schema.contacts)
      .values([
        { teamId: team.id, name: 'Rina', phoneE164: '+6281570001001', attributes: { tanggal_lahir: bornOn(now) } },
        {
          teamId: team.id,
          name: 'Budi',
          phoneE164: '+6281570001002',
          attributes: { tanggal_lahir: bornOn(new Date(now.getTime() + dayMs)) },
        },
        { teamId: team.id, name: 'Sari', phoneE164: '+6281570001003', attributes: {} },
      ])
      .returning();
    const [rina, budi, sari] = people;

    // The create page counts today's birthdays, and offers to repeat only a date's "today".
    const create = expectPage(await client.visit('/broadcasts/create'), 'Broadcasts/Create');
    const [birthdays] = (
      create.props.audiences as { segments: Array<{ options: Array<{ value: string; contacts: number }> }> }
    ).segments;
    expect(birthdays.options[0]).toMatchObject({ value: 'tanggal_lahir:today', contacts: 1 });
    // So do the contacts list and the API.
    const list = expectPage(await client.visit('/contacts?segment=tanggal_lahir:today'), 'Contacts/Index');
    expect((list.props.contacts as { data: Array<{ name: string }> }).data.map((row) => row.name)).toEqual(['Rina']);
    expect(list.props.filters).toMatchObject({ segment: 'tanggal_lahir:today' });
    const greeting = {
      name: 'Ulang tahun',
      channel_id: channel.id,
      template: 'order_update',
      language: 'id',
      parameters: { body_1: '{{contact.first_name | Kak}}', body_2: 'HBD-10' },
      audience: 'field',
      repeat: 'daily',
    };
    const store = (body: Record<string, unknown>) =>
      client.send('post', '/broadcasts', body, { Referer: '/broadcasts/create' });
    await store({ ...greeting, segment: 'tanggal_lahir:month-12' });
    const errors = (await client.visit('/broadcasts/create')).body.props.errors as Record<string, string>;
    expect(errors.repeat).toBe(
      'Only a broadcast to the contacts whose date is today repeats every day: choose a date field’s “today”.',
    );

    // From now: its first day is today.
    const made = await store({ ...greeting, segment: 'tanggal_lahir:today' });
    expect(made.status).toBe(303);
    const [repeating] = await app.services.db
      .select()
      .from(schema.broadcasts)
      .where(eq(schema.broadcasts.teamId, team.id));
    expect(repeating).toMatchObject({ repeat: 'daily', status: 'scheduled', parentId: null });
    const at = repeating.scheduledAt;
    // The sweep that queues due broadcasts leaves a repeating one to its days.
    expect(await queueDueBroadcasts(app.services)).toBe(0);

    // Before its time nothing goes (nor with the workers' jobs); at it, the day's broadcast goes to
    // today's birthday only.
    expect(await runRepeatingBroadcasts(app.services, new Date(at.getTime() - 1000))).toBe(0);
    await app.services.jobs.drain();
    expect(whatsapp.sent().filter((body) => people.some((p) => body.to === p.phoneE164!.slice(1)))).toEqual([]);
    const atTime = new Date(at.getTime() + 30_000);
    const heard = app.broadcasts.length;
    expect(await runRepeatingBroadcasts(app.services, atTime)).toBe(1);
    expect(await runRepeatingBroadcasts(app.services, atTime)).toBe(0);
    // The team's open pages hear it, under the name Echo listens for (its app namespace).
    expect(app.broadcasts.slice(heard)).toContainEqual(
      expect.objectContaining({
        channels: [`private-teams.${team.id}`],
        event: 'App\\Events\\BroadcastChanged',
        data: { broadcast_id: repeating.id, status: 'scheduled' },
      }),
    );
    await app.services.jobs.drain();
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);
    expect(sentTo(budi.phoneE164!)).toEqual([]);
    expect(sentTo(sari.phoneE164!)).toEqual([]);

    const days = () =>
      app.services.db
        .select()
        .from(schema.broadcasts)
        .where(eq(schema.broadcasts.parentId, repeating.id))
        .orderBy(schema.broadcasts.id);
    const [first] = await days();
    expect(first).toMatchObject({ status: 'sent', recipientCount: 1, repeat: null });
    expect(first.name).toMatch(/^Ulang tahun · \d{1,2} \w{3} \d{4}$/);
    expect(first.scheduledAt.toISOString()).toBe(at.toISOString());
    expect(first.audience).toMatchObject({ key: 'tanggal_lahir', days: anniversaryDays('Asia/Jakarta', at) });

    // The repeating broadcast's page: its next day and the days sent.
    const page = expectPage(await client.visit(`/broadcasts/${repeating.id}`), 'Broadcasts/Show');
    expect(page.props.broadcast).toMatchObject({
      repeat: 'daily',
      status: 'scheduled',
      scheduled_at: new Date(at.getTime() + dayMs).toISOString(),
    });
    expect(page.props.days).toEqual([
      expect.objectContaining({ id: first.id, parent_id: repeating.id, counts: expect.objectContaining({ total: 1 }) }),
    ]);
    expect((page.props.can as { cancel: boolean }).cancel).toBe(true);

    // The next day: the next day's birthday, even when the workers come late.
    expect(await runRepeatingBroadcasts(app.services, new Date(at.getTime() + dayMs + 5 * 60_000))).toBe(1);
    await app.services.jobs.drain();
    // (This test cannot wait a day: the day's time is brought to now, and the minute sweep sends it.)
    await app.services.db
      .update(schema.broadcasts)
      .set({ scheduledAt: new Date(Date.now() - 1000) })
      .where(and(eq(schema.broadcasts.parentId, repeating.id), eq(schema.broadcasts.status, 'scheduled')));
    expect(await queueDueBroadcasts(app.services)).toBe(1);
    await app.services.jobs.drain();
    expect(sentTo(budi.phoneE164!)).toHaveLength(1);
    expect(sentTo(rina.phoneE164!)).toHaveLength(1);
    expect((await days()).map((day) => day.audience)).toEqual([
      expect.objectContaining({ days: anniversaryDays('Asia/Jakarta', at) }),
      expect.objectContaining({ days: anniversaryDays('Asia/Jakarta', new Date(at.getTime() + dayMs)) }),
    ]);

    // Stopped, it makes no more days; the days sent stay.
    expect((await client.send('post', `/broadcasts/${repeating.id}/cancel`)).status).toBe(303);
    expect(await runRepeatingBroadcasts(app.services, new Date(at.getTime() + 400 * dayMs))).toBe(0);
    expect(await days()).toHaveLength(2);
  });

  it('skips a day with nobody, and catches up on days missed by making only the latest', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const channel = await createChannel(app.services, team.id, whatsappChannelOn(whatsapp));
    const client = await signedIn(app.app, owner);
    expect((await client.send('post', `/channels/${channel.id}/templates/sync`)).status).toBe(303);
    expect((await client.send('post', '/contacts/fields', { label: 'Member sejak', type: 'date' })).status).toBe(303);
    const start = new Date(Date.now() + 60_000);
    // Someone whose date is three days after the first run.
    await app.services.db.insert(schema.contacts).values({
      teamId: team.id,
      name: 'Dewi',
      phoneE164: '+6281570002001',
      attributes: { member_sejak: bornOn(new Date(start.getTime() + 3 * dayMs)) },
    });
    const made = await client.send(
      'post',
      '/broadcasts',
      {
        name: 'Anniversary',
        channel_id: channel.id,
        template: 'order_update',
        language: 'id',
        parameters: { body_1: 'Kak', body_2: 'X' },
        audience: 'field',
        segment: 'member_sejak:today',
        repeat: 'daily',
        send_at: start.toISOString(),
      },
      { Referer: '/broadcasts/create' },
    );
    expect(made.status).toBe(303);
    const [repeating] = await app.services.db
      .select()
      .from(schema.broadcasts)
      .where(eq(schema.broadcasts.teamId, team.id));
    // The first day has nobody: no broadcast, the next day is set.
    expect(await runRepeatingBroadcasts(app.services, new Date(start.getTime() + 1000))).toBe(0);
    const [moved] = await app.services.db
      .select()
      .from(schema.broadcasts)
      .where(eq(schema.broadcasts.id, repeating.id));
    expect(moved.scheduledAt.getTime()).toBe(start.getTime() + dayMs);
    // The workers were stopped for two days: only the latest day is made, and it has Dewi.
    expect(await runRepeatingBroadcasts(app.services, new Date(start.getTime() + 3 * dayMs + 1000))).toBe(1);
    const [after] = await app.services.db
      .select()
      .from(schema.broadcasts)
      .where(eq(schema.broadcasts.id, repeating.id));
    expect(after.scheduledAt.getTime()).toBe(start.getTime() + 4 * dayMs);
  });
});

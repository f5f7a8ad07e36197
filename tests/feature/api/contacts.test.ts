import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';
import { contactFields, contacts } from '../../../server/db/schema/index';
import type { TokenAbility } from '../../../server/domain/teams/roles';

/**
 * The contacts API: GET /api/contacts, /api/contacts/{id}, /api/contact-fields, and PATCH
 * /api/contacts/{id} for the team's own system to set a customer's fields (points after a purchase).
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function tenant(abilities: TokenAbility[] = ['read'], role: 'owner' | 'viewer' | 'agent' = 'owner') {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const user = role === 'owner' ? owner : await createMember(app.services, team, role, { current: true });
  const { plainText } = await createApiToken(app.services, user, { teamId: team.id, abilities });
  const call = (method: 'get' | 'patch', url: string, body?: unknown) => {
    const request = method === 'get' ? supertest(app.app).get(url) : supertest(app.app).patch(url);
    return request.set({ Authorization: `Bearer ${plainText}`, Accept: 'application/json' }).send(body as object);
  };
  await app.services.db.insert(contactFields).values([
    { teamId: team.id, key: 'kota', label: 'Kota', type: 'text' },
    { teamId: team.id, key: 'member_tier', label: 'Member tier', type: 'list', options: ['Gold', 'Silver'] },
    { teamId: team.id, key: 'poin', label: 'Poin', type: 'number' },
  ]);
  const [rina, budi] = await app.services.db
    .insert(contacts)
    .values([
      {
        teamId: team.id,
        name: 'Rina',
        phoneE164: '+6281234567890',
        externalId: 'cust-1042',
        attributes: { member_tier: 'Gold', poin: 10 },
      },
      { teamId: team.id, name: 'Budi', attributes: { member_tier: 'Silver' }, unsubscribedAt: new Date() },
    ])
    .returning();
  return { call, team, rina, budi };
}

describe('the contacts API', () => {
  it('lists contacts oldest first with their fields, searched and narrowed to a value', async () => {
    const { call, rina, budi } = await tenant();
    const all = await call('get', '/api/contacts');
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      expect.objectContaining({
        id: rina.id,
        name: 'Rina',
        phone: '+6281234567890',
        attributes: { member_tier: 'Gold', poin: 10 },
        receives_broadcasts: true,
      }),
      expect.objectContaining({ id: budi.id, receives_broadcasts: false }),
    ]);
    expect(all.body.meta).toMatchObject({ total: 2, per_page: 50 });
    expect(
      (await call('get', '/api/contacts?segment=member_tier:silver')).body.data.map((c: { id: number }) => c.id),
    ).toEqual([budi.id]);
    expect((await call('get', '/api/contacts?search=rin')).body.data).toHaveLength(1);
    // Found by the team's own id for the person, exactly.
    const byId = await call('get', '/api/contacts?external_id=cust-1042');
    expect(byId.body.data).toEqual([expect.objectContaining({ id: rina.id, external_id: 'cust-1042' })]);
    expect((await call('get', '/api/contacts?external_id=cust-104')).body.data).toEqual([]);
    expect((await call('get', `/api/contacts?external_id=${'x'.repeat(256)}`)).status).toBe(422);
    const bad = await call('get', '/api/contacts?segment=poin:>=banyak');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ segment: ['Give a number for Poin, such as 1000.'] });
    // A number's bound and a text whatever its case.
    const ids = async (query: string) =>
      (await call('get', `/api/contacts?${query}`)).body.data.map((c: { id: number }) => c.id);
    expect(await ids('segment=poin:>=10')).toEqual([rina.id]);
    expect(await ids(`segment=${encodeURIComponent('poin:<=9')}`)).toEqual([]);
    expect((await call('get', '/api/contacts?segment=kota:')).status).toBe(422);
    expect((await call('get', '/api/contacts?per_page=500')).status).toBe(422);
    expect((await call('get', `/api/contacts/${rina.id}`)).body).toMatchObject({ id: rina.id, name: 'Rina' });
    const fields = await call('get', '/api/contact-fields');
    expect(fields.body.data.map((field: { key: string }) => field.key)).toEqual(['kota', 'member_tier', 'poin']);
    expect(fields.body.data[0]).toEqual({ key: 'kota', label: 'Kota', type: 'text', options: [], bot_readable: false });
  });

  it("sets a contact's fields from the team's system, each read in its type, refusing a bad one whole", async () => {
    const { call, rina } = await tenant(['read', 'update']);
    const res = await call('patch', `/api/contacts/${rina.id}`, {
      attributes: { poin: '1.500', kota: 'Bandung', member_tier: null },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: rina.id, attributes: { poin: 1500, kota: 'Bandung' } });
    expect(res.body.attributes).not.toHaveProperty('member_tier');

    const refused = await call('patch', `/api/contacts/${rina.id}`, {
      name: 'Rina W.',
      attributes: { poin: 'banyak', hobi: 'kopi' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      'attributes.poin': ['Poin must be a number, such as 1500000 or 1.500.000.'],
      'attributes.hobi': ['There is no such contact field.'],
    });
    const [row] = await app.services.db.select().from(contacts).where(eq(contacts.id, rina.id));
    expect(row).toMatchObject({ name: 'Rina', attributes: { poin: 1500, kota: 'Bandung' } });
  });

  it('needs the update ability and a role that answers conversations; another team’s contact is a 404', async () => {
    const reader = await tenant(['read']);
    expect((await reader.call('patch', `/api/contacts/${reader.rina.id}`, { name: 'X' })).status).toBe(403);
    const viewer = await tenant(['read', 'update'], 'viewer');
    expect((await viewer.call('get', '/api/contacts')).status).toBe(200);
    expect((await viewer.call('patch', `/api/contacts/${viewer.rina.id}`, { name: 'X' })).status).toBe(403);
    const agent = await tenant(['read', 'update'], 'agent');
    expect((await agent.call('patch', `/api/contacts/${agent.rina.id}`, { attributes: { kota: 'Solo' } })).status).toBe(
      200,
    );
    expect((await agent.call('get', `/api/contacts/${reader.rina.id}`)).status).toBe(404);
    expect((await agent.call('patch', `/api/contacts/${reader.rina.id}`, { name: 'X' })).status).toBe(404);
  });
});

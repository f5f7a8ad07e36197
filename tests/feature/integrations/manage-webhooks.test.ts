import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { expectRedirect } from '../../helpers/teams';
import { createMember, createOwnedTeam } from '../../factories/teams';
import { webhookEndpoints } from '../../../server/db/schema/index';
import { readSecret, writeSecret } from '../../../server/domain/webhooks/secrets';
import { webhookEventTypes } from '../../../server/domain/webhooks/event-types';
import { webhookLimits } from '../../../server/domain/webhooks/event-types';
import type { WebhookShowProps, WebhooksIndexProps } from '../../../server/presenters/webhook-presenter';

/**
 * Integrations/Webhooks: owners and admins add an endpoint (a public http(s) URL and the events it
 * hears), copy its signing secret once, change it, turn it off and on, and delete it. Bad input is a
 * 422 per field and saves nothing; a private address is refused; the secret never reaches a page
 * again; editors, agents and viewers get a 403; another team's endpoint is a 404.
 */
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(async () => {
  await app.close();
});

const index = '/integrations/webhooks';
const allTypes = webhookEventTypes.map(({ type }) => type);

async function newTeam() {
  const { owner, team } = await createOwnedTeam(app.services, { current: true });
  const client = await signedIn(app.app, owner);
  const rows = () => app.services.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.teamId, team.id));
  return { owner, team, client, rows };
}

describe('webhook endpoints', () => {
  it('are added with the secret shown once, changed, turned off and on, and deleted', async () => {
    const { owner, client, rows } = await newTeam();
    const empty = expectPage(await client.visit(index), 'Integrations/Webhooks/Index')
      .props as unknown as WebhooksIndexProps;
    expect(empty.endpoints).toEqual([]);
    expect(empty.event_types.map(({ type }) => type)).toEqual(allTypes);
    expect(empty.limits).toEqual({ endpoints: webhookLimits.endpoints });

    const created = await client.send('post', index, {
      url: '  https://93.184.215.14/hooks/kawan ',
      description: 'CRM',
      // Any order, repeats: stored once each, in the page's order.
      events: ['conversation.resolved', 'message.created', 'conversation.resolved'],
    });
    const [row] = await rows();
    expectRedirect(created, `${index}/${row.id}`);
    expect(row).toMatchObject({
      url: 'https://93.184.215.14/hooks/kawan',
      description: 'CRM',
      events: ['message.created', 'conversation.resolved'],
      enabled: true,
      createdBy: owner.id,
    });
    const secret = readSecret(app.services.encrypter, row.secret).current;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{32}$/);
    expect(row.secret).not.toContain(secret);

    const first = expectPage(await client.visit(`${index}/${row.id}`), 'Integrations/Webhooks/Show');
    const shown = first.props as unknown as WebhookShowProps;
    expect(shown.revealed_secret).toEqual({ label: 'Signing secret', value: secret });
    expect(shown.endpoint).toMatchObject({
      id: row.id,
      url: 'https://93.184.215.14/hooks/kawan',
      enabled: true,
      last_delivery: null,
      recent: { delivered: 0, failed: 0, pending: 0 },
      previous_secret_until: null,
    });
    expect(shown.deliveries.data).toEqual([]);
    expect(shown.signing).toEqual({
      signature_header: 'X-Kawan-Signature',
      event_header: 'X-Kawan-Event-Id',
      tolerance_seconds: 300,
    });
    // Shown once: the next visit, and the list, never carry it.
    const again = await client.visit(`${index}/${row.id}`);
    expect(
      (expectPage(again, 'Integrations/Webhooks/Show').props as unknown as WebhookShowProps).revealed_secret,
    ).toBeNull();
    expect(again.text).not.toContain(secret);
    const list = await client.visit(index);
    expect(list.text).not.toContain(secret);
    expect(
      (expectPage(list, 'Integrations/Webhooks/Index').props as unknown as WebhooksIndexProps).endpoints,
    ).toHaveLength(1);

    // Turned off by Kawan, then on again by a person: the reason is forgotten.
    await app.services.db
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'Kawan turned it off: …', failingSince: new Date() })
      .where(eq(webhookEndpoints.id, row.id));
    expectRedirect(
      await client.send('put', `${index}/${row.id}`, {
        url: 'https://93.184.215.14/hooks/v2',
        description: '',
        events: allTypes,
        enabled: true,
      }),
      `${index}/${row.id}`,
    );
    expect((await rows())[0]).toMatchObject({
      url: 'https://93.184.215.14/hooks/v2',
      description: '',
      events: allTypes,
      enabled: true,
      disabledReason: null,
      failingSince: null,
    });
    expectRedirect(
      await client.send('put', `${index}/${row.id}`, {
        url: 'https://93.184.215.14/hooks/v2',
        events: allTypes,
        enabled: false,
      }),
      `${index}/${row.id}`,
    );
    expect((await rows())[0].enabled).toBe(false);
    // The secret is the same after edits.
    expect(readSecret(app.services.encrypter, (await rows())[0].secret).current).toBe(secret);

    expectRedirect(await client.send('delete', `${index}/${row.id}`), index);
    expect(await rows()).toEqual([]);
    expect((await client.visit(`${index}/${row.id}`)).status).toBe(404);
  });

  it('refuses bad input with a message per field and saves nothing', async () => {
    const { client, rows } = await newTeam();
    const refused = async (body: Record<string, unknown>) => {
      const res = await client.send('post', index, body, { Referer: `${app.services.config.app.url}${index}` });
      expect(res.status).toBe(303);
      const errors = expectPage(await client.visit(index), 'Integrations/Webhooks/Index').props.errors as Record<
        string,
        string
      >;
      return errors;
    };
    expect(await refused({})).toMatchObject({
      url: 'The url field is required.',
      events: 'Choose the events this endpoint hears.',
    });
    expect(await refused({ url: 'ftp://example.com/x', events: ['message.created'] })).toEqual({
      url: 'The url field must be a valid http or https URL.',
    });
    expect(await refused({ url: 'https://example.com/x', events: [] })).toEqual({
      events: 'Choose at least one event.',
    });
    expect(await refused({ url: 'https://example.com/x', events: ['message.deleted'] })).toEqual({
      events: 'Each event must be one of the listed events.',
    });
    expect(await refused({ url: 'https://example.com/x', events: 'message.created' })).toEqual({
      events: 'Choose the events this endpoint hears.',
    });
    expect(await refused({ url: 'https://example.com/x', events: ['message.created'], enabled: 'yes' })).toEqual({
      enabled: 'The enabled field must be true or false.',
    });
    expect(
      await refused({ url: 'https://example.com/x', events: ['message.created'], description: 'x'.repeat(201) }),
    ).toEqual({ description: 'The description field must not be greater than 200 characters.' });
    // Inside the network, by name or by address (the server would call it).
    for (const url of [
      'http://127.0.0.1:8080/hook',
      'http://169.254.169.254/latest',
      'http://localhost/hook',
      'http://[::1]/x',
    ]) {
      expect((await refused({ url, events: ['message.created'] })).url).toMatch(/private or local network address/);
    }
    expect(await rows()).toEqual([]);
  });

  it('stops at the limit of endpoints per team', async () => {
    const { team, client, rows } = await newTeam();
    await app.services.db.insert(webhookEndpoints).values(
      Array.from({ length: webhookLimits.endpoints }, (_, n) => ({
        teamId: team.id,
        url: `https://93.184.215.14/hook/${n}`,
        events: ['message.created'],
        secret: writeSecret(app.services.encrypter, { current: `whsec_${n}` }),
      })),
    );
    const res = await client.send(
      'post',
      index,
      { url: 'https://93.184.215.14/one-more', events: ['message.created'] },
      { Referer: `${app.services.config.app.url}${index}` },
    );
    expect(res.status).toBe(303);
    const errors = expectPage(await client.visit(index), 'Integrations/Webhooks/Index').props.errors as Record<
      string,
      string
    >;
    expect(errors.url).toBe(
      `A team can have up to ${webhookLimits.endpoints} webhook endpoints. Delete one it no longer uses.`,
    );
    expect(await rows()).toHaveLength(webhookLimits.endpoints);
  });

  it("are the owner's and admins': other roles get a 403, another team's endpoint is a 404", async () => {
    const { team, client } = await newTeam();
    const created = await client.send('post', index, {
      url: 'https://93.184.215.14/hook',
      events: ['message.created'],
    });
    const id = Number((created.headers.location as string).split('/').at(-1));
    const body = { url: 'https://93.184.215.14/hook', events: ['message.created'], enabled: true };

    const admin = await createMember(app.services, team, 'admin', { current: true });
    const asAdmin = await signedIn(app.app, admin);
    expect((await asAdmin.visit(index)).status).toBe(200);
    expect((await asAdmin.send('put', `${index}/${id}`, body)).status).toBe(303);

    for (const role of ['editor', 'agent', 'viewer'] as const) {
      const member = await createMember(app.services, team, role, { current: true });
      const asMember = await signedIn(app.app, member);
      expect((await asMember.visit(index)).status, role).toBe(403);
      expect((await asMember.visit(`${index}/${id}`)).status, role).toBe(403);
      expect((await asMember.send('post', index, body)).status, role).toBe(403);
      expect((await asMember.send('put', `${index}/${id}`, body)).status, role).toBe(403);
      expect((await asMember.send('post', `${index}/${id}/test`)).status, role).toBe(403);
      expect((await asMember.send('delete', `${index}/${id}`)).status, role).toBe(403);
    }

    // The owner of another team, and an admin of theirs, cannot see or touch it.
    const other = await newTeam();
    const otherAdmin = await createMember(app.services, other.team, 'admin', { current: true });
    for (const outsider of [other.client, await signedIn(app.app, otherAdmin)]) {
      expect((await outsider.visit(`${index}/${id}`)).status).toBe(404);
      expect((await outsider.send('put', `${index}/${id}`, body)).status).toBe(404);
      expect((await outsider.send('post', `${index}/${id}/secret`)).status).toBe(404);
      expect((await outsider.send('post', `${index}/${id}/test`)).status).toBe(404);
      expect((await outsider.send('delete', `${index}/${id}`)).status).toBe(404);
    }
    expect((await app.services.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)))[0].enabled).toBe(
      true,
    );
  });
});

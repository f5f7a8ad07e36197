import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedIn, type TestApp } from '../../helpers/app';
import { createTenant, type Tenant } from '../../helpers/route-walk';

/**
 * An id past PostgreSQL's `integer` (2,147,483,647) names no row. A form field that takes a row's
 * id refuses it with the field's message; it must never reach a query, where PostgreSQL would
 * fail the statement ("value out of range for type integer") and the request would be a 500.
 */
let app: TestApp;
let tenant: Tenant;
let client: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  app = await createTestApp();
  tenant = await createTenant(app.services, 'Toko Rina');
  client = await signedIn(app.app, tenant.owner);
});
afterAll(() => app.close());

const huge = 99_999_999_999;

describe('a form given an id past the integer range', () => {
  const conversation = () => `/conversations/${tenant.conversation.id}`;
  const cases: [string, 'post' | 'put', () => string, () => Record<string, unknown>, string][] = [
    ['a bot’s knowledge', 'post', () => '/bots', () => ({ name: 'Bot', knowledge_ids: [huge] }), 'knowledge_ids.0'],
    [
      'a note’s mention',
      'post',
      () => `${conversation()}/notes`,
      () => ({ text: 'Cek', mentions: [huge] }),
      'mentions.0',
    ],
    ['an assignee', 'post', () => `${conversation()}/assign`, () => ({ user_id: huge }), 'user_id'],
    ['conversations at once', 'post', () => '/conversations/bulk', () => ({ ids: [huge], action: 'resolve' }), 'ids.0'],
    [
      'the person of a bulk assignment',
      'post',
      () => '/conversations/bulk',
      () => ({ ids: [tenant.conversation.id], action: 'assign', user_id: huge }),
      'user_id',
    ],
    [
      'the label of a bulk labelling',
      'post',
      () => '/conversations/bulk',
      () => ({ ids: [tenant.conversation.id], action: 'label', label_id: huge }),
      'label_id',
    ],
    ['a conversation’s labels', 'put', () => `${conversation()}/labels`, () => ({ label_ids: [huge] }), 'label_ids.0'],
    [
      'a channel’s bot',
      'post',
      () => '/channels',
      () => ({ type: 'web', name: 'Site', bot_id: huge, allowed_domains: 'shop.test' }),
      'bot_id',
    ],
    [
      'the contact to merge',
      'post',
      () => `/contacts/${tenant.contact.id}/merge`,
      () => ({ contact_id: huge }),
      'contact_id',
    ],
    [
      'a WhatsApp number to write on',
      'post',
      () => `/contacts/${tenant.contact.id}/conversations`,
      () => ({ channel_id: huge, template: 'x', language: 'id' }),
      'channel_id',
    ],
    [
      'a broadcast’s number',
      'post',
      () => '/broadcasts',
      () => ({ name: 'Promo', channel_id: huge, template: 'x', language: 'id', audience: 'all' }),
      'channel_id',
    ],
  ];

  it.each(cases)('refuses it as %s, without a failed query', async (_what, method, url, body, field) => {
    const res = await client.send(method, url(), body(), { Referer: '/dashboard' });
    expect(res.status, res.text.slice(0, 300)).toBe(303);
    const page = await client.visit('/dashboard');
    const errors = page.body.props.errors as Record<string, unknown>;
    const flat = Object.assign({}, ...Object.values(errors).map((bag) => (typeof bag === 'object' ? bag : {})), errors);
    expect(flat[field], JSON.stringify(errors)).toEqual(expect.any(String));
  });
});

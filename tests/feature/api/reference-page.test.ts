import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { createUser } from '../../factories/users';
import { createApiToken } from '../../factories/api-tokens';
import type { ApiReferencePageProps } from '../../../server/presenters/api-reference-presenter';
import type { OpenApiDocument } from '../../../server/http/openapi/document';
import { webhookEventTypes } from '../../../server/domain/webhooks/event-types';
import { webhookSchemaOf } from '../../../server/http/openapi/webhooks';

/** API/Reference: the OpenAPI document for people, at /docs/api, linked from the API tokens page. */
let app: TestApp;
let document: OpenApiDocument;
let appUrl: string;
beforeAll(async () => {
  app = await createTestApp();
  appUrl = app.services.config.app.url;
  document = (await supertest(app.app).get('/api/openapi.json')).body as OpenApiDocument;
});
afterAll(() => app.close());

async function referencePage() {
  const user = await createUser(app.services);
  const client = await signedIn(app.app, user);
  const page = expectPage(await client.visit('/docs/api'), 'API/Reference');
  return { user, props: page.props as unknown as ApiReferencePageProps };
}

describe('the API reference page', () => {
  it('lists every operation of the document, grouped by tag, in its order', async () => {
    const { props } = await referencePage();
    expect(props.title).toBe('Kawan API');
    expect(props.baseUrl).toBe(appUrl);
    expect(props.openapiUrl).toBe(`${appUrl}/api/openapi.json`);
    expect(props.tokensUrl).toBe('/user/api-tokens');
    expect(props.tags.map((tag) => tag.name)).toEqual(document.tags.map((tag) => tag.name));
    const listed = props.tags.flatMap((tag) =>
      tag.operations.map((operation) => `${operation.method} ${operation.path}`),
    );
    const documented = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(listed.sort()).toEqual(documented.sort());
  });

  it("documents each webhook event a team's endpoints may hear: when, how it is signed, its body and an example", async () => {
    const { props } = await referencePage();
    expect(Object.keys(document.webhooks)).toEqual([...webhookEventTypes.map(({ type }) => type), 'ping']);
    expect(props.webhooks.map((webhook) => webhook.type)).toEqual(Object.keys(document.webhooks));
    const resolved = props.webhooks.find((webhook) => webhook.type === 'conversation.resolved')!;
    expect(resolved.summary).toBe('conversation.resolved: Resolved');
    expect(resolved.description).toContain('X-Kawan-Signature');
    expect(resolved.received).toMatch(/^Any 2xx acknowledges the event\./);
    const fields = resolved.fields.map((field) => field.name);
    expect(fields).toEqual(
      expect.arrayContaining(['id', 'type', 'createdAt', 'data.conversation.url', 'data.contact.external_id']),
    );
    expect(resolved.fields.find((field) => field.name === 'type')?.rules.join(' ')).toContain('conversation.resolved');
    const message = props.webhooks.find((webhook) => webhook.type === 'message.created')!;
    expect(message.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['data.message.text', 'data.message.sender']),
    );
    // Each example is a body its schema accepts.
    for (const [type, { post }] of Object.entries(document.webhooks)) {
      const example = post.requestBody!.content['application/json'].example as { type: string };
      expect(example.type, type).toBe(type);
      expect(webhookSchemaOf(type).safeParse(example).success, type).toBe(true);
    }
  });

  it('shows for each operation its abilities, body, answer, errors and a curl line against APP_URL', async () => {
    const { props } = await referencePage();
    const operations = Object.fromEntries(props.tags.flatMap((tag) => tag.operations).map((op) => [op.id, op]));

    expect(operations['api.user']).toMatchObject({
      method: 'GET',
      path: '/api/user',
      abilities: { mode: 'all', names: ['read'] },
      body: null,
      response: { status: '200', example: expect.stringContaining('"email"') },
    });
    expect(operations['api.user'].response.fields.map((field) => field.name)).toEqual([
      'id',
      'name',
      'email',
      'email_verified_at',
      'created_at',
      'updated_at',
    ]);
    expect(operations['api.user'].response.fields.find((field) => field.name === 'email_verified_at')).toMatchObject({
      type: 'string | null',
      rules: ['date-time'],
    });
    expect(operations['api.user'].errors.map((error) => error.status)).toEqual(['401', '403', '429']);
    expect(operations['api.user'].curl).toBe(
      `curl '${appUrl}/api/user' \\\n` +
        '  -H "Authorization: Bearer $KAWAN_TOKEN" \\\n' +
        "  -H 'Accept: application/json'",
    );

    const rename = operations['api.team.update'];
    expect(rename).toMatchObject({ method: 'PUT', path: '/api/team', abilities: { mode: 'all', names: ['update'] } });
    expect(rename.body!.fields).toEqual([
      { name: 'name', type: 'string', required: true, description: null, rules: ['1–255 characters'] },
    ]);
    expect(JSON.parse(rename.body!.example!)).toEqual({ name: 'Warung Kopi Nusantara' });
    expect(rename.errors.map((error) => error.status)).toEqual(['401', '403', '422', '429']);
    expect(rename.curl).toContain(`curl -X PUT '${appUrl}/api/team'`);
    expect(rename.curl).toContain(`-d '{"name":"Warung Kopi Nusantara"}'`);

    expect(operations['api.openapi']).toMatchObject({ abilities: null, errors: [] });
    expect(operations['api.openapi'].curl).not.toContain('Authorization');
  });

  it('explains the shared errors: 401, 403, 404, 422 with errors per field, 429 with Retry-After', async () => {
    const { props } = await referencePage();
    expect(props.errorShapes.map((error) => [error.status, error.name])).toEqual([
      ['401', 'Unauthenticated'],
      ['403', 'MissingAbilities'],
      ['404', 'NotFound'],
      ['422', 'ValidationFailed'],
      ['429', 'TooManyRequests'],
    ]);
    const tooMany = props.errorShapes.find((error) => error.status === '429')!;
    expect(tooMany.headers).toContain('Retry-After');
    expect(JSON.parse(props.errorShapes.find((error) => error.status === '422')!.example!)).toEqual({
      message: expect.any(String),
      errors: { name: [expect.any(String)] },
    });
  });

  it('holds no secret: nothing of the user, no token', async () => {
    const user = await createUser(app.services);
    const { plainText } = await createApiToken(app.services, user);
    const client = await signedIn(app.app, user);
    const res = await client.visit('/docs/api');
    const props = JSON.stringify(expectPage(res, 'API/Reference').props.tags);
    expect(props).not.toContain(plainText);
    expect(props).not.toContain(user.email);
  });

  it('is linked by name from the API tokens page and sits beside it for signed-in, verified users', async () => {
    expect(app.services.route('api-docs')).toBe('/docs/api');
    const guest = await (await browser(app.app)).load('/docs/api');
    expect(guest.status).toBe(302);
    expect(guest.headers.location).toBe('/login');
    const unverified = await createUser(app.services, { verified: false });
    const res = await (await signedIn(app.app, unverified)).load('/docs/api');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/email/verify');
  });
});

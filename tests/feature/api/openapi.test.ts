import supertest from 'supertest';
import type { Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createTenant, fixtureFor, type Tenant } from '../../helpers/route-walk';
import { createApiToken } from '../../factories/api-tokens';
import { buildRoutes } from '../../../routes/all';
import type { CompiledRoute, RouteRegistry } from '../../../server/http/router/registry';
import {
  apiRoutes,
  documentOf,
  documentedMethods,
  undocumentedApiRoutes,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
} from '../../../server/http/openapi/document';
import { tokenAbilities, type TokenAbility } from '../../../server/domain/teams/roles';

/**
 * The API reference is generated from the route registry, so it cannot leave a route out: every
 * route under /api must be in `/api/openapi.json` under its method, and what the document says each
 * operation needs, takes and answers is checked against the running app (a body the schema refuses
 * is a 422, the example body is accepted, the answer has the documented shape).
 */
let app: TestApp;
let document: OpenApiDocument;
let routes: RouteRegistry;

beforeAll(async () => {
  app = await createTestApp();
  routes = app.services.routes;
  const res = await supertest(app.app).get('/api/openapi.json');
  expect(res.status, res.text).toBe(200);
  document = res.body as OpenApiDocument;
});
afterAll(() => app.close());

/** Every (route, method) under /api, as the registry has them. */
function apiOperations(registry: RouteRegistry): { route: CompiledRoute; method: string }[] {
  return apiRoutes(registry).flatMap((route) => documentedMethods(route).map((method) => ({ route, method })));
}

function operationOf(route: CompiledRoute, method: string): OpenApiOperation {
  const operation = document.paths[route.uri]?.[method as 'get'];
  if (!operation) throw new Error(`${method.toUpperCase()} ${route.uri} (${route.name}) is not in /api/openapi.json`);
  return operation;
}

/** A schema with its `$ref` followed into components. */
function resolve(schema: JsonSchema): JsonSchema {
  const ref = schema.$ref;
  return typeof ref === 'string' ? document.components.schemas[ref.replace('#/components/schemas/', '')] : schema;
}

/** The URL of the route for a tenant, its parameters naming the tenant's rows. */
function urlFor(route: CompiledRoute, tenant: Tenant): string {
  const params = Object.fromEntries(route.parameters.map(({ name }) => [name, fixtureFor(route, name)(tenant)]));
  const query = new URLSearchParams(
    Object.entries(route.openapi?.query ?? {})
      .filter(([, parameter]) => parameter.required)
      .map(([name, parameter]) => [name, parameter.example]),
  ).toString();
  return app.services.route(route.name, params) + (query ? `?${query}` : '');
}

/** The example names a bot of the docs (`model`); the request names the tenant's published bot. */
function withTenantModel(example: unknown, tenant: Tenant): unknown {
  if (example && typeof example === 'object' && 'model' in example) return { ...example, model: tenant.bot.publicId };
  return example;
}

/** An error's message in Kawan's shape (`{message}`) or OpenAI's (`{error: {message}}`, under /api/v1). */
function errorMessage(body: unknown): string {
  const value = body as { message?: string; error?: { message?: string } };
  return value.message ?? value.error?.message ?? '';
}

function send(method: string, url: string, token: string | undefined, body?: unknown) {
  let request = supertest(app.app)[method as 'get'](url).set('Accept', 'application/json');
  if (token) request = request.set('Authorization', `Bearer ${token}`);
  return body === undefined ? request : request.send(body as object);
}

describe('GET /api/openapi.json', () => {
  it('is public JSON, readable from any origin, and starts no session', async () => {
    const res = await supertest(app.app).get('/api/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(app.services.routes.find('api.openapi')!.uri).toBe('/api/openapi.json');
  });

  it('is an OpenAPI 3.1 document with the bearer scheme, APP_URL as its server and the shared error shapes', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(document.info).toMatchObject({ title: 'Kawan API', version: expect.any(String) });
    expect(document.servers).toEqual([{ url: app.services.config.app.url }]);
    expect(document.components.securitySchemes.bearerToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    const responses = document.components.responses;
    expect(Object.keys(responses)).toEqual([
      'Unauthenticated',
      'MissingAbilities',
      'NotFound',
      'ValidationFailed',
      'TooManyRequests',
    ]);
    expect(responses.Unauthenticated.headers).toHaveProperty('WWW-Authenticate');
    expect(responses.TooManyRequests.headers).toHaveProperty('Retry-After');
    expect(responses.TooManyRequests.description).toContain('60 requests a minute per token');
    expect(resolve(responses.ValidationFailed.content!['application/json'].schema)).toMatchObject({
      type: 'object',
      required: ['message', 'errors'],
      properties: { errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } } },
    });
    expect(resolve(responses.MissingAbilities.content!['application/json'].schema)).toMatchObject({
      required: ['message'],
    });
  });

  it('follows APP_URL for its server', () => {
    const { config } = app.services;
    const elsewhere = { ...config, app: { ...config.app, url: 'https://kawan.example.com' } };
    expect(documentOf({ routes, config: elsewhere }).servers).toEqual([{ url: 'https://kawan.example.com' }]);
    expect(documentOf({ routes, config }).servers).toEqual([{ url: config.app.url }]);
  });

  it('names every operation once, lists its tag, answers 2xx, and every $ref points at something', () => {
    const ids: string[] = [];
    const tags = document.tags.map((tag) => tag.name);
    const refs: string[] = [];
    const collect = (value: unknown): void => {
      if (Array.isArray(value)) return value.forEach(collect);
      if (value === null || typeof value !== 'object') return;
      for (const [key, inner] of Object.entries(value)) {
        if (key === '$ref' && typeof inner === 'string') refs.push(inner);
        else collect(inner);
      }
    };
    collect(document);
    for (const [path, methods] of Object.entries(document.paths)) {
      expect(path).toMatch(/^\/api\//);
      for (const operation of Object.values(methods)) {
        ids.push(operation.operationId);
        expect(tags).toContain(operation.tags[0]);
        expect(operation.summary.length).toBeGreaterThan(5);
        expect(Object.keys(operation.responses).some((status) => /^2\d\d$/.test(status))).toBe(true);
        for (const parameter of operation.parameters ?? []) {
          if (parameter.in === 'path') expect(path).toContain(`{${parameter.name}}`);
          else expect(parameter.example, `${operation.operationId} ?${parameter.name}`).toBeTypeOf('string');
        }
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(refs.length).toBeGreaterThan(0);
    for (const ref of refs) {
      const [, , section, name] = ref.split('/');
      expect(document.components[section as 'schemas'], ref).toHaveProperty(name);
    }
  });
});

describe('every route under /api is in the reference', () => {
  it('walks the API the product has (and so cannot pass by walking none)', () => {
    expect(apiOperations(routes).map(({ route }) => route.name)).toEqual(
      expect.arrayContaining(['api.user', 'api.team', 'api.team.update', 'api.openapi']),
    );
  });

  it('has each registered route under its path and method, with the route name as operationId', () => {
    expect(undocumentedApiRoutes(routes).map((route) => route.name)).toEqual([]);
    for (const { route, method } of apiOperations(routes)) {
      expect(operationOf(route, method).operationId).toBe(route.name);
    }
  });

  it('has nothing the registry does not', () => {
    const registered = new Set(apiOperations(routes).map(({ route, method }) => `${method} ${route.uri}`));
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const method of Object.keys(methods)) expect(registered).toContain(`${method} ${path}`);
    }
  });

  it('would catch a new /api route declared without .openapi()', () => {
    const registry = buildRoutes([
      (r) => {
        r.get('/api/widgets', () => undefined)
          .name('api.widgets')
          .middleware('auth.token', 'abilities:read');
      },
    ]);
    expect(undocumentedApiRoutes(registry).map((route) => route.name)).toContain('api.widgets');
  });
});

describe('what the reference says holds against the running app', () => {
  let tenant: Tenant;
  beforeAll(async () => {
    tenant = await createTenant(app.services, 'Reference Checkers');
  });

  it('declares the abilities each route checks: none is 401, a token without them is 403 naming them', async () => {
    for (const { route, method } of apiOperations(routes)) {
      const operation = operationOf(route, method);
      if (!operation.security) {
        expect(route.middleware.join(','), route.name).not.toContain('auth.token');
        continue;
      }
      const url = urlFor(route, tenant);
      const anonymous = await send(method, url, undefined);
      expect(anonymous.status, route.name).toBe(401);
      expect(operation.responses).toHaveProperty('401');

      const needed = operation.security.flatMap((requirement) => requirement.bearerToken) as TokenAbility[];
      if (needed.length === 0) continue;
      const others = tokenAbilities.filter((ability) => !needed.includes(ability));
      const { plainText } = await createApiToken(app.services, tenant.owner, {
        teamId: tenant.team.id,
        abilities: others,
      });
      const refused = await send(method, url, plainText);
      expect(refused.status, `${route.name} with ${others.join(',')}`).toBe(403);
      expect(operation.responses).toHaveProperty('403');
      for (const ability of operation.security.length > 1 ? [] : needed) {
        expect(errorMessage(refused.body)).toContain(ability);
      }
    }
  });

  it('accepts the example body and answers in the documented shape', async () => {
    for (const { route, method } of apiOperations(routes)) {
      const operation = operationOf(route, method);
      const body = operation.requestBody?.content['application/json'];
      if (body) expect(body.example, `${route.name} shows an example body`).toBeDefined();
      const actor = await createTenant(app.services, `Example ${route.name}`);
      const res = await send(method, urlFor(route, actor), actor.token.plainText, withTenantModel(body?.example, actor));
      const [status, answer] = Object.entries(operation.responses).find(([code]) => code.startsWith('2'))!;
      expect(res.status, `${route.name}: ${res.text.slice(0, 200)}`).toBe(Number(status));
      const content = 'content' in answer ? answer.content?.['application/json'] : undefined;
      if (!content) continue;
      expectShape(res, resolve(content.schema), route.name);
      expectShape({ body: content.example } as Response, resolve(content.schema), `${route.name} example`);
      route.openapi!.response.schema!.parse(res.body);
      route.openapi!.response.schema!.parse(content.example);
    }
  });

  it('refuses with 422 each body the request schema refuses, naming the field', async () => {
    let checked = 0;
    for (const { route, method } of apiOperations(routes)) {
      const body = operationOf(route, method).requestBody?.content['application/json'];
      if (!body) continue;
      const schema = resolve(body.schema);
      const example = body.example as Record<string, unknown>;
      const properties = schema.properties as Record<string, JsonSchema>;
      const actor = await createTenant(app.services, `Refused ${route.name}`);
      const url = urlFor(route, actor);
      for (const [field, wrong] of refusedBodies(schema, example)) {
        const res = await send(method, url, actor.token.plainText, wrong);
        expect(res.status, `${route.name} with ${JSON.stringify(wrong).slice(0, 80)}`).toBe(422);
        if (route.uri.startsWith('/api/v1/')) {
          // OpenAI's shape: the field is the error's `param`.
          expect(res.body).toMatchObject({ error: { message: expect.any(String), type: 'invalid_request_error' } });
          expect(String((res.body as { error: { param: string } }).error.param).split('.')[0]).toBe(field);
        } else {
          expect(res.body).toMatchObject({ message: expect.any(String), errors: { [field]: [expect.any(String)] } });
        }
        checked += 1;
      }
      for (const [field, property] of Object.entries(properties)) {
        if (typeof property.maxLength !== 'number') continue;
        // `model` names a bot: the longest name there may be names none (404 model_not_found).
        if (field === 'model' && route.uri.startsWith('/api/v1/')) continue;
        const longest = { ...example, [field]: 'x'.repeat(property.maxLength) };
        const res = await send(method, url, actor.token.plainText, withTenantModel(longest, actor));
        expect(res.status, `${route.name} with ${field} at its documented maximum`).toBeLessThan(300);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

/** For each field: bodies the document says are invalid (missing, wrong type, too short, too long). */
function refusedBodies(schema: JsonSchema, example: Record<string, unknown>): [string, unknown][] {
  const required = (schema.required as string[] | undefined) ?? [];
  const bodies: [string, unknown][] = [];
  for (const [field, property] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    if (required.includes(field)) {
      const { [field]: _left, ...without } = example;
      bodies.push([field, without]);
    }
    if (property.type === 'string') {
      bodies.push([field, { ...example, [field]: 12345 }]);
      if (typeof property.minLength === 'number' && property.minLength > 0) {
        bodies.push([field, { ...example, [field]: 'x'.repeat(property.minLength - 1) }]);
      }
      if (typeof property.maxLength === 'number') {
        bodies.push([field, { ...example, [field]: 'x'.repeat(property.maxLength + 1) }]);
      }
    }
  }
  return bodies;
}

/** The JSON has exactly the documented properties, the required ones present, of the documented JSON types. */
function expectShape(res: Pick<Response, 'body'>, schema: JsonSchema, label: string) {
  const body = res.body as Record<string, unknown>;
  const properties = schema.properties as Record<string, JsonSchema>;
  expect(Object.keys(body).sort(), label).toEqual(Object.keys(properties).sort());
  for (const field of (schema.required as string[]) ?? []) expect(body, label).toHaveProperty(field);
  for (const [field, property] of Object.entries(properties)) {
    const value = body[field];
    // `anyOf` variants, or a list of types (`["integer", "null"]`), or one type.
    const variants = ((property.anyOf as JsonSchema[] | undefined) ?? [property])
      .map(resolve)
      .flatMap((variant) =>
        Array.isArray(variant.type) ? (variant.type as string[]).map((type) => ({ ...variant, type })) : [variant],
      );
    const matches = variants.some((variant) => {
      if (variant.type === 'null') return value === null;
      if (variant.type === 'integer') return Number.isInteger(value);
      if (variant.type === 'array') return Array.isArray(value);
      if (variant.type === 'object') return typeof value === 'object' && value !== null && !Array.isArray(value);
      return typeof value === variant.type;
    });
    expect(matches, `${label}: ${field} = ${JSON.stringify(value)} is not ${JSON.stringify(property)}`).toBe(true);
  }
}

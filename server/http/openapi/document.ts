import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Services } from '../../services';
import type { CompiledRoute, HttpMethod, RouteRegistry } from '../router/registry';
import { limiterDefinitions } from '../limiters';
import type { TokenAbility } from '../../domain/teams/roles';
import type { ApiOperation } from './operation';
import {
  errorResponses,
  errorSchema,
  openAiErrorSchema,
  validationErrorSchema,
  validationExample,
  type ErrorResponseName,
} from './errors';
import { projectPath } from '../../support/paths';
import { webhookDocuments } from './webhooks';

export type JsonSchema = { [key: string]: unknown };
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface OpenApiResponse {
  description: string;
  headers?: Record<string, { description: string; schema: JsonSchema }>;
  content?: { 'application/json': { schema: JsonSchema; example?: unknown } };
}

export interface OpenApiParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description: string;
  schema: JsonSchema;
  example?: string;
}

export interface OpenApiOperation {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  parameters?: OpenApiParameter[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema; example?: unknown } } };
  responses: Record<string, OpenApiResponse | { $ref: string }>;
  /** Absent on public operations. Scopes are the token abilities needed (OpenAPI 3.1 allows role names here). */
  security?: Record<string, string[]>[];
}

export interface OpenApiDocument {
  openapi: '3.1.0';
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string }[];
  paths: Record<string, Partial<Record<Method, OpenApiOperation>>>;
  /** The requests Kawan makes to a team's webhook endpoints, one per event type. */
  webhooks: Record<string, { post: OpenApiOperation }>;
  components: {
    securitySchemes: Record<string, { type: 'http'; scheme: 'bearer'; description: string }>;
    schemas: Record<string, JsonSchema>;
    responses: Record<string, OpenApiResponse>;
  };
}

export const securityScheme = 'bearerToken';

/** The abilities a route's middleware asks of the token: every one (`abilities:`) or any one (`ability:`). */
export interface RequiredAbilities {
  mode: 'all' | 'any';
  abilities: TokenAbility[];
}

/** Routes under /api, in the registry's order. */
export function apiRoutes(registry: RouteRegistry): CompiledRoute[] {
  return registry.all().filter((route) => route.uri === '/api' || route.uri.startsWith('/api/'));
}

/** Routes under /api that the reference does not describe (the OpenAPI test keeps this empty). */
export function undocumentedApiRoutes(registry: RouteRegistry): CompiledRoute[] {
  return apiRoutes(registry).filter((route) => !route.openapi);
}

/** The methods a route is documented under: HEAD goes with GET. */
export function documentedMethods(route: CompiledRoute): Method[] {
  return route.methods
    .filter((method): method is Exclude<HttpMethod, 'HEAD' | 'OPTIONS'> => method !== 'HEAD' && method !== 'OPTIONS')
    .map((method) => method.toLowerCase() as Method);
}

export function middlewareArgument(route: CompiledRoute, name: string): string | undefined {
  const entry = route.middleware.find((entry) => entry === name || entry.startsWith(`${name}:`));
  return entry === undefined ? undefined : (entry.split(':', 2)[1] ?? '');
}

export function isTokenRoute(route: CompiledRoute): boolean {
  return middlewareArgument(route, 'auth.token') !== undefined;
}

export function requiredAbilities(route: CompiledRoute): RequiredAbilities | undefined {
  const all = middlewareArgument(route, 'abilities');
  const any = middlewareArgument(route, 'ability');
  const list = (argument: string) => argument.split(',').map((name) => name.trim()) as TokenAbility[];
  if (all !== undefined) return { mode: 'all', abilities: list(all) };
  if (any !== undefined) return { mode: 'any', abilities: list(any) };
  return undefined;
}

/**
 * The OpenAPI 3.1 document of every documented route under /api, built from the registry: paths,
 * methods and parameters from the routes, security and error responses from their middleware,
 * bodies and answers from the zod schemas the routes declare (z.toJSONSchema).
 */
export function openApiDocument(
  registry: RouteRegistry,
  options: { title: string; version: string; serverUrl: string },
): OpenApiDocument {
  const schemas = new SchemaComponents();
  const paths: OpenApiDocument['paths'] = {};
  const tags: string[] = [];
  for (const route of apiRoutes(registry)) {
    const described = route.openapi;
    if (!described) continue;
    if (!tags.includes(described.tag)) tags.push(described.tag);
    const path = openApiPath(route);
    for (const method of documentedMethods(route)) {
      (paths[path] ??= {})[method] = operationFor(route, described, schemas);
    }
  }
  const webhooks = webhookDocuments((schema) => schemas.convert(schema, 'output'));
  const responses = Object.fromEntries(
    Object.entries(errorResponses).map(([name, response]) => [
      name,
      {
        ...errorResponse(response, schemas, name === 'ValidationFailed' ? validationErrorSchema : errorSchema),
        ...(name === 'TooManyRequests' ? { description: limitSentence('api') } : {}),
      },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: {
      title: `${options.title} API`,
      version: options.version,
      description:
        `JSON over HTTPS with a personal access token made on the API Tokens page: \`Authorization: Bearer <token>\`. ` +
        `Each token acts in one team with its user's role there, narrowed to the abilities it was given ` +
        `(create, read, update, delete). Every error is JSON with a \`message\`.`,
    },
    servers: [{ url: options.serverUrl }],
    tags: tags.map((name) => ({ name })),
    paths,
    webhooks,
    components: {
      securitySchemes: {
        [securityScheme]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A personal access token, as shown once when it is made (`kawan_…`, or Sanctum’s `{id}|{token}`). The scopes an operation lists are the token abilities it needs.',
        },
      },
      schemas: schemas.all(),
      responses,
    },
  };
}

const documents = new WeakMap<RouteRegistry, { serverUrl: string; document: OpenApiDocument }>();
let packageVersion: string | undefined;

/** The app's document, built on first use: it depends only on the routes and APP_URL. */
export function documentOf(services: Pick<Services, 'routes' | 'config'>): OpenApiDocument {
  const serverUrl = services.config.app.url;
  const known = documents.get(services.routes);
  if (known?.serverUrl === serverUrl) return known.document;
  packageVersion ??= (JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version: string }).version;
  const document = openApiDocument(services.routes, {
    title: services.config.app.name,
    version: packageVersion,
    serverUrl,
  });
  documents.set(services.routes, { serverUrl, document });
  return document;
}

/** `/api/teams/{team}`; optional parameters have no place in an OpenAPI path. */
export function openApiPath(route: CompiledRoute): string {
  const optional = route.parameters.find((parameter) => parameter.optional);
  if (optional) {
    throw new Error(
      `API route ${route.name} has an optional parameter {${optional.name}?}: declare two routes instead.`,
    );
  }
  return route.uri;
}

function operationFor(route: CompiledRoute, described: ApiOperation, schemas: SchemaComponents): OpenApiOperation {
  const abilities = requiredAbilities(route);
  const token = isTokenRoute(route);
  const throttled = middlewareArgument(route, 'throttle');
  const operation: OpenApiOperation = {
    operationId: route.name,
    tags: [described.tag],
    summary: described.summary,
    description: [described.description, abilitySentence(token, abilities)].filter(Boolean).join('\n\n'),
    responses: {},
  };

  if (route.parameters.length > 0) {
    operation.parameters = route.parameters.map(({ name }) => {
      const description = described.parameters?.[name];
      if (!description) throw new Error(`API route ${route.name} does not describe its {${name}} parameter.`);
      return { name, in: 'path', required: true, description, schema: parameterSchema(route.wheres[name]) };
    });
  }
  for (const [name, query] of Object.entries(described.query ?? {})) {
    (operation.parameters ??= []).push({
      name,
      in: 'query',
      required: query.required ?? false,
      description: query.description,
      schema: { type: 'string' },
      example: query.example,
    });
  }

  if (described.body) {
    operation.requestBody = {
      required: true,
      content: {
        'application/json': {
          schema: schemas.convert(described.body, 'input'),
          ...(described.bodyExample ? { example: described.bodyExample } : {}),
        },
      },
    };
  }

  const { response } = described;
  operation.responses[String(response.status ?? 200)] = {
    description: response.description,
    ...(throttled !== undefined ? { headers: rateLimitHeaders() } : {}),
    ...(response.schema
      ? {
          content: {
            'application/json': {
              schema: schemas.convert(response.schema, 'output'),
              ...(response.example !== undefined ? { example: response.example } : {}),
            },
          },
        }
      : {}),
  };

  const errors = described.errors ?? {};
  const refer = (name: ErrorResponseName) => ({ $ref: `#/components/responses/${name}` });
  if (token) operation.responses['401'] = refer('Unauthenticated');
  if (abilities && !errors[403]) operation.responses['403'] = refer('MissingAbilities');
  if (errors[403]) {
    operation.responses['403'] = inlineError(
      [
        errors[403],
        abilities ? 'Or the token lacks an ability the operation needs (the message names it).' : undefined,
      ],
      schemas,
    );
  }
  if (errors[404]) operation.responses['404'] = inlineError([errors[404]], schemas);
  else if (route.parameters.length > 0) operation.responses['404'] = refer('NotFound');
  if (described.body && !errors[422]) {
    const example = validationExample(described.body);
    operation.responses['422'] = example
      ? {
          description: errorResponses.ValidationFailed.description,
          content: { 'application/json': { schema: schemas.convert(validationErrorSchema, 'output'), example } },
        }
      : refer('ValidationFailed');
  }
  if (errors[422]) operation.responses['422'] = inlineError([errors[422]], schemas, validationErrorSchema);
  if (errors[409]) operation.responses['409'] = inlineError([errors[409]], schemas);
  if (throttled === 'api') operation.responses['429'] = refer('TooManyRequests');
  else if (throttled !== undefined) {
    operation.responses['429'] = {
      ...errorResponse(errorResponses.TooManyRequests, schemas, errorSchema),
      description: limitSentence(throttled),
    };
  }

  // The OpenAI-compatible API answers every error in OpenAI's shape.
  if (route.uri.startsWith('/api/v1/')) {
    for (const [status, response] of Object.entries(operation.responses)) {
      if (status.startsWith('2')) continue;
      const description =
        '$ref' in response
          ? errorResponses[response.$ref.replace('#/components/responses/', '') as ErrorResponseName].description
          : response.description;
      operation.responses[status] = {
        description,
        content: { 'application/json': { schema: schemas.convert(openAiErrorSchema, 'output') } },
      };
    }
  }

  if (token) {
    operation.security = !abilities
      ? [{ [securityScheme]: [] }]
      : abilities.mode === 'all'
        ? [{ [securityScheme]: abilities.abilities }]
        : abilities.abilities.map((ability) => ({ [securityScheme]: [ability] }));
  }
  return operation;
}

function abilitySentence(token: boolean, abilities: RequiredAbilities | undefined): string {
  if (!token) return 'Public: no token needed.';
  if (!abilities) return 'Needs a token (any abilities).';
  const names = abilities.abilities.map((ability) => `\`${ability}\``);
  const joined =
    names.length === 1
      ? names[0]
      : `${names.slice(0, -1).join(', ')} ${abilities.mode === 'all' ? 'and' : 'or'} ${names.at(-1)}`;
  return `Needs a token with the ${joined} ${names.length === 1 || abilities.mode === 'any' ? 'ability' : 'abilities'}.`;
}

/** "60 requests every 60 seconds per token; …" from the named limiter (server/http/limiters.ts). */
function limitSentence(name: string): string {
  const limit = limiterDefinitions[name];
  if (!limit) throw new Error(`Unknown rate limiter '${name}' in the API reference`);
  const window = limit.duration === 60 ? 'a minute' : `every ${limit.duration} seconds`;
  return `Past ${limit.points} requests ${window}${name === 'api' ? ' per token' : ''}: wait the seconds \`Retry-After\` gives.`;
}

function parameterSchema(where: string | undefined): JsonSchema {
  if (where === '[0-9]+') return { type: 'integer', minimum: 0 };
  return where ? { type: 'string', pattern: `^(?:${where})$` } : { type: 'string' };
}

function rateLimitHeaders(): OpenApiResponse['headers'] {
  return {
    'X-RateLimit-Limit': { description: 'Requests allowed in the window.', schema: { type: 'integer' } },
    'X-RateLimit-Remaining': { description: 'Requests left in the window.', schema: { type: 'integer' } },
  };
}

function errorResponse(
  response: (typeof errorResponses)[ErrorResponseName],
  schemas: SchemaComponents,
  schema: z.ZodType,
): OpenApiResponse {
  const headers = Object.entries(response.headers as Record<string, string>);
  return {
    description: response.description,
    ...(headers.length > 0
      ? {
          headers: Object.fromEntries(
            headers.map(([name, description]) => [
              name,
              { description, schema: name === 'WWW-Authenticate' ? { type: 'string' } : { type: 'integer' } },
            ]),
          ),
        }
      : {}),
    content: { 'application/json': { schema: schemas.convert(schema, 'output'), example: response.example } },
  };
}

function inlineError(
  sentences: (string | undefined)[],
  schemas: SchemaComponents,
  schema: z.ZodType = errorSchema,
): OpenApiResponse {
  return {
    description: sentences.filter(Boolean).join(' '),
    content: { 'application/json': { schema: schemas.convert(schema, 'output') } },
  };
}

const componentRef = '#/components/schemas/';

/**
 * JSON Schemas from zod, with every schema that has an `id` (`.meta({ id: 'Team' })`) moved into
 * `components.schemas` and referred to. Two different schemas under one id are refused.
 */
class SchemaComponents {
  private readonly components = new Map<string, { schema: JsonSchema; text: string }>();

  convert(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, override: tidy }) as JsonSchema;
    const { $schema: _dialect, $defs, ...rest } = json;
    for (const [id, definition] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
      const tidied = rewriteRefs(definition) as JsonSchema;
      const text = JSON.stringify(tidied);
      const known = this.components.get(id);
      if (known && known.text !== text) throw new Error(`Two different schemas are named ${id} in the API reference.`);
      this.components.set(id, { schema: tidied, text });
    }
    return rewriteRefs(rest) as JsonSchema;
  }

  all(): Record<string, JsonSchema> {
    return Object.fromEntries([...this.components].map(([id, { schema }]) => [id, schema]));
  }
}

/** Leaves out what only repeats the format (zod's date-time and e-mail patterns) or the safe-integer range. */
function tidy({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (typeof jsonSchema.format === 'string' && typeof jsonSchema.pattern === 'string') delete jsonSchema.pattern;
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
}

function rewriteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [
      key,
      key === '$ref' && typeof inner === 'string' ? inner.replace(/^#\/\$defs\//, componentRef) : rewriteRefs(inner),
    ]),
  );
}

import type { JsonSchema, OpenApiDocument, OpenApiOperation, OpenApiResponse } from '../http/openapi/document';
import { errorResponses, type ErrorResponseName } from '../http/openapi/errors';

/** One field of a body, an answer or the path, as a row of the reference's tables. */
export interface SchemaField {
  /** A dot path for nested fields (`team.name`, `items[].id`). */
  name: string;
  type: string;
  required: boolean;
  description: string | null;
  /** Lengths, ranges, allowed values, formats. */
  rules: string[];
}

export interface ReferenceResponse {
  status: string;
  description: string;
  fields: SchemaField[];
  /** Pretty-printed JSON. */
  example: string | null;
  headers: string[];
}

export interface ReferenceOperation {
  /** The operationId (the route name); the page's anchor. */
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  /** `null` for a public operation; otherwise the token abilities it needs, all or any of them. */
  abilities: { mode: 'all' | 'any'; names: string[] } | null;
  parameters: SchemaField[];
  body: { fields: SchemaField[]; example: string | null } | null;
  /** The success answer. */
  response: ReferenceResponse;
  /** Every other status it may answer with; their shapes are in the page's `errorShapes`. */
  errors: { status: string; description: string }[];
  curl: string;
}

/** A webhook event as the reference shows it: the request Kawan makes to a team's endpoint. */
export interface ReferenceWebhook {
  /** `message.created`; the page's anchor is `webhook-<type>`. */
  type: string;
  summary: string;
  description: string;
  fields: SchemaField[];
  example: string | null;
  /** What the receiver's answer does. */
  received: string;
}

/** Props of API/Reference. */
export interface ApiReferencePageProps {
  title: string;
  version: string;
  description: string;
  baseUrl: string;
  openapiUrl: string;
  tokensUrl: string;
  tags: { name: string; operations: ReferenceOperation[] }[];
  /** The error shapes operations share (components.responses); `errors` is Inertia's, for validation. */
  errorShapes: (ReferenceResponse & { name: string })[];
  webhooks: ReferenceWebhook[];
}

/** The OpenAPI document as the reference page shows it: tables and examples, no schema walking in the browser. */
export function presentApiReference(
  document: OpenApiDocument,
  links: { openapiUrl: string; tokensUrl: string },
): ApiReferencePageProps {
  const baseUrl = document.servers[0]?.url ?? '';
  const resolver = new Resolver(document);
  const operations: (ReferenceOperation & { tag: string })[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods) as [string, OpenApiOperation][]) {
      operations.push({ tag: operation.tags[0], ...presentOperation(method, path, operation, baseUrl, resolver) });
    }
  }
  return {
    title: document.info.title,
    version: document.info.version,
    description: document.info.description,
    baseUrl,
    openapiUrl: new URL(links.openapiUrl, `${baseUrl}/`).href,
    tokensUrl: links.tokensUrl,
    tags: document.tags.map(({ name }) => ({
      name,
      operations: operations.filter((operation) => operation.tag === name).map(({ tag: _tag, ...rest }) => rest),
    })),
    errorShapes: Object.entries(document.components.responses).map(([name, response]) => ({
      name,
      ...presentResponse(String(errorResponses[name as ErrorResponseName]?.status ?? ''), response, resolver),
    })),
    webhooks: Object.entries(document.webhooks).map(([type, { post }]) => {
      const body = post.requestBody?.content['application/json'];
      return {
        type,
        summary: post.summary,
        description: post.description,
        fields: body ? resolver.fields(body.schema) : [],
        example: pretty(body?.example),
        received: Object.values(post.responses)
          .map((response) => resolver.response(response).description)
          .join(' '),
      };
    }),
  };
}

function presentOperation(
  method: string,
  path: string,
  operation: OpenApiOperation,
  baseUrl: string,
  resolver: Resolver,
): ReferenceOperation {
  const body = operation.requestBody?.content['application/json'];
  const scopes = operation.security?.map((requirement) => Object.values(requirement)[0] ?? []);
  const success = Object.keys(operation.responses).find((status) => status.startsWith('2')) ?? '200';
  return {
    id: operation.operationId,
    method: method.toUpperCase(),
    path,
    summary: operation.summary,
    description: operation.description,
    abilities: scopes
      ? scopes.length > 1
        ? { mode: 'any', names: scopes.flat() }
        : { mode: 'all', names: scopes[0] ?? [] }
      : null,
    parameters: (operation.parameters ?? []).map((parameter) => ({
      ...fieldRow(parameter.name, parameter.schema, true, resolver),
      description: parameter.description,
    })),
    body: body ? { fields: resolver.fields(body.schema), example: pretty(body.example) } : null,
    response: presentResponse(success, resolver.response(operation.responses[success]), resolver),
    errors: Object.entries(operation.responses)
      .filter(([status]) => status !== success)
      .map(([status, response]) => ({ status, description: resolver.response(response).description })),
    curl: curlFor(method, path, operation, baseUrl),
  };
}

function presentResponse(status: string, response: OpenApiResponse, resolver: Resolver): ReferenceResponse {
  const content = response.content?.['application/json'];
  return {
    status,
    description: response.description,
    fields: content ? resolver.fields(content.schema) : [],
    example: pretty(content?.example),
    headers: Object.keys(response.headers ?? {}),
  };
}

/** A curl command for the operation against APP_URL; the token comes from `$KAWAN_TOKEN`. */
export function curlFor(method: string, path: string, operation: OpenApiOperation, baseUrl: string): string {
  const url =
    baseUrl +
    path.replace(/\{(\w+)\}/g, (_match, name: string) => {
      const parameter = operation.parameters?.find((candidate) => candidate.name === name);
      return parameter?.schema.type === 'integer' ? '1' : name;
    });
  const quote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;
  const lines = [`curl${method === 'get' ? '' : ` -X ${method.toUpperCase()}`} ${quote(url)}`];
  if (operation.security) lines.push('-H "Authorization: Bearer $KAWAN_TOKEN"');
  lines.push(quote('Accept: application/json'));
  const example = operation.requestBody?.content['application/json'].example;
  if (operation.requestBody) {
    lines.push(quote('Content-Type: application/json'));
    lines.push(`-d ${quote(JSON.stringify(example ?? {}))}`);
  }
  return lines.map((line, index) => (index === 0 || line.startsWith('-') ? line : `-H ${line}`)).join(' \\\n  ');
}

function pretty(example: unknown): string | null {
  return example === undefined ? null : JSON.stringify(example, null, 2);
}

/** Reads schemas with their `$ref`s followed into `components`. */
class Resolver {
  constructor(private readonly document: OpenApiDocument) {}

  schema(schema: JsonSchema): JsonSchema {
    const ref = schema.$ref;
    if (typeof ref !== 'string') return schema;
    const target = this.document.components.schemas[ref.replace('#/components/schemas/', '')];
    return target ? { ...target, ...withoutRef(schema) } : schema;
  }

  response(response: OpenApiResponse | { $ref: string }): OpenApiResponse {
    if (!('$ref' in response)) return response;
    return this.document.components.responses[response.$ref.replace('#/components/responses/', '')];
  }

  /** Rows for each property of an object schema, nested objects and arrays of objects flattened with dots. */
  fields(schema: JsonSchema, prefix = '', depth = 0): SchemaField[] {
    const resolved = this.schema(schema);
    const properties = resolved.properties as Record<string, JsonSchema> | undefined;
    if (!properties || depth > 4) return prefix ? [] : [fieldRow('(body)', resolved, true, this)];
    const required = (resolved.required as string[] | undefined) ?? [];
    return Object.entries(properties).flatMap(([key, property]) => {
      const name = prefix + key;
      const inner = this.schema(property);
      const items = inner.type === 'array' && inner.items ? this.schema(inner.items as JsonSchema) : undefined;
      return [
        fieldRow(name, property, required.includes(key), this),
        ...(inner.properties ? this.fields(inner, `${name}.`, depth + 1) : []),
        ...(items?.properties ? this.fields(items, `${name}[].`, depth + 1) : []),
      ];
    });
  }
}

function withoutRef(schema: JsonSchema): JsonSchema {
  const { $ref: _ref, ...rest } = schema;
  return rest;
}

function fieldRow(name: string, schema: JsonSchema, required: boolean, resolver: Resolver): SchemaField {
  const resolved = resolver.schema(schema);
  return {
    name,
    type: typeOf(resolved, resolver),
    required,
    description: typeof resolved.description === 'string' ? resolved.description : describedVariant(resolved, resolver),
    rules: rulesOf(resolved, resolver),
  };
}

/** The description of a nullable's non-null side (`timestamp.nullable()` keeps it there). */
function describedVariant(schema: JsonSchema, resolver: Resolver): string | null {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  for (const variant of variants ?? []) {
    const description = resolver.schema(variant).description;
    if (typeof description === 'string') return description;
  }
  return null;
}

function typeOf(schema: JsonSchema, resolver: Resolver): string {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return variants.map((variant) => typeOf(resolver.schema(variant), resolver)).join(' | ');
  if (Array.isArray(schema.type)) return schema.type.join(' | ');
  if (schema.type === 'array') {
    const items = schema.items ? typeOf(resolver.schema(schema.items as JsonSchema), resolver) : 'any';
    return `${items.includes(' ') ? `(${items})` : items}[]`;
  }
  if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object') {
    return `object of ${typeOf(resolver.schema(schema.additionalProperties as JsonSchema), resolver)}`;
  }
  if (typeof schema.type === 'string') return schema.type;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  return 'any';
}

function rulesOf(schema: JsonSchema, resolver: Resolver): string[] {
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants) return variants.flatMap((variant) => rulesOf(resolver.schema(variant), resolver));
  const rules: string[] = [];
  const { minLength, maxLength, minimum, maximum, format, pattern } = schema;
  if (typeof minLength === 'number' && typeof maxLength === 'number')
    rules.push(`${minLength}–${maxLength} characters`);
  else if (typeof minLength === 'number') rules.push(`at least ${minLength} characters`);
  else if (typeof maxLength === 'number') rules.push(`at most ${maxLength} characters`);
  if (typeof minimum === 'number') rules.push(`≥ ${minimum}`);
  if (typeof maximum === 'number') rules.push(`≤ ${maximum}`);
  if (typeof format === 'string') rules.push(format);
  if (typeof pattern === 'string') rules.push(`matches ${pattern}`);
  const items = schema.type === 'array' && schema.items ? resolver.schema(schema.items as JsonSchema) : undefined;
  const values = (schema.enum ?? items?.enum) as unknown[] | undefined;
  if (values) rules.push(`one of ${values.map((value) => String(value)).join(', ')}`);
  return rules;
}

import type { Request, Response } from 'express';
import { documentOf } from '../../openapi/document';
import { presentApiReference } from '../../../presenters/api-reference-presenter';

/** `GET /api/openapi.json`: the API's OpenAPI document; public, and readable from any origin. */
export function document(req: Request, res: Response) {
  res.set('Access-Control-Allow-Origin', '*');
  res.json(documentOf(req.services));
}

/** API/Reference: the same document for people, grouped by tag, with a curl line per operation. */
export async function show(req: Request) {
  const { route } = req.services;
  await req.inertia.render('API/Reference', {
    ...presentApiReference(documentOf(req.services), {
      openapiUrl: route('api.openapi'),
      tokensUrl: route('api-tokens.index'),
    }),
  });
}

import type { Request, Response } from 'express';
import { knowledgeRepository } from '../../../db/repositories/knowledge-repository';
import { createKnowledge } from '../../../domain/knowledges/actions/create-knowledge';
import { addSource } from '../../../domain/knowledges/actions/add-source';
import { searchKnowledge } from '../../../domain/knowledges/actions/search-knowledge';
import { knowledgePolicy } from '../../../domain/knowledges/knowledge-policy';
import { authorize } from '../../../domain/teams/team-access';
import { NotFoundError } from '../../../support/errors';
import { presentKnowledgeSummary, presentRetrievedChunk, presentSource } from '../../../presenters/knowledge-presenter';
import { routeId } from '../../route-params';
import { pageMeta, pageNumber } from '../../pagination';
import { teamActor } from '../../team-actor';

const perPage = 50;

async function summaryOf(req: Request, teamId: number, knowledgeId: number) {
  const { items } = await knowledgeRepository(req.services.db, teamId).page({ id: knowledgeId, page: 1, perPage: 1 });
  if (!items[0]) throw new NotFoundError();
  return presentKnowledgeSummary(req.services.embedders, items[0]);
}

/** `GET /api/knowledges`: the token team's knowledge bases, 50 a page (`?page=`). */
export async function index(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(knowledgePolicy.view(actor));
  const page = pageNumber(req.query.page);
  const { items, total } = await knowledgeRepository(req.services.db, actor.teamId).page({ page, perPage });
  res.json({
    data: items.map((item) => presentKnowledgeSummary(req.services.embedders, item)),
    meta: (({ from: _from, to: _to, ...meta }) => meta)(pageMeta(page, perPage, total)),
  });
}

/** `POST /api/knowledges`: a new, empty knowledge base. */
export async function store(req: Request, res: Response) {
  const actor = await teamActor(req);
  const knowledge = await createKnowledge(req.services, actor, req.body);
  res.status(201).json(await summaryOf(req, actor.teamId, knowledge.id));
}

/** `POST /api/knowledges/{knowledge}/sources`: JSON for text, Q&A, URL and sitemap; multipart for a file. */
export async function storeSource(req: Request, res: Response) {
  const source = await addSource(
    req.services,
    await teamActor(req),
    routeId(req, 'knowledge'),
    (req.body ?? {}) as Record<string, unknown>,
  );
  res.status(202).json(presentSource(source));
}

/** `GET /api/knowledges/{knowledge}/sources/{source}`: status and progress of a source's ingest. */
export async function showSource(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(knowledgePolicy.view(actor));
  const source = await knowledgeRepository(req.services.db, actor.teamId).source(
    routeId(req, 'knowledge'),
    routeId(req, 'source'),
  );
  if (!source) throw new NotFoundError();
  res.json(presentSource(source));
}

/** `GET /api/knowledges/{knowledge}/search?q=`: retrieval as the bots use it (hits are counted). */
export async function search(req: Request, res: Response) {
  const result = await searchKnowledge(req.services, await teamActor(req), routeId(req, 'knowledge'), req.query, {
    countHits: true,
  });
  res.json({ query: result.query, retrievers: result.ran, chunks: result.chunks.map(presentRetrievedChunk) });
}

import type { Request, Response } from 'express';
import {
  knowledgeRepository,
  sourceListStates,
  type SourceListState,
} from '../../../db/repositories/knowledge-repository';
import { createKnowledge } from '../../../domain/knowledges/actions/create-knowledge';
import { updateKnowledge } from '../../../domain/knowledges/actions/update-knowledge';
import { deleteKnowledge } from '../../../domain/knowledges/actions/delete-knowledge';
import { knowledgePolicy, type KnowledgeActor } from '../../../domain/knowledges/knowledge-policy';
import { knowledgeLanguages, languageLabels, refreshSchedules } from '../../../domain/knowledges/schemas';
import { authorize } from '../../../domain/teams/team-access';
import { NotFoundError } from '../../../support/errors';
import {
  presentChunk,
  presentKnowledge,
  presentKnowledgeSummary,
  presentSource,
} from '../../../presenters/knowledge-presenter';
import { optional } from '../../inertia/props';
import { parseId, routeId } from '../../route-params';
import { pageMeta, pageNumber } from '../../pagination';
import { teamActor } from '../../team-actor';
import { limitOf } from '../../../domain/billing/plan-usage';

const perPage = 12;
const sourcesPerPage = 20;
const previewPerPage = 20;

/** The sources list's search (up to 100 characters) and state, from the query string. */
function sourceFilters(query: Request['query']): { search: string; state?: SourceListState } {
  const search = typeof query.search === 'string' ? query.search.trim().slice(0, 100) : '';
  const state = sourceListStates.find((value) => value === query.state);
  return { search, state };
}

function abilities(actor: KnowledgeActor) {
  return {
    create: knowledgePolicy.create(actor),
    update: knowledgePolicy.update(actor),
    delete: knowledgePolicy.delete(actor),
  };
}

/**
 * Knowledges/Index: the team's knowledge bases with their sources' totals, searchable, a page at a
 * time; where the team stands against its plan's knowledge sources.
 */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(knowledgePolicy.view(actor));
  const search = typeof req.query.search === 'string' ? req.query.search.trim().slice(0, 100) : '';
  const page = pageNumber(req.query.page);
  const repository = knowledgeRepository(req.services.db, actor.teamId);
  const [{ items, total }, storage, limit] = await Promise.all([
    repository.page({ search, page, perPage }),
    repository.storage(),
    limitOf(req.services, actor.teamId, 'knowledgeSources'),
  ]);
  await req.inertia.render('Knowledges/Index', {
    knowledges: {
      data: items.map((item) => presentKnowledgeSummary(req.services.embedders, item)),
      meta: pageMeta(page, perPage, total),
    },
    filters: { search },
    storage: { chars: storage.chars, file_bytes: storage.fileBytes, sources: storage.sources },
    limit,
    can: abilities(actor),
  });
}

function formOptions(req: Request) {
  const { knowledge } = req.services.config;
  return {
    languages: knowledgeLanguages.map((value) => ({ value, label: languageLabels[value] })),
    refreshSchedules: [...refreshSchedules],
    limits: {
      max_file_bytes: knowledge.maxFileBytes,
      crawl_max_pages: knowledge.crawlMaxPages,
      file_types: ['PDF', 'DOCX', 'XLSX', 'CSV', 'TXT', 'Markdown', 'HTML'],
      accept: '.pdf,.docx,.xlsx,.csv,.txt,.md,.markdown,.html,.htm',
    },
    defaultEmbedder: req.services.embedders.describe(req.services.embedders.default()).label,
  };
}

/** Knowledges/Form for a new knowledge base (its sources are added once it exists). */
export async function create(req: Request) {
  const actor = await teamActor(req);
  authorize(knowledgePolicy.create(actor));
  await req.inertia.render('Knowledges/Form', {
    knowledge: null,
    sources: [],
    source_list: {
      filters: { search: '', state: 'all' },
      meta: pageMeta(1, sourcesPerPage, 0),
      counts: { all: 0, working: 0, error: 0, off: 0 },
    },
    ...formOptions(req),
    limit: await limitOf(req.services, actor.teamId, 'knowledgeSources'),
    can: abilities(actor),
  });
}

export async function store(req: Request, res: Response) {
  const knowledge = await createKnowledge(req.services, await teamActor(req), req.body);
  req.inertia
    .flash('banner', `${knowledge.name} was created. Add its first source below.`)
    .flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('knowledges.edit', knowledge.id));
}

/**
 * Knowledges/Form for an existing knowledge base: its settings, its sources and where the team
 * stands against its plan's knowledge sources. `preview` (a partial reload with
 * `?preview=<source>&preview_page=<n>`) is a page of one source's chunks.
 */
export async function edit(req: Request) {
  const actor = await teamActor(req);
  authorize(knowledgePolicy.view(actor));
  const knowledgeId = routeId(req, 'knowledge');
  const repository = knowledgeRepository(req.services.db, actor.teamId);
  const knowledge = await repository.find(knowledgeId);
  if (!knowledge) throw new NotFoundError();
  const filters = sourceFilters(req.query);
  // Read when sent (a chunk preview's partial reload sends neither), and once for both props.
  let listed: ReturnType<typeof repository.sourcePage> | undefined;
  const sourcePage = () =>
    (listed ??= repository.sourcePage(knowledgeId, {
      ...filters,
      page: pageNumber(req.query.page),
      perPage: sourcesPerPage,
    }));
  await req.inertia.render('Knowledges/Form', {
    knowledge: presentKnowledge(req.services.embedders, knowledge),
    sources: async () => (await sourcePage()).items.map(presentSource),
    source_list: async () => {
      const [{ page, total }, counts] = await Promise.all([sourcePage(), repository.sourceCounts(knowledgeId)]);
      return {
        filters: { search: filters.search, state: filters.state ?? 'all' },
        meta: pageMeta(page, sourcesPerPage, total),
        counts,
      };
    },
    ...formOptions(req),
    limit: () => limitOf(req.services, actor.teamId, 'knowledgeSources'),
    can: abilities(actor),
    preview: optional(async () => {
      const sourceId = parseId(req.query.preview);
      // Any source of this knowledge base, on the page shown or not (a citation links to it).
      const source = sourceId ? await repository.source(knowledgeId, sourceId) : undefined;
      if (!source) return null;
      const page = pageNumber(req.query.preview_page);
      const chunks = await repository.chunks(source.id, {
        limit: previewPerPage,
        offset: (page - 1) * previewPerPage,
      });
      return {
        source_id: source.id,
        source: presentSource(source),
        page,
        last_page: Math.max(1, Math.ceil(source.chunkCount / previewPerPage)),
        total: source.chunkCount,
        chunks: chunks.map(presentChunk),
      };
    }),
  });
}

export async function update(req: Request, res: Response) {
  const knowledgeId = routeId(req, 'knowledge');
  await updateKnowledge(req.services, await teamActor(req), knowledgeId, req.body);
  req.inertia.flash('banner', 'Saved.').flash('bannerStyle', 'success');
  res.redirect(303, req.services.route('knowledges.edit', knowledgeId));
}

export async function destroy(req: Request, res: Response) {
  await deleteKnowledge(req.services, await teamActor(req), routeId(req, 'knowledge'));
  res.redirect(303, req.services.route('knowledges.index'));
}

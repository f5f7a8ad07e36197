import type { Request, Response } from 'express';
import { addSource } from '../../../domain/knowledges/actions/add-source';
import { updateSource } from '../../../domain/knowledges/actions/update-source';
import { refreshSource } from '../../../domain/knowledges/actions/refresh-source';
import { deleteSource } from '../../../domain/knowledges/actions/delete-source';
import { updateChunk } from '../../../domain/knowledges/actions/update-chunk';
import { searchKnowledge } from '../../../domain/knowledges/actions/search-knowledge';
import { presentRetrievedChunk } from '../../../presenters/knowledge-presenter';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

const body = (req: Request) => (req.body ?? {}) as Record<string, unknown>;

/** The form's sources list as the page that asked showed it: its search, state and page. */
const listParams = ['search', 'state', 'page'];

/**
 * The sources list's parameters as the referring form page showed them (a source turned off on
 * page 3 of the failed ones stays in view). Only the list's own parameters are taken from the
 * Referer, and only from this form's.
 */
function shownList(req: Request, form: string): URLSearchParams {
  const kept = new URLSearchParams();
  const referer = req.get('referer');
  if (!referer) return kept;
  try {
    const url = new URL(referer, 'http://referer.invalid');
    if (url.pathname !== new URL(form, 'http://referer.invalid').pathname) return kept;
    for (const name of listParams) {
      const value = url.searchParams.get(name);
      if (value) kept.set(name, value);
    }
  } catch {
    // Not a URL: the list from its top.
  }
  return kept;
}

/** Back to the form: to the list as it was shown, or, for a new source, to the top of the list, where it is. */
function backToForm(req: Request, res: Response, knowledgeId: number, toTop = false): void {
  const form = req.services.route('knowledges.edit', knowledgeId);
  const kept = toTop ? new URLSearchParams() : shownList(req, form);
  res.redirect(303, kept.size > 0 ? `${form}?${kept.toString()}` : form);
}

/** Adds a source (text, Q&A, file, URL, sitemap) and queues its ingest; the form shows its progress live. */
export async function store(req: Request, res: Response) {
  const knowledgeId = routeId(req, 'knowledge');
  const source = await addSource(req.services, await teamActor(req), knowledgeId, body(req));
  req.inertia.flash('banner', `${source.title} was added and is being read.`).flash('bannerStyle', 'success');
  backToForm(req, res, knowledgeId, true);
}

export async function update(req: Request, res: Response) {
  const knowledgeId = routeId(req, 'knowledge');
  await updateSource(req.services, await teamActor(req), knowledgeId, routeId(req, 'source'), body(req));
  backToForm(req, res, knowledgeId);
}

/** Refresh, and Retry after a failure: the source is read again. */
export async function refresh(req: Request, res: Response) {
  const knowledgeId = routeId(req, 'knowledge');
  await refreshSource(req.services, await teamActor(req), knowledgeId, routeId(req, 'source'));
  backToForm(req, res, knowledgeId);
}

export async function destroy(req: Request, res: Response) {
  const knowledgeId = routeId(req, 'knowledge');
  await deleteSource(req.services, await teamActor(req), knowledgeId, routeId(req, 'source'));
  backToForm(req, res, knowledgeId);
}

/** Edits a chunk's text or turns it off; back to the same preview page, over the list as it was shown. */
export async function updateChunkContent(req: Request, res: Response) {
  const knowledgeId = routeId(req, 'knowledge');
  const chunk = await updateChunk(req.services, await teamActor(req), knowledgeId, routeId(req, 'chunk'), req.body);
  const page =
    typeof req.query.preview_page === 'string' && /^[0-9]{1,6}$/.test(req.query.preview_page)
      ? req.query.preview_page
      : undefined;
  // The list stays as it was shown behind the preview.
  const form = req.services.route('knowledges.edit', knowledgeId);
  const query = shownList(req, form);
  query.set('preview', String(chunk.sourceId));
  if (page) query.set('preview_page', page);
  res.redirect(303, `${form}?${query.toString()}`);
}

/** "Try a question": the ranked chunks as JSON, with their scores and which retriever found each. */
export async function search(req: Request, res: Response) {
  const result = await searchKnowledge(req.services, await teamActor(req), routeId(req, 'knowledge'), req.query, {
    countHits: false,
  });
  res.json({ query: result.query, retrievers: result.ran, chunks: result.chunks.map(presentRetrievedChunk) });
}

import type { Request, Response } from 'express';
import { answerGap } from '../../../domain/gaps/actions/answer-gap';
import { dismissGap } from '../../../domain/gaps/actions/dismiss-gap';
import { gapsPerPage, listGaps } from '../../../domain/gaps/actions/list-gaps';
import { presentGaps } from '../../../presenters/gap-presenter';
import { pageNumber } from '../../pagination';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

/**
 * Reports/Gaps: the knowledge-gap inbox. Questions the bots could not answer well, grouped into
 * gaps ranked by the conversations they cost; open ones by default, answered or dismissed ones on
 * request.
 */
export async function index(req: Request) {
  const listing = await listGaps(req.services, await teamActor(req), {
    status: req.query.status,
    page: pageNumber(req.query.page),
  });
  await req.inertia.render('Reports/Gaps', presentGaps(listing, gapsPerPage));
}

/** A curated Q&A answer from a gap; the answered list then shows whether its questions are answered now. */
export async function answer(req: Request, res: Response) {
  const { gap, knowledge } = await answerGap(req.services, await teamActor(req), routeId(req, 'gap'), req.body);
  const retest = gap.retest ?? [];
  const answered = retest.filter((result) => result.answered).length;
  req.inertia
    .flash(
      'banner',
      retest.length === 0
        ? `Saved to ${knowledge}.`
        : `Saved to ${knowledge}. Asked again, ${answered} of ${retest.length} question${retest.length === 1 ? ' is' : 's are'} answered now.`,
    )
    .flash('bannerStyle', answered === retest.length ? 'success' : 'danger');
  res.redirect(303, req.services.route('reports.gaps', { status: 'answered' }));
}

/** Hides a gap until a new question joins it. */
export async function dismiss(req: Request, res: Response) {
  await dismissGap(req.services, await teamActor(req), routeId(req, 'gap'));
  req.inertia.flash('banner', 'Dismissed. It comes back if customers ask it again.').flash('bannerStyle', 'success');
  res.redirect(303, req.get('referer') && sameApp(req) ? req.get('referer')! : req.services.route('reports.gaps'));
}

/** Whether the Referer is a page of this app (a redirect never leaves it). */
function sameApp(req: Request): boolean {
  try {
    return new URL(req.get('referer')!).origin === new URL(req.services.config.app.url).origin;
  } catch {
    return false;
  }
}

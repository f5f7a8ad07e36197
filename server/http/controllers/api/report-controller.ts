import type { Request, Response } from 'express';
import { buildReport } from '../../../domain/reports/report-actions';
import { presentApiReport } from '../../../presenters/api-report-presenter';
import { teamActor } from '../../team-actor';

/**
 * `GET /api/reports/summary`: the Reports page's figures as JSON, for the same filters, strictly
 * parsed (a wrong filter is a 422 naming it, never silently dropped). Agents' tokens get the
 * figures of their own conversations.
 */
export async function summary(req: Request, res: Response) {
  const report = await buildReport(req.services, await teamActor(req), req.query, { strict: true });
  res.json(presentApiReport(report));
}

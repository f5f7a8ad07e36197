import type { TeamActor } from '../teams/team-access';
import { reportPolicy } from '../reports/report-actions';
import { knowledgePolicy } from '../knowledges/knowledge-policy';

/**
 * Who sees the knowledge-gap inbox and who acts on it. Those who see the team's reports see it
 * (owners, admins, editors, viewers); agents do not: a gap gathers questions from every
 * conversation, so a view limited to theirs would show partial gaps with misleading counts, and an
 * agent cannot change knowledge anyway (their own figures stay on Reports). Answering (a curated
 * Q&A source) and dismissing are for those who may change knowledge.
 */
export const gapPolicy = {
  view: (actor: TeamActor) => reportPolicy.view(actor) && !reportPolicy.ownOnly(actor),
  act: (actor: TeamActor) => gapPolicy.view(actor) && knowledgePolicy.update(actor) && knowledgePolicy.create(actor),
};

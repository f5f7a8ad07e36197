import type { Request, Response } from 'express';
import { automationRepository, automationRunRetentionMs } from '../../../db/repositories/automation-repository';
import {
  automationOptions,
  automationPolicy,
  deleteAutomationRule,
  moveAutomationRule,
  presentAutomationRule,
  saveAutomationRule,
} from '../../../domain/automations/rules';
import { automationLimits } from '../../../domain/automations/rule-types';
import { authorize } from '../../../domain/teams/team-access';
import { routeId } from '../../route-params';
import { teamActor } from '../../team-actor';

const recentRuns = 20;

/** Conversations/Automations: the team's rules in the order they run, and what they did lately. */
export async function index(req: Request) {
  const actor = await teamActor(req);
  authorize(automationPolicy.view(actor));
  const repo = automationRepository(req.services.db, actor.teamId);
  const [rules, activity, runs, options] = await Promise.all([
    repo.all(),
    repo.runCounts(new Date(Date.now() - automationRunRetentionMs)),
    repo.recentRuns(recentRuns),
    automationOptions(req.services, actor.teamId),
  ]);
  await req.inertia.render('Conversations/Automations', {
    rules: rules.map((rule) => presentAutomationRule(rule, activity.get(rule.id))),
    recent_runs: runs.map((run) => ({
      id: run.id,
      rule_id: run.ruleId,
      rule_name: run.ruleName,
      conversation:
        run.conversationId !== null && run.conversationNumber !== null
          ? { id: run.conversationId, number: run.conversationNumber }
          : null,
      summary: run.summary,
      created_at: run.createdAt.toISOString(),
    })),
    options,
    limits: automationLimits,
    can: { manage: automationPolicy.manage(actor) },
  });
}

const back = (req: Request, res: Response) => res.redirect(303, req.services.route('automations.index'));

export async function store(req: Request, res: Response) {
  await saveAutomationRule(req.services, await teamActor(req), req.body);
  back(req, res);
}

export async function update(req: Request, res: Response) {
  await saveAutomationRule(req.services, await teamActor(req), req.body, routeId(req, 'automation'));
  back(req, res);
}

export async function move(req: Request, res: Response) {
  await moveAutomationRule(req.services, await teamActor(req), routeId(req, 'automation'), req.body);
  back(req, res);
}

export async function destroy(req: Request, res: Response) {
  await deleteAutomationRule(req.services, await teamActor(req), routeId(req, 'automation'));
  back(req, res);
}

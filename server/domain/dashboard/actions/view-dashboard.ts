import type { Services } from '../../../services';
import type { UserRow } from '../../../db/repositories/user-repository';
import {
  dashboardRepository,
  type ConversationActivityItem,
  type DashboardChannelRow,
  type IngestItem,
  type MemberJoinedItem,
  type OnboardingFacts,
} from '../../../db/repositories/dashboard-repository';
import { currentTeamAndRole, type TeamAndRole } from '../../api-tokens/memberships';
import { teamPolicy, type TeamAbilities } from '../../teams/team-policy';
import { reportPolicy } from '../../reports/report-actions';
import { computeFigures, parseKey } from '../../../reports/compute';
import { sumFigures, type DailyFigures } from '../../../reports/figures';
import { loadFacts, storedFigures } from '../../../reports/rollup';
import { reportWindow } from '../../../reports/window';
import { creditQuotaOf, type CreditQuota } from '../../billing/plan-usage';
import { cachedFrozen } from '../../../cache/cached-reads';

/** How many events the activity feed lists. */
export const FEED_SIZE = 15;

export interface DashboardLive {
  /** The team's report time zone: the days "today" and "this month" are counted in. */
  timeZone: string;
  now: Date;
  onboarding: OnboardingFacts;
  /** Conversations waiting for a person and with one (roles that see conversations). */
  queue: { queued: number; human: number; awaitingReply: number; longestWaitingSince: Date | null } | null;
  /**
   * Today's figures and yesterday's, from the rollups (roles that see reports); an agent's are
   * those of the conversations assigned to them, as on Reports.
   */
  today: {
    scope: 'team' | 'mine';
    day: string;
    yesterday: string;
    current: DailyFigures;
    previous: DailyFigures;
  } | null;
  /**
   * AI credits used since the first of the month (team time, from the rollups), and the billing
   * period's credits against the plan's quota; the team's figures, so not an agent's.
   */
  credits: { from: string; to: string; used: number; quota: CreditQuota } | null;
  /** Every channel of the team with what its health is read from (roles that see channels). */
  channels: DashboardChannelRow[] | null;
  /** The latest events of each kind the role may see, newest first. */
  feed: { conversations: ConversationActivityItem[]; ingests: IngestItem[]; members: MemberJoinedItem[] };
}

export interface DashboardView {
  /** The team the dashboard speaks of (the current one) and the actor's role in it. */
  current: TeamAndRole | undefined;
  /** What that role lets the actor start from here; all false without a team. */
  can: TeamAbilities;
  /** The team's live state, each part only for a role that may see it; none without a team. */
  live: DashboardLive | undefined;
}

const nothing: TeamAbilities = {
  manageTeam: false,
  inviteMembers: false,
  viewMembers: false,
  viewBots: false,
  createBots: false,
  viewKnowledges: false,
  createKnowledges: false,
  viewChannels: false,
  createChannels: false,
  viewConversations: false,
  handleConversations: false,
  viewReports: false,
  viewBilling: false,
  manageBilling: false,
};

/** One day's figures of the conversations assigned to a user, from raw rows (an agent has few). */
async function assignedFigures(
  services: Pick<Services, 'db'>,
  teamId: number,
  userId: number,
  day: string,
  timeZone: string,
): Promise<DailyFigures> {
  const facts = await loadFacts(services.db, teamId, { day, timeZone, assigneeId: userId });
  const figures = computeFigures(facts.conversations, facts.messages, timeZone);
  return sumFigures([...figures].filter(([key]) => parseKey(key).day === day).map(([, value]) => value));
}

/** The dashboard of the actor's current team, seen through their role there. */
export async function viewDashboard(
  services: Pick<Services, 'db' | 'config'>,
  actor: UserRow,
  options: { now?: Date } = {},
): Promise<DashboardView> {
  const current = await currentTeamAndRole(services.db, actor);
  if (!current) return { current, can: nothing, live: undefined };
  const can = teamPolicy.abilities({ team: current.team, userId: actor.id, role: current.role });
  const teamId = current.team.id;
  const timeZone = current.team.timezone;
  const now = options.now ?? new Date();
  const repository = dashboardRepository(services.db, teamId);

  const day = reportWindow('today', timeZone, now);
  const month = reportWindow('month', timeZone, now);
  // As on Reports: an agent's figures are those of the conversations assigned to them.
  const mine = reportPolicy.ownOnly({ userId: actor.id, teamId, role: current.role });
  let today: DashboardLive['today'] = null;
  let credits: DashboardLive['credits'] = null;
  if (can.viewReports && mine) {
    today = {
      scope: 'mine',
      day: day.today,
      yesterday: day.previous.from,
      current: await assignedFigures(services, teamId, actor.id, day.today, timeZone),
      previous: await assignedFigures(services, teamId, actor.id, day.previous.from, timeZone),
    };
  } else if (can.viewReports) {
    const from = day.previous.from < month.from ? day.previous.from : month.from;
    // The sums through the hot cache (the rows are a month of figures, too large to copy on every
    // visit): the rollup rows change only when the workers rewrite a day.
    const sums = await cachedFrozen(
      services.db,
      `dashboard:${teamId}:figures:${day.today}:${day.previous.from}:${month.from}`,
      { groups: ['report_daily'] },
      async () => {
        const rows = await storedFigures(services.db, teamId, { from, to: day.today });
        const sum = (test: (row: { day: string }) => boolean) =>
          sumFigures(rows.filter(test).map((row) => row.figures));
        return {
          current: sum((row) => row.day === day.today),
          previous: sum((row) => row.day === day.previous.from),
          monthCredits: sum((row) => row.day >= month.from).credits,
        };
      },
    );
    today = {
      scope: 'team',
      day: day.today,
      yesterday: day.previous.from,
      current: sums.current,
      previous: sums.previous,
    };
    credits = {
      from: month.from,
      to: month.to,
      used: sums.monthCredits,
      quota: await creditQuotaOf(services, teamId, now),
    };
  }

  return {
    current,
    can,
    live: {
      timeZone,
      now,
      onboarding: await repository.onboarding(),
      queue: can.viewConversations ? await repository.queue() : null,
      today,
      credits,
      channels: can.viewChannels ? await repository.channels() : null,
      feed: {
        conversations: can.viewConversations ? await repository.conversationActivities(FEED_SIZE) : [],
        // More than a feed's worth: sources ready one after another are told as one item.
        ingests: can.viewKnowledges ? await repository.ingests(FEED_SIZE * 4) : [],
        members: can.viewMembers ? await repository.membersJoined(FEED_SIZE) : [],
      },
    },
  };
}

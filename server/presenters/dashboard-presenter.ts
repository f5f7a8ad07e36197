import type { Services } from '../services';
import type { ChannelStatus, ChannelType, HandoffReasonCode, ResolvedBy } from '../db/schema/channels';
import type { DailyFigures } from '../reports/figures';
import type { DashboardLive, DashboardView } from '../domain/dashboard/actions/view-dashboard';
import { FEED_SIZE } from '../domain/dashboard/actions/view-dashboard';
import type { TeamAbilities } from '../domain/teams/team-policy';
import { asRole } from '../domain/teams/team-access';
import { roleDescription, roleName } from '../domain/teams/roles';
import { metricsOf } from '../reports/summary';
import { channelHealth } from './channel-presenter';
import { presentCreditQuota, type CreditQuotaProps } from './plan-usage-presenter';

/** The four steps from an empty team to a first answered conversation, in order. */
export type OnboardingStepKey = 'knowledge' | 'bot' | 'channel' | 'team';

/** Today's headline figures (or yesterday's): rates 0–1, null when nothing was measured. */
export interface DayFigures {
  conversations: number;
  auto_resolution_rate: number | null;
  handoffs: number;
  ai_replies: number;
}

export interface DashboardChannel {
  id: number;
  type: ChannelType;
  name: string;
  status: ChannelStatus;
  health: 'healthy' | 'waiting' | 'error' | 'paused';
  health_detail: string;
}

interface FeedBase {
  /** Unique across kinds (`handoff-12`, `source-3-…`). */
  id: string;
  at: string;
  /** The screen the event is about. */
  url: string;
}

export interface ConversationRef {
  id: number;
  number: number;
  contact: { id: number; name: string | null; phone: string | null };
}

export type FeedItem =
  | (FeedBase & { kind: 'handoff'; conversation: ConversationRef; reason: HandoffReasonCode | null })
  | (FeedBase & {
      kind: 'resolved';
      conversation: ConversationRef;
      resolved_by: ResolvedBy | null;
      /** The person who resolved it. */
      agent: string | null;
    })
  | (FeedBase & {
      kind: 'ingest_ready' | 'ingest_failed';
      /** The newest source of the item. */
      source: { id: number; title: string };
      knowledge: { id: number; name: string };
      /** Sources of the knowledge base that became ready one after another, told as one item. */
      count: number;
      error: string | null;
    })
  | (FeedBase & { kind: 'member_joined'; member: { name: string; role_name: string } });

/**
 * Dashboard's props: the current team, the actor's role in words, the policy's booleans and the
 * team's live state. Each part of the live state is null for a role that may not see it (and
 * everything is null without a current team).
 */
export interface DashboardProps {
  team: {
    id: number;
    name: string;
    personal_team: boolean;
    role_name: string;
    role_description: string;
  } | null;
  can: TeamAbilities;
  /** Which of the four steps the team has done; shown until all are. */
  onboarding: { steps: { key: OnboardingStepKey; done: boolean }[]; complete: boolean } | null;
  queue: {
    queued: number;
    human: number;
    /** Of those with a person, how many owe the customer a reply. */
    awaiting_reply: number;
    /** Since when the customer who has waited longest for a person has waited; null when none waits. */
    longest_waiting_since: string | null;
    /** now − that moment, at render time. */
    longest_wait_seconds: number | null;
  } | null;
  today: {
    /** 'mine': an agent's own conversations. */
    scope: 'team' | 'mine';
    timezone: string;
    day: string;
    yesterday: string;
    current: DayFigures;
    previous: DayFigures;
  } | null;
  /**
   * AI credits: `used` this month so far by the conversations (team time, from the rollups), and
   * `quota`, the billing period's credits against the plan's (what runs out).
   */
  credits: { used: number; from: string; to: string; quota: CreditQuotaProps } | null;
  channels: DashboardChannel[] | null;
  feed: FeedItem[] | null;
}

function dayFigures(figures: DailyFigures): DayFigures {
  const metrics = metricsOf(figures);
  return {
    conversations: metrics.conversations,
    auto_resolution_rate: metrics.auto_resolution_rate,
    handoffs: metrics.handoffs,
    ai_replies: metrics.ai_replies,
  };
}

/**
 * Feeds already presented, by the (frozen, hot-cached) conversation activities they were made
 * from: while the cache holds the same three lists, every visit shows the same items, so they are
 * built once (forty-five route URLs and a sort) and shared, frozen.
 */
const presentedFeeds = new WeakMap<object, { feed: DashboardLive['feed']; teamId: number; items: FeedItem[] }>();

function presentFeed(services: Pick<Services, 'route'>, teamId: number, feed: DashboardLive['feed']): FeedItem[] {
  const shareable =
    Object.isFrozen(feed.conversations) && Object.isFrozen(feed.ingests) && Object.isFrozen(feed.members);
  const known = shareable ? presentedFeeds.get(feed.conversations) : undefined;
  if (known && known.teamId === teamId && known.feed.ingests === feed.ingests && known.feed.members === feed.members)
    return known.items;
  const items = buildFeed(services, teamId, feed);
  if (shareable) presentedFeeds.set(feed.conversations, { feed, teamId, items: deepFrozen(items) });
  return items;
}

function deepFrozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const entry of Object.values(value)) deepFrozen(entry);
  }
  return value;
}

/** The newest events of every kind, merged: newest first, at most FEED_SIZE. */
function buildFeed(services: Pick<Services, 'route'>, teamId: number, feed: DashboardLive['feed']): FeedItem[] {
  const items: FeedItem[] = [];
  for (const activity of feed.conversations) {
    const conversation: ConversationRef = {
      id: activity.conversationId,
      number: activity.number,
      contact: { id: activity.contactId, name: activity.contactName, phone: activity.contactPhone },
    };
    const base = {
      id: `${activity.type}-${activity.id}`,
      at: activity.at.toISOString(),
      url: services.route('conversations.show', { conversation: activity.conversationId }),
    };
    if (activity.type === 'handoff') {
      items.push({ ...base, kind: 'handoff', conversation, reason: activity.reason as HandoffReasonCode | null });
    } else {
      items.push({
        ...base,
        kind: 'resolved',
        conversation,
        resolved_by: activity.reason as ResolvedBy | null,
        agent: activity.reason === 'human' ? activity.userName : null,
      });
    }
  }
  for (const ingest of feed.ingests) {
    const at = ingest.at.toISOString();
    items.push({
      id: `source-${ingest.id}-${at}`,
      at,
      url: services.route('knowledges.edit', { knowledge: ingest.knowledgeId }),
      kind: ingest.status === 'ready' ? 'ingest_ready' : 'ingest_failed',
      source: { id: ingest.id, title: ingest.title },
      knowledge: { id: ingest.knowledgeId, name: ingest.knowledgeName },
      count: 1,
      error: ingest.status === 'error' && ingest.error ? ingest.error.slice(0, 200) : null,
    });
  }
  for (const member of feed.members) {
    items.push({
      id: `member-${member.userId}`,
      at: member.at.toISOString(),
      url: services.route('teams.show', { team: teamId }),
      kind: 'member_joined',
      member: { name: member.name, role_name: roleName(asRole(member.role)) },
    });
  }
  // ISO timestamps of one format sort as strings (localeCompare's collation costs more than the rest).
  items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
  // A knowledge base whose sources became ready one after another (a first upload, a sitemap) is
  // one item, not a screenful of them.
  const feedItems: FeedItem[] = [];
  for (const item of items) {
    const last = feedItems[feedItems.length - 1];
    if (item.kind === 'ingest_ready' && last?.kind === 'ingest_ready' && last.knowledge.id === item.knowledge.id) {
      last.count += 1;
      continue;
    }
    feedItems.push(item);
    if (feedItems.length > FEED_SIZE) break;
  }
  return feedItems.slice(0, FEED_SIZE);
}

export function presentDashboard(services: Pick<Services, 'route'>, view: DashboardView): DashboardProps {
  const { current, can, live } = view;
  if (!current || !live) {
    return {
      team: null,
      can,
      onboarding: null,
      queue: null,
      today: null,
      credits: null,
      channels: null,
      feed: null,
    };
  }
  const done = live.onboarding;
  const steps: { key: OnboardingStepKey; done: boolean }[] = [
    { key: 'knowledge', done: done.readyKnowledge },
    { key: 'bot', done: done.publishedBot },
    { key: 'channel', done: done.channel },
    { key: 'team', done: done.teammates },
  ];
  const { queue, today } = live;
  return {
    team: {
      id: current.team.id,
      name: current.team.name,
      personal_team: current.team.personalTeam,
      role_name: roleName(current.role),
      role_description: roleDescription(current.role),
    },
    can,
    onboarding: { steps, complete: steps.every((step) => step.done) },
    queue: queue && {
      queued: queue.queued,
      human: queue.human,
      awaiting_reply: queue.awaitingReply,
      longest_waiting_since: queue.longestWaitingSince?.toISOString() ?? null,
      longest_wait_seconds: queue.longestWaitingSince
        ? Math.max(0, Math.round((live.now.getTime() - queue.longestWaitingSince.getTime()) / 1000))
        : null,
    },
    today: today && {
      scope: today.scope,
      timezone: live.timeZone,
      day: today.day,
      yesterday: today.yesterday,
      current: dayFigures(today.current),
      previous: dayFigures(today.previous),
    },
    credits: live.credits && {
      used: live.credits.used,
      from: live.credits.from,
      to: live.credits.to,
      quota: presentCreditQuota(live.credits.quota),
    },
    channels:
      live.channels &&
      live.channels.map((channel) => {
        const { health, detail } = channelHealth(channel);
        return {
          id: channel.id,
          type: channel.type,
          name: channel.name,
          status: channel.status,
          health,
          health_detail: detail,
        };
      }),
    feed: presentFeed(services, current.team.id, live.feed),
  };
}

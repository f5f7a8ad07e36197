import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../client';
import { cachedFrozen } from '../../cache/cached-reads';
import { customerWaitingSince, notSnoozedNow } from './conversation-repository';
import {
  bots,
  channels,
  contacts,
  conversationActivities,
  conversations,
  knowledges,
  knowledgeSources,
  teamInvitations,
  teams,
  teamUser,
  users,
  type ChannelStatus,
  type ChannelType,
} from '../schema/index';

/** The columns a channel's health badge is read from (server/presenters/channel-presenter.ts). */
export interface DashboardChannelRow {
  id: number;
  type: ChannelType;
  name: string;
  status: ChannelStatus;
  lastInboundAt: Date | null;
  lastOutboundAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  credentialCheck: { ok: boolean; detail: string; at: string } | null;
}

/** A handoff or a resolution, with the conversation's number and its contact. */
export interface ConversationActivityItem {
  id: number;
  type: 'handoff' | 'resolved';
  reason: string | null;
  at: Date;
  conversationId: number;
  number: number;
  contactId: number;
  contactName: string | null;
  contactPhone: string | null;
  /** Who resolved it (a person's resolution). */
  userName: string | null;
}

/** A knowledge source whose last ingest finished (ready) or failed (error). */
export interface IngestItem {
  id: number;
  title: string;
  status: 'ready' | 'error';
  error: string | null;
  at: Date;
  knowledgeId: number;
  knowledgeName: string;
}

export interface MemberJoinedItem {
  userId: number;
  name: string;
  role: string;
  at: Date;
}

/** What an empty team has done so far: the four onboarding steps, and whether anyone wrote yet. */
export interface OnboardingFacts {
  readyKnowledge: boolean;
  publishedBot: boolean;
  channel: boolean;
  teammates: boolean;
  conversations: boolean;
}

/**
 * What the dashboard reads of one team: the open queue, its channels' health, the latest events
 * of the activity feed and the onboarding facts. `teamId` is in every `where` (joined rows too).
 */
export function dashboardRepository(db: Database, teamId: number) {
  // Each read goes through the hot cache outside transactions (every dashboard visit makes them),
  // naming every table it reads: a write to any of them drops it (docs/decisions/011).
  const cached = <T>(key: string, groups: string[], load: () => Promise<T>): Promise<T> =>
    cachedFrozen(db, `dashboard:${teamId}:${key}`, { groups }, load);
  return {
    /**
     * Conversations waiting for a person and with one, how many of those with one owe the
     * customer a reply, and since when the customer who has waited longest for a person has
     * waited (`customerWaitingSince`, the inbox's); snoozed ones left out, as the inbox's tabs do
     * (the sweep that wakes one writes the row, which drops this from the cache).
     */
    async queue(): Promise<{ queued: number; human: number; awaitingReply: number; longestWaitingSince: Date | null }> {
      return cached('queue', ['conversations', 'messages'], async () => {
        const open = db
          .select({ state: conversations.state, since: sql<string | null>`${customerWaitingSince}`.as('since') })
          .from(conversations)
          .where(
            and(eq(conversations.teamId, teamId), inArray(conversations.state, ['queued', 'human']), notSnoozedNow),
          )
          .as('open');
        const [row] = await db
          .select({
            queued: sql<number>`count(*) filter (where ${open.state} = 'queued')::int`,
            human: sql<number>`count(*) filter (where ${open.state} = 'human')::int`,
            awaiting: sql<number>`count(*) filter (where ${open.state} = 'human' and ${open.since} is not null)::int`,
            longest: sql<string | null>`min(${open.since})`,
          })
          .from(open);
        return {
          queued: row?.queued ?? 0,
          human: row?.human ?? 0,
          awaitingReply: row?.awaiting ?? 0,
          longestWaitingSince: row?.longest ? new Date(row.longest) : null,
        };
      });
    },

    async channels(): Promise<DashboardChannelRow[]> {
      return cached('channels', ['channels'], async () => {
        return db
          .select({
            id: channels.id,
            type: channels.type,
            name: channels.name,
            status: channels.status,
            lastInboundAt: channels.lastInboundAt,
            lastOutboundAt: channels.lastOutboundAt,
            lastErrorAt: channels.lastErrorAt,
            lastError: channels.lastError,
            credentialCheck: channels.credentialCheck,
          })
          .from(channels)
          .where(eq(channels.teamId, teamId))
          .orderBy(asc(channels.name), asc(channels.id));
      });
    },

    /** The latest handoffs and resolutions, newest first. */
    async conversationActivities(limit: number): Promise<ConversationActivityItem[]> {
      return cached(
        `activities:${limit}`,
        ['conversation_activities', 'conversations', 'contacts', 'users'],
        async () => {
          const rows = await db
            .select({
              id: conversationActivities.id,
              type: conversationActivities.type,
              reason: conversationActivities.reason,
              at: conversationActivities.at,
              conversationId: conversations.id,
              number: conversations.number,
              contactId: contacts.id,
              contactName: contacts.name,
              contactPhone: contacts.phoneE164,
              userName: users.name,
            })
            .from(conversationActivities)
            .innerJoin(
              conversations,
              and(eq(conversations.id, conversationActivities.conversationId), eq(conversations.teamId, teamId)),
            )
            .innerJoin(contacts, and(eq(contacts.id, conversations.contactId), eq(contacts.teamId, teamId)))
            .leftJoin(users, eq(users.id, conversationActivities.userId))
            .where(
              and(
                eq(conversationActivities.teamId, teamId),
                inArray(conversationActivities.type, ['handoff', 'resolved']),
              ),
            )
            .orderBy(desc(conversationActivities.at), desc(conversationActivities.id))
            .limit(limit);
          return rows as ConversationActivityItem[];
        },
      );
    },

    /** Knowledge sources whose last ingest finished or failed, latest first. */
    async ingests(limit: number): Promise<IngestItem[]> {
      return cached(`ingests:${limit}`, ['knowledge_sources', 'knowledges'], async () => {
        const at = sql<Date>`case when ${knowledgeSources.status} = 'ready' then coalesce(${knowledgeSources.lastIngestedAt}, ${knowledgeSources.updatedAt}) else ${knowledgeSources.updatedAt} end`;
        const rows = await db
          .select({
            id: knowledgeSources.id,
            title: knowledgeSources.title,
            status: knowledgeSources.status,
            error: knowledgeSources.error,
            at: sql<string>`${at}`,
            knowledgeId: knowledges.id,
            knowledgeName: knowledges.name,
          })
          .from(knowledgeSources)
          .innerJoin(knowledges, and(eq(knowledges.id, knowledgeSources.knowledgeId), eq(knowledges.teamId, teamId)))
          .where(and(eq(knowledgeSources.teamId, teamId), inArray(knowledgeSources.status, ['ready', 'error'])))
          .orderBy(desc(at), desc(knowledgeSources.id))
          .limit(limit);
        return rows.map((row) => ({ ...row, status: row.status as 'ready' | 'error', at: new Date(row.at) }));
      });
    },

    /** Members who joined the team (the owner founded it), latest first. */
    async membersJoined(limit: number): Promise<MemberJoinedItem[]> {
      return cached(`members:${limit}`, ['team_user', 'users'], async () => {
        return db
          .select({ userId: users.id, name: users.name, role: teamUser.role, at: teamUser.createdAt })
          .from(teamUser)
          .innerJoin(users, eq(users.id, teamUser.userId))
          .where(eq(teamUser.teamId, teamId))
          .orderBy(desc(teamUser.createdAt), desc(teamUser.userId))
          .limit(limit);
      });
    },

    /** One query: has the team a ready source, a published bot, a channel, a teammate, a conversation? */
    async onboarding(): Promise<OnboardingFacts> {
      return cached(
        'onboarding',
        [
          'knowledge_sources',
          'knowledges',
          'bots',
          'channels',
          'team_user',
          'team_invitations',
          'conversations',
          'teams',
        ],
        async () => {
          const has = (query: { getSQL(): SQL }) => sql<boolean>`exists (${query})`;
          const one = sql`1`;
          const [row] = await db
            .select({
              readyKnowledge: has(
                db
                  .select({ one })
                  .from(knowledgeSources)
                  .innerJoin(
                    knowledges,
                    and(eq(knowledges.id, knowledgeSources.knowledgeId), eq(knowledges.teamId, teamId)),
                  )
                  .where(and(eq(knowledgeSources.teamId, teamId), eq(knowledgeSources.status, 'ready'))),
              ),
              publishedBot: has(
                db
                  .select({ one })
                  .from(bots)
                  .where(and(eq(bots.teamId, teamId), isNotNull(bots.publishedVersion))),
              ),
              channel: has(db.select({ one }).from(channels).where(eq(channels.teamId, teamId))),
              teammates: sql<boolean>`(${has(db.select({ one }).from(teamUser).where(eq(teamUser.teamId, teamId)))} or ${has(
                db.select({ one }).from(teamInvitations).where(eq(teamInvitations.teamId, teamId)),
              )})`,
              conversations: has(db.select({ one }).from(conversations).where(eq(conversations.teamId, teamId))),
            })
            .from(teams)
            .where(eq(teams.id, teamId));
          return {
            readyKnowledge: Boolean(row?.readyKnowledge),
            publishedBot: Boolean(row?.publishedBot),
            channel: Boolean(row?.channel),
            teammates: Boolean(row?.teammates),
            conversations: Boolean(row?.conversations),
          };
        },
      );
    },
  };
}

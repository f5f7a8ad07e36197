import { and, asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../client';
import { bots } from '../schema/bots';
import { channels } from '../schema/channels';
import { knowledgeChunks, knowledges, knowledgeSources } from '../schema/knowledge';

/** What reports name, of one team: bots, channels, and knowledge sources by id. */
export function reportRepository(db: Database, teamId: number) {
  return {
    async bots(): Promise<{ id: number; name: string }[]> {
      return db
        .select({ id: bots.id, name: bots.name })
        .from(bots)
        .where(eq(bots.teamId, teamId))
        .orderBy(asc(bots.name));
    },

    async channels(): Promise<{ id: number; name: string; type: string }[]> {
      return db
        .select({ id: channels.id, name: channels.name, type: channels.type })
        .from(channels)
        .where(eq(channels.teamId, teamId))
        .orderBy(asc(channels.name));
    },

    /** Sources by id with their knowledge base (ids of another team are not found). */
    async sources(ids: number[]): Promise<{ id: number; title: string; knowledgeId: number; knowledge: string }[]> {
      if (ids.length === 0) return [];
      return db
        .select({
          id: knowledgeSources.id,
          title: knowledgeSources.title,
          knowledgeId: knowledgeSources.knowledgeId,
          knowledge: knowledges.name,
        })
        .from(knowledgeSources)
        .innerJoin(knowledges, eq(knowledges.id, knowledgeSources.knowledgeId))
        .where(and(eq(knowledgeSources.teamId, teamId), inArray(knowledgeSources.id, ids)));
    },

    /** Chunks by id with the start of their text and their source (ids of another team are not found). */
    async chunks(
      ids: number[],
    ): Promise<
      { id: number; excerpt: string; sourceId: number; title: string; knowledgeId: number; knowledge: string }[]
    > {
      if (ids.length === 0) return [];
      return db
        .select({
          id: knowledgeChunks.id,
          excerpt: sql<string>`left(${knowledgeChunks.content}, 200)`,
          sourceId: knowledgeSources.id,
          title: knowledgeSources.title,
          knowledgeId: knowledges.id,
          knowledge: knowledges.name,
        })
        .from(knowledgeChunks)
        .innerJoin(knowledgeSources, eq(knowledgeSources.id, knowledgeChunks.sourceId))
        .innerJoin(knowledges, eq(knowledges.id, knowledgeSources.knowledgeId))
        .where(and(eq(knowledgeChunks.teamId, teamId), inArray(knowledgeChunks.id, ids)));
    },

    /** The team's sources not among `cited`, oldest first. */
    async sourcesOtherThan(
      cited: number[],
      limit: number,
    ): Promise<{ id: number; title: string; knowledgeId: number; knowledge: string }[]> {
      return db
        .select({
          id: knowledgeSources.id,
          title: knowledgeSources.title,
          knowledgeId: knowledgeSources.knowledgeId,
          knowledge: knowledges.name,
        })
        .from(knowledgeSources)
        .innerJoin(knowledges, eq(knowledges.id, knowledgeSources.knowledgeId))
        .where(
          and(
            eq(knowledgeSources.teamId, teamId),
            cited.length > 0 ? notInArray(knowledgeSources.id, cited) : undefined,
          ),
        )
        .orderBy(asc(knowledgeSources.id))
        .limit(limit);
    },
  };
}

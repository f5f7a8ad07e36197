import type {
  ChunkRow,
  KnowledgeRow,
  KnowledgeSummary,
  SourceRow,
  SourceState,
} from '../db/repositories/knowledge-repository';
import { workingStatuses } from '../db/repositories/knowledge-repository';
import type { EmbedderRegistry } from '../knowledge/embedder-registry';
import type { RetrievedChunk } from '../knowledge/retrieve';
import { languageLabels } from '../domain/knowledges/schemas';
import { iso } from './iso';

/** empty: no sources; processing: a source is being ingested; degraded: some failed; else ready. */
export type KnowledgeStatus = 'empty' | 'processing' | 'ready' | 'degraded';

export function knowledgeStatus(stats: { sourceCount: number; processing: number; failed: number }): KnowledgeStatus {
  if (stats.sourceCount === 0) return 'empty';
  if (stats.processing > 0) return 'processing';
  if (stats.failed > 0) return 'degraded';
  return 'ready';
}

export function presentEmbedder(registry: EmbedderRegistry, knowledge: KnowledgeRow) {
  const spec = {
    provider: knowledge.embeddingProvider,
    model: knowledge.embeddingModel,
    dimensions: knowledge.embeddingDimensions,
  };
  const described = registry.describe(spec);
  const current = registry.default();
  return {
    ...described,
    model: spec.model,
    dimensions: spec.dimensions,
    /** New knowledge would be indexed differently: re-embedding is offered. */
    outdated: current.provider !== spec.provider || current.model !== spec.model,
    default_label: registry.describe(current).label,
  };
}

export function presentKnowledgeSummary(registry: EmbedderRegistry, knowledge: KnowledgeSummary) {
  return {
    id: knowledge.id,
    name: knowledge.name,
    description: knowledge.description,
    language: knowledge.language,
    language_label: languageLabels[knowledge.language] ?? knowledge.language,
    status: knowledgeStatus(knowledge),
    progress: knowledge.processing > 0 ? knowledge.progress : null,
    sources_count: knowledge.sourceCount,
    chunks_count: knowledge.chunkCount,
    failed_sources: knowledge.failed,
    chars: knowledge.chars,
    embedder: presentEmbedder(registry, knowledge),
    last_ingested_at: iso(knowledge.lastIngestedAt),
    updated_at: iso(knowledge.updatedAt),
    created_at: iso(knowledge.createdAt),
  };
}

export function presentKnowledge(registry: EmbedderRegistry, knowledge: KnowledgeRow) {
  return {
    id: knowledge.id,
    name: knowledge.name,
    description: knowledge.description,
    language: knowledge.language,
    language_label: languageLabels[knowledge.language] ?? knowledge.language,
    embedder: presentEmbedder(registry, knowledge),
    created_at: iso(knowledge.createdAt),
    updated_at: iso(knowledge.updatedAt),
  };
}

/** A source as the Form page and the API show it: its state and its content. */
export function presentSource(source: SourceRow) {
  return {
    ...presentSourceState(source),
    // What the edit form needs of a text or Q&A source.
    text: source.type === 'text' ? source.text : null,
    question: source.type === 'qa' ? (source.qa?.question ?? null) : null,
    alternatives: source.type === 'qa' ? (source.qa?.alternatives ?? []) : [],
    answer: source.type === 'qa' ? (source.qa?.answer ?? null) : null,
  };
}

/**
 * A source as `KnowledgeSourceUpdated` carries it: its state without its content, so that an event
 * stays within the realtime server's payload limit (10 kB) whatever the source holds. Pages merge
 * it onto the source they have.
 */
export function presentSourceState(source: SourceState) {
  return {
    id: source.id,
    knowledge_id: source.knowledgeId,
    type: source.type,
    title: source.title,
    status: source.status,
    working: workingStatuses.includes(source.status),
    progress: source.status === 'ready' ? 100 : source.progress,
    error: source.error,
    enabled: source.enabled,
    chunk_count: source.chunkCount,
    hit_count: source.hitCount,
    chars: source.chars,
    url: source.url,
    max_pages: source.maxPages,
    file_name: source.fileName,
    file_size: source.fileSize,
    refresh: source.refresh,
    next_refresh_at: iso(source.nextRefreshAt),
    last_ingested_at: iso(source.lastIngestedAt),
    last_hit_at: iso(source.lastHitAt),
    diff: source.diff ?? null,
    details: {
      format: source.details?.format ?? null,
      pages: source.details?.pages ?? null,
      crawled: source.details?.crawled ?? null,
      skipped: source.details?.skipped ?? null,
      language: source.details?.language ?? null,
    },
    created_at: iso(source.createdAt),
    updated_at: iso(source.updatedAt),
  };
}

export function presentChunk(chunk: ChunkRow) {
  return {
    id: chunk.id,
    source_id: chunk.sourceId,
    position: chunk.position,
    content: chunk.content,
    context: chunk.context,
    tokens: chunk.tokens,
    meta: chunk.meta,
    enabled: chunk.enabled,
    edited: chunk.editedAt !== null,
    hit_count: chunk.hitCount,
    last_hit_at: iso(chunk.lastHitAt),
  };
}

export function presentRetrievedChunk(chunk: RetrievedChunk) {
  return {
    id: chunk.id,
    knowledge_id: chunk.knowledgeId,
    source: { id: chunk.sourceId, title: chunk.sourceTitle, type: chunk.sourceType, url: chunk.sourceUrl },
    content: chunk.content,
    context: chunk.context,
    meta: chunk.meta,
    score: Number(chunk.score.toFixed(6)),
    retrievers: {
      fulltext: chunk.retrievers.fulltext
        ? { rank: chunk.retrievers.fulltext.rank, score: Number(chunk.retrievers.fulltext.score.toFixed(6)) }
        : null,
      vector: chunk.retrievers.vector
        ? { rank: chunk.retrievers.vector.rank, similarity: Number(chunk.retrievers.vector.similarity.toFixed(6)) }
        : null,
    },
  };
}

import type {
  presentChunk,
  presentKnowledge,
  presentKnowledgeSummary,
  presentRetrievedChunk,
  presentSource,
} from '../../../../../server/presenters/knowledge-presenter';
import type { KnowledgeAction } from '../../../../../server/domain/knowledges/events';
import type { PlanLimitProps } from '../../../../../server/presenters/plan-usage-presenter';
import type { PageMeta } from '@/Components/Pagination';

/**
 * The props of Knowledges/Index and Knowledges/Form (server/http/controllers/knowledges/), their
 * items typed from the presenters that produce them.
 */
export type KnowledgeSummary = ReturnType<typeof presentKnowledgeSummary>;
export type Knowledge = ReturnType<typeof presentKnowledge>;
export type Source = ReturnType<typeof presentSource>;
export type Chunk = ReturnType<typeof presentChunk>;
export type RetrievedChunk = ReturnType<typeof presentRetrievedChunk>;

export type SourceType = Source['type'];
export type SourceStatus = Source['status'];
export type RefreshSchedule = Source['refresh'];
export type KnowledgeLanguage = Knowledge['language'];

export interface KnowledgeAbilities {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface KnowledgeIndexProps {
  knowledges: { data: KnowledgeSummary[]; meta: PageMeta };
  filters: { search: string };
  storage: { chars: number; file_bytes: number; sources: number };
  /** Where the team stands against its plan's knowledge sources (every knowledge base's). */
  limit: PlanLimitProps;
  can: KnowledgeAbilities;
}

export interface LanguageOption {
  value: KnowledgeLanguage;
  label: string;
}

export interface SourceLimits {
  max_file_bytes: number;
  crawl_max_pages: number;
  file_types: string[];
  accept: string;
}

/** The states the sources list filters by ('all': none). */
export type SourceListState = 'all' | 'working' | 'error' | 'off';

/** The list of sources as the page shows it: its search and state, the page, and each state's count. */
export interface SourceListInfo {
  filters: { search: string; state: SourceListState };
  meta: PageMeta;
  counts: Record<SourceListState, number>;
}

/** A page of one source's chunks: the `preview` prop of a partial reload. */
export interface ChunkPreview {
  source_id: number;
  /** The source, which need not be on the page of sources shown (a citation links to it). */
  source: Source;
  page: number;
  last_page: number;
  total: number;
  chunks: Chunk[];
}

export interface KnowledgeFormProps {
  knowledge: Knowledge | null;
  /** The page of sources shown (`source_list` says which). */
  sources: Source[];
  source_list: SourceListInfo;
  languages: LanguageOption[];
  refreshSchedules: RefreshSchedule[];
  limits: SourceLimits;
  defaultEmbedder: string;
  /** Where the team stands against its plan's knowledge sources: the line above "Add a source", the notice once reached. */
  limit: PlanLimitProps;
  can: KnowledgeAbilities;
  /** Only after `router.reload({ only: ['preview'], data: { preview, preview_page } })`. */
  preview?: ChunkPreview | null;
}

/** GET knowledges.search: the "Try a question" answer. */
export interface SearchResult {
  query: string;
  retrievers: Array<'fulltext' | 'vector'>;
  chunks: RetrievedChunk[];
}

/** `KnowledgeSourceUpdated` on `private-teams.{team}` (server/domain/knowledges/events.ts). */
export interface KnowledgeSourceUpdatedEvent {
  team_id: number;
  knowledge_id: number;
  /** The source's state without its content (text, Q&A): merged onto the source the page has. */
  source: Omit<Source, 'text' | 'question' | 'alternatives' | 'answer'>;
}

/** `KnowledgeChanged` on `private-teams.{team}`. */
export interface KnowledgeChangedEvent {
  team_id: number;
  knowledge_id: number;
  action: KnowledgeAction;
}

export type { PageMeta };

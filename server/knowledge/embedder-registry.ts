import { knownDimensions, type Embedder } from './embedders/embedder';
import { LexicalEmbedder } from './embedders/lexical';
import { OpenAiCompatibleEmbedder } from './embedders/openai-compatible';

/** What a knowledge base stores about the embedder its chunks were indexed with. */
export interface EmbedderSpec {
  provider: string;
  model: string;
  /** 0 until a remote server told its vectors' length (the first ingest learns it). */
  dimensions: number;
}

export interface EmbeddingServer {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  embeddingModel: string | undefined;
  embeddingDimensions: number | undefined;
}

const lexical = new LexicalEmbedder();

/**
 * The embedders this process can use: Kawan's offline lexical one always, and the platform's
 * OpenAI-compatible server when AI_BASE_URL and AI_EMBEDDING_MODEL are set. New knowledge bases get
 * the server's model when there is one; a knowledge keeps the embedder it was indexed with until
 * someone re-embeds it, because vectors of two embedders cannot be compared.
 */
export class EmbedderRegistry {
  private readonly remote?: OpenAiCompatibleEmbedder;

  constructor(server: EmbeddingServer, fetchImpl?: typeof fetch) {
    if (server.baseUrl && server.embeddingModel) {
      this.remote = new OpenAiCompatibleEmbedder({
        baseUrl: server.baseUrl,
        apiKey: server.apiKey,
        model: server.embeddingModel,
        dimensions: server.embeddingDimensions,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
    }
  }

  /** What a knowledge created now is indexed with. */
  default(): EmbedderSpec {
    if (this.remote) {
      return { provider: this.remote.provider, model: this.remote.model, dimensions: knownDimensions(this.remote) ?? 0 };
    }
    return { provider: lexical.provider, model: lexical.model, dimensions: lexical.dimensions };
  }

  /** The embedder of a spec, or undefined when this process cannot use it (its server is not configured). */
  for(spec: Pick<EmbedderSpec, 'provider' | 'model'>): Embedder | undefined {
    if (spec.provider === lexical.provider && spec.model === lexical.model) return lexical;
    if (this.remote && spec.provider === this.remote.provider && spec.model === this.remote.model) return this.remote;
    return undefined;
  }

  /** How the UI names an embedder, and whether it can be used here. */
  describe(spec: EmbedderSpec): { label: string; available: boolean; offline: boolean } {
    const embedder = this.for(spec);
    if (embedder) return { label: embedder.label, available: true, offline: embedder.provider === lexical.provider };
    return {
      label: `${spec.model} (${spec.provider}${spec.dimensions ? `, ${spec.dimensions} dimensions` : ''})`,
      available: false,
      offline: false,
    };
  }
}

/**
 * What the turn runner asks of a model provider: a chat completion, streamed. Every provider
 * (an OpenAI-compatible server, the embedded extractive one, a test fake) implements this; the
 * runner never knows which it talks to. No framework, no database here.
 */

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** A passage the answer may use, numbered as the prompt numbers it (`[1]`, `[2]`…). */
export interface Passage {
  marker: number;
  chunkId: number;
  sourceId: number;
  /** The knowledge base the source belongs to (citations link to it). */
  knowledgeId?: number;
  sourceTitle: string;
  content: string;
  /** Heading path or, for Q&A, the alternative phrasings. */
  context: string;
  /**
   * Q&A passages: the curated question (the chunk's `meta.question`); the content is then
   * `question\n\nanswer`. Optional: without it a provider recognises a Q&A passage by its shape.
   */
  question?: string;
  /**
   * The customer's own details (bot-engine/customer.ts), not a chunk: `chunkId` and `sourceId` are
   * 0 and a citation of it is dropped from the reply.
   */
  customer?: true;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number;
  /**
   * The passages the prompt carries, also given apart so that a provider that writes no prose
   * (the extractive one) can compose from them. Providers that call a model ignore this.
   */
  passages: Passage[];
  /** The latest user message (the question), apart from the history. */
  question: string;
  signal?: AbortSignal;
}

export type ChatEvent =
  /** A piece of the answer, in order. */
  | { type: 'delta'; text: string }
  /**
   * What the call cost. `estimated` when the server sent no usage (an interrupted stream, a server
   * that omits it) and the figures were counted with the tokenizer.
   */
  | { type: 'usage'; promptTokens: number; completionTokens: number; estimated: boolean }
  /** The end: why the model stopped and which model answered (the fallback model, when used). */
  | { type: 'done'; finishReason: string; model: string };

export interface ChatProvider {
  /** 'openai-compatible', 'extractive', 'fake'… (shown in the trace). */
  readonly kind: string;
  /** True when no language model writes the answer (the trace says so). */
  readonly extractive: boolean;
  stream(request: ChatRequest): AsyncIterable<ChatEvent>;
}

/**
 * A provider failed in a way worth telling a person (the server's status and message, a timeout):
 * the message is safe to show and never carries a key.
 */
export class ProviderError extends Error {
  constructor(
    readonly code: 'http' | 'timeout' | 'network' | 'invalid_response' | 'stalled',
    message: string,
    readonly status?: number,
    /** Seconds the server asked to wait (Retry-After), when it said. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/**
 * A scripted provider for tests of the modules around a provider (the turn runner, the trace,
 * metering): it answers with a fixed reply or one computed from the request, in deltas of a few
 * words, then usage and done, and records every request. It can also fail (before any delta or
 * after some) and wait between deltas, to exercise partial answers and cancellation.
 */
import type { ChatEvent, ChatProvider, ChatRequest } from './provider';
import { defaultTokenCounter, estimatePromptTokens } from './token-estimate';
import { sleep } from '../../support/retry-after';

export interface FakeProviderOptions {
  /** The answer (default 'Hello from the fake provider.'); '' sends no delta. */
  reply?: string | ((request: ChatRequest) => string | Promise<string>);
  /** Reported as is (`estimated: false`); without it, counted with the tokenizer (`estimated: true`). */
  usage?: { promptTokens: number; completionTokens: number };
  /** Default 'stop'. */
  finishReason?: string;
  /** The model the `done` event names (default: the requested one). */
  model?: string;
  /** Words per delta (default 3). */
  wordsPerDelta?: number;
  /** Milliseconds before each delta. */
  delayMs?: number;
  /** Throw this (a ProviderError, say) … */
  error?: Error;
  /** … after this many deltas (default 0: before any). */
  failAfterDeltas?: number;
  kind?: string;
  extractive?: boolean;
}

export class FakeProvider implements ChatProvider {
  readonly kind: string;
  readonly extractive: boolean;
  /** Every request, in order. */
  readonly requests: ChatRequest[] = [];

  constructor(private options: FakeProviderOptions = {}) {
    this.kind = options.kind ?? 'fake';
    this.extractive = options.extractive ?? false;
  }

  /** Changes the script for the next requests (merged into the current one). */
  script(options: FakeProviderOptions): void {
    this.options = { ...this.options, ...options };
  }

  async *stream(request: ChatRequest): AsyncGenerator<ChatEvent, void, undefined> {
    this.requests.push(request);
    const options = this.options;
    request.signal?.throwIfAborted();
    const reply = options.reply ?? 'Hello from the fake provider.';
    const text = typeof reply === 'function' ? await reply(request) : reply;
    const words = text.match(/\s*\S+\s*/g) ?? [];
    const size = Math.max(1, options.wordsPerDelta ?? 3);
    let sent = 0;
    for (let i = 0; i < words.length; i += size) {
      if (options.error && sent >= (options.failAfterDeltas ?? 0)) throw options.error;
      if (options.delayMs) await sleep(options.delayMs, request.signal);
      request.signal?.throwIfAborted();
      yield { type: 'delta', text: words.slice(i, i + size).join('') };
      sent++;
    }
    if (options.error) throw options.error;
    yield options.usage
      ? { type: 'usage', ...options.usage, estimated: false }
      : {
          type: 'usage',
          promptTokens: estimatePromptTokens(request.messages),
          completionTokens: defaultTokenCounter(text),
          estimated: true,
        };
    yield { type: 'done', finishReason: options.finishReason ?? 'stop', model: options.model ?? request.model };
  }
}

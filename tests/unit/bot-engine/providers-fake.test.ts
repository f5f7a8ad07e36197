import { describe, expect, it } from 'vitest';
import { FakeProvider } from '../../../server/bot-engine/providers/fake';
import { ProviderError, type ChatEvent, type ChatRequest } from '../../../server/bot-engine/providers/provider';

function request(question: string, overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'llama3',
    messages: [{ role: 'user', content: question }],
    temperature: 0,
    maxTokens: 100,
    passages: [],
    question,
    ...overrides,
  };
}

async function collect(provider: FakeProvider, req: ChatRequest): Promise<{ events: ChatEvent[]; error?: unknown }> {
  const events: ChatEvent[] = [];
  try {
    for await (const event of provider.stream(req)) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

describe('FakeProvider', () => {
  it('streams its reply in deltas, then the usage it was given, then done; and records the requests', async () => {
    const provider = new FakeProvider({
      reply: 'Halo, ada yang bisa dibantu?',
      usage: { promptTokens: 10, completionTokens: 6 },
    });
    const req = request('halo');
    const { events } = await collect(provider, req);
    expect(events).toEqual([
      { type: 'delta', text: 'Halo, ada yang ' },
      { type: 'delta', text: 'bisa dibantu?' },
      { type: 'usage', promptTokens: 10, completionTokens: 6, estimated: false },
      { type: 'done', finishReason: 'stop', model: 'llama3' },
    ]);
    expect(provider.requests).toEqual([req]);
    expect(provider.kind).toBe('fake');
  });

  it('computes the reply from the request, and estimates usage when not given', async () => {
    const provider = new FakeProvider({ reply: (req) => `You asked: ${req.question}`, model: 'fallback' });
    const { events } = await collect(provider, request('jam buka?'));
    expect(
      events
        .filter((event) => event.type === 'delta')
        .map((event) => event.text)
        .join(''),
    ).toBe('You asked: jam buka?');
    expect(events.at(-2)).toMatchObject({ type: 'usage', estimated: true });
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop', model: 'fallback' });
  });

  it('fails before any delta or after some, as scripted', async () => {
    const error = new ProviderError('stalled', 'The model server stopped sending for 20 s');
    const provider = new FakeProvider({ reply: 'one two three four five six', wordsPerDelta: 2, error });
    expect(await collect(provider, request('x'))).toEqual({ events: [], error });
    provider.script({ failAfterDeltas: 2 });
    const partial = await collect(provider, request('x'));
    expect(partial.events.map((event) => event.type)).toEqual(['delta', 'delta']);
    expect(partial.error).toBe(error);
  });

  it('honours the signal between deltas', async () => {
    const controller = new AbortController();
    const provider = new FakeProvider({ reply: 'a b c d e f', wordsPerDelta: 1, delayMs: 5 });
    const reason = new Error('stop');
    const events: ChatEvent[] = [];
    await expect(
      (async () => {
        for await (const event of provider.stream(request('x', { signal: controller.signal }))) {
          events.push(event);
          controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    expect(events).toHaveLength(1);
  });
});

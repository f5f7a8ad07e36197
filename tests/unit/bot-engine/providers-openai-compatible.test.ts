import { createServer } from 'node:net';
import { retryDelay } from '../../../server/support/retry-after';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OpenAiCompatibleProvider,
  type OpenAiCompatibleProviderOptions,
} from '../../../server/bot-engine/providers/openai-compatible';
import { ProviderError, type ChatEvent, type ChatRequest } from '../../../server/bot-engine/providers/provider';
import { estimatePromptTokens } from '../../../server/bot-engine/providers/token-estimate';
import { countTokens } from '../../../server/knowledge/tokens';
import { startFakeChatServer, type FakeChatServer } from '../../helpers/fake-chat-server';

const KEY = 'sk-test-7c1f0b2e9d5a4c3b';

let server: FakeChatServer;
beforeAll(async () => {
  server = await startFakeChatServer({ reply: 'Toko buka pukul 08.00 sampai 17.00.', models: ['llama3', 'qwen2'] });
});
afterAll(() => server.close());
afterEach(() => {
  server.requests.length = 0;
  server.setBehaviour({
    reply: 'Toko buka pukul 08.00 sampai 17.00.',
    usage: 'chunk',
    usageTokens: undefined,
    delayMs: undefined,
    chunkDelayMs: undefined,
  });
});

function provider(options: Partial<OpenAiCompatibleProviderOptions> = {}): OpenAiCompatibleProvider {
  return new OpenAiCompatibleProvider({ baseUrl: server.baseUrl, apiKey: KEY, maxRetryDelayMs: 20, ...options });
}

function request(overrides: Partial<ChatRequest> = {}): ChatRequest {
  return {
    model: 'llama3',
    messages: [
      { role: 'system', content: 'Jawab dari sumber.' },
      { role: 'user', content: 'Jam berapa toko buka?' },
    ],
    temperature: 0.2,
    maxTokens: 300,
    passages: [],
    question: 'Jam berapa toko buka?',
    ...overrides,
  };
}

/** Every event, and the error the stream ended with (if any). */
async function run(
  chat: OpenAiCompatibleProvider,
  req: ChatRequest = request(),
): Promise<{ events: ChatEvent[]; error?: unknown }> {
  const events: ChatEvent[] = [];
  try {
    for await (const event of chat.stream(req)) events.push(event);
    return { events };
  } catch (error) {
    return { events, error };
  }
}

const text = (events: ChatEvent[]): string =>
  events.map((event) => (event.type === 'delta' ? event.text : '')).join('');

describe('OpenAiCompatibleProvider.stream', () => {
  it('posts the wire format to {baseUrl}/chat/completions with the bearer key', async () => {
    await run(provider());
    expect(server.requests).toHaveLength(1);
    const [sent] = server.requests;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers['content-type']).toBe('application/json');
    expect(sent.body).toEqual({
      model: 'llama3',
      messages: [
        { role: 'system', content: 'Jawab dari sumber.' },
        { role: 'user', content: 'Jam berapa toko buka?' },
      ],
      temperature: 0.2,
      max_tokens: 300,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('leaves the request alone once its stream has ended, and cancels a body left open after [DONE]', async () => {
    // The signal each request went out with: aborting it closes the connection.
    const signals: AbortSignal[] = [];
    const watched = (): OpenAiCompatibleProvider =>
      provider({
        fetch: (url, init) => {
          signals.push(init!.signal!);
          return fetch(url, init);
        },
      });
    const ended = await run(watched());
    expect(ended.error).toBeUndefined();
    expect(ended.events.at(-1)).toMatchObject({ type: 'done', finishReason: 'stop' });
    expect(signals[0].aborted).toBe(false);

    server.enqueue({ holdAfterDone: true });
    const held = await run(watched());
    expect(held.error).toBeUndefined();
    expect(held.events.at(-1)).toMatchObject({ type: 'done', finishReason: 'stop' });
    expect(signals[1].aborted).toBe(true);
  });

  it('sends no authorization header without a key', async () => {
    await run(provider({ apiKey: undefined }));
    expect(server.requests[0].authorization).toBeUndefined();
  });

  it('yields the deltas in order, the usage from the usage chunk, then done', async () => {
    server.setBehaviour({ usageTokens: { prompt_tokens: 812, completion_tokens: 64 } });
    const { events, error } = await run(provider());
    expect(error).toBeUndefined();
    expect(events.filter((event) => event.type === 'delta').map((event) => event.text)).toEqual([
      'Toko ',
      'buka ',
      'pukul ',
      '08.00 ',
      'sampai ',
      '17.00.',
    ]);
    expect(events.slice(-2)).toEqual([
      { type: 'usage', promptTokens: 812, completionTokens: 64, estimated: false },
      { type: 'done', finishReason: 'stop', model: 'llama3' },
    ]);
  });

  it.each(['choices-null', 'last-content-chunk'] as const)('reads the usage when it comes as %s', async (usage) => {
    server.setBehaviour({ usage, usageTokens: { prompt_tokens: 40, completion_tokens: 7 } });
    const { events } = await run(provider());
    expect(text(events)).toBe('Toko buka pukul 08.00 sampai 17.00.');
    expect(events.filter((event) => event.type === 'usage')).toEqual([
      { type: 'usage', promptTokens: 40, completionTokens: 7, estimated: false },
    ]);
  });

  it('estimates the usage with the tokenizer when the server sends none', async () => {
    server.setBehaviour({ usage: 'none', finishReason: 'length' });
    const req = request();
    const { events } = await run(provider(), req);
    expect(events.slice(-2)).toEqual([
      {
        type: 'usage',
        promptTokens: estimatePromptTokens(req.messages),
        completionTokens: countTokens('Toko buka pukul 08.00 sampai 17.00.'),
        estimated: true,
      },
      { type: 'done', finishReason: 'length', model: 'llama3' },
    ]);
    server.setBehaviour({ finishReason: undefined });
  });

  it('retries once after a 429, waiting what Retry-After asks', async () => {
    server.fail(1, 429, { retryAfter: 1, errorMessage: 'Rate limit reached' });
    const started = Date.now();
    const { events, error } = await run(provider({ maxRetryDelayMs: 10_000 }));
    expect(error).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(server.chatBodies().map((body) => body.model)).toEqual(['llama3', 'llama3']);
    expect(text(events)).toBe('Toko buka pukul 08.00 sampai 17.00.');
  });

  it('fails with the server’s status and message after two 429s, and says how long to wait', async () => {
    server.fail(2, 429, { retryAfter: 0, errorMessage: 'Rate limit reached for requests' });
    const { events, error } = await run(provider());
    expect(events).toEqual([]);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({
      code: 'http',
      status: 429,
      retryAfterSeconds: 0,
      message: 'The model server answered 429 Too Many Requests: Rate limit reached for requests',
    });
  });

  it('tries the fallback model once after a 500 twice, and names it in done', async () => {
    server.fail(2, 500);
    const { events, error } = await run(provider({ fallbackModel: 'qwen2' }));
    expect(error).toBeUndefined();
    expect(server.chatBodies().map((body) => body.model)).toEqual(['llama3', 'llama3', 'qwen2']);
    expect(text(events)).toBe('Toko buka pukul 08.00 sampai 17.00.');
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop', model: 'qwen2' });
  });

  it('fails with the last error when the fallback fails too', async () => {
    server.fail(3, 503, { errorMessage: 'model is loading' });
    const { error } = await run(provider({ fallbackModel: 'qwen2' }));
    expect(server.chatBodies()).toHaveLength(3);
    expect((error as ProviderError).message).toBe(
      'The model server answered 503 Service Unavailable: model is loading',
    );
  });

  it('does not retry a 400, nor fall back', async () => {
    server.fail(1, 400, { errorMessage: 'max_tokens is too large' });
    const { error } = await run(provider({ fallbackModel: 'qwen2' }));
    expect(server.chatBodies()).toHaveLength(1);
    expect(error).toMatchObject({ code: 'http', status: 400 });
  });

  it('retries a stream that closed before its first delta', async () => {
    server.enqueue({ dropAfterChunks: 0 });
    const { events, error } = await run(provider());
    expect(error).toBeUndefined();
    expect(server.chatBodies()).toHaveLength(2);
    expect(text(events)).toBe('Toko buka pukul 08.00 sampai 17.00.');
  });

  it('never retries once a delta went out: the usage so far, then the error', async () => {
    server.enqueue({ dropAfterChunks: 2 });
    const { events, error } = await run(provider({ fallbackModel: 'qwen2' }));
    expect(server.chatBodies()).toHaveLength(1);
    expect(text(events)).toBe('Toko buka ');
    expect(events.at(-1)).toMatchObject({
      type: 'usage',
      completionTokens: countTokens('Toko buka '),
      estimated: true,
    });
    expect(error).toMatchObject({
      code: 'network',
      message: 'The model server closed the connection before finishing its answer',
    });
  });

  it('gives up with "stalled" when the stream stops sending mid-answer', async () => {
    server.enqueue({ stallAfterChunks: 3 });
    const started = Date.now();
    const { events, error } = await run(provider({ idleTimeoutMs: 300 }));
    expect(Date.now() - started).toBeLessThan(3000);
    expect(text(events)).toBe('Toko buka pukul ');
    expect(events.at(-1)).toMatchObject({ type: 'usage', estimated: true });
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'stalled', message: 'The model server stopped sending for 300 ms' });
    expect(server.chatBodies()).toHaveLength(1);
  });

  it('times out overall when the server does not answer', async () => {
    server.enqueue({ delayMs: 5000 });
    const started = Date.now();
    const { events, error } = await run(provider({ timeoutMs: 300, fallbackModel: 'qwen2' }));
    expect(Date.now() - started).toBeLessThan(2000);
    expect(events).toEqual([]);
    expect(error).toMatchObject({ code: 'timeout', message: 'The model server did not answer within 300 ms' });
    expect(server.chatBodies()).toHaveLength(1);
  });

  it('times out overall mid-answer too, with a slow but steady stream', async () => {
    server.enqueue({ chunkDelayMs: 150 });
    const { events, error } = await run(provider({ timeoutMs: 600, idleTimeoutMs: 1000 }));
    expect(text(events).length).toBeGreaterThan(0);
    expect(error).toMatchObject({
      code: 'timeout',
      message: 'The model server did not finish its answer within 600 ms',
    });
  });

  it('times out even with a fetch that ignores its signal, and says seconds as seconds', async () => {
    const never = new OpenAiCompatibleProvider({
      baseUrl: 'http://models.test/v1',
      fetch: () => new Promise<Response>(() => {}),
      timeoutMs: 1000,
    });
    const { error } = await run(never);
    expect(error).toMatchObject({ code: 'timeout', message: 'The model server did not answer within 1 s' });
  });

  it('rejects with the caller’s reason when the caller aborts before the answer', async () => {
    const never = new OpenAiCompatibleProvider({
      baseUrl: 'http://models.test/v1',
      fetch: () => new Promise<Response>(() => {}),
    });
    const reason = new Error('user left');
    const { error } = await run(never, request({ signal: AbortSignal.any([AbortSignal.timeout(50)]) }));
    // The caller's own abort is not a ProviderError: the caller knows why it stopped.
    expect(error).not.toBeInstanceOf(ProviderError);
    const controller = new AbortController();
    controller.abort(reason);
    expect((await run(never, request({ signal: controller.signal }))).error).toBe(reason);
  });

  it('rejects with the caller’s reason when the caller aborts mid-stream', async () => {
    server.enqueue({ chunkDelayMs: 100 });
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    const reason = new Error('user left');
    await expect(
      (async () => {
        for await (const event of provider().stream(request({ signal: controller.signal }))) {
          events.push(event);
          if (event.type === 'delta') controller.abort(reason);
        }
      })(),
    ).rejects.toBe(reason);
    expect(events[0]).toEqual({ type: 'delta', text: 'Toko ' });
  });

  it('never puts the key in an error message, even when the server echoes it', async () => {
    server.fail(2, 500, { errorMessage: `upstream rejected key ${KEY}` });
    const { error } = await run(provider());
    expect((error as Error).message).toBe(
      'The model server answered 500 Internal Server Error: upstream rejected key [redacted]',
    );
    server.fail(1, 401, { errorMessage: `Incorrect API key provided: ${KEY}` });
    const second = await run(provider());
    expect((second.error as Error).message).not.toContain(KEY);
    expect((second.error as ProviderError).status).toBe(401);
    const unreachable = await run(provider({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1` }));
    expect((unreachable.error as ProviderError).code).toBe('network');
    expect((unreachable.error as Error).message).toMatch(
      /^Could not reach the model server at 127\.0\.0\.1:\d+ \(ECONNREFUSED\)$/,
    );
    for (const failure of [error, second.error, unreachable.error])
      expect(String((failure as Error).stack)).not.toContain(KEY);
  });

  it('reads a server that answers stream: true with one JSON completion', async () => {
    const json = new OpenAiCompatibleProvider({
      baseUrl: 'http://models.test/v1',
      fetch: async () =>
        Response.json({
          choices: [{ index: 0, message: { role: 'assistant', content: 'Halo!' }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 },
        }),
    });
    expect((await run(json)).events).toEqual([
      { type: 'delta', text: 'Halo!' },
      { type: 'usage', promptTokens: 9, completionTokens: 2, estimated: false },
      { type: 'done', finishReason: 'stop', model: 'llama3' },
    ]);
  });

  it('fails clearly on a stream that is not OpenAI’s format, and on an error sent mid-stream', async () => {
    server.enqueue({ rawStream: 'hello\nthis is not sse\n' });
    expect((await run(provider())).error).toMatchObject({ code: 'invalid_response' });
    server.enqueue({ rawStream: `data: {"error":{"message":"context length exceeded (key ${KEY})"}}\n\n` });
    const { error } = await run(provider());
    expect(error).toMatchObject({
      code: 'http',
      message: 'The model server reported an error: context length exceeded (key [redacted])',
    });
  });
});

describe('OpenAiCompatibleProvider.listModels and testConnection', () => {
  it('lists the models', async () => {
    expect(await provider().listModels()).toEqual(['llama3', 'qwen2']);
    expect(server.requests[0]).toMatchObject({ method: 'GET', path: '/v1/models', authorization: `Bearer ${KEY}` });
  });

  it('reports a working connection and the models', async () => {
    const result = await provider().testConnection('qwen2');
    expect(result).toMatchObject({
      ok: true,
      status: 200,
      message: 'Connected: qwen2 is available',
      models: ['llama3', 'qwen2'],
    });
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    expect(await provider().testConnection()).toMatchObject({ ok: true, message: 'Connected: 2 models available' });
  });

  it('asks a model the server does not list for one token', async () => {
    const result = await provider().testConnection('gpt-4o-mini');
    expect(result).toMatchObject({
      ok: true,
      message: 'Connected: gpt-4o-mini answered (the server does not list it)',
    });
    expect(server.requests.at(-1)!.body).toMatchObject({ model: 'gpt-4o-mini', max_tokens: 1, stream: false });
  });

  it('reports a rejected key with what the server answered', async () => {
    const guarded = await startFakeChatServer({ apiKey: 'sk-right' });
    try {
      const chat = new OpenAiCompatibleProvider({ baseUrl: guarded.baseUrl, apiKey: KEY });
      const result = await chat.testConnection('fake-model');
      expect(result).toMatchObject({
        ok: false,
        status: 401,
        message: 'The model server answered 401 Unauthorized: Incorrect API key provided.',
      });
      expect(result.message).not.toContain(KEY);
      await expect(chat.listModels()).rejects.toMatchObject({ code: 'http', status: 401 });
    } finally {
      await guarded.close();
    }
  });

  it('falls back to a one-token chat when the server has no /models', async () => {
    const bare = await startFakeChatServer({ modelsStatus: 404 });
    try {
      const chat = new OpenAiCompatibleProvider({ baseUrl: bare.baseUrl });
      expect(await chat.testConnection('fake-model')).toMatchObject({
        ok: true,
        message: 'Connected: fake-model answered',
      });
      expect(await chat.testConnection()).toMatchObject({ ok: false, status: 404 });
    } finally {
      await bare.close();
    }
  });

  it('reports a server that cannot be reached', async () => {
    const result = await provider({ baseUrl: `http://127.0.0.1:${await closedPort()}/v1` }).testConnection('llama3');
    expect(result.ok).toBe(false);
    expect(result.status).toBeUndefined();
    expect(result.message).toMatch(/^Could not reach the model server at 127\.0\.0\.1:\d+/);
  });
});

describe('retryDelay', () => {
  const now = Date.parse('2025-01-01T00:00:00Z');
  it('reads seconds and HTTP dates, caps them, and defaults to a second', () => {
    expect(retryDelay('2', 10_000, now)).toBe(2000);
    expect(retryDelay('0.5', 10_000, now)).toBe(500);
    expect(retryDelay('Wed, 01 Jan 2025 00:00:04 GMT', 10_000, now)).toBe(4000);
    expect(retryDelay('Wed, 01 Jan 2025 00:05:00 GMT', 10_000, now)).toBe(10_000);
    expect(retryDelay('120', 10_000, now)).toBe(10_000);
    expect(retryDelay('Tue, 31 Dec 2024 23:00:00 GMT', 10_000, now)).toBe(0);
    expect(retryDelay(null, 10_000, now)).toBe(1000);
    expect(retryDelay('soon', 10_000, now)).toBe(1000);
  });
});

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the fake chat server', () => {
  const post = (body: unknown): Promise<Response> =>
    fetch(`${server.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const messages = [{ role: 'user', content: 'halo' }];

  it('streams OpenAI’s chunks: role, one per word, finish, usage with empty choices, [DONE]', async () => {
    server.enqueue({ reply: 'Halo dunia', usageTokens: { prompt_tokens: 3, completion_tokens: 2 } });
    const response = await post({ model: 'm', messages, stream: true, stream_options: { include_usage: true } });
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = (await response.text()).split('\n\n').filter((event) => event !== '');
    expect(events.at(-1)).toBe('data: [DONE]');
    const chunks = events.slice(0, -1).map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(chunks.map((chunk) => [chunk.choices, chunk.usage])).toEqual([
      [[{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }], null],
      [[{ index: 0, delta: { content: 'Halo ' }, finish_reason: null }], null],
      [[{ index: 0, delta: { content: 'dunia' }, finish_reason: null }], null],
      [[{ index: 0, delta: {}, finish_reason: 'stop' }], null],
      [[], { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 }],
    ]);
    expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.model === 'm')).toBe(true);
  });

  it('sends no usage unless asked, vLLM’s choices: null when scripted, and JSON without stream', async () => {
    const plain = await (await post({ model: 'm', messages, stream: true })).text();
    expect(plain).not.toContain('usage');
    server.enqueue({ usage: 'choices-null' });
    const vllm = await (
      await post({ model: 'm', messages, stream: true, stream_options: { include_usage: true } })
    ).text();
    expect(vllm).toContain('"choices":null,"usage":{');
    server.enqueue({ reply: 'Halo' });
    expect(await (await post({ model: 'm', messages })).json()).toMatchObject({
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: 'Halo' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  });
});

import { describe, expect, it } from 'vitest';
import {
  runTurn,
  type HistoryMessage,
  type TurnDeps,
  type TurnEvent,
  type TurnInput,
} from '../../../server/bot-engine/turn';
import { defaultBotConfig, type BotConfig } from '../../../server/bot-engine/bot-config';
import {
  ProviderError,
  type ChatEvent,
  type ChatProvider,
  type ChatRequest,
} from '../../../server/bot-engine/providers/provider';
import type { RetrievedChunk } from '../../../server/knowledge/retrieve';

/** A provider that plays a script and records what it was asked. */
class ScriptedProvider implements ChatProvider {
  readonly kind = 'fake';
  readonly requests: ChatRequest[] = [];
  constructor(
    private readonly script: ChatEvent[] | ((request: ChatRequest) => ChatEvent[]),
    readonly extractive = false,
    private readonly failAfter?: number,
  ) {}

  async *stream(request: ChatRequest): AsyncIterable<ChatEvent> {
    this.requests.push(request);
    const events = typeof this.script === 'function' ? this.script(request) : this.script;
    for (const [i, event] of events.entries()) {
      if (this.failAfter === i) throw new ProviderError('http', 'The model server answered 503.', 503);
      yield event;
    }
  }
}

const answer = (...deltas: string[]): ChatEvent[] => [
  ...deltas.map((text) => ({ type: 'delta' as const, text })),
  { type: 'usage', promptTokens: 1200, completionTokens: 40, estimated: false },
  { type: 'done', finishReason: 'stop', model: 'gpt-4o-mini' },
];

const strong = { fulltext: { rank: 1, score: 0.5 }, vector: { rank: 1, similarity: 0.6 } };
const weak = { fulltext: { rank: 1, score: 0.05 }, vector: { rank: 1, similarity: 0.05 } };

function chunk(id: number, content: string, extra: Partial<RetrievedChunk> = {}): RetrievedChunk {
  return {
    id,
    knowledgeId: 1,
    sourceId: id * 10,
    sourceTitle: `Source ${id}`,
    sourceType: 'text',
    sourceUrl: null,
    content,
    context: '',
    meta: {},
    score: 1 / (60 + id),
    retrievers: strong,
    ...extra,
  };
}

const hours = chunk(1, 'Kedai Kopi Kita buka setiap hari pukul 08.00 sampai 22.00 WIB.');
const prices = chunk(2, 'Harga kopi susu gula aren Rp 25.000, americano Rp 20.000.');
const faq = chunk(3, 'Apakah bisa bayar pakai QRIS?\n\nBisa, kami menerima QRIS dan kartu debit.', {
  sourceType: 'qa',
  meta: { question: 'Apakah bisa bayar pakai QRIS?' },
  context: 'Bisa bayar QRIS?\nTerima QRIS gak?',
});

const baseConfig: BotConfig = {
  ...defaultBotConfig('Kopi Kita'),
  knowledgeIds: [7],
  fallbackMessage: 'Maaf, saya belum tahu jawabannya.',
};

function config(changes: Partial<BotConfig> = {}, handoff: Partial<BotConfig['handoff']> = {}): BotConfig {
  return { ...baseConfig, ...changes, handoff: { ...baseConfig.handoff, ...changes.handoff, ...handoff } };
}

interface Setup {
  chunks?: RetrievedChunk[];
  provider?: ScriptedProvider;
  deps?: Partial<TurnDeps>;
}

async function turn(input: Partial<TurnInput> & { message: string }, setup: Setup = {}) {
  const provider = setup.provider ?? new ScriptedProvider(answer('Buka pukul 08.00 [1].'));
  const retrievals: Array<{ query: string; knowledgeIds: number[]; topK: number }> = [];
  const events: TurnEvent[] = [];
  let tick = 0;
  const deps: TurnDeps = {
    retrieve: async (query, knowledgeIds, topK) => {
      retrievals.push({ query, knowledgeIds, topK });
      return setup.chunks ?? [hours, prices];
    },
    provider,
    model: 'gpt-4o-mini',
    countTokens: (text) => text.split(/\s+/).filter(Boolean).length,
    clock: () => (tick++ === 0 ? 1000 : 1250),
    ...setup.deps,
  };
  const result = await runTurn({ config: config(), history: [], ...input }, deps, (event) => events.push(event));
  return { result, provider, retrievals, events };
}

const deltas = (events: TurnEvent[]) =>
  events.filter((event): event is Extract<TurnEvent, { type: 'delta' }> => event.type === 'delta').map((e) => e.text);

describe('runTurn', () => {
  it('answers a curated question with its answer, without the model', async () => {
    const { result, provider } = await turn({ message: 'apakah bisa bayar pake QRIS?' }, { chunks: [hours, faq] });
    expect(provider.requests).toHaveLength(0);
    expect(result.kind).toBe('curated');
    expect(result.reply).toBe('Bisa, kami menerima QRIS dan kartu debit.');
    expect(result.trace.curated.used).toBe(true);
    expect(result.trace.curated.chunkId).toBe(3);
    expect(result.trace.curated.score).toBeGreaterThanOrEqual(0.85);
    expect(result.trace).toMatchObject({ model: null, costUsd: 0, provider: { called: false } });
  });

  it('asks the model when the curated match is below the threshold, with the Q&A chunk as a passage', async () => {
    const { result, provider } = await turn({ message: 'Apakah bisa bayar pakai kartu kredit?' }, { chunks: [faq] });
    expect(result.trace.curated.used).toBe(false);
    expect(result.trace.curated.chunkId).toBe(3);
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0].passages.map((p) => p.chunkId)).toEqual([3]);
  });

  it('streams a grounded answer, mapping markers split across deltas to citations', async () => {
    const provider = new ScriptedProvider(
      answer('Kami buka pukul 08.00 [', '1', '], dan kopi susu gula aren Rp 25.000 [2', '][', '1', '][7', '].'),
    );
    const { result, events } = await turn({ message: 'Jam berapa buka dan berapa harga kopi susu?' }, { provider });

    expect(result.kind).toBe('answer');
    expect(result.reply).toBe('Kami buka pukul 08.00 [1], dan kopi susu gula aren Rp 25.000 [2][1].');
    expect(result.citations).toEqual([
      { marker: 1, passage: 1, chunkId: 1, sourceId: 10, knowledgeId: 1, sourceTitle: 'Source 1' },
      { marker: 2, passage: 2, chunkId: 2, sourceId: 20, knowledgeId: 1, sourceTitle: 'Source 2' },
    ]);
    const streamed = deltas(events);
    expect(streamed.join('')).toBe(result.reply);
    for (const piece of streamed) expect(piece).not.toMatch(/\[\d*$|^\d*\]/);
    expect(events.filter((e) => e.type === 'status').map((e) => (e as { status: string }).status)).toEqual([
      'retrieving',
      'generating',
    ]);

    const request = provider.requests[0];
    expect(request).toMatchObject({ model: 'gpt-4o-mini', temperature: 0.3, maxTokens: 512 });
    expect(request.question).toBe('Jam berapa buka dan berapa harga kopi susu?');
    expect(request.messages[0].content).toContain('[1] Source 1\nKedai Kopi Kita buka');
    expect(request.messages.at(-1)).toEqual({ role: 'user', content: 'Jam berapa buka dan berapa harga kopi susu?' });

    expect(result.trace).toMatchObject({
      model: 'gpt-4o-mini',
      finishReason: 'stop',
      usage: { promptTokens: 1200, completionTokens: 40, estimated: false },
      latencyMs: 250,
      provider: { kind: 'fake', extractive: false, called: true },
      handoffDecision: 'none',
    });
    expect(result.trace.costUsd).toBeCloseTo((1200 * 0.15 + 40 * 0.6) / 1e6, 9);
    expect(result.trace.retrieved.map((r) => [r.chunkId, r.passage])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(result.trace.prompt).toMatchObject({ messages: 2, passages: 2, historyKept: 0, historyDropped: 0 });
  });

  it('retrieves topK from the bot’s knowledge bases and skips retrieval without any', async () => {
    const withKnowledge = await turn({
      message: 'Jam berapa buka?',
      config: config({ knowledgeIds: [7, 8], retrieval: { ...baseConfig.retrieval, topK: 3 } }),
    });
    expect(withKnowledge.retrievals).toEqual([{ query: 'Jam berapa buka?', knowledgeIds: [7, 8], topK: 3 }]);

    const without = await turn({ message: 'Jam berapa buka?', config: config({ knowledgeIds: [] }) });
    expect(without.retrievals).toHaveLength(0);
    expect(without.result.kind).toBe('fallback');
  });

  it('falls back without the model in strict mode when no passage reaches minScore', async () => {
    const chunks = [
      chunk(1, 'Menu sarapan.', {
        retrievers: { fulltext: { rank: 1, score: 0.3 }, vector: { rank: 1, similarity: 0.1 } },
      }),
    ];
    const { result, provider, events } = await turn({ message: 'Apakah ada parkir motor?' }, { chunks });
    expect(provider.requests).toHaveLength(0);
    expect(result).toMatchObject({
      kind: 'fallback',
      reply: 'Maaf, saya belum tahu jawabannya.',
      citations: [],
      handoff: null,
    });
    expect(deltas(events)).toEqual(['Maaf, saya belum tahu jawabannya.']);
    expect(result.trace.prompt).toBeUndefined();
  });

  it('strict mode gives the model only the passages above minScore', async () => {
    const low = chunk(5, 'Tidak relevan.', {
      retrievers: { fulltext: { rank: 2, score: 0.2 }, vector: { rank: 9, similarity: 0.05 } },
    });
    const { provider, result } = await turn({ message: 'Jam berapa buka?' }, { chunks: [hours, low] });
    expect(provider.requests[0].passages.map((p) => p.chunkId)).toEqual([1]);
    expect(result.trace.retrieved.map((r) => r.passage)).toEqual([1, undefined]);
  });

  it("lets a Q&A pair ground the answer when one of its phrasings is close to the question, whatever its chunk's similarity", async () => {
    const parking = chunk(6, 'Apakah ada tempat parkir?\n\nAda parkir motor dan mobil di depan kafe.', {
      sourceType: 'qa',
      meta: { question: 'Apakah ada tempat parkir?' },
      context: 'parkir mobil ada?\nbisa parkir motor?',
      // The pair's vector holds all its phrasings: a short English question is far from it.
      retrievers: { fulltext: { rank: 1, score: 0.1 }, vector: { rank: 1, similarity: 0.1 } },
    });
    const asked = await turn({ message: 'is there car parking?' }, { chunks: [parking] });
    expect(asked.provider.requests[0].passages.map((p) => p.chunkId)).toEqual([6]);
    expect(asked.result.trace.retrieved[0].phrasing).toBeGreaterThanOrEqual(0.18 * 1.4);
    // A question no phrasing is near still falls back.
    const unrelated = await turn({ message: 'do you sell coffee beans?' }, { chunks: [parking] });
    expect(unrelated.result.kind).toBe('fallback');
    expect(unrelated.result.trace.retrieved[0].phrasing).toBeLessThan(0.18 * 1.4);
  });

  it('lets a passage that holds every word the question is about ground the answer, whatever its similarity', async () => {
    // A long Indonesian passage: an English question's lexical similarity to it is low.
    const rooms = chunk(
      7,
      'Anak di bawah 6 tahun menginap gratis. Tempat tidur tambahan (extra bed) Rp 300.000 per malam, termasuk sarapan.',
      { context: 'Informasi untuk Tamu › Anak-anak', retrievers: weak },
    );
    const asked = await turn(
      { message: 'How much is an extra bed?' },
      { chunks: [rooms, { ...prices, retrievers: weak }] },
    );
    expect(asked.provider.requests[0].passages.map((p) => p.chunkId)).toEqual([7]);
    expect(asked.result.trace.retrieved.map((r) => r.holdsQuestion)).toEqual([true, undefined]);
    // A word of the question no passage holds ("crib"): the fallback, as before.
    const crib = await turn({ message: 'How much is an extra bed with a crib?' }, { chunks: [rooms] });
    expect(crib.result.kind).toBe('fallback');
    expect(crib.result.trace.retrieved[0].holdsQuestion).toBeUndefined();
    // A question about nothing in particular grounds nothing.
    expect((await turn({ message: 'ada apa aja kak' }, { chunks: [rooms] })).result.kind).toBe('fallback');
    // Only when nothing is similar enough: a grounded passage keeps the others out.
    const both = await turn({ message: 'How much is an extra bed?' }, { chunks: [hours, rooms] });
    expect(both.provider.requests[0].passages.map((p) => p.chunkId)).toEqual([1]);
    expect(both.result.trace.retrieved.every((r) => r.holdsQuestion === undefined)).toBe(true);
  });

  it('uses the full-text score for grounding when the vector search did not run', async () => {
    // The passage does not hold "tutup": its score alone decides.
    const fullTextOnly = (score: number) => [chunk(1, 'Buka jam 8.', { retrievers: { fulltext: { rank: 1, score } } })];
    expect(
      (await turn({ message: 'Jam berapa tutup?' }, { chunks: fullTextOnly(0.3) })).provider.requests,
    ).toHaveLength(1);
    expect((await turn({ message: 'Jam berapa tutup?' }, { chunks: fullTextOnly(0.05) })).result.kind).toBe('fallback');
  });

  it('balanced mode asks the model even when no passage reaches minScore', async () => {
    const chunks = [chunk(1, 'Menu sarapan.', { retrievers: weak })];
    const provider = new ScriptedProvider(answer('Kami belum punya info parkir, tapi biasanya tersedia di depan.'));
    const { result } = await turn(
      { message: 'Apakah ada parkir motor?', config: config({ grounding: 'balanced' }) },
      { chunks, provider },
    );
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0].passages.map((p) => p.chunkId)).toEqual([1]);
    expect(provider.requests[0].messages[0].content).toContain('Prefer the numbered passages');
    expect(result.kind).toBe('answer');
  });

  it('counts a reply that is the fallback message, or empty, as a fallback', async () => {
    const told = await turn(
      { message: 'Apakah ada parkir motor?' },
      { provider: new ScriptedProvider(answer('Maaf, saya belum tahu jawabannya [1].')) },
    );
    expect(told.result).toMatchObject({ kind: 'fallback', reply: 'Maaf, saya belum tahu jawabannya.', citations: [] });

    const empty = await turn(
      { message: 'Apakah ada parkir motor?' },
      { provider: new ScriptedProvider(answer(' [9] ')) },
    );
    expect(empty.result.kind).toBe('fallback');
  });

  it('turns an extractive provider’s no_answer into the fallback, replacing anything streamed', async () => {
    const provider = new ScriptedProvider(
      [
        { type: 'delta', text: 'Menurut sumber' },
        { type: 'done', finishReason: 'no_answer', model: 'extractive' },
      ],
      true,
    );
    const { result, events } = await turn({ message: 'Apakah ada parkir motor?' }, { provider });
    expect(result.kind).toBe('fallback');
    expect(result.reply).toBe('Maaf, saya belum tahu jawabannya.');
    expect(events.at(-1)).toEqual({ type: 'replace', text: 'Maaf, saya belum tahu jawabannya.' });
    expect(result.trace).toMatchObject({ provider: { extractive: true }, costUsd: 0, finishReason: 'no_answer' });
  });

  it('estimates the usage when the provider sends none, and has no cost for an unknown model', async () => {
    const provider = new ScriptedProvider([
      { type: 'delta', text: 'Buka pukul 08.00 [1].' },
      { type: 'done', finishReason: 'stop', model: 'llama3.1:8b' },
    ]);
    const { result } = await turn({ message: 'Jam berapa buka?' }, { provider, deps: { model: 'llama3.1:8b' } });
    expect(result.trace.usage).toEqual({
      promptTokens: result.trace.prompt!.tokens,
      completionTokens: 4,
      estimated: true,
    });
    expect(result.trace.costUsd).toBeNull();
    expect(result.trace.model).toBe('llama3.1:8b');
  });

  it('counts tokens with the real tokenizer by default', async () => {
    const { result } = await turn({ message: 'Jam berapa buka?' }, { deps: { countTokens: undefined } });
    expect(result.trace.prompt!.tokens).toBeGreaterThan(50);
  });

  describe('handoff before the model', () => {
    it('hands off on a keyword of the bot, with no retrieval and no model', async () => {
      const { result, provider, retrievals } = await turn({
        message: 'Saya mau komplain, pesanan saya salah',
        config: config({}, { keywords: ['komplain', 'refund'] }),
      });
      expect(provider.requests).toHaveLength(0);
      expect(retrievals).toHaveLength(0);
      expect(result).toMatchObject({
        kind: 'handoff',
        reply: baseConfig.handoff.message,
        handoff: { reason: 'keyword', message: baseConfig.handoff.message },
      });
      expect(result.trace.handoffDecision).toContain('komplain');
    });

    it.each([
      'Saya mau bicara dengan CS',
      'bisa sambungin ke admin aja ga?',
      'mau ngobrol sama orang asli',
      'Can I talk to a human?',
      'connect me to an agent please',
    ])('hands off when the person asks for one: %j', async (message) => {
      const { result, provider } = await turn({ message });
      expect(provider.requests).toHaveLength(0);
      expect(result.kind).toBe('handoff');
      expect(result.handoff?.reason).toBe('user_request');
    });

    it('does not hand off on a request when the bot does not, nor on a keyword it lacks', async () => {
      const { result } = await turn({
        message: 'Saya mau bicara dengan CS',
        config: config({}, { onUserRequest: false }),
      });
      expect(result.kind).toBe('answer');
      expect(result.handoff).toBeNull();
    });

    it('says the offline message outside business hours in Asia/Jakarta, with the hours and when people are back', async () => {
      const office = config(
        {},
        {
          offlineMessage: 'Kami sedang tutup, dibalas besok pagi.',
          businessHours: {
            timezone: 'Asia/Jakarta',
            days: {
              mon: [['08:00', '17:00']],
              tue: [['08:00', '17:00']],
              wed: [['08:00', '17:00']],
              thu: [['08:00', '17:00']],
              fri: [['08:00', '17:00']],
              sat: [],
              sun: [],
            },
          },
        },
      );
      // Friday 2025-06-06 12:00 UTC is 19:00 in Jakarta: closed.
      const closed = await turn({
        message: 'mau bicara dengan admin',
        config: office,
        now: new Date('2025-06-06T12:00:00Z'),
      });
      const told =
        'Kami sedang tutup, dibalas besok pagi.\n\n' +
        'Jam kerja kami: Senin–Jumat 08.00–17.00 WIB. Kami kembali hari Senin pukul 08.00.';
      expect(closed.result).toMatchObject({
        kind: 'handoff',
        reply: told,
        handoff: { reason: 'offline', message: told },
      });
      expect(closed.result.trace.handoffDecision).toContain('Asia/Jakarta fri 19:00');

      // Friday 03:00 UTC is 10:00 in Jakarta: open.
      const open = await turn({
        message: 'mau bicara dengan admin',
        config: office,
        now: new Date('2025-06-06T03:00:00Z'),
      });
      expect(open.result.handoff).toEqual({ reason: 'user_request', message: baseConfig.handoff.message });
    });
  });

  describe('handoff after the reply', () => {
    const noGrounding = [chunk(1, 'Menu sarapan.', { retrievers: weak })];
    const history = (...kinds: Array<HistoryMessage['kind']>): HistoryMessage[] =>
      kinds.flatMap((kind, i) => [
        { role: 'user' as const, content: `pertanyaan ${i}` },
        { role: 'assistant' as const, content: `jawaban ${i}`, kind },
      ]);

    it('hands off at the Nth fallback in a row, counting the history’s kinds', async () => {
      const second = await turn(
        {
          message: 'Apakah ada parkir motor?',
          history: history('answer', 'fallback'),
          config: config({}, { afterFallbacks: 2 }),
        },
        { chunks: noGrounding },
      );
      expect(second.result).toMatchObject({
        kind: 'fallback',
        reply: 'Maaf, saya belum tahu jawabannya.',
        handoff: { reason: 'repeated_fallback', message: baseConfig.handoff.message },
      });
      expect(second.result.trace.handoffDecision).toBe('repeated_fallback: fallback 2 in a row (hand off at 2)');

      const broken = await turn(
        {
          message: 'Apakah ada parkir motor?',
          history: history('fallback', 'answer'),
          config: config({}, { afterFallbacks: 2 }),
        },
        { chunks: noGrounding },
      );
      expect(broken.result.handoff).toBeNull();
      expect(broken.result.trace.handoffDecision).toContain('fallback 1 in a row');

      const never = await turn(
        {
          message: 'Apakah ada parkir motor?',
          history: history('fallback', 'fallback'),
          config: config({}, { afterFallbacks: null }),
        },
        { chunks: noGrounding },
      );
      expect(never.result.handoff).toBeNull();
    });

    it('hands off after an answer when retrieval was not confident', async () => {
      // Similar enough to ground, but the full-text score is below the confidence threshold.
      const unsure = [
        chunk(1, 'Parkir tersedia.', {
          retrievers: { fulltext: { rank: 1, score: 0.05 }, vector: { rank: 1, similarity: 0.4 } },
        }),
      ];
      const { result, provider } = await turn(
        { message: 'Apakah ada parkir motor?', config: config({}, { onLowConfidence: true }) },
        { chunks: unsure, provider: new ScriptedProvider(answer('Parkir tersedia [1].')) },
      );
      expect(provider.requests).toHaveLength(1);
      expect(result.kind).toBe('answer');
      expect(result.reply).toBe('Parkir tersedia [1].');
      expect(result.handoff).toEqual({ reason: 'low_confidence', message: baseConfig.handoff.message });

      const confident = await turn(
        { message: 'Jam berapa buka?', config: config({}, { onLowConfidence: true }) },
        { chunks: [hours] },
      );
      expect(confident.result.handoff).toBeNull();
    });
  });

  describe('language', () => {
    const rule = (provider: ScriptedProvider) => provider.requests[0].messages[0].content;

    it('asks for a reply in the language of the message', async () => {
      const id = await turn({ message: 'Kedainya buka jam berapa setiap hari minggu?' });
      expect(id.result.language).toBe('indonesian');
      expect(rule(id.provider)).toContain('Reply in Indonesian');

      const en = await turn({ message: 'What are your opening hours on Sunday?' });
      expect(en.result.language).toBe('english');
      expect(rule(en.provider)).toContain('Reply in English');
    });

    it('follows the recent messages for a message too short to tell, and the bot’s language when set', async () => {
      const short = await turn({
        message: 'ok, harganya?',
        history: [{ role: 'user', content: 'Saya mau pesan kopi susu untuk dibawa pulang nanti sore' }],
      });
      expect(short.result.language).toBe('indonesian');

      const unknown = await turn({ message: 'QRIS?' });
      expect(unknown.result.language).toBeNull();
      expect(rule(unknown.provider)).toContain("Reply in the language of the user's latest message");

      const fixed = await turn({
        message: 'Kedainya buka jam berapa setiap hari minggu?',
        config: config({ language: 'english' }),
      });
      expect(fixed.result.language).toBe('english');
      expect(rule(fixed.provider)).toContain('Reply in English');
    });
  });

  describe('small talk', () => {
    it('answers a greeting with the welcome message, without retrieval or the model', async () => {
      const { result, provider, retrievals, events } = await turn({ message: 'halo kak' });
      expect(provider.requests).toHaveLength(0);
      expect(retrievals).toHaveLength(0);
      expect(result).toMatchObject({
        kind: 'smalltalk',
        reply: baseConfig.welcomeMessage,
        citations: [],
        handoff: null,
        language: 'indonesian',
      });
      expect(result.trace).toMatchObject({
        smallTalk: 'greeting',
        model: null,
        costUsd: 0,
        provider: { called: false },
      });
      expect(deltas(events)).toEqual([baseConfig.welcomeMessage]);

      const english = await turn({ message: 'Hello there!' });
      expect(english.result.reply).toBe(baseConfig.english.welcomeMessage);
      // Telegram's first message: the language is not known, so both.
      const start = await turn({ message: '/start' });
      expect(start.result.reply).toBe(`${baseConfig.welcomeMessage}\n\n${baseConfig.english.welcomeMessage}`);
    });

    it('says it cannot read a file sent without words, in the conversation’s language, without retrieval', async () => {
      const { result, provider, retrievals } = await turn({
        message: '',
        history: [{ role: 'user', content: 'Pesanan saya datang rusak, ini fotonya' }],
      });
      expect(provider.requests).toHaveLength(0);
      expect(retrievals).toHaveLength(0);
      expect(result).toMatchObject({ kind: 'smalltalk', citations: [], handoff: null, language: 'indonesian' });
      expect(result.reply).toMatch(/^Terima kasih, filenya sudah kami terima\. Saya belum bisa membaca file/);
      // No words at all yet: both languages.
      const first = await turn({ message: '  ' });
      expect(first.result.reply).toContain('Saya belum bisa membaca file');
      expect(first.result.reply).toContain('I can’t read files myself');
    });

    it('thanks back in the conversation’s language', async () => {
      const { result } = await turn({
        message: 'thx',
        history: [{ role: 'user', content: 'Saya mau pesan kopi susu untuk dibawa pulang nanti sore' }],
      });
      expect(result).toMatchObject({ kind: 'smalltalk', reply: 'Sama-sama! Ada lagi yang bisa saya bantu?' });
    });

    it('still hands off first, and answers a question that opens with a greeting from the knowledge', async () => {
      const keyword = await turn({ message: 'halo kak', config: config({}, { keywords: ['halo'] }) });
      expect(keyword.result.kind).toBe('handoff');
      const question = await turn({ message: 'halo kak, kedainya buka jam berapa?' });
      expect(question.result.kind).toBe('answer');
      expect(question.retrievals).toHaveLength(1);
    });

    it('neither ends nor extends a run of fallbacks', async () => {
      const none = [chunk(1, 'Menu sarapan.', { retrievers: weak })];
      const { result } = await turn(
        {
          message: 'Apakah ada parkir untuk motor?',
          history: [
            { role: 'user', content: 'Ada wifi?' },
            { role: 'assistant', content: 'Maaf', kind: 'fallback' },
            { role: 'user', content: 'oke' },
            { role: 'assistant', content: 'Baik.', kind: 'smalltalk' },
            { role: 'user', content: 'Ada colokan?' },
            { role: 'assistant', content: 'Maaf', kind: 'fallback' },
          ],
        },
        { chunks: none },
      );
      expect(result.kind).toBe('fallback');
      expect(result.handoff).toMatchObject({ reason: 'repeated_fallback' });
    });
  });

  describe('messages in the reply’s language', () => {
    const none = [chunk(1, 'Menu sarapan.', { retrievers: weak })];

    it('falls back in English to an English question, in Indonesian to an Indonesian one', async () => {
      const en = await turn({ message: 'Do you have parking for motorbikes?' }, { chunks: none });
      expect(en.result).toMatchObject({ kind: 'fallback', reply: baseConfig.english.fallbackMessage });
      expect(deltas(en.events)).toEqual([baseConfig.english.fallbackMessage]);

      const id = await turn({ message: 'Apakah ada parkir untuk motor?' }, { chunks: none });
      expect(id.result.reply).toBe('Maaf, saya belum tahu jawabannya.');
    });

    it('says both while the language is not known, and tells the model the fallback of the reply’s language', async () => {
      const unknown = await turn({ message: 'QRIS?' }, { chunks: none });
      expect(unknown.result.reply).toBe(`Maaf, saya belum tahu jawabannya.\n\n${baseConfig.english.fallbackMessage}`);

      const en = await turn({ message: 'What are your opening hours on Sunday?' });
      const rules = en.provider.requests[0].messages[0].content;
      expect(rules).toContain(JSON.stringify(baseConfig.english.fallbackMessage));
      expect(rules).not.toContain('Maaf');
    });

    it('hands off in English to a person who asks in English', async () => {
      const { result } = await turn({ message: 'Can I talk to a human?' });
      expect(result).toMatchObject({
        kind: 'handoff',
        reply: baseConfig.english.handoffMessage,
        handoff: { reason: 'user_request', message: baseConfig.english.handoffMessage },
      });
    });

    it('keeps a bot of one language to its messages as written', async () => {
      const { result } = await turn({
        message: 'Can I talk to a human?',
        config: config({ language: 'indonesian' }),
      });
      expect(result.reply).toBe(baseConfig.handoff.message);
    });
  });

  describe('budget', () => {
    it('drops the oldest history first and keeps the newest', async () => {
      const history: HistoryMessage[] = Array.from({ length: 12 }, (_, i) => ({
        role: i % 2 === 0 ? 'user' : 'assistant',
        content: `turn${i} ` + 'kata '.repeat(49),
      }));
      const roomy = await turn({ message: 'Jam berapa buka?', history });
      expect(roomy.result.trace.prompt).toMatchObject({ historyKept: 12, historyDropped: 0 });

      const tight = await turn(
        { message: 'Jam berapa buka?', history },
        { deps: { contextTokens: roomy.result.trace.prompt!.tokens - 6 * 54 } },
      );
      expect(tight.result.trace.prompt).toMatchObject({ historyKept: 6, historyDropped: 6, passages: 2 });
      const sent = tight.provider.requests[0].messages.slice(1, -1).map((m) => m.content.split(' ')[0]);
      expect(sent).toEqual(['turn6', 'turn7', 'turn8', 'turn9', 'turn10', 'turn11']);
    });

    it('trims the lowest-ranked passages when the budget is tight', async () => {
      const long = (id: number) => chunk(id, `isi${id} ` + 'teks '.repeat(299));
      const chunks = [long(1), long(2), long(3), long(4)];
      const { result, provider } = await turn(
        { message: 'Jam berapa buka?' },
        { chunks, deps: { contextTokens: 900 } },
      );
      expect(result.trace.prompt!.passages).toBe(2);
      expect(provider.requests[0].passages.map((p) => p.chunkId)).toEqual([1, 2]);
      expect(result.trace.retrieved.map((r) => r.passage)).toEqual([1, 2, undefined, undefined]);
      expect(result.trace.prompt!.tokens).toBeLessThanOrEqual(900);
    });
  });

  it('lets a provider error propagate as a ProviderError', async () => {
    const provider = new ScriptedProvider(answer('Buka ', 'pukul 08.00.'), false, 1);
    const running = turn({ message: 'Jam berapa buka?' }, { provider });
    await expect(running).rejects.toBeInstanceOf(ProviderError);
    await expect(running).rejects.toMatchObject({ code: 'http', status: 503 });
  });

  it('stops before retrieval when the caller has already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const running = turn({ message: 'Jam berapa buka?' }, { deps: { signal: controller.signal } });
    await expect(running).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe("the customer's own details", () => {
  const poin = { label: 'Poin', value: { indonesian: '1.250', english: '1,250' } };
  const kota = { label: 'Kota', value: { indonesian: 'Bandung', english: 'Bandung' } };
  const program = chunk(4, 'Kumpulkan 1.500 poin untuk satu kopi gratis.', { retrievers: weak });

  it('answers a question about nothing but them from the record, without retrieval or a model', async () => {
    const { result, provider, retrievals, events } = await turn({
      message: 'poin saya berapa kak?',
      customer: [poin, kota],
    });
    expect(result).toMatchObject({ kind: 'answer', reply: 'Menurut catatan kami, Poin Anda 1.250.', handoff: null });
    expect(result.trace.customer).toEqual({ asked: ['Poin'], used: 'record' });
    expect(result.trace.provider.called).toBe(false);
    expect(provider.requests).toHaveLength(0);
    expect(retrievals).toHaveLength(0);
    expect(deltas(events)).toEqual(['Menurut catatan kami, Poin Anda 1.250.']);

    const english = await turn({ message: 'How many points do I have?', customer: [poin] });
    expect(english.result.reply).toBe('According to our records, your Poin is 1,250.');
  });

  it('gives a model the details asked about as passage [1], which grounds a strict answer and is never cited', async () => {
    const provider = new ScriptedProvider(answer('Poin Anda 1.250 [1], kurang 250 lagi untuk kopi gratis [2].'));
    const { result } = await turn(
      { message: 'berapa poin lagi saya perlu untuk kopi gratis?', customer: [poin, kota] },
      { chunks: [{ ...program, retrievers: strong }], provider },
    );
    const [request] = provider.requests;
    expect(request.passages.map((p) => [p.marker, p.chunkId, p.customer ?? false])).toEqual([
      [1, 0, true],
      [2, 4, false],
    ]);
    expect(request.passages[0].content).toBe('Poin: 1.250');
    expect(request.messages[0].content).toContain("[1] The customer's own details");
    expect(result.kind).toBe('answer');
    expect(result.reply).toBe('Poin Anda 1.250, kurang 250 lagi untuk kopi gratis [1].');
    expect(result.citations.map((c) => c.chunkId)).toEqual([4]);
    expect(result.trace.customer).toEqual({ asked: ['Poin'], used: 'prompt' });
    expect(result.trace.retrieved[0]).toMatchObject({ chunkId: 4, passage: 2 });
    expect(result.handoff).toBeNull();
  });

  it('grounds a strict answer by the record alone, not a low-confidence handoff', async () => {
    const provider = new ScriptedProvider(answer('Poin Anda 1.250 [1].'));
    const { result } = await turn(
      {
        message: 'berapa poin lagi saya perlu untuk kopi gratis?',
        customer: [poin],
        config: config({}, { onLowConfidence: true }),
      },
      { chunks: [program], provider },
    );
    expect(provider.requests[0].passages.map((p) => p.chunkId)).toEqual([0]);
    expect(result).toMatchObject({ kind: 'answer', reply: 'Poin Anda 1.250.', citations: [], handoff: null });
  });

  it('keeps them from the extractive provider and from a question not about the asker', async () => {
    const extractive = new ScriptedProvider(answer('Kumpulkan 1.500 poin [1].'), true);
    const quoted = await turn(
      { message: 'berapa poin lagi saya perlu untuk kopi gratis?', customer: [poin] },
      { chunks: [program], provider: extractive },
    );
    // Strict and nothing grounds it but the record, which the extractive provider may not quote.
    expect(quoted.result.kind).toBe('fallback');
    expect(extractive.requests).toHaveLength(0);

    const provider = new ScriptedProvider(answer('Kumpulkan 1.500 poin [1].'));
    const general = await turn(
      { message: 'berapa poin untuk kopi gratis?', customer: [poin] },
      { chunks: [{ ...program, retrievers: strong }], provider },
    );
    expect(provider.requests[0].passages.map((p) => p.chunkId)).toEqual([4]);
    expect(general.result.trace.customer).toBeUndefined();
  });

  it('answers from the knowledge as before when the contact has no such details', async () => {
    const { result, provider } = await turn(
      { message: 'poin saya berapa kak?', customer: [kota] },
      { chunks: [program] },
    );
    expect(provider.requests[0].passages.map((p) => p.chunkId)).toEqual([4]);
    expect(result.trace.customer).toBeUndefined();
  });
});

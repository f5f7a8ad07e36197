/**
 * One bot turn: a message in, a reply out, with the trace of how it was decided. No framework,
 * no database: retrieval, the model provider, the tokenizer and the clock are injected, so the
 * web chat, WhatsApp, the API, replay tests and unit tests all run the same code.
 *
 *   1. language     config.language, or detected from the message (then recent user messages)
 *   2. handoff      a request for a person or a handoff keyword → the handoff message, no model
 *                   (outside business hours: the offline message, reason 'offline')
 *      small talk   a message that only greets, thanks, acknowledges or says goodbye (small-talk.ts)
 *                   → the welcome message or a short reply of its kind, no retrieval, no model
 *      own details  a message about nothing but the customer's own details the team lets bots use
 *                   ("poin saya berapa?", customer.ts) → answered from the record, no retrieval, no model
 *   3. retrieve     topK chunks from the bot's knowledge bases
 *   4. curated      a Q&A chunk whose phrasing matches closely enough → its answer, no model
 *   5. grounding    strict and no chunk above minScore, nor one holding every word asked, nor the
 *                   customer's details asked about → the fallback message, no model
 *   6. prompt       rules + numbered passages (the customer's details asked about first, for a model)
 *                   + history within the token budget + the message
 *   7. provider     streamed; [n] markers become citations; 'no_answer', an empty reply or the
 *                   fallback message itself → kind 'fallback'
 *   8. handoff      the Nth fallback in a row → 'repeated_fallback'; low-confidence retrieval →
 *                   'low_confidence' (outside business hours: 'offline')
 *
 * A handoff decided at step 2 is the reply itself (kind 'handoff', reply = handoff.message). One
 * decided at step 8 comes after the reply: send `reply`, then `handoff.message`.
 * Errors propagate as they are (a ProviderError from the provider): the caller decides.
 */
import { spokenIn, type BotConfig, type BotLanguage } from './bot-config';
import type { ChatProvider } from './providers/provider';
import type { Language } from '../knowledge/language';
import type { RetrievedChunk } from '../knowledge/retrieve';
import { CitationStream, type Citation } from './citations';
import { estimateCostUsd } from './cost';
import { bestCuratedMatch, clearsThreshold, curatedAnswer, phrasingScores } from './curated';
import { chunksHoldingTheQuestion, confidentRetrieval, describeBest, groundingChunks } from './grounding';
import {
  asksForHuman,
  fallbacksInARow,
  localTime,
  matchKeyword,
  withinBusinessHours,
  type HandoffReason,
} from './handoff';
import { offlineReply } from './opening-hours';
import { smallTalk, smallTalkReply, type SmallTalk } from './small-talk';
import { buildPrompt, type BuiltPrompt } from './prompt';
import { customerPassage, factsAsked, factsReply, onlyAbout, type CustomerFact } from './customer';

/** franc's trigram tables and the tokenizer's BPE table load at the first turn, not at start-up. */
const languageModule = () => import('../knowledge/language');
const tokensModule = () => import('../knowledge/tokens');

/** `smalltalk`: a reply to a greeting, thanks, an acknowledgement or a goodbye (no question was asked). */
export type TurnKind = 'answer' | 'curated' | 'fallback' | 'handoff' | 'smalltalk';

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
  /** What the bot's reply was (assistant messages); counts the fallbacks in a row. */
  kind?: TurnKind;
}

export interface TurnInput {
  config: BotConfig;
  /** The conversation before this message, oldest first. */
  history: HistoryMessage[];
  message: string;
  /** For business hours (default: now). */
  now?: Date;
  /**
   * The customer's details the team lets bots use (customer.ts), given only when the caller knows
   * the one writing is that contact (their WhatsApp number, a signed-in website user).
   */
  customer?: readonly CustomerFact[];
}

export interface TurnDeps {
  retrieve(query: string, knowledgeIds: number[], topK: number): Promise<RetrievedChunk[]>;
  provider: ChatProvider;
  /** The model to ask, resolved (the bot's, or the platform default). */
  model: string;
  /** Default: the o200k tokenizer (server/knowledge/tokens.ts), loaded at first use. */
  countTokens?(text: string): number;
  /** Most tokens the prompt may have (default 6000). */
  contextTokens?: number;
  signal?: AbortSignal;
  /** Milliseconds, for the latency (default performance.now). */
  clock?(): number;
}

export type TurnEvent =
  /** A final piece of the reply (citation markers already mapped). */
  | { type: 'delta'; text: string }
  /** Discard what was streamed and show this instead (a streamed answer that turned out a fallback). */
  | { type: 'replace'; text: string }
  | { type: 'status'; status: 'retrieving' | 'generating' };

export interface TurnHandoff {
  reason: HandoffReason;
  message: string;
}

export interface RetrievedTrace {
  chunkId: number;
  sourceTitle: string;
  score: number;
  fulltext?: { rank: number; score: number };
  vector?: { rank: number; similarity: number };
  /** A Q&A chunk's nearest phrasing to the message (curated.ts `phrasingScores`). */
  phrasing?: number;
  /** Its number in the prompt, when it went in. */
  passage?: number;
  /** It grounded the answer by holding every word the question is about (grounding.ts `chunksHoldingTheQuestion`). */
  holdsQuestion?: true;
}

export interface TurnTrace {
  curated: { used: boolean; chunkId?: number; score?: number };
  /** What the message was when it was small talk (no retrieval, no model). */
  smallTalk?: SmallTalk;
  retrieved: RetrievedTrace[];
  prompt?: { messages: number; tokens: number; passages: number; historyKept: number; historyDropped: number };
  provider: { kind: string; extractive: boolean; called: boolean };
  /** The model that answered, or null when no model was asked. */
  model: string | null;
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number; estimated: boolean };
  latencyMs: number;
  /** USD; 0 when no model was asked or the provider is extractive; null when the model's price is unknown. */
  costUsd: number | null;
  /** Why the conversation was or was not handed off, in words. */
  handoffDecision: string;
  /**
   * The customer's details the message asked about, by label, and how they were used: the reply
   * made from them (`record`), or given to the model as passage [1] (`prompt`).
   */
  customer?: { asked: string[]; used: 'record' | 'prompt' };
}

export interface TurnResult {
  reply: string;
  kind: TurnKind;
  citations: Citation[];
  handoff: TurnHandoff | null;
  /** The reply language the prompt asked for; null when it could not be told. */
  language: Language | null;
  trace: TurnTrace;
}

const DEFAULT_CONTEXT_TOKENS = 6000;

/** The reply to a file or picture sent without words. */
const nothingToRead = {
  indonesian:
    'Terima kasih, filenya sudah kami terima. Saya belum bisa membaca file: tuliskan pertanyaan Anda, atau minta bicara dengan petugas agar mereka bisa melihatnya.',
  english:
    'Thanks, I’ve got your file. I can’t read files myself: write your question, or ask for a person so that they can look at it.',
};

/**
 * A handoff, in the reply's language (`config` already spoken in it): the handoff message, or while
 * people are away the offline message followed by the business hours and when people are back.
 */
function handoffAt(
  config: BotConfig,
  reason: HandoffReason,
  why: string,
  now: Date,
  language: Language | null,
): { handoff: TurnHandoff; decision: string } {
  const hours = config.handoff.businessHours;
  if (hours === null || withinBusinessHours(hours, now)) {
    return { handoff: { reason, message: config.handoff.message }, decision: `${reason}: ${why}` };
  }
  const local = localTime(now, hours.timezone);
  return {
    handoff: { reason: 'offline', message: offlineReply({ ...config.handoff, businessHours: hours }, now, language) },
    decision: `offline: ${reason} (${why}) outside business hours (${hours.timezone} ${local.day} ${local.time})`,
  };
}

/**
 * The turn of a handoff decided before the engine reads the message (a team's automation rule,
 * server/domain/automations): the bot says its handoff message (or the offline one) and a person
 * is asked for; no knowledge, no model, no credits.
 */
export function handoffTurn(
  bot: BotConfig,
  reason: HandoffReason,
  why: string,
  language: Language | null,
  now = new Date(),
): TurnResult {
  const { handoff, decision } = handoffAt(spokenIn(bot, language), reason, why, now, language);
  return {
    reply: handoff.message,
    kind: 'handoff',
    citations: [],
    handoff,
    language,
    trace: {
      curated: { used: false },
      retrieved: [],
      provider: { kind: 'automation', extractive: false, called: false },
      model: null,
      finishReason: null,
      usage: { promptTokens: 0, completionTokens: 0, estimated: false },
      latencyMs: 0,
      costUsd: 0,
      handoffDecision: decision,
    },
  };
}

export async function runTurn(
  input: TurnInput,
  deps: TurnDeps,
  onEvent: (event: TurnEvent) => void = () => {},
): Promise<TurnResult> {
  const clock = deps.clock ?? (() => performance.now());
  const started = clock();
  const { history, message } = input;
  const now = input.now ?? new Date();

  const language = await replyLanguage(input.config.language, message, history);
  // The fixed messages (fallback, handoff, offline) in the reply's language, from here on.
  const config = spokenIn(input.config, language);

  const trace: TurnTrace = {
    curated: { used: false },
    retrieved: [],
    provider: { kind: deps.provider.kind, extractive: deps.provider.extractive, called: false },
    model: null,
    finishReason: null,
    usage: { promptTokens: 0, completionTokens: 0, estimated: false },
    latencyMs: 0,
    costUsd: 0,
    handoffDecision: 'none',
  };
  const finish = (result: Omit<TurnResult, 'language' | 'trace'>): TurnResult => {
    trace.latencyMs = Math.max(0, Math.round(clock() - started));
    return { ...result, language, trace };
  };
  const handoffFor = (reason: HandoffReason, why: string): TurnHandoff => {
    const decided = handoffAt(config, reason, why, now, language);
    trace.handoffDecision = decided.decision;
    return decided.handoff;
  };
  /** A reply that no model wrote, given to a streaming listener whole. */
  const say = (text: string, streamed: boolean) =>
    onEvent(streamed ? { type: 'replace', text } : { type: 'delta', text });

  // A message with nothing to read (a picture or a file without a caption): said so, without the
  // knowledge or a model; a person sees the file in the inbox.
  if (message.trim() === '') {
    // Without a language to go by (no words yet), in both.
    const reply = language ? nothingToRead[language] : `${nothingToRead.indonesian}\n\n${nothingToRead.english}`;
    trace.handoffDecision = 'none';
    say(reply, false);
    return finish({ reply, kind: 'smalltalk', citations: [], handoff: null });
  }

  // 2. Handoff that needs no model.
  const request = config.handoff.onUserRequest ? asksForHuman(message) : null;
  const keyword = request === null ? matchKeyword(message, config.handoff.keywords) : null;
  if (request !== null || keyword !== null) {
    const handoff =
      request !== null
        ? handoffFor('user_request', `the person asked for one ("${request}")`)
        : handoffFor('keyword', `the message has the keyword "${keyword}"`);
    say(handoff.message, false);
    return finish({ reply: handoff.message, kind: 'handoff', citations: [], handoff });
  }

  // Small talk: answered as it is, without the knowledge.
  const talk = smallTalk(message);
  if (talk) {
    // Its words tell its language better than a detector can tell from so few ("hello" is English).
    const spoken = talk.language ?? language;
    const reply = smallTalkReply(talk.kind, spoken, spokenIn(input.config, spoken).welcomeMessage);
    trace.smallTalk = talk.kind;
    trace.handoffDecision = 'none';
    say(reply, false);
    return { ...finish({ reply, kind: 'smalltalk', citations: [], handoff: null }), language: spoken };
  }

  // The customer's own details: a question about them alone is answered from the record.
  const asked = factsAsked(message, input.customer ?? []);
  if (onlyAbout(message, asked)) {
    const reply = factsReply(asked, language);
    trace.customer = { asked: asked.map((fact) => fact.label), used: 'record' };
    trace.handoffDecision = 'none';
    say(reply, false);
    return finish({ reply, kind: 'answer', citations: [], handoff: null });
  }
  // Otherwise a model reads them beside the passages (the extractive provider would quote them out of place).
  const customer = asked.length > 0 && !deps.provider.extractive ? customerPassage(asked, language, 1) : undefined;

  // 3. Retrieval.
  let chunks: RetrievedChunk[] = [];
  if (config.knowledgeIds.length > 0) {
    deps.signal?.throwIfAborted();
    onEvent({ type: 'status', status: 'retrieving' });
    chunks = (await deps.retrieve(message, config.knowledgeIds, config.retrieval.topK)).slice(0, config.retrieval.topK);
  }
  const phrasings = phrasingScores(message, chunks);
  trace.retrieved = chunks.map((chunk) => ({
    chunkId: chunk.id,
    sourceTitle: chunk.sourceTitle,
    score: chunk.score,
    ...(chunk.retrievers.fulltext ? { fulltext: { ...chunk.retrievers.fulltext } } : {}),
    ...(chunk.retrievers.vector ? { vector: { ...chunk.retrievers.vector } } : {}),
    ...(phrasings.has(chunk.id) ? { phrasing: round(phrasings.get(chunk.id)!) } : {}),
  }));

  // 4. A curated answer.
  const curated = bestCuratedMatch(message, chunks);
  if (curated) trace.curated = { used: false, chunkId: curated.chunk.id, score: round(curated.score) };
  if (clearsThreshold(curated, config.retrieval.curatedThreshold)) {
    trace.curated.used = true;
    const reply = curatedAnswer(curated.chunk);
    say(reply, false);
    return finish({ reply, kind: 'curated', citations: [], handoff: null });
  }

  // The customer's details grounding the answer are evidence enough.
  const confident = customer !== undefined || confidentRetrieval(chunks, config.retrieval.minScore);
  const afterReply = (kind: 'answer' | 'fallback'): TurnHandoff | null => {
    const { afterFallbacks, onLowConfidence } = config.handoff;
    const notes: string[] = [];
    if (kind === 'fallback' && afterFallbacks !== null) {
      const inARow = fallbacksInARow(history) + 1;
      const why = `fallback ${inARow} in a row (hand off at ${afterFallbacks})`;
      if (inARow >= afterFallbacks) return handoffFor('repeated_fallback', why);
      notes.push(why);
    }
    if (!confident) {
      const why = `low-confidence retrieval (${describeBest(chunks)})`;
      if (onLowConfidence) return handoffFor('low_confidence', why);
      notes.push(`${why}, not a reason for this bot`);
    }
    trace.handoffDecision = notes.length > 0 ? `none: ${notes.join('; ')}` : 'none';
    return null;
  };
  const fallback = (streamed: boolean): TurnResult => {
    say(config.fallbackMessage, streamed);
    return finish({ reply: config.fallbackMessage, kind: 'fallback', citations: [], handoff: afterReply('fallback') });
  };

  // 5. Strict grounding needs a passage above minScore, or one that holds every word asked.
  let grounding = groundingChunks(chunks, config.retrieval.minScore, phrasings);
  if (config.grounding === 'strict' && grounding.length === 0) {
    // None similar enough: the passages that hold every word the question is about.
    grounding = chunksHoldingTheQuestion(message, chunks);
    const holding = new Set(grounding.map((chunk) => chunk.id));
    for (const entry of trace.retrieved) if (holding.has(entry.chunkId)) entry.holdsQuestion = true;
  }
  if (config.grounding === 'strict' && grounding.length === 0 && !customer) return fallback(false);

  // 6. The prompt.
  const countTokens = deps.countTokens ?? (await tokensModule()).countTokens;
  const prompt: BuiltPrompt = buildPrompt({
    config,
    language,
    chunks: config.grounding === 'strict' ? grounding : chunks,
    customer,
    history,
    message,
    countTokens,
    budget: deps.contextTokens ?? DEFAULT_CONTEXT_TOKENS,
  });
  if (customer) trace.customer = { asked: asked.map((fact) => fact.label), used: 'prompt' };
  const inPrompt = new Map(
    prompt.passages.filter((passage) => !passage.customer).map((passage) => [passage.chunkId, passage.marker]),
  );
  for (const entry of trace.retrieved) {
    const marker = inPrompt.get(entry.chunkId);
    if (marker !== undefined) entry.passage = marker;
  }
  trace.prompt = {
    messages: prompt.messages.length,
    tokens: prompt.tokens,
    passages: prompt.passages.length,
    historyKept: prompt.historyKept,
    historyDropped: prompt.historyDropped,
  };

  // 7. The model.
  deps.signal?.throwIfAborted();
  onEvent({ type: 'status', status: 'generating' });
  trace.provider.called = true;
  trace.model = deps.model;
  const citations = new CitationStream(prompt.passages);
  let raw = '';
  let streamed = false;
  let usage: { promptTokens: number; completionTokens: number; estimated: boolean } | null = null;
  const emit = (text: string) => {
    if (text === '') return;
    streamed = true;
    onEvent({ type: 'delta', text });
  };
  for await (const event of deps.provider.stream({
    model: deps.model,
    messages: prompt.messages,
    temperature: config.model.temperature,
    maxTokens: config.model.maxTokens,
    passages: prompt.passages,
    question: message,
    ...(deps.signal ? { signal: deps.signal } : {}),
  })) {
    if (event.type === 'delta') {
      raw += event.text;
      emit(citations.push(event.text));
    } else if (event.type === 'usage') {
      usage = {
        promptTokens: event.promptTokens,
        completionTokens: event.completionTokens,
        estimated: event.estimated,
      };
    } else if (event.type === 'done') {
      trace.finishReason = event.finishReason;
      if (event.model) trace.model = event.model;
    }
  }
  emit(citations.flush());

  trace.usage = usage ?? { promptTokens: prompt.tokens, completionTokens: countTokens(raw), estimated: true };
  trace.costUsd = deps.provider.extractive
    ? 0
    : estimateCostUsd(trace.model ?? deps.model, trace.usage.promptTokens, trace.usage.completionTokens);

  const reply = citations.text.trim();
  if (trace.finishReason === 'no_answer' || reply === '' || isFallbackMessage(reply, config.fallbackMessage)) {
    return fallback(streamed);
  }
  return finish({ reply, kind: 'answer', citations: citations.citations, handoff: afterReply('answer') });
}

/**
 * The language a bot replies to `message` in: its own when set; on `auto`, the message's, or for a
 * message too short to tell, that of the recent user messages with it (null when still unknown).
 */
export async function replyLanguage(
  language: BotLanguage,
  message: string,
  history: readonly HistoryMessage[],
): Promise<Language | null> {
  if (language !== 'auto') return language;
  const { detectLanguage } = await languageModule();
  const own = detectLanguage(message);
  if (own) return own;
  const recent = history
    .filter((turn) => turn.role === 'user')
    .slice(-3)
    .map((turn) => turn.content);
  if (recent.length === 0) return null;
  return detectLanguage([...recent, message].join('\n')) ?? null;
}

const comparable = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\[\d{1,3}\]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Whether the model replied with the fallback message it was told to use (give or take punctuation and markers). */
function isFallbackMessage(reply: string, fallbackMessage: string): boolean {
  const expected = comparable(fallbackMessage);
  return expected !== '' && comparable(reply) === expected;
}

const round = (value: number) => Math.round(value * 1000) / 1000;

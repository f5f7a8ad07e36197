/**
 * A bot turn the way the app answers one (server/domain/bots/answer.ts + actions/chat.ts), with a
 * provider that answers at once, against its bare baseline in the same process:
 *
 *   engine    knowledgeRepository.findMany → retrieve() → runTurn (language, prompt, FakeProvider
 *             stream, citations, trace) → botRepository.recordTurn (insert + bots.last_active_at)
 *   baseline  the SQL retrieve() sends, with the words and vectors it would send made before timing
 *             (bench/retrieval/bare-sql.ts: full-text per language beside the vector searches, then
 *             the details of 5) straight through the driver, the same FakeProvider stream consumed,
 *             one bare INSERT of a turn row
 */
import { randomBytes } from 'node:crypto';
import { defaultBotConfig, type BotConfig } from '../../server/bot-engine/bot-config';
import { FakeProvider } from '../../server/bot-engine/providers/fake';
import type { ChatProvider } from '../../server/bot-engine/providers/provider';
import { runTurn, type TurnEvent, type TurnResult } from '../../server/bot-engine/turn';
import { botRepository, type BotTurnRow } from '../../server/db/repositories/bot-repository';
import { knowledgeRepository } from '../../server/db/repositories/knowledge-repository';
import { retrieve } from '../../server/knowledge/retrieve';
import {
  checkAgainst,
  detailsSql,
  fullTextSql,
  fullTextValues,
  intArray,
  prepareSearch,
  vectorStatements,
  type PreparedSearch,
} from '../retrieval/bare-sql';
import { lexical } from '../retrieval/corpus-ingest';
import type { BenchDatabase } from '../retrieval/database';
import type { BotBenchDatabase } from './database';
import type { TeamKnowledge } from './knowledge';

export const model = 'bench-fake-model';
/** The fixed reply: two sentences citing the first passage, streamed three words a delta. */
export const reply =
  'Barang bisa dikembalikan paling lambat tujuh hari setelah diterima [1]. ' +
  'Hubungi kami lewat chat bila butuh bantuan lebih lanjut.';
const candidates = 20;

export interface BotBench {
  bench: BotBenchDatabase;
  team: TeamKnowledge;
  botId: number;
  config: BotConfig;
  provider: ChatProvider;
}

export async function createBot(bench: BotBenchDatabase, team: TeamKnowledge): Promise<BotBench> {
  const config = { ...defaultBotConfig('Bench bot'), knowledgeIds: team.knowledges.map((k) => k.id) };
  const bot = await botRepository(bench.db, team.teamId).create({
    publicId: `bot_${randomBytes(8).toString('hex')}`,
    name: config.name,
    description: '',
    avatarColor: 'indigo',
    draft: config as unknown as Record<string, unknown>,
    createdBy: team.userId,
  });
  // Usage as a model server reports it: the fake provider counts nothing itself.
  const provider = new FakeProvider({ reply, usage: { promptTokens: 900, completionTokens: 24 } });
  return { bench, team, botId: bot.id, config, provider };
}

/** The app's path for one test-chat turn; `onEvent` gets what chat.ts broadcasts. */
export async function engineTurn(
  bot: BotBench,
  message: string,
  onEvent?: (event: TurnEvent) => void,
): Promise<{ result: TurnResult; turn: BotTurnRow }> {
  const { bench, team, config } = bot;
  const knowledges = knowledgeRepository(bench.db, team.teamId);
  const result = await runTurn(
    { config, history: [], message },
    {
      provider: bot.provider,
      model,
      retrieve: async (query, knowledgeIds, topK) => {
        const linked = await knowledges.findMany(knowledgeIds);
        const found = await retrieve(bench.db, () => lexical, {
          teamId: team.teamId,
          knowledges: linked,
          query,
          limit: topK,
        });
        return found.chunks;
      },
    },
    onEvent,
  );
  const turn = await botRepository(bench.db, team.teamId).recordTurn({
    botId: bot.botId,
    version: null,
    source: 'test',
    userId: team.userId,
    threadKey: 'bench',
    question: message,
    reply: result.handoff && result.kind !== 'handoff' ? `${result.reply}\n\n${result.handoff.message}` : result.reply,
    kind: result.kind,
    citations: result.citations,
    trace: { ...result.trace, handoff: result.handoff, language: result.language },
    promptTokens: result.trace.usage.promptTokens,
    completionTokens: result.trace.usage.completionTokens,
    latencyMs: Math.round(result.trace.latencyMs),
  });
  return { result, turn };
}

const insertTurnSql = `insert into bot_turns
  (bot_id, team_id, source, user_id, thread_key, question, reply, kind, prompt_tokens, completion_tokens, latency_ms)
  values ($1, $2, 'test', $3, 'bench', $4, $5, 'answer', $6, $7, $8)`;

/**
 * The same work without the engine: bare SQL (its words and vectors prepared before timing, as
 * retrieve() makes them: bare-sql.ts), the provider's stream, one INSERT.
 */
export async function baselineTurn(bot: BotBench, message: string, search: PreparedSearch): Promise<void> {
  const { bench, team, config } = bot;
  const limit = config.retrieval.topK;
  if (search.languages.size > 0) {
    const lists = [...team.byLanguage].map(([language, ids]) =>
      bench.query(
        fullTextSql(language),
        fullTextValues(language, search.languages.get(language)!.words, team.teamId, ids, candidates),
      ),
    );
    for (const { vector, knowledges } of search.vectors)
      for (const [text, values] of vectorStatements(knowledges, team.teamId, vector, candidates))
        lists.push(bench.query(text, values));
    const answers = await Promise.all(lists);
    const ids = new Set<number>();
    for (let rank = 0; ids.size < limit && answers.some((rows) => rank < rows.length); rank++) {
      for (const rows of answers) if (rank < rows.length && ids.size < limit) ids.add(Number(rows[rank].id));
    }
    if (ids.size > 0) await bench.query(detailsSql, [team.teamId, intArray([...ids])]);
  }
  let text = '';
  for await (const event of bot.provider.stream({
    model,
    messages: [{ role: 'user', content: message }],
    temperature: config.model.temperature,
    maxTokens: config.model.maxTokens,
    passages: [],
    question: message,
  })) {
    if (event.type === 'delta') text += event.text;
  }
  await bench.query(insertTurnSql, [bot.botId, team.teamId, team.userId, message, text, 900, 24, 1]);
}

/** Whether the bare statements are still those retrieve() sends (PGlite: the driver is observable). */
export async function checkBareSql(bot: BotBench, question: string): Promise<string[] | undefined> {
  const { bench, team } = bot;
  if (!bench.capture) return undefined;
  const { statements } = await bench.capture(() =>
    retrieve(bench.db, () => lexical, { teamId: team.teamId, knowledges: team.knowledges, query: question, limit: 5 }),
  );
  // No word statistics here: the plain full-text statement.
  const vectors = {
    own: team.knowledges.some((k) => k.vectorIndexDimensions === lexical.dimensions),
    exact: team.knowledges.some((k) => k.vectorIndexDimensions !== lexical.dimensions),
    bounded: team.knowledges.some((k) => k.vectorIndexDimensions === lexical.dimensions && k.vectorIndexBound != null),
  };
  return checkAgainst(statements, lexical.dimensions, bench as BenchDatabase, false, vectors);
}

export interface TurnTimes {
  engine: number[];
  baseline: number[];
  kinds: Map<string, number>;
  /** Turns whose provider was called (answer and streamed fallbacks). */
  providerCalled: number;
  engineTotalMs: number;
  baselineTotalMs: number;
}

/** Warm-up, then each question through both, alternating which goes first. */
export async function timeTurns(bot: BotBench, questions: string[], warmUp: number): Promise<TurnTimes> {
  const searched = bot.team.knowledges.filter((k) => bot.config.knowledgeIds.includes(k.id));
  const prepared = new Map<string, PreparedSearch>();
  for (const question of questions) prepared.set(question, await prepareSearch(question, searched));
  for (const question of questions.slice(-warmUp)) {
    await engineTurn(bot, question);
    await baselineTurn(bot, question, prepared.get(question)!);
  }
  const times: TurnTimes = {
    engine: [],
    baseline: [],
    kinds: new Map(),
    providerCalled: 0,
    engineTotalMs: 0,
    baselineTotalMs: 0,
  };
  for (const [index, question] of questions.slice(0, questions.length - warmUp).entries()) {
    const order = index % 2 === 0 ? (['engine', 'baseline'] as const) : (['baseline', 'engine'] as const);
    for (const which of order) {
      const started = performance.now();
      if (which === 'engine') {
        const { result } = await engineTurn(bot, question);
        times.kinds.set(result.kind, (times.kinds.get(result.kind) ?? 0) + 1);
        if (result.trace.provider.called) times.providerCalled++;
      } else await baselineTurn(bot, question, prepared.get(question)!);
      const elapsed = performance.now() - started;
      times[which].push(elapsed);
      if (which === 'engine') times.engineTotalMs += elapsed;
      else times.baselineTotalMs += elapsed;
    }
  }
  return times;
}

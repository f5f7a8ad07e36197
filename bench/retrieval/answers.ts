/**
 * The replies people get from a bot that needs no model: both question sets asked of a bot on the
 * default configuration (strict grounding, curated answers, top 5) through the engine's own turn
 * (`runTurn`) with the extractive provider, the offline default. Each reply is right (it holds
 * the expected text: the document's passage, or a sentence of the answering pair's answer), wrong
 * (it answers with something else), or the fallback. For unanswerable questions the fallback is
 * the right reply.
 */
import { defaultBotConfig } from '../../server/bot-engine/bot-config';
import { ExtractiveProvider, EXTRACTIVE_MODEL } from '../../server/bot-engine/providers/extractive';
import { runTurn, type TurnResult } from '../../server/bot-engine/turn';
import { retrieve, type RetrievalKnowledge } from '../../server/knowledge/retrieve';
import { splitSentences } from '../../server/knowledge/text';
import { cafeFaq } from '../../server/db/seed-data/knowledge/cafe-faq';
import { lexical } from './corpus-ingest';
import type { BenchDatabase } from './database';
import { percent, table } from './format';
import { delta, formatFigure, normalised, type Baseline, type QualityResult } from './quality';
import type { FaqResult } from './faq-quality';
import type { QuestionTag } from './questions';

export type Verdict = 'right' | 'wrong' | 'fallback';

export interface AnsweredQuestion {
  id: string;
  question: string;
  tags: QuestionTag[];
  answerable: boolean;
  verdict: Verdict;
  reply: string;
  kind: TurnResult['kind'];
}

export interface AnswerFigures {
  /** Answerable questions answered with the expected text. */
  right: number;
  /** Answerable questions answered with something else. */
  wrong: number;
  /** Answerable questions sent to the fallback. */
  missed: number;
  /** Unanswerable questions sent to the fallback. */
  fallback: number;
}

export interface AskedSet {
  teamId: number;
  knowledges: RetrievalKnowledge[];
  questions: Array<{ id: string; question: string; tags: QuestionTag[]; expected?: (reply: string) => boolean }>;
}

/** Whether a reply holds `text` (whitespace and markers aside). */
export function holds(reply: string, text: string): boolean {
  return normalised(reply.replace(/\s*\[\d+\]/g, '')).includes(normalised(text));
}

/** Whether a reply holds one of the sentences (20 characters or more) of a pair's answer. */
export function holdsAnswerOf(pairQuestion: string): (reply: string) => boolean {
  const pair = cafeFaq.find((entry) => entry.question === pairQuestion);
  if (!pair) throw new Error(`No pair "${pairQuestion}" in the demo FAQ`);
  const sentences = pair.answer
    .split('\n')
    .flatMap((line) => splitSentences(line))
    .filter((sentence) => sentence.length >= 20);
  return (reply) => sentences.some((sentence) => holds(reply, sentence));
}

export async function askAll(bench: BenchDatabase, set: AskedSet): Promise<AnsweredQuestion[]> {
  const provider = new ExtractiveProvider();
  const config = { ...defaultBotConfig('Bench'), knowledgeIds: set.knowledges.map((k) => k.id) };
  const answered: AnsweredQuestion[] = [];
  for (const question of set.questions) {
    const result = await runTurn(
      { config, history: [], message: question.question },
      {
        provider,
        model: EXTRACTIVE_MODEL,
        retrieve: async (query, _ids, topK) =>
          (
            await retrieve(bench.db, () => lexical, {
              teamId: set.teamId,
              knowledges: set.knowledges,
              query,
              limit: topK,
            })
          ).chunks,
      },
    );
    const replied = result.kind === 'answer' || result.kind === 'curated';
    const verdict: Verdict = !replied
      ? 'fallback'
      : question.expected && question.expected(result.reply)
        ? 'right'
        : 'wrong';
    answered.push({
      id: question.id,
      question: question.question,
      tags: question.tags,
      answerable: question.expected !== undefined,
      verdict,
      reply: result.reply,
      kind: result.kind,
    });
  }
  return answered;
}

export function answerFiguresOf(answered: AnsweredQuestion[]): AnswerFigures {
  const answerable = answered.filter((a) => a.answerable);
  const unanswerable = answered.filter((a) => !a.answerable);
  const share = (group: AnsweredQuestion[], verdict: Verdict) =>
    group.length === 0 ? 0 : group.filter((a) => a.verdict === verdict).length / group.length;
  return {
    right: share(answerable, 'right'),
    wrong: share(answerable, 'wrong'),
    missed: share(answerable, 'fallback'),
    fallback: share(unanswerable, 'fallback'),
  };
}

export function printAnswers(sets: Array<{ name: string; answered: AnsweredQuestion[] }>, verbose: boolean): void {
  console.log(
    '\n  replies of a bot on the default configuration with the extractive provider (no model): ' +
      'right (the expected text), wrong (something else) or the fallback',
  );
  const rows = sets.map(({ name, answered }) => {
    const f = answerFiguresOf(answered);
    const unanswerable = answered.filter((a) => !a.answerable);
    return [
      name,
      String(answered.length - unanswerable.length),
      percent(f.right, 0),
      percent(f.wrong, 0),
      percent(f.missed, 0),
      `${unanswerable.filter((a) => a.verdict === 'fallback').length} of ${unanswerable.length}`,
    ];
  });
  console.log(table(['questions', 'answerable', 'right', 'wrong', 'fallback', 'unanswerable → fallback'], rows));
  if (!verbose) return;
  for (const { name, answered } of sets) {
    for (const a of answered) {
      if (a.answerable ? a.verdict === 'right' : a.verdict === 'fallback') continue;
      const reply = a.reply.replace(/\s+/g, ' ');
      console.log(
        `    ${name} ${a.id} [${a.tags.join(', ')}] ${a.verdict}: ${a.question}\n      ${reply.length > 140 ? `${reply.slice(0, 137)}…` : reply}`,
      );
    }
  }
}

const comparedAnswers: Array<[keyof AnswerFigures, string]> = [
  ['right', 'answerable, right'],
  ['wrong', 'answerable, wrong (lower is better)'],
  ['missed', 'answerable, fallback (lower is better)'],
  ['fallback', 'unanswerable → fallback'],
];

/** Both sets asked of the extractive bot, printed with the baseline's figures beside them. */
export async function measureAnswers(
  bench: BenchDatabase,
  documents: QualityResult,
  faq: FaqResult,
  verbose: boolean,
  baseline: Baseline | undefined,
): Promise<Record<'documents' | 'faq', AnswerFigures>> {
  const sets = [
    {
      name: 'documents',
      answered: await askAll(bench, {
        teamId: documents.teamId,
        knowledges: documents.knowledges,
        questions: documents.outcomes.map(({ question }) => ({
          id: question.id,
          question: question.question,
          tags: question.tags,
          expected: question.expect && ((reply: string) => holds(reply, question.expect!.contains)),
        })),
      }),
    },
    {
      name: 'faq',
      answered: await askAll(bench, {
        teamId: faq.teamId,
        knowledges: faq.knowledges,
        questions: faq.outcomes.map(({ question }) => ({
          id: question.id,
          question: question.question,
          tags: question.tags,
          expected: question.expect === undefined ? undefined : holdsAnswerOf(question.expect),
        })),
      }),
    },
  ] as const;
  printAnswers([...sets], verbose);
  const figures = { documents: answerFiguresOf(sets[0].answered), faq: answerFiguresOf(sets[1].answered) };
  const was = baseline?.answers;
  if (!baseline || !was) {
    console.log('\n  no baseline for the replies yet: run with --update-baseline to write one');
    return figures;
  }
  const rows = comparedAnswers.map(([key, name]) => [
    name,
    ...(['documents', 'faq'] as const).flatMap((set) => [
      formatFigure(key, was[set]?.[key]),
      formatFigure(key, figures[set][key]),
      delta(key, figures[set][key], was[set]?.[key]),
    ]),
  ]);
  console.log(`\n  replies against the baseline of ${baseline.written}`);
  console.log(table(['', 'documents was', 'now', 'change', 'FAQ was', 'now', 'change'], rows));
  return figures;
}

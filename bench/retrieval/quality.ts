/**
 * Answer quality on the question set: the corpus ingested by the real pipeline, every question
 * asked through `retrieve()` (limit 5) in both modes, hits and MRR per tag, and how the product's
 * confidence rule (server/knowledge/confidence.ts) splits answers from the fallback.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isConfident } from '../../server/knowledge/confidence';
import { retrieve, type RetrievalKnowledge, type RetrievedChunk } from '../../server/knowledge/retrieve';
import { ingestCorpus, lexical } from './corpus-ingest';
import type { BenchDatabase } from './database';
import { createTenant } from './database';
import { fixed, percent, table } from './format';
import { type QuestionTag, type RetrievalQuestion, retrievalQuestions } from './questions';
import type { FaqFigures } from './faq-quality';
import type { AnswerFigures } from './answers';

export const modes = ['hybrid', 'fulltext'] as const;
export type Mode = (typeof modes)[number];

const limit = 5;

interface Answer {
  chunks: RetrievedChunk[];
  /** 1-based rank of the first chunk that answers, 0 when none of the `limit` does. */
  rank: number;
  confident: boolean;
}

interface Outcome {
  question: RetrievalQuestion;
  answers: Record<Mode, Answer>;
}

export interface QualityFigures {
  hit1: number;
  hit3: number;
  hit5: number;
  mrr: number;
  /** Answerable questions answered (not sent to the fallback), of all answerable. */
  answered: number;
  /** Unanswerable questions sent to the fallback, of all unanswerable. */
  fallback: number;
  /** Both kinds right, of all questions. */
  accuracy: number;
}

export interface QualityResult {
  outcomes: Outcome[];
  figures: Record<Mode, QualityFigures>;
  fileOfSource: Map<number, string>;
  chunkCount: number;
  ingestMs: number;
  /** The tenant and knowledge bases asked, for the answers part (answers.ts). */
  teamId: number;
  knowledges: RetrievalKnowledge[];
}

/** Whitespace runs as one space (the chunker re-flows lines and table cells). */
export function normalised(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

export async function measureQuality(bench: BenchDatabase): Promise<QualityResult> {
  const teamId = await createTenant(bench.db, 'Retrieval corpus');
  const started = performance.now();
  const corpus = await ingestCorpus(bench.db, teamId);
  const ingestMs = performance.now() - started;
  const outcomes: Outcome[] = [];
  for (const question of retrievalQuestions) {
    const answers = {} as Record<Mode, Answer>;
    for (const mode of modes) {
      const { chunks } = await retrieve(bench.db, () => lexical, {
        teamId,
        knowledges: corpus.knowledges,
        query: question.question,
        limit,
        mode,
      });
      const expect = question.expect;
      const rank = expect
        ? chunks.findIndex(
            (chunk) =>
              corpus.fileOfSource.get(chunk.sourceId) === expect.source &&
              normalised(chunk.content).includes(normalised(expect.contains)),
          ) + 1
        : 0;
      answers[mode] = { chunks, rank, confident: isConfident(chunks) };
    }
    outcomes.push({ question, answers });
  }
  const figures = Object.fromEntries(modes.map((mode) => [mode, figuresOf(outcomes, mode)])) as Record<
    Mode,
    QualityFigures
  >;
  return {
    outcomes,
    figures,
    fileOfSource: corpus.fileOfSource,
    chunkCount: corpus.chunkCount,
    ingestMs,
    teamId,
    knowledges: corpus.knowledges,
  };
}

function figuresOf(outcomes: Outcome[], mode: Mode): QualityFigures {
  const answerable = outcomes.filter((o) => o.question.expect);
  const unanswerable = outcomes.filter((o) => !o.question.expect);
  const ranks = answerable.map((o) => o.answers[mode].rank);
  const within = (k: number) => ranks.filter((rank) => rank > 0 && rank <= k).length / ranks.length;
  const answered = answerable.filter((o) => o.answers[mode].confident).length;
  const fallback = unanswerable.filter((o) => !o.answers[mode].confident).length;
  return {
    hit1: within(1),
    hit3: within(3),
    hit5: within(5),
    mrr: ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / ranks.length,
    answered: answered / answerable.length,
    fallback: fallback / unanswerable.length,
    accuracy: (answered + fallback) / outcomes.length,
  };
}

const tagOrder: QuestionTag[] = ['id', 'en', 'colloquial', 'typo', 'cross-lingual', 'paraphrase', 'table'];

export function printQuality(result: QualityResult, label: string, verbose: boolean): void {
  const { outcomes } = result;
  const answerable = outcomes.filter((o) => o.question.expect);
  const unanswerable = outcomes.filter((o) => !o.question.expect);
  console.log(
    `\n  ${label}: ${result.chunkCount} chunks from 7 documents ingested in ${fixed(result.ingestMs / 1000, 1)} s; ` +
      `${outcomes.length} questions (${answerable.length} answerable, ${unanswerable.length} unanswerable), limit ${limit}\n`,
  );

  // Retrieval: hits and MRR per tag, over the answerable questions.
  const groups: Array<[string, Outcome[]]> = [
    ['all answerable', answerable],
    ...tagOrder.map((tag): [string, Outcome[]] => [tag, answerable.filter((o) => o.question.tags.includes(tag))]),
  ];
  const rows = groups.map(([name, group]) => [
    name,
    String(group.length),
    ...modes.flatMap((mode) => {
      const f = figuresOf(group, mode);
      return [percent(f.hit1, 0), percent(f.hit3, 0), percent(f.hit5, 0), fixed(f.mrr, 3)];
    }),
  ]);
  console.log('  retrieval (a hit: a returned chunk of the expected file that contains the expected text)');
  console.log(
    table(['tag', 'n', 'hybrid hit@1', 'hit@3', 'hit@5', 'MRR', 'full-text hit@1', 'hit@3', 'hit@5', 'MRR'], rows),
  );

  // Answered vs fallback, by the product's confidence rule.
  const count = (group: Outcome[], mode: Mode, confident: boolean) =>
    group.filter((o) => o.answers[mode].confident === confident).length;
  const of = (n: number, total: number) => `${n}/${total} (${percent(n / total, 0)})`;
  const decision = [
    ['answerable, answered (good)', ...modes.map((m) => of(count(answerable, m, true), answerable.length))],
    [
      '  … the answer among the chunks',
      ...modes.map((m) => String(answerable.filter((o) => o.answers[m].confident && o.answers[m].rank > 0).length)),
    ],
    ['unanswerable, fallback (good)', ...modes.map((m) => of(count(unanswerable, m, false), unanswerable.length))],
    ['answerable, fallback (missed answer)', ...modes.map((m) => of(count(answerable, m, false), answerable.length))],
    [
      '  … the answer was among the chunks',
      ...modes.map((m) => String(answerable.filter((o) => !o.answers[m].confident && o.answers[m].rank > 0).length)),
    ],
    [
      'unanswerable, answered (wrong answer)',
      ...modes.map((m) => of(count(unanswerable, m, true), unanswerable.length)),
    ],
    ['accuracy (both kinds right)', ...modes.map((m) => percent(result.figures[m].accuracy))],
    ['balanced accuracy', ...modes.map((m) => percent((result.figures[m].answered + result.figures[m].fallback) / 2))],
  ];
  console.log('\n  answered vs fallback (isConfident in server/knowledge/confidence.ts)');
  console.log(table(['', 'hybrid', 'full-text'], decision));

  if (verbose) printFailures(result);
}

function printFailures(result: QualityResult): void {
  for (const mode of modes) {
    const failed = result.outcomes.filter(({ question, answers }) =>
      question.expect ? answers[mode].rank !== 1 || !answers[mode].confident : answers[mode].confident,
    );
    console.log(
      `\n  ${mode}: ${failed.length} questions not answered right at rank 1 (or wrongly answered / sent to the fallback)`,
    );
    for (const { question, answers } of failed) {
      const answer = answers[mode];
      const top = answer.chunks[0];
      const why = question.expect
        ? `${answer.rank === 0 ? 'not in top 5' : `at rank ${answer.rank}`}${answer.confident ? '' : ', fallback'}`
        : 'unanswerable, answered';
      const scores = top
        ? `sim ${fixed(top.retrievers.vector?.similarity ?? Number.NaN, 3)}, fts ${fixed(top.retrievers.fulltext?.score ?? Number.NaN, 3)}`
        : '';
      console.log(`    ${question.id} [${question.tags.join(', ')}] ${why}: ${question.question}`);
      if (question.expect) console.log(`      expected ${question.expect.source}: "${question.expect.contains}"`);
      console.log(
        top
          ? `      top 1 ${result.fileOfSource.get(top.sourceId)} (${scores}): ${snippet(top.content)}`
          : '      nothing returned',
      );
    }
  }
}

function snippet(text: string): string {
  const flat = normalised(text);
  return flat.length > 110 ? `${flat.slice(0, 107)}…` : flat;
}

// Baseline: the figures of the last accepted run, so that a change that makes answers worse shows.

export interface Baseline {
  written: string;
  note: string;
  figures: Record<Mode, QualityFigures>;
  /** The FAQ part's figures (faq-quality.ts); absent in a baseline written before it. */
  faq?: Record<Mode, FaqFigures>;
  /** The extractive bot's replies to each set (answers.ts); absent in a baseline written before it. */
  answers?: Record<'documents' | 'faq', AnswerFigures>;
}

const baselineFile = new URL('./baseline.json', import.meta.url);
const compared: Array<[keyof QualityFigures, string]> = [
  ['hit1', 'hit@1'],
  ['hit3', 'hit@3'],
  ['hit5', 'hit@5'],
  ['mrr', 'MRR'],
  ['answered', 'answerable answered'],
  ['fallback', 'unanswerable → fallback'],
  ['accuracy', 'answered/fallback accuracy'],
];

export function readBaseline(): Baseline | undefined {
  try {
    return JSON.parse(readFileSync(baselineFile, 'utf8')) as Baseline;
  } catch {
    return undefined;
  }
}

export function writeBaseline(
  figures: Record<Mode, QualityFigures>,
  faq: Record<Mode, FaqFigures>,
  answers: Record<'documents' | 'faq', AnswerFigures>,
): void {
  const rounded = <K extends string, F extends object>(all: Record<K, F>) =>
    Object.fromEntries(
      (Object.keys(all) as K[]).map((mode) => [
        mode,
        Object.fromEntries(
          Object.entries(all[mode]).map(([key, value]) => [key, Number((value as number).toFixed(6))]),
        ),
      ]),
    ) as unknown as Record<K, F>;
  const baseline: Baseline = {
    written: new Date().toISOString().slice(0, 10),
    note: 'npm run bench:retrieval -- --update-baseline rewrites this file; the bench prints its figures against these.',
    figures: rounded(figures),
    faq: rounded(faq),
    answers: rounded(answers),
  };
  writeFileSync(baselineFile, `${JSON.stringify(baseline, null, 2)}\n`);
}

export function printBaselineComparison(figures: Record<Mode, QualityFigures>, baseline: Baseline | undefined): void {
  if (!baseline) {
    console.log('\n  no baseline yet (bench/retrieval/baseline.json): run with --update-baseline to write one');
    return;
  }
  const rows = compared.map(([key, name]) => [
    name,
    ...modes.flatMap((mode) => [
      formatFigure(key, baseline.figures[mode]?.[key]),
      formatFigure(key, figures[mode][key]),
      delta(key, figures[mode][key], baseline.figures[mode]?.[key]),
    ]),
  ]);
  console.log(`\n  against the baseline of ${baseline.written} (bench/retrieval/baseline.json)`);
  console.log(table(['', 'hybrid was', 'now', 'change', 'full-text was', 'now', 'change'], rows));
}

export function formatFigure(key: string, value: number | undefined): string {
  if (value === undefined) return 'n/a';
  return key === 'mrr' ? fixed(value, 3) : percent(value);
}

export function delta(key: string, now: number, was: number | undefined): string {
  if (was === undefined) return '';
  const change = now - was;
  if (Math.abs(change) < 0.0005) return '=';
  const size = key === 'mrr' ? fixed(Math.abs(change), 3) : `${(Math.abs(change) * 100).toFixed(1)} pt`;
  return `${change > 0 ? '▲' : '▼'} ${size}`;
}

/**
 * Answer quality over Q&A pairs: the demo café's FAQ knowledge (its 34 pairs and its "Tentang
 * Kami" page, server/db/seed-data/knowledge) ingested by the real pipeline, and the customer
 * questions of faq-questions.ts asked through `retrieve()` (limit 5) and then the bot engine's own
 * first steps: the curated answer (`bestCuratedMatch` at the default threshold) and, without one,
 * the confidence rule. A pair's answer is what an FAQ bot replies, so this measures the replies
 * people get, where the document corpus (quality.ts) measures passages.
 */
import { knowledgeSources } from '../../server/db/schema/index';
import { isConfident } from '../../server/knowledge/confidence';
import { retrieve, type RetrievalKnowledge, type RetrievedChunk } from '../../server/knowledge/retrieve';
import { bestCuratedMatch, clearsThreshold, curatedQuestion } from '../../server/bot-engine/curated';
import { botConfigDefaults } from '../../server/bot-engine/bot-config';
import { ingestSource } from '../../server/knowledge/ingest';
import { demoKnowledges } from '../../server/db/seed-data/knowledge/index';
import { createKnowledge, ingestDeps, lexical } from './corpus-ingest';
import { createTenant, type BenchDatabase } from './database';
import { faqQuestions, type FaqQuestion } from './faq-questions';
import { fixed, percent, table } from './format';
import { delta, formatFigure, modes, type Baseline, type Mode } from './quality';
import type { QuestionTag } from './questions';

interface FaqAnswer {
  chunks: RetrievedChunk[];
  /** 1-based rank of the expected pair among the chunks, 0 when absent. */
  rank: number;
  /** The pair whose answer the engine would send as written, if any clears the threshold. */
  curated: string | undefined;
  confident: boolean;
}

export interface FaqOutcome {
  question: FaqQuestion;
  answers: Record<Mode, FaqAnswer>;
}

export interface FaqFigures {
  hit1: number;
  hit3: number;
  mrr: number;
  /** Answerable questions given the right pair's answer as written (a curated answer). */
  curatedRight: number;
  /** Questions given another pair's answer as written: a wrong reply, with no model to catch it. */
  curatedWrong: number;
  /** Answerable questions answered (a curated answer or confident retrieval), of all answerable. */
  answered: number;
  /** Unanswerable questions sent to the fallback (neither), of all unanswerable. */
  fallback: number;
}

export interface FaqResult {
  outcomes: FaqOutcome[];
  figures: Record<Mode, FaqFigures>;
  chunkCount: number;
  /** The tenant and knowledge asked, for the answers part (answers.ts). */
  teamId: number;
  knowledges: RetrievalKnowledge[];
}

const limit = 5;

export async function measureFaqQuality(bench: BenchDatabase): Promise<FaqResult> {
  const teamId = await createTenant(bench.db, 'FAQ corpus');
  const demo = demoKnowledges[0];
  const knowledge = await createKnowledge(bench.db, teamId, demo.name, demo.language);
  for (const source of demo.sources) {
    if (source.type === 'file') continue;
    const [row] = await bench.db
      .insert(knowledgeSources)
      .values({
        knowledgeId: knowledge.id,
        teamId,
        type: source.type,
        title: source.title,
        ...(source.type === 'qa'
          ? { qa: { question: source.question, alternatives: source.alternatives, answer: source.answer } }
          : { text: source.text }),
      })
      .returning();
    const outcome = await ingestSource(ingestDeps(bench.db), { sourceId: row.id, generation: row.generation });
    if (outcome !== 'ingested') throw new Error(`${source.title}: ingest ended ${outcome}`);
  }
  const [{ chunkCount }] = await bench.query(
    'select count(*)::int as "chunkCount" from knowledge_chunks where knowledge_id = $1',
    [knowledge.id],
  );

  const outcomes: FaqOutcome[] = [];
  for (const question of faqQuestions) {
    const answers = {} as Record<Mode, FaqAnswer>;
    for (const mode of modes) {
      const { chunks } = await retrieve(bench.db, () => lexical, {
        teamId,
        knowledges: [knowledge],
        query: question.question,
        limit,
        mode,
      });
      const match = bestCuratedMatch(question.question, chunks);
      answers[mode] = {
        chunks,
        rank: question.expect ? chunks.findIndex((chunk) => curatedQuestion(chunk) === question.expect) + 1 : 0,
        curated: clearsThreshold(match, botConfigDefaults.curatedThreshold) ? curatedQuestion(match.chunk) : undefined,
        confident: isConfident(chunks),
      };
    }
    outcomes.push({ question, answers });
  }
  const figures = Object.fromEntries(modes.map((mode) => [mode, faqFiguresOf(outcomes, mode)])) as Record<
    Mode,
    FaqFigures
  >;
  return { outcomes, figures, chunkCount: Number(chunkCount), teamId, knowledges: [knowledge] };
}

function faqFiguresOf(outcomes: FaqOutcome[], mode: Mode): FaqFigures {
  const answerable = outcomes.filter((o) => o.question.expect);
  const unanswerable = outcomes.filter((o) => !o.question.expect);
  const ranks = answerable.map((o) => o.answers[mode].rank);
  const replied = (o: FaqOutcome) => o.answers[mode].curated !== undefined || o.answers[mode].confident;
  return {
    hit1: ranks.filter((rank) => rank === 1).length / ranks.length,
    hit3: ranks.filter((rank) => rank > 0 && rank <= 3).length / ranks.length,
    mrr: ranks.reduce((sum, rank) => sum + (rank > 0 ? 1 / rank : 0), 0) / ranks.length,
    curatedRight: answerable.filter((o) => o.answers[mode].curated === o.question.expect).length / answerable.length,
    curatedWrong:
      outcomes.filter((o) => o.answers[mode].curated !== undefined && o.answers[mode].curated !== o.question.expect)
        .length / outcomes.length,
    answered: answerable.filter(replied).length / answerable.length,
    fallback: unanswerable.filter((o) => !replied(o)).length / unanswerable.length,
  };
}

const tagOrder: QuestionTag[] = ['id', 'en', 'colloquial', 'typo', 'cross-lingual', 'paraphrase'];

export function printFaqQuality(result: FaqResult, label: string, verbose: boolean): void {
  const answerable = result.outcomes.filter((o) => o.question.expect);
  const unanswerable = result.outcomes.filter((o) => !o.question.expect);
  console.log(
    `\n  ${label}: the demo café's FAQ (${result.chunkCount} chunks: its Q&A pairs and one page); ` +
      `${result.outcomes.length} customer questions (${answerable.length} answerable, ${unanswerable.length} unanswerable), limit ${limit}, ` +
      `curated answers at the default threshold (${botConfigDefaults.curatedThreshold})\n`,
  );
  const groups: Array<[string, FaqOutcome[]]> = [
    ['all answerable', answerable],
    ...tagOrder.map((tag): [string, FaqOutcome[]] => [tag, answerable.filter((o) => o.question.tags.includes(tag))]),
  ];
  const rows = groups.map(([name, group]) => [
    name,
    String(group.length),
    ...modes.flatMap((mode) => {
      const f = faqFiguresOf(group, mode);
      return [
        percent(f.hit1, 0),
        percent(f.hit3, 0),
        fixed(f.mrr, 3),
        percent(f.curatedRight, 0),
        percent(f.answered, 0),
      ];
    }),
  ]);
  console.log('  the answering pair among the chunks, the curated answer, and answered at all (curated or confident)');
  console.log(
    table(
      [
        'tag',
        'n',
        'hybrid hit@1',
        'hit@3',
        'MRR',
        'curated right',
        'answered',
        'full-text hit@1',
        'hit@3',
        'MRR',
        'curated right',
        'answered',
      ],
      rows,
    ),
  );
  const decision = [
    ['unanswerable, fallback (good)', ...modes.map((m) => percent(result.figures[m].fallback, 0))],
    ["another pair's answer sent as written (wrong)", ...modes.map((m) => percent(result.figures[m].curatedWrong, 1))],
  ];
  console.log(table(['', 'hybrid', 'full-text'], decision));
  if (!verbose) return;
  for (const { question, answers } of result.outcomes) {
    const answer = answers.hybrid;
    const right = question.expect
      ? answer.rank === 1 && (answer.curated === undefined || answer.curated === question.expect)
      : answer.curated === undefined && !answer.confident;
    if (right) continue;
    const top = answer.chunks[0];
    console.log(
      `    ${question.id} [${question.tags.join(', ')}] ${question.question}\n` +
        `      expected ${question.expect ?? '(fallback)'}; rank ${answer.rank || '-'}, curated ${answer.curated ?? '-'}, ` +
        `${answer.confident ? 'confident' : 'not confident'}; top 1 ${top ? (curatedQuestion(top) ?? top.sourceTitle) : 'nothing'}`,
    );
  }
}

const comparedFaq: Array<[keyof FaqFigures, string]> = [
  ['hit1', 'hit@1'],
  ['hit3', 'hit@3'],
  ['mrr', 'MRR'],
  ['curatedRight', 'curated right'],
  ['curatedWrong', 'curated wrong (lower is better)'],
  ['answered', 'answerable answered'],
  ['fallback', 'unanswerable → fallback'],
];

export function printFaqBaselineComparison(figures: Record<Mode, FaqFigures>, baseline: Baseline | undefined): void {
  const was = baseline?.faq;
  if (!baseline || !was) {
    console.log('\n  no FAQ baseline yet (bench/retrieval/baseline.json): run with --update-baseline to write one');
    return;
  }
  const rows = comparedFaq.map(([key, name]) => [
    name,
    ...modes.flatMap((mode) => [
      formatFigure(key, was[mode]?.[key]),
      formatFigure(key, figures[mode][key]),
      delta(key, figures[mode][key], was[mode]?.[key]),
    ]),
  ]);
  console.log(`\n  FAQ against the baseline of ${baseline.written}`);
  console.log(table(['', 'hybrid was', 'now', 'change', 'full-text was', 'now', 'change'], rows));
}

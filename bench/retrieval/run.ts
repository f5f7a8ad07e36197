/**
 * `npm run bench:retrieval`: how well and how fast Kawan's knowledge retrieval answers.
 *
 *   1. Answer quality: the seven-document corpus (bench/retrieval/corpus) ingested by the real
 *      pipeline, the 135 questions of questions.ts asked through `retrieve()` (limit 5) in hybrid
 *      and full-text mode: hit@1/3/5 and MRR per tag, answered vs fallback by the product's
 *      confidence rule (server/knowledge/confidence.ts), compared with baseline.json.
 *   2. Speed: N generated chunks over 25 tenants, p50/p99 of `retrieve()` against the bare SQL it
 *      sends, and what pgvector's settings do to the tenant-filtered vector search.
 *   3. Ingest throughput: MB/s of markdown through the ingest job, and a 200-page PDF.
 *
 * Options:
 *   --quality-only          only part 1
 *   --ingest-only           only part 3 into a near-empty table (a minute or two)
 *   --sizes=10000,100000    chunk counts of part 2 (one growing data set)
 *   --db=pglite|postgres|both   default both when BENCH_DATABASE_URL or TEST_DATABASE_URL is set
 *   --queries=200           questions per latency run
 *   --verbose               list the questions not answered right
 *   --update-baseline       write this run's quality figures to baseline.json
 *
 * A PostgreSQL run creates `kawan_bench_<random>` on the server and drops it at the end (also when
 * interrupted), unless BENCH_KEEP_DATABASE=1 keeps it for a look with psql (its name is printed).
 * Timings are information: nothing here fails on a target.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { redacted } from '../support/postgres';
import { dropLeftoverDatabases, openBenchDatabase, type DriverKind } from './database';
import { seconds } from './format';
import { measureMarkdownIngest, measurePdfIngest, printIngest, type IngestRow } from './ingest-speed';
import {
  measureQuality,
  modes,
  printBaselineComparison,
  printQuality,
  readBaseline,
  writeBaseline,
  type QualityFigures,
  type Mode,
} from './quality';
import { measureSpeed, printSpeed } from './speed';
import { measureAnswers, type AnswerFigures } from './answers';
import { measureFaqQuality, printFaqBaselineComparison, printFaqQuality, type FaqFigures } from './faq-quality';

const serverUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

interface Options {
  qualityOnly: boolean;
  ingestOnly: boolean;
  sizes: number[];
  databases: DriverKind[];
  queries: number;
  verbose: boolean;
  updateBaseline: boolean;
}

/** A wrong option: printed without a stack. */
class UsageError extends Error {}

function parseOptions(argv: string[]): Options {
  const value = (name: string) => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const known = [
    '--quality-only',
    '--ingest-only',
    '--verbose',
    '--update-baseline',
    '--sizes=',
    '--db=',
    '--queries=',
  ];
  const unknown = argv.filter((arg) => !known.some((k) => (k.endsWith('=') ? arg.startsWith(k) : arg === k)));
  if (unknown.length > 0) throw new UsageError(`Unknown option ${unknown.join(' ')} (known: ${known.join(' ')})`);
  const sizes = (value('sizes') ?? '10000,100000').split(',').map((s) => Number(s.trim()));
  if (sizes.some((size) => !Number.isInteger(size) || size < 1000))
    throw new UsageError('--sizes: whole numbers ≥ 1000, comma-separated');
  const db = value('db') ?? (serverUrl ? 'both' : 'pglite');
  if (!['pglite', 'postgres', 'both'].includes(db)) throw new UsageError('--db: pglite, postgres or both');
  if (db !== 'pglite' && !serverUrl) throw new UsageError(`--db=${db} needs BENCH_DATABASE_URL or TEST_DATABASE_URL`);
  const queries = Number(value('queries') ?? 200);
  if (!Number.isInteger(queries) || queries < 20) throw new UsageError('--queries: a whole number ≥ 20');
  if (argv.includes('--quality-only') && argv.includes('--ingest-only'))
    throw new UsageError('--quality-only and --ingest-only leave nothing to measure together');
  return {
    qualityOnly: argv.includes('--quality-only'),
    ingestOnly: argv.includes('--ingest-only'),
    sizes,
    databases: db === 'both' ? ['pglite', 'postgres'] : [db as DriverKind],
    queries,
    verbose: argv.includes('--verbose'),
    updateBaseline: argv.includes('--update-baseline'),
  };
}

/** Generated markdown for the throughput figure, and a smaller amount once the table is full. */
const ingestMegabytes = { empty: 3, full: 0.5 };
const pdfPages = 200;
/** A PGlite build projected to take longer than this is reduced. */
const pgliteBuildBudgetMs = 180_000;
/** Time each tenant's latency run may take at each size (fewer questions are timed beyond it). */
const latencyBudgetMs = 20_000;

async function main() {
  const started = Date.now();
  const options = parseOptions(process.argv.slice(2));
  printHeader(options);
  const baseline = readBaseline();
  const quality: Array<{
    kind: DriverKind;
    figures: Record<Mode, QualityFigures>;
    faq: Record<Mode, FaqFigures>;
    answers: Record<'documents' | 'faq', AnswerFigures>;
  }> = [];

  for (const kind of options.databases) {
    const bench = await openBenchDatabase(kind, serverUrl);
    try {
      console.log(`\n== ${bench.label} ==`);
      if (options.ingestOnly) {
        console.log('\n  measuring ingest throughput (into a near-empty table)…');
        const ingest = [await measureMarkdownIngest(bench, ingestMegabytes.empty, 'into a near-empty table', 1)];
        const pdf = await measurePdfIngest(bench, pdfPages);
        console.log('\n3. Ingest throughput');
        printIngest(ingest, pdf, bench.label);
        continue;
      }
      console.log('\n1. Answer quality');
      const result = await measureQuality(bench);
      printQuality(result, bench.label, options.verbose);
      printBaselineComparison(result.figures, baseline);
      const faq = await measureFaqQuality(bench);
      printFaqQuality(faq, bench.label, options.verbose);
      printFaqBaselineComparison(faq.figures, baseline);
      const answers = await measureAnswers(bench, result, faq, options.verbose, baseline);
      quality.push({ kind, figures: result.figures, faq: faq.figures, answers });
      if (options.qualityOnly) continue;

      console.log('\n  measuring ingest throughput (into a near-empty table), then speed…');
      const ingest: IngestRow[] = [
        await measureMarkdownIngest(bench, ingestMegabytes.empty, 'into a near-empty table', 1),
      ];
      const pdf = await measurePdfIngest(bench, pdfPages);
      const speed = await measureSpeed(bench, {
        sizes: options.sizes,
        queries: options.queries,
        buildBudgetMs: pgliteBuildBudgetMs,
        latencyBudgetMs,
      });
      const size = speed.builds.at(-1)?.size ?? 0;
      console.log(`  measuring ingest throughput into the table of ${size.toLocaleString('en-US')} chunks…`);
      ingest.push(
        await measureMarkdownIngest(bench, ingestMegabytes.full, `into ${size.toLocaleString('en-US')} chunks`, 2),
      );

      console.log('\n2. Speed');
      printSpeed(speed);
      console.log('\n3. Ingest throughput');
      printIngest(ingest, pdf, bench.label);
    } finally {
      await bench.close();
    }
  }

  if (quality.length > 1) {
    const same = modes.every(
      (mode) =>
        JSON.stringify(quality[0].figures[mode]) === JSON.stringify(quality[1].figures[mode]) &&
        JSON.stringify(quality[0].faq[mode]) === JSON.stringify(quality[1].faq[mode]) &&
        JSON.stringify(quality[0].answers) === JSON.stringify(quality[1].answers),
    );
    console.log(
      `\nAnswer quality is ${same ? 'the same' : 'DIFFERENT'} on ${quality.map((q) => q.kind).join(' and ')}.`,
    );
  }
  if (options.updateBaseline && quality[0]) {
    writeBaseline(quality[0].figures, quality[0].faq, quality[0].answers);
    console.log(`Wrote bench/retrieval/baseline.json from the ${quality[0].kind} run.`);
  }
  console.log(`\nTook ${seconds(Date.now() - started)}.`);
}

function printHeader(options: Options) {
  const cpu = cpus();
  const [one] = loadavg();
  console.log('Kawan retrieval benchmark (npm run bench:retrieval)');
  console.log(
    `  ${new Date().toISOString()}, Node ${process.version}, ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), ` +
      `${Math.round(totalmem() / 2 ** 30)} GiB, load average ${one.toFixed(2)}` +
      (one > cpu.length / 2 ? ' (the machine is busy: expect noisier timings)' : ''),
  );
  console.log(
    `  databases: ${options.databases.map((kind) => (kind === 'postgres' ? `PostgreSQL at ${redacted(serverUrl!)}` : 'PGlite (in memory)')).join(', ')}` +
      (serverUrl ? '' : ' (set BENCH_DATABASE_URL or TEST_DATABASE_URL to add a PostgreSQL server)'),
  );
  console.log(
    options.qualityOnly
      ? '  answer quality only (--quality-only)'
      : options.ingestOnly
        ? `  ingest only (--ingest-only): ${ingestMegabytes.empty} MB of markdown and a ${pdfPages}-page PDF`
        : `  speed at ${options.sizes.map((s) => s.toLocaleString('en-US')).join(' and ')} chunks, ${options.queries} questions per run; ` +
          `ingest of ${ingestMegabytes.empty} MB of markdown and a ${pdfPages}-page PDF`,
  );
  console.log('  embedder: lexical-v1 (offline, 384 dimensions) everywhere');
}

let interrupted = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\n${signal}: dropping the benchmark database`);
    void dropLeftoverDatabases().finally(() => process.exit(130));
  });
}

main().then(
  () => process.exit(0),
  async (error: unknown) => {
    console.error(
      error instanceof UsageError ? error.message : error instanceof Error ? (error.stack ?? error.message) : error,
    );
    await dropLeftoverDatabases();
    process.exit(1);
  },
);

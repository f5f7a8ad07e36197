/**
 * Ingest throughput through the real pipeline (`ingestSource`: parse → chunk → embed → store in
 * one transaction, the HNSW and GIN indexes in place): megabytes of generated markdown per second,
 * the sources ingested one at a time and then as the job workers take a queue of them
 * (`ingestConcurrency` at once), with the share of parsing + chunking and of embedding measured
 * apart on the same text; and a 200-page PDF made with pdf-lib at run time, parsed and ingested as
 * an uploaded file.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { knowledgeFiles, knowledgeSources } from '../../server/db/schema/index';
import { chunkDocument } from '../../server/knowledge/chunker';
import { embeddingText, ingestSource } from '../../server/knowledge/ingest';
import { parseFile, parseText } from '../../server/knowledge/parsers/index';
import { syncVectorIndex } from '../../server/knowledge/vector-index';
import { refreshTermStats } from '../../server/knowledge/term-stats';
import { ingestConcurrency } from '../../server/jobs/knowledge-jobs';
import { createKnowledge, ingestDeps, lexical } from './corpus-ingest';
import { createTenant, type BenchDatabase } from './database';
import { cpuWindow } from '../support/cpu';
import { fixed, mark, seconds, table, thousands } from './format';
import { markdownDocument, Random, variedHeading, variedSentence, type Language } from './synthetic';

export const ingestTarget = { mbPerSecond: 2 };

export interface IngestRow {
  label: string;
  bytes: number;
  documents: number;
  chunks: number;
  /** The parsers' and the tokenizer's first use in the process (their modules and tables loaded), apart. */
  warmUpMs: number;
  parseChunkMs: number;
  embedMs: number;
  /** The documents' ingests one after the other. */
  totalMs: number;
  /** The same documents into other knowledge bases, `concurrency` ingests at a time, as the job workers run them. */
  concurrency: number;
  concurrentMs: number;
  /**
   * CPU milliseconds of the two runs, read from /proc: this process (parsing, chunking, embedding,
   * building statements) and the PostgreSQL server's processes when the server runs on this
   * machine (with PGlite the database runs in this process). Steadier than MB/s on a shared machine.
   */
  cpu: { alone: CpuSpent; together: CpuSpent };
  /**
   * The knowledge.vector-index and knowledge.term-stats jobs the ingests queued, run after them (not
   * on the ingest's path), and the time they took.
   */
  indexJobs: number;
  termJobs: number;
  indexMs: number;
}

interface CpuSpent {
  processMs?: number;
  postgresMs?: number;
}

export interface PdfRow {
  pages: number;
  bytes: number;
  generateMs: number;
  parseMs: number;
  chunks: number;
  totalMs: number;
}

const documentChars = 400_000;

export async function measureMarkdownIngest(
  bench: BenchDatabase,
  megabytes: number,
  label: string,
  seed: number,
): Promise<IngestRow> {
  const random = new Random(seed);
  const documents: Array<{ text: string; language: Language }> = [];
  let bytes = 0;
  while (bytes < megabytes * 1e6) {
    const language: Language = documents.length % 3 === 2 ? 'english' : 'indonesian';
    const text = markdownDocument(random, language, documentChars);
    documents.push({ text, language });
    bytes += Buffer.byteLength(text);
  }

  // The pieces alone, on the same text, after a first use that loads the parsers and the tokenizer's
  // tables (once per process: a worker pays it at its first ingest).
  let started = performance.now();
  await lexical.embed(
    chunkDocument(parseText(markdownDocument(new Random(seed + 1000), 'indonesian', 2000), 'markdown')).map((draft) =>
      embeddingText(draft.context, draft.content, draft.meta),
    ),
  );
  const warmUpMs = performance.now() - started;
  let parseChunkMs = 0;
  let embedMs = 0;
  let chunks = 0;
  for (const { text } of documents) {
    started = performance.now();
    const drafts = chunkDocument(parseText(text, 'markdown'));
    parseChunkMs += performance.now() - started;
    chunks += drafts.length;
    started = performance.now();
    await lexical.embed(drafts.map((draft) => embeddingText(draft.context, draft.content, draft.meta)));
    embedMs += performance.now() - started;
  }

  // The pipeline, one text source per document: one at a time, then as the workers take a queue of
  // them (`ingestConcurrency` at once), each time into knowledge bases of a tenant of its own.
  const alone = await ingestDocuments(bench, documents, `Ingest ${label}`, 1);
  const together = await ingestDocuments(bench, documents, `Ingest ${label} (queued)`, ingestConcurrency);
  // As the workers run it: the ingest queues the vector index's job when there is something to do,
  // and the word statistics' job, and the jobs run beside later ingests. Here they run after the
  // ingests, timed on their own (the statistics once per knowledge, where the workers may count a
  // growing knowledge's words again after an ingest that doubled it).
  started = performance.now();
  for (const knowledgeId of new Set(alone.queued)) await syncVectorIndex(bench.db, knowledgeId);
  for (const knowledgeId of new Set(alone.counted)) await refreshTermStats(bench.db, knowledgeId);
  const indexMs = performance.now() - started;
  return {
    label,
    bytes,
    documents: documents.length,
    chunks,
    warmUpMs,
    parseChunkMs,
    embedMs,
    totalMs: alone.totalMs,
    concurrency: ingestConcurrency,
    concurrentMs: together.totalMs,
    cpu: { alone: alone.cpu, together: together.cpu },
    indexJobs: alone.queued.length,
    termJobs: alone.counted.length,
    indexMs,
  };
}

/**
 * Every document as a text source of a new tenant's knowledge bases (one per language), ingested
 * `concurrency` at a time through `ingestSource`; the wall time from the first to the last.
 */
async function ingestDocuments(
  bench: BenchDatabase,
  documents: Array<{ text: string; language: Language }>,
  tenant: string,
  concurrency: number,
): Promise<{ totalMs: number; queued: number[]; counted: number[]; cpu: CpuSpent }> {
  const teamId = await createTenant(bench.db, tenant);
  const knowledges = {
    indonesian: await createKnowledge(bench.db, teamId, 'Ingest (id)', 'indonesian'),
    english: await createKnowledge(bench.db, teamId, 'Ingest (en)', 'english'),
  };
  const sources: Array<{ id: number; generation: number }> = [];
  for (const [index, { text, language }] of documents.entries()) {
    const [source] = await bench.db
      .insert(knowledgeSources)
      .values({ knowledgeId: knowledges[language].id, teamId, type: 'text', title: `Document ${index + 1}`, text })
      .returning();
    sources.push(source);
  }
  const queued: number[] = [];
  const counted: number[] = [];
  const deps = {
    ...ingestDeps(bench.db),
    indexVectors: async (knowledgeId: number) => void queued.push(knowledgeId),
    countTerms: async (knowledgeId: number) => void counted.push(knowledgeId),
  };
  let next = 0;
  const cpu = cpuWindow(process.pid, { postgres: bench.kind === 'postgres' });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < sources.length) {
        const index = next++;
        const source = sources[index];
        const outcome = await ingestSource(deps, { sourceId: source.id, generation: source.generation });
        if (outcome !== 'ingested') throw new Error(`markdown document ${index + 1}: ingest ended ${outcome}`);
      }
    }),
  );
  const totalMs = performance.now() - started;
  return { totalMs, queued, counted, cpu: cpu.stop() };
}

export async function measurePdfIngest(bench: BenchDatabase, pages: number): Promise<PdfRow> {
  let started = performance.now();
  const bytes = await generatePdf(pages, new Random(99));
  const generateMs = performance.now() - started;

  started = performance.now();
  const document = await parseFile(bytes, { filename: 'handbook.pdf', maxBytes: 64 * 1024 * 1024 });
  const parseMs = performance.now() - started;
  const chunks = chunkDocument(document).length;

  const teamId = await createTenant(bench.db, 'Ingest PDF');
  const knowledge = await createKnowledge(bench.db, teamId, 'PDF', 'indonesian');
  const [source] = await bench.db
    .insert(knowledgeSources)
    .values({
      knowledgeId: knowledge.id,
      teamId,
      type: 'file',
      title: 'Handbook',
      fileName: 'handbook.pdf',
      fileSize: bytes.length,
    })
    .returning();
  const buffer = Buffer.from(bytes);
  await bench.db.insert(knowledgeFiles).values({
    sourceId: source.id,
    teamId,
    bytes: buffer,
    sha256: createHash('sha256').update(buffer).digest('hex'),
    size: buffer.length,
  });
  started = performance.now();
  const outcome = await ingestSource(ingestDeps(bench.db), { sourceId: source.id, generation: source.generation });
  const totalMs = performance.now() - started;
  if (outcome !== 'ingested') throw new Error(`PDF: ingest ended ${outcome}`);
  return { pages, bytes: bytes.length, generateMs, parseMs, chunks, totalMs };
}

/** A handbook of `pages` A4 pages: a section heading, then paragraphs of corpus sentences, standard fonts. */
async function generatePdf(pages: number, random: Random): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  // Fixed dates: the same bytes every run.
  pdf.setCreationDate(new Date('2025-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2025-01-01T00:00:00Z'));
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const [width, height] = [595.28, 841.89];
  const margin = 56;
  for (let number = 1; number <= pages; number++) {
    const language: Language = number % 3 === 0 ? 'english' : 'indonesian';
    const page = pdf.addPage([width, height]);
    let y = height - margin;
    page.drawText(winAnsi(`${number}. ${variedHeading(random, language)}`).slice(0, 80), {
      x: margin,
      y,
      size: 15,
      font: bold,
    });
    y -= 28;
    while (y > margin + 40) {
      const paragraph = Array.from({ length: random.int(2, 5) }, () => variedSentence(random, language)).join(' ');
      for (const line of wrap(winAnsi(paragraph), regular, 10.5, width - 2 * margin)) {
        if (y < margin + 20) break;
        page.drawText(line, { x: margin, y, size: 10.5, font: regular });
        y -= 14;
      }
      y -= 10;
    }
    page.drawText(String(number), { x: width / 2, y: 30, size: 9, font: regular });
  }
  return pdf.save();
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const replacements: Record<string, string> = { '→': '->', '≥': '>=', '≤': '<=', '×': 'x', '✓': 'v' };

/** Text the standard fonts can draw (WinAnsi): anything else becomes a near form or '?'. */
function winAnsi(text: string): string {
  return [...text]
    .map((char) => {
      const code = char.codePointAt(0)!;
      if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char)) return char;
      return replacements[char] ?? (/\s/.test(char) ? ' ' : '?');
    })
    .join('');
}

export function printIngest(rows: IngestRow[], pdf: PdfRow | undefined, label: string): void {
  const concurrency = rows[0]?.concurrency ?? ingestConcurrency;
  console.log(
    `\n  ${label}: generated markdown as text sources through ingestSource (GIN indexes in place; a knowledge's ` +
      'HNSW index and word statistics brought up to date by the jobs its ingests queue, run here after them ' +
      'and timed apart); ' +
      'parse + chunk and embed timed apart on the same text after a first use (the parsers and the tokenizer ' +
      `loaded, in the last column); the ingests one at a time (the server stores each batch while the next is ` +
      'chunked and embedded: what their time holds beyond parsing, chunking and embedding is the wait for it), ' +
      `then the same documents again as the job workers take a queue of them, ${concurrency} at a time`,
  );
  const rate = (row: IngestRow, ms: number) => row.bytes / 1e6 / (ms / 1000);
  console.log(
    table(
      [
        'markdown',
        'MB',
        'documents',
        'chunks',
        'parse + chunk',
        'embed',
        'one at a time',
        'waiting on the store',
        'MB/s',
        `target ≥ ${ingestTarget.mbPerSecond}`,
        `${concurrency} at a time`,
        'MB/s',
        `target ≥ ${ingestTarget.mbPerSecond}`,
        'index jobs after (vectors, words)',
        'first use',
      ],
      rows.map((row) => {
        // Negative when the store overlapped more than timing the parts apart measured (noise).
        const waiting = Math.max(0, row.totalMs - row.parseChunkMs - row.embedMs);
        return [
          row.label,
          fixed(row.bytes / 1e6, 1),
          String(row.documents),
          thousands(row.chunks),
          `${seconds(row.parseChunkMs)} (${fixed(rate(row, row.parseChunkMs), 1)} MB/s)`,
          `${seconds(row.embedMs)} (${fixed(rate(row, row.embedMs), 1)} MB/s)`,
          seconds(row.totalMs),
          seconds(waiting),
          fixed(rate(row, row.totalMs), 2),
          mark(rate(row, row.totalMs) >= ingestTarget.mbPerSecond),
          seconds(row.concurrentMs),
          fixed(rate(row, row.concurrentMs), 2),
          mark(rate(row, row.concurrentMs) >= ingestTarget.mbPerSecond),
          `${seconds(row.indexMs)} (${row.indexJobs}, ${row.termJobs} queued)`,
          seconds(row.warmUpMs),
        ];
      }),
    ),
  );
  for (const row of rows) {
    const perMb = (ms: number | undefined) =>
      ms === undefined ? 'not measured' : `${thousands(Math.round(ms / (row.bytes / 1e6)))} ms`;
    const spent = (cpu: CpuSpent) =>
      `this process ${perMb(cpu.processMs)}` +
      (cpu.postgresMs === undefined ? '' : `, PostgreSQL (this machine) ${perMb(cpu.postgresMs)}`);
    console.log(
      `  CPU per MB (${row.label}): one at a time ${spent(row.cpu.alone)}; ${row.concurrency} at a time ${spent(row.cpu.together)}`,
    );
  }
  if (pdf) {
    console.log(
      `  PDF: ${pdf.pages} pages, ${fixed(pdf.bytes / 1e6, 2)} MB (generated with pdf-lib in ${seconds(pdf.generateMs)}): ` +
        `parse ${seconds(pdf.parseMs)}, ${thousands(pdf.chunks)} chunks, parse + ingest ${seconds(pdf.totalMs)}`,
    );
  }
}

/**
 * Ingest throughput through the real pipeline (`ingestSource`: parse → chunk → embed → store in
 * one transaction, the HNSW and GIN indexes in place): megabytes of generated markdown per second,
 * with the share of parsing + chunking and of embedding measured apart on the same text; and a
 * 200-page PDF made with pdf-lib at run time, parsed and ingested as an uploaded file.
 */
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, type PDFFont } from 'pdf-lib';
import { knowledgeFiles, knowledgeSources } from '../../server/db/schema/index';
import { chunkDocument } from '../../server/knowledge/chunker';
import { embeddingText, ingestSource } from '../../server/knowledge/ingest';
import { parseFile, parseText } from '../../server/knowledge/parsers/index';
import { syncVectorIndex } from '../../server/knowledge/vector-index';
import { createKnowledge, ingestDeps, lexical } from './corpus-ingest';
import { createTenant, type BenchDatabase } from './database';
import { fixed, mark, seconds, table, thousands } from './format';
import { markdownDocument, Random, variedHeading, variedSentence, type Language } from './synthetic';

export const ingestTarget = { mbPerSecond: 2 };

export interface IngestRow {
  label: string;
  bytes: number;
  documents: number;
  chunks: number;
  parseChunkMs: number;
  embedMs: number;
  totalMs: number;
  /** The knowledge.vector-index jobs the ingests queued, run after them (not on the ingest's path). */
  indexJobs: number;
  indexMs: number;
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

  // The pieces alone, on the same text.
  let parseChunkMs = 0;
  let embedMs = 0;
  let chunks = 0;
  for (const { text } of documents) {
    let started = performance.now();
    const drafts = chunkDocument(parseText(text, 'markdown'));
    parseChunkMs += performance.now() - started;
    chunks += drafts.length;
    started = performance.now();
    await lexical.embed(drafts.map((draft) => embeddingText(draft.context, draft.content)));
    embedMs += performance.now() - started;
  }

  // The pipeline, one text source per document.
  const teamId = await createTenant(bench.db, `Ingest ${label}`);
  const knowledges = {
    indonesian: await createKnowledge(bench.db, teamId, 'Ingest (id)', 'indonesian'),
    english: await createKnowledge(bench.db, teamId, 'Ingest (en)', 'english'),
  };
  let totalMs = 0;
  // As the workers run it: the ingest queues the vector index's job when there is something to do,
  // and the job runs beside later ingests. Here the jobs run after the ingests, timed on their own.
  const queued: number[] = [];
  const deps = { ...ingestDeps(bench.db), indexVectors: async (knowledgeId: number) => void queued.push(knowledgeId) };
  for (const [index, { text, language }] of documents.entries()) {
    const [source] = await bench.db
      .insert(knowledgeSources)
      .values({ knowledgeId: knowledges[language].id, teamId, type: 'text', title: `Document ${index + 1}`, text })
      .returning();
    const started = performance.now();
    const outcome = await ingestSource(deps, { sourceId: source.id, generation: source.generation });
    totalMs += performance.now() - started;
    if (outcome !== 'ingested') throw new Error(`markdown document ${index + 1}: ingest ended ${outcome}`);
  }
  const started = performance.now();
  for (const knowledgeId of new Set(queued)) await syncVectorIndex(bench.db, knowledgeId);
  const indexMs = performance.now() - started;
  return {
    label,
    bytes,
    documents: documents.length,
    chunks,
    parseChunkMs,
    embedMs,
    totalMs,
    indexJobs: queued.length,
    indexMs,
  };
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
  console.log(
    `\n  ${label}: generated markdown as text sources through ingestSource (GIN indexes in place; a knowledge's ` +
      'HNSW index built by the job its ingests queue, run here after them and timed apart); ' +
      'parse + chunk and embed timed apart on the same text, the rest is what storing took',
  );
  console.log(
    table(
      [
        'markdown',
        'MB',
        'documents',
        'chunks',
        'parse + chunk',
        'embed',
        'the rest (store)',
        'ingest total',
        'MB/s',
        `target ≥ ${ingestTarget.mbPerSecond}`,
        'index jobs after',
      ],
      rows.map((row) => {
        const rate = row.bytes / 1e6 / (row.totalMs / 1000);
        return [
          row.label,
          fixed(row.bytes / 1e6, 1),
          String(row.documents),
          thousands(row.chunks),
          `${seconds(row.parseChunkMs)} (${fixed(row.bytes / 1e6 / (row.parseChunkMs / 1000), 1)} MB/s)`,
          `${seconds(row.embedMs)} (${fixed(row.bytes / 1e6 / (row.embedMs / 1000), 1)} MB/s)`,
          `${seconds(row.totalMs - row.parseChunkMs - row.embedMs)} (${thousands(Math.round(row.chunks / ((row.totalMs - row.parseChunkMs - row.embedMs) / 1000)))} chunks/s)`,
          seconds(row.totalMs),
          fixed(rate, 2),
          mark(rate >= ingestTarget.mbPerSecond),
          `${seconds(row.indexMs)} (${row.indexJobs} queued)`,
        ];
      }),
    ),
  );
  if (pdf) {
    console.log(
      `  PDF: ${pdf.pages} pages, ${fixed(pdf.bytes / 1e6, 2)} MB (generated with pdf-lib in ${seconds(pdf.generateMs)}): ` +
        `parse ${seconds(pdf.parseMs)}, ${thousands(pdf.chunks)} chunks, parse + ingest ${seconds(pdf.totalMs)}`,
    );
  }
}

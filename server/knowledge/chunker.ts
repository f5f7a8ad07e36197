/**
 * A parsed document → the chunks that are indexed, retrieved and cited. Structure-aware:
 *   - the path of open headings is each chunk's `context` (indexed, not shown) and `meta.heading`;
 *   - consecutive paragraphs under the same heading share a chunk while they fit `maxTokens`; a
 *     paragraph is split only when it alone is too long: at sentence (and line) boundaries, each
 *     piece after the first opening with about `overlapTokens` of the previous one;
 *   - a table is one chunk, a GFM markdown table; a table too long is split by rows, each piece
 *     repeating the header;
 *   - a spreadsheet/CSV record is one chunk of `Label: value` lines; a Q&A pair is one chunk,
 *     `question\n\nanswer`, its alternative phrasings as context.
 * `tokens` counts `context + '\n' + content` exactly; it stays within `maxTokens` except for a
 * record, a Q&A pair or a table row that is longer on its own. The heading path is kept to a
 * quarter of the budget (outer headings dropped first, then the innermost cut short with '…').
 * Pure and deterministic: the same document and options always give the same chunks, which is
 * what lets a refresh keep the chunks whose `contentHash` did not change.
 */
import type { Block, ChunkDraft, ChunkMeta, ParsedDocument } from './document';
import { sha256Hex } from './hash';
import { isCodeBlock, normaliseBlock, normaliseInline, splitSentences } from './text';
import { countTokens } from './tokens';

export interface ChunkOptions {
  /** Budget of a chunk, context included (default 400). */
  maxTokens?: number;
  /** Tokens of the previous piece that open the next when a long paragraph is split (default 50). */
  overlapTokens?: number;
  /** The page the document came from, put in every chunk's meta. */
  url?: string;
}

const HEADING_SEPARATOR = ' › ';

/** A piece of text that is never cut unless it alone exceeds the budget, with what joins it to the previous unit. */
interface Unit {
  text: string;
  tokens: number;
  /** '' for the first unit of a text, else ' ' (sentences), '\n' (lines) or '\n\n' (paragraphs). */
  separator: string;
  page?: number;
}

export function chunkDocument(doc: ParsedDocument, options: ChunkOptions = {}): ChunkDraft[] {
  return [...chunkBlocks(doc, options)];
}

/**
 * The same chunks as `chunkDocument`, made as they are asked for: a section's chunks once its end
 * (the next heading, table, record or Q&A pair) is reached. The ingest stores one batch while it
 * chunks and embeds the next.
 */
export function chunkBlocks(doc: ParsedDocument, options: ChunkOptions = {}): Generator<ChunkDraft, void, undefined> {
  const maxTokens = options.maxTokens ?? 400;
  const overlapTokens = options.overlapTokens ?? 50;
  if (!Number.isInteger(maxTokens) || maxTokens < 16)
    throw new RangeError(`maxTokens must be an integer ≥ 16, got ${maxTokens}`);
  if (!Number.isInteger(overlapTokens) || overlapTokens < 0)
    throw new RangeError(`overlapTokens must be an integer ≥ 0, got ${overlapTokens}`);
  return chunksOf(doc.blocks, new Chunker(maxTokens, overlapTokens, options.url));
}

function* chunksOf(blocks: Block[], chunker: Chunker): Generator<ChunkDraft, void, undefined> {
  for (const block of blocks) {
    chunker.add(block);
    if (chunker.chunks.length > 0) yield* chunker.take();
  }
  chunker.flushParagraphs();
  yield* chunker.take();
}

class Chunker {
  chunks: ChunkDraft[] = [];
  private headings: Array<{ level: number; text: string }> = [];
  private headingPath = '';
  private headingTokens = 0;
  /** Paragraphs of the current section not yet chunked. */
  private paragraphs: Unit[] = [];

  constructor(
    private readonly maxTokens: number,
    private readonly overlapTokens: number,
    private readonly url: string | undefined,
  ) {}

  /** The chunks made since the last call. */
  take(): ChunkDraft[] {
    const made = this.chunks;
    this.chunks = [];
    return made;
  }

  add(block: Block): void {
    switch (block.kind) {
      case 'heading':
        return this.heading(block.level, block.text);
      case 'paragraph': {
        const text = normaliseBlock(block.text);
        if (text !== '') this.paragraphs.push({ text, tokens: countTokens(text), separator: '\n\n', page: block.page });
        return;
      }
      case 'table':
        this.flushParagraphs();
        return this.table(block);
      case 'record':
        this.flushParagraphs();
        return this.record(block);
      case 'qa':
        this.flushParagraphs();
        return this.qa(block);
    }
  }

  private heading(level: number, raw: string): void {
    const text = normaliseInline(raw);
    if (text === '') return;
    this.flushParagraphs();
    while (this.headings.length > 0 && this.headings[this.headings.length - 1].level >= level) this.headings.pop();
    this.headings.push({ level, text });
    this.fitHeadingPath();
  }

  /**
   * The heading path takes at most a quarter of the budget (a PDF line mistaken for a heading must
   * not crowd out every chunk's content): outer headings go first, then the innermost is cut short.
   */
  private fitHeadingPath(): void {
    const limit = Math.floor(this.maxTokens / 4);
    let texts = this.headings.map((heading) => heading.text);
    let path = texts.join(HEADING_SEPARATOR);
    let tokens = countTokens(path);
    while (tokens > limit && texts.length > 1) {
      texts = texts.slice(1);
      path = texts.join(HEADING_SEPARATOR);
      tokens = countTokens(path);
    }
    if (tokens > limit) {
      const words = path.split(' ');
      while (words.length > 1 && tokens > limit) {
        words.splice(Math.max(1, Math.floor(words.length * 0.8)));
        path = `${words.join(' ')}…`;
        tokens = countTokens(path);
      }
    }
    this.headingPath = path;
    this.headingTokens = tokens;
  }

  /** Tokens left for content under a context of `contextTokens` (the '\n' between them counts one). */
  private budgetFor(contextTokens: number): number {
    const left = this.maxTokens - (contextTokens > 0 ? contextTokens + 1 : 0);
    return Math.max(left, Math.floor(this.maxTokens / 2));
  }

  private headingMeta(): ChunkMeta {
    return this.headingPath ? { heading: this.headingPath } : {};
  }

  /** The section's paragraphs, packed into as few chunks as fit; a paragraph too long alone is split. */
  flushParagraphs(): void {
    const paragraphs = this.paragraphs;
    if (paragraphs.length === 0) return;
    this.paragraphs = [];
    const budget = this.budgetFor(this.headingTokens);
    let group: Unit[] = [];
    for (const paragraph of paragraphs) {
      if (paragraph.tokens > budget) {
        this.emitGroups(group, budget, 0);
        group = [];
        const pieces = splitUnits(paragraph, budget);
        this.emitGroups(pieces, budget, Math.min(this.overlapTokens, Math.floor(budget / 2)));
        continue;
      }
      group.push(paragraph);
    }
    this.emitGroups(group, budget, 0);
  }

  /**
   * Packs units into chunks under the heading path. Packing adds up the units' own counts; the
   * count of the joined text is checked exactly, and a group that came out over the budget (token
   * merges across a join can differ by a token or two) is packed again with a tighter one.
   */
  private emitGroups(units: Unit[], budget: number, overlap: number): void {
    if (units.length === 0) return;
    for (const group of packUnits(units, budget, overlap)) {
      const content = joinUnits(group);
      const chunk = this.draft(content, this.headingPath, { ...this.pageMeta(group[0].page), ...this.headingMeta() });
      const excess = chunk.tokens - this.maxTokens;
      if (excess > 0 && group.length > 1 && budget - excess > 0) {
        this.emitGroups(group, budget - excess, overlap);
        continue;
      }
      this.chunks.push(chunk);
    }
  }

  private table(block: Extract<Block, { kind: 'table' }>): void {
    const columns = Math.max(block.header.length, ...block.rows.map((row) => row.length));
    if (columns === 0) return;
    const rows = block.rows.map((row) => row.map(normaliseInline)).filter((row) => row.some((cell) => cell !== ''));
    const header = block.header.map(normaliseInline);
    if (rows.length === 0 && header.every((cell) => cell === '')) return;

    const sheet = block.sheet ? normaliseInline(block.sheet) : '';
    const context = this.contextWithSheet(sheet);
    const meta: ChunkMeta = { ...this.pageMeta(block.page), ...this.headingMeta(), ...(sheet ? { sheet } : {}) };
    const head = [tableRow(header, columns), tableRow(Array<string>(columns).fill('---'), columns)].join('\n');
    const lines = rows.map((row) => tableRow(row, columns));

    const whole = this.draft([head, ...lines].join('\n'), context, meta);
    if (whole.tokens <= this.maxTokens || lines.length <= 1) {
      this.chunks.push(whole);
      return;
    }
    // Too long: pieces of whole rows, each under the same header.
    const budget = this.budgetFor(countTokens(context)) - countTokens(head) - 1;
    const units = lines.map((text): Unit => ({ text, tokens: countTokens(text), separator: '\n' }));
    for (const group of packUnits(units, Math.max(budget, 1), 0)) {
      this.pushFitting(group, (part) => this.draft(`${head}\n${joinUnits(part)}`, context, meta));
    }
  }

  private record(block: Extract<Block, { kind: 'record' }>): void {
    const lines: string[] = [];
    for (const field of block.fields) {
      const value = normaliseInline(field.value);
      if (value === '') continue;
      const label = normaliseInline(field.label);
      lines.push(label ? `${label}: ${value}` : value);
    }
    if (lines.length === 0) return;
    const sheet = block.sheet ? normaliseInline(block.sheet) : '';
    const meta: ChunkMeta = { ...this.headingMeta(), ...(sheet ? { sheet } : {}), row: block.row };
    this.chunks.push(this.draft(lines.join('\n'), this.contextWithSheet(sheet), meta));
  }

  private qa(block: Extract<Block, { kind: 'qa' }>): void {
    const question = normaliseInline(block.question);
    const answer = normaliseBlock(block.answer);
    const content = [question, answer].filter((part) => part !== '').join('\n\n');
    if (content === '') return;
    const seen = new Set([question.toLowerCase()]);
    const alternatives: string[] = [];
    for (const raw of block.alternatives) {
      const alternative = normaliseInline(raw);
      const key = alternative.toLowerCase();
      if (alternative === '' || seen.has(key)) continue;
      seen.add(key);
      alternatives.push(alternative);
    }
    const meta: ChunkMeta = { ...this.headingMeta(), ...(question ? { question } : {}) };
    this.chunks.push(this.draft(content, alternatives.join('\n'), meta));
  }

  /** Heading path, with the sheet name as its last step unless the innermost heading already is the sheet. */
  private contextWithSheet(sheet: string): string {
    if (!sheet || this.headings[this.headings.length - 1]?.text === sheet) return this.headingPath;
    return this.headingPath ? `${this.headingPath}${HEADING_SEPARATOR}${sheet}` : sheet;
  }

  /** Pushes the draft of a group of table rows, splitting it when the exact count came out over the budget. */
  private pushFitting(group: Unit[], build: (units: Unit[]) => ChunkDraft): void {
    const chunk = build(group);
    if (chunk.tokens <= this.maxTokens || group.length === 1) {
      this.chunks.push(chunk);
      return;
    }
    const half = Math.ceil(group.length / 2);
    this.pushFitting(group.slice(0, half), build);
    this.pushFitting(group.slice(half), build);
  }

  private pageMeta(page: number | undefined): ChunkMeta {
    return page === undefined ? {} : { page };
  }

  private draft(content: string, context: string, meta: ChunkMeta): ChunkDraft {
    return {
      content,
      context,
      tokens: countTokens(context ? `${context}\n${content}` : content),
      contentHash: sha256Hex(`${context}\n${content}`),
      meta: this.url === undefined ? meta : { ...meta, url: this.url },
    };
  }
}

/** A GFM table row; a `|` inside a cell is escaped, missing cells are empty. */
function tableRow(cells: string[], columns: number): string {
  const padded = Array.from({ length: columns }, (_, i) =>
    (cells[i] ?? '').replace(/\\/g, '\\\\').replace(/\|/g, '\\|'),
  );
  return `| ${padded.join(' | ')} |`;
}

function joinUnits(units: Unit[]): string {
  return units.map((unit, i) => (i === 0 ? unit.text : unit.separator + unit.text)).join('');
}

/** Tokens a separator adds between two units: a space merges into the next word's token; a line break is one. */
function separatorTokens(separator: string): number {
  return separator === '' || separator === ' ' ? 0 : 1;
}

/**
 * Greedy packing of units into groups of at most `budget` tokens (the units' own counts plus
 * their separators). With `overlap`, each group after the first opens with the last units of the
 * previous group that fit in `overlap` tokens (or, when its last unit alone is longer, that
 * unit's last words), dropped when they would leave no room for a new unit.
 */
function packUnits(units: Unit[], budget: number, overlap: number): Unit[][] {
  const groups: Unit[][] = [];
  let current: Unit[] = [];
  let tokens = 0;
  let fresh = 0;
  for (const unit of units) {
    let cost = current.length > 0 ? separatorTokens(unit.separator) + unit.tokens : unit.tokens;
    if (current.length > 0 && tokens + cost > budget) {
      if (fresh > 0) {
        groups.push(current);
        current = overlap > 0 ? overlapTail(current, overlap) : [];
        tokens = sumTokens(current);
        fresh = 0;
      }
      if (current.length > 0 && tokens + separatorTokens(unit.separator) + unit.tokens > budget) {
        current = [];
        tokens = 0;
      }
      cost = current.length > 0 ? separatorTokens(unit.separator) + unit.tokens : unit.tokens;
    }
    current.push(unit);
    tokens += cost;
    fresh++;
  }
  if (fresh > 0) groups.push(current);
  return groups;
}

function sumTokens(units: Unit[]): number {
  return units.reduce((sum, unit, i) => sum + unit.tokens + (i > 0 ? separatorTokens(unit.separator) : 0), 0);
}

/** The end of a group, at most `overlap` tokens, as units that open the next group. */
function overlapTail(group: Unit[], overlap: number): Unit[] {
  const tail: Unit[] = [];
  let tokens = 0;
  for (let i = group.length - 1; i >= 0; i--) {
    const unit = group[i];
    const cost = unit.tokens + (tail.length > 0 ? separatorTokens(tail[0].separator) : 0);
    if (tokens + cost > overlap) break;
    tail.unshift(unit);
    tokens += cost;
  }
  if (tail.length === 0) {
    // The last unit alone is longer than the overlap: carry its last words.
    const last = group[group.length - 1];
    const words = last.text.split(' ');
    let start = words.length;
    let count = 0;
    while (start > 1) {
      const cost = countTokens(` ${words[start - 1]}`);
      if (count + cost > overlap) break;
      count += cost;
      start--;
    }
    if (start < words.length)
      tail.push({ text: words.slice(start).join(' '), tokens: count, separator: last.separator });
  }
  if (tail.length > 0) tail[0] = { ...tail[0], separator: '' };
  return tail;
}

/**
 * A paragraph longer than the budget → units small enough to pack: its lines (a list, code),
 * each prose line's sentences, and, for a sentence still too long, its words (or slices of a
 * single over-long "word" such as a URL or a base64 blob).
 */
function splitUnits(paragraph: Unit, budget: number): Unit[] {
  const units: Unit[] = [];
  const push = (text: string, separator: string, tokens = countTokens(text)): void => {
    if (tokens <= budget) {
      units.push({ text, tokens, separator: units.length === 0 ? '' : separator, page: paragraph.page });
      return;
    }
    const words = text.split(' ').filter((word) => word !== '');
    if (words.length > 1) {
      words.forEach((word, i) => push(word, i === 0 ? separator : ' '));
      return;
    }
    sliceWord(text, budget).forEach((slice, i) => push(slice, i === 0 ? separator : ''));
  };

  const code = isCodeBlock(paragraph.text);
  paragraph.text.split('\n').forEach((line, lineIndex) => {
    const lineSeparator = lineIndex === 0 ? '' : '\n';
    if (line.trim() === '') {
      // A blank line inside the paragraph: keep it as part of the next line's separator.
      units.push({ text: '', tokens: 0, separator: lineSeparator, page: paragraph.page });
      return;
    }
    if (code) return push(line, lineSeparator);
    const indent = /^ */.exec(line)?.[0] ?? '';
    splitSentences(line).forEach((sentence, i) =>
      push(i === 0 ? indent + sentence : sentence, i === 0 ? lineSeparator : ' '),
    );
  });
  return mergeBlankLines(units);
}

/** Folds the empty units that stand for blank lines into the next unit's separator. */
function mergeBlankLines(units: Unit[]): Unit[] {
  const merged: Unit[] = [];
  let pending = '';
  for (const unit of units) {
    if (unit.text === '') {
      pending += unit.separator;
      continue;
    }
    merged.push(pending ? { ...unit, separator: pending + unit.separator } : unit);
    pending = '';
  }
  if (merged.length > 0) merged[0] = { ...merged[0], separator: '' };
  return merged;
}

/** Cuts a text with no spaces into slices of at most `budget` tokens, never inside a surrogate pair. */
function sliceWord(word: string, budget: number): string[] {
  const slices: string[] = [];
  let start = 0;
  while (start < word.length) {
    let length = Math.min(word.length - start, budget * 4);
    for (;;) {
      let end = start + length;
      if (end < word.length && /[\uD800-\uDBFF]/.test(word[end - 1])) end += end - 1 > start ? -1 : 1;
      const slice = word.slice(start, end);
      if (length <= 1 || countTokens(slice) <= budget) {
        slices.push(slice);
        start = end;
        break;
      }
      length = Math.max(1, Math.floor(length * 0.75));
    }
  }
  return slices;
}

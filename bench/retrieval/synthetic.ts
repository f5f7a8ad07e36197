/**
 * Realistic text at any volume, made from the corpus: its sentences (Indonesian and English, table
 * rows read as sentences), recombined into chunks and documents with their numbers changed and
 * some words swapped for others of the same language or for made-up names, so that no two chunks
 * are alike and the word statistics stay those of the corpus. Seeded: the same seed gives the same
 * text on every run.
 */
import { readFileSync } from 'node:fs';
import { retrievalCorpus } from './corpus/index';
import { retrievalQuestions } from './questions';

export type Language = 'indonesian' | 'english';

/** A small fast PRNG (mulberry32). */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
}

interface Pool {
  sentences: string[];
  headings: string[];
  /** Content words (4+ letters), the replacements of swapped words. */
  words: string[];
}

const pools = new Map<Language, Pool>();

function pool(language: Language): Pool {
  let found = pools.get(language);
  if (found) return found;
  const sentences: string[] = [];
  const headings: string[] = [];
  for (const document of retrievalCorpus.filter((d) => d.language === language)) {
    const text = readFileSync(new URL(`./corpus/${document.filename}`, import.meta.url), 'utf8');
    if (document.format === 'csv') {
      const [header, ...rows] = text
        .trim()
        .split('\n')
        .map((line) => line.split(';'));
      for (const row of rows) sentences.push(row.map((cell, i) => `${header[i]}: ${cell}`).join(', ') + '.');
      continue;
    }
    for (const raw of text.split('\n')) {
      const line = raw.trim();
      if (line === '' || /^\|?\s*-{3}/.test(line)) continue;
      if (line.startsWith('#')) {
        headings.push(line.replace(/^#+\s*/, ''));
        continue;
      }
      const plain = line
        .replace(/^[-*]\s+|^\d+\.\s+/, '')
        .replace(/\*\*|`/g, '')
        .replace(/^\||\|$/g, '')
        .replace(/\s*\|\s*/g, ', ');
      for (const sentence of plain.split(/(?<=[.!?])\s+(?=[A-Z0-9])/))
        if (sentence.length > 12) sentences.push(sentence);
    }
  }
  const words = [...new Set(sentences.join(' ').match(/\p{L}{4,}/gu) ?? [])];
  found = { sentences, headings, words };
  pools.set(language, found);
  return found;
}

const syllables = [
  'ka',
  'ri',
  'ma',
  'su',
  'ta',
  'no',
  'la',
  'wi',
  'ja',
  'ra',
  'se',
  'do',
  'ba',
  'ngi',
  'pu',
  'te',
  'lo',
  'gan',
];

/** A made-up proper name ("Kamarisu"), the kind of word that makes a tenant's text its own. */
export function madeUpName(random: Random): string {
  const parts = Array.from({ length: random.int(2, 4) }, () => random.pick(syllables)).join('');
  return parts[0].toUpperCase() + parts.slice(1);
}

/** One sentence of the corpus with its numbers changed and about one word in ten swapped. */
export function variedSentence(random: Random, language: Language): string {
  const { sentences, words } = pool(language);
  return random
    .pick(sentences)
    .replace(/\d+/g, (digits) =>
      String(random.int(digits.length > 1 ? 10 ** (digits.length - 1) : 0, 10 ** digits.length - 1)),
    )
    .replace(/\p{L}{4,}/gu, (word) => {
      const roll = random.next();
      if (roll < 0.08) return random.pick(words);
      if (roll < 0.1) return madeUpName(random);
      return word;
    });
}

export function variedHeading(random: Random, language: Language): string {
  const heading = random.pick(pool(language).headings);
  return random.next() < 0.5 ? `${heading} ${madeUpName(random)}` : heading;
}

/** A chunk's text: sentences of one language, about `targetChars` long (one paragraph or two). */
export function chunkText(random: Random, language: Language, targetChars: number): string {
  const parts: string[] = [];
  let length = 0;
  while (length < targetChars) {
    const sentence = variedSentence(random, language);
    parts.push(sentence);
    length += sentence.length + 1;
    if (random.next() < 0.15) parts.push('\n\n');
  }
  return parts
    .join(' ')
    .replace(/ ?\n\n ?/g, '\n\n')
    .trim();
}

/** A markdown document of about `targetChars`: headings, paragraphs, lists and now and then a table. */
export function markdownDocument(random: Random, language: Language, targetChars: number): string {
  const lines: string[] = [`# ${variedHeading(random, language)}`, ''];
  let length = 0;
  while (length < targetChars) {
    const roll = random.next();
    let block: string;
    if (roll < 0.12) block = `## ${variedHeading(random, language)}`;
    else if (roll < 0.2) block = `### ${variedHeading(random, language)}`;
    else if (roll < 0.3)
      block = Array.from({ length: random.int(2, 5) }, () => `- ${variedSentence(random, language)}`).join('\n');
    else if (roll < 0.34) {
      const rows = Array.from(
        { length: random.int(3, 8) },
        () => `| ${madeUpName(random)} | Rp ${random.int(10, 999)}.000 | ${random.int(1, 30)} hari |`,
      );
      block = ['| Item | Harga | Waktu |', '|---|---|---|', ...rows].join('\n');
    } else block = Array.from({ length: random.int(1, 4) }, () => variedSentence(random, language)).join(' ');
    lines.push(block, '');
    length += block.length + 2;
  }
  return lines.join('\n');
}

/**
 * `count` questions for the latency runs: the benchmark's own questions first, then variants of
 * them with a number changed or a word swapped, then short questions made of a corpus sentence's words.
 */
export function benchmarkQueries(count: number, seed = 7): string[] {
  const random = new Random(seed);
  const queries = retrievalQuestions.map((question) => question.question).slice(0, count);
  while (queries.length < count) {
    if (random.next() < 0.5) {
      const base = random.pick(retrievalQuestions).question;
      const language: Language = /\b(the|you|is|how|what|do|can)\b/i.test(base) ? 'english' : 'indonesian';
      queries.push(
        base
          .replace(/\d+/g, () => String(random.int(1, 500)))
          .replace(/\p{L}{5,}/u, () => random.pick(pool(language).words)),
      );
    } else {
      const language: Language = random.next() < 0.6 ? 'indonesian' : 'english';
      const words = variedSentence(random, language).split(/\s+/);
      const start = random.int(0, Math.max(0, words.length - 6));
      const prefix =
        language === 'indonesian'
          ? random.pick(['berapa', 'apakah', 'bagaimana', 'kapan'])
          : random.pick(['how', 'what', 'when', 'is']);
      queries.push(`${prefix} ${words.slice(start, start + random.int(3, 6)).join(' ')}?`);
    }
  }
  return queries;
}

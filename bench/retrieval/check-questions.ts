import { readFileSync } from 'node:fs';
import { retrievalCorpus } from './corpus/index';
import { type QuestionTag, retrievalQuestions } from './questions';
import { faqQuestions } from './faq-questions';
import { cafeFaq } from '../../server/db/seed-data/knowledge/cafe-faq';

/**
 * `node --import tsx bench/retrieval/check-questions.ts`: checks the question set against the
 * corpus. Every `contains` must occur exactly once in its source file, on one line and outside
 * markdown markup (so it survives chunking); unanswerable questions have no `expect` and the others
 * have one; ids are unique; each question is tagged 'id' or 'en'. The FAQ questions
 * (faq-questions.ts) the same way, each `expect` naming one of the demo FAQ's pairs, and none of
 * them one of its stored phrasings (a curated answer would then be a given). Prints the counts by tag.
 */
const problems: string[] = [];
const texts = new Map(
  retrievalCorpus.map((document) => [
    document.filename,
    readFileSync(new URL(`./corpus/${document.filename}`, import.meta.url), 'utf8'),
  ]),
);

function occurrences(text: string, needle: string): number {
  let count = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) count += 1;
  return count;
}

const seen = new Set<string>();
for (const question of retrievalQuestions) {
  const where = `${question.id}:`;
  if (seen.has(question.id)) problems.push(`${where} duplicate id`);
  seen.add(question.id);

  const languages = question.tags.filter((tag) => tag === 'id' || tag === 'en');
  if (languages.length !== 1) problems.push(`${where} needs exactly one of 'id' and 'en'`);
  if (new Set(question.tags).size !== question.tags.length) problems.push(`${where} repeats a tag`);

  const unanswerable = question.tags.includes('unanswerable');
  if (unanswerable && question.expect) problems.push(`${where} is unanswerable but has an expect`);
  if (!unanswerable && !question.expect) problems.push(`${where} has no expect and is not tagged unanswerable`);
  if (!question.expect) continue;

  const { source, contains } = question.expect;
  const text = texts.get(source);
  if (text === undefined) {
    problems.push(`${where} source ${source} is not in the corpus`);
    continue;
  }
  if (/[\n|*`]/.test(contains))
    problems.push(`${where} contains spans a line or markdown markup: ${JSON.stringify(contains)}`);
  const count = occurrences(text, contains);
  if (count !== 1) problems.push(`${where} ${JSON.stringify(contains)} occurs ${count} times in ${source}`);
}

const stored = new Set(cafeFaq.map((pair) => pair.question));
const phrasings = new Set(
  cafeFaq.flatMap((pair) => [pair.question, ...pair.alternatives]).map((phrasing) => phrasing.toLowerCase().trim()),
);
for (const question of faqQuestions) {
  const where = `${question.id}:`;
  if (seen.has(question.id)) problems.push(`${where} duplicate id`);
  seen.add(question.id);
  if (question.tags.filter((tag) => tag === 'id' || tag === 'en').length !== 1)
    problems.push(`${where} needs exactly one of 'id' and 'en'`);
  const unanswerable = question.tags.includes('unanswerable');
  if (unanswerable === (question.expect !== undefined)) problems.push(`${where} expect and 'unanswerable' disagree`);
  if (question.expect && !stored.has(question.expect)) problems.push(`${where} names no pair: ${question.expect}`);
  if (phrasings.has(question.question.toLowerCase().trim())) problems.push(`${where} is a stored phrasing`);
}

const counts = new Map<QuestionTag, number>();
for (const question of retrievalQuestions) {
  for (const tag of question.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
}
const perSource = new Map<string, number>();
for (const question of retrievalQuestions) {
  if (question.expect) perSource.set(question.expect.source, (perSource.get(question.expect.source) ?? 0) + 1);
}

console.log(`${retrievalQuestions.length} questions over the documents, ${faqQuestions.length} over the FAQ`);
console.log([...counts].map(([tag, count]) => `${tag} ${count}`).join(', '));
console.log([...perSource].map(([source, count]) => `${source} ${count}`).join(', '));
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else {
  console.log('every expect is found exactly once in its source');
}

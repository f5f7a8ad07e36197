/**
 * The statements `retrieve()` sends, copied from server/knowledge/retrieve.ts as the driver
 * receives them (Drizzle numbers the parameters), so that the speed report can time them bare:
 * the same SQL through the same driver, without Drizzle, the embedder or the fusion around them.
 * `checkAgainst` compares them with what retrieve() really sent in this run, and the report says
 * when retrieve.ts has changed and these need copying again.
 */
import { pgvectorText } from '../../server/db/schema/knowledge';
import { lexicalVector } from '../../server/knowledge/embedders/lexical';
import {
  askedLanguage,
  contentWords,
  queryWords,
  searchWords,
  vectorText,
  type RetrievalKnowledge,
} from '../../server/knowledge/retrieve';
import type { BenchDatabase, Statement } from './database';

/** The configuration as retrieve() names it, a constant (each has its own full-text index). */
const configConstant = (language: string) =>
  `'${['indonesian', 'english'].includes(language) ? language : 'simple'}'::regconfig`;

/**
 * One full-text candidate list, as retrieve() builds it: the candidates ranked by the question's
 * content words, then (`all`, when the question had function words) ranked again over them by all
 * its words, else a null rank. With `all`: $1 config and $2 all the words, then the list's own
 * parameters from $3; without: from $1. The list's parameters: the configuration (a constant, and
 * the parameter again), the any-word query, with `prefiltered` the rare-word tsquery that chooses
 * the chunks of a large knowledge, then team, knowledge ids, candidates.
 */
function candidateSql(language: string, all: boolean, prefiltered: boolean): string {
  const p = all ? 3 : 1;
  const q = prefiltered ? 1 : 0;
  const list = `
    select c.id, ${all ? 'c.tsv, ' : ''}ts_rank_cd(c.tsv, q, 1) as score
      from knowledge_chunks c, websearch_to_tsquery($${p}::regconfig, $${p + 1}) q
     where c.ts_config = ${configConstant(language)} and ${prefiltered ? `c.tsv @@ $${p + 2}::tsquery` : 'c.tsv @@ q'} and
  c.team_id = $${p + q + 2}
  and c.knowledge_id = any($${p + q + 3}::int[])
  and c.enabled
  and exists (select 1 from knowledge_sources s where s.id = c.source_id and s.enabled)
     order by score desc, c.id
     limit $${p + q + 4}`;
  return all
    ? `select r.id, r.score, ts_rank_cd(r.tsv, websearch_to_tsquery($1::regconfig, $2), 1) as all_words from (${list}) r order by r.score desc, r.id`
    : `select r.id, r.score, null::real as all_words from (${list}) r order by r.score desc, r.id`;
}

export const fullTextSql = (language: string, all = false) => candidateSql(language, all, false);

/**
 * A large knowledge's question words it has not looked up before, each with its lexemes and their
 * chunk counts: $1 the words (text[]), $2 config, $3 knowledge ids. retrieve() remembers the answer
 * per word (term-stats.ts), so a question whose words were all seen sends none.
 */
export const termsSql = `
      select w.word, l.lexeme, coalesce(sum(t.chunks), 0)::int as chunks
        from unnest($1::text[]) w(word)
        cross join lateral unnest(tsvector_to_array(to_tsvector($2::regconfig, w.word))) l(lexeme)
        left join knowledge_terms t on t.knowledge_id = any($3::int[])
                                   and t.lexeme = l.lexeme
       group by w.word, l.lexeme`;

/** The full-text candidates of a large knowledge: as above, the chunks chosen by the rare-word prefilter (after the query). */
export const selectiveFullTextSql = (language: string, all = false) => candidateSql(language, all, true);

/**
 * The vector candidates: the dimensions a constant, $1 and the next-to-last the question's vector,
 * $2 team, then one knowledge as a constant (one with an index of its own, server/knowledge/
 * vector-index.ts) or $3 the knowledge ids (searched exactly), the last candidates. A knowledge whose
 * index has a bound: the statement twice, the chunks up to it and those past it, merged
 * ($1–$4 and $5–$8, then $9 the candidates).
 */
export function vectorSql(dimensions: number, knowledges: number | number[], bound?: number | null): string {
  const typed = `vector(${dimensions})`;
  const one = typeof knowledges === 'number';
  const nearest = (first: number, more: string) => `
    select c.id, c.embedding::${typed} <=> $${first}::${typed} as distance
      from knowledge_chunks c
     where c.embedding_dimensions = ${dimensions} and
  c.team_id = $${first + 1}
  and c.knowledge_id ${one ? `= ${knowledges}` : `= any($${first + 2}::int[])`}
  and c.enabled
  and exists (select 1 from knowledge_sources s where s.id = c.source_id and s.enabled)${more}
     order by c.embedding::${typed} <=> $${first + (one ? 2 : 3)}::${typed}
     limit $${first + (one ? 3 : 4)}`;
  if (!one || bound == null) return nearest(1, '');
  return `
    select id, distance from (
      (${nearest(1, ` and c.id <= ${bound}`)})
      union all
      (${nearest(5, ` and c.id > ${bound}`)})
    ) found
     order by distance, id
     limit $9`;
}

/** The fused chunks' details: $1 team, $2 chunk ids. */
export const detailsSql = `
    select c.id, c.knowledge_id, c.source_id, s.title, s.type, s.url, c.content, c.context, c.meta
      from knowledge_chunks c join knowledge_sources s on s.id = c.source_id
     where c.team_id = $1 and c.id = any($2::int[])`;

export const intArray = (ids: number[]) => `{${ids.join(',')}}`;
export const vectorLiteral = (vector: number[]) => pgvectorText(vector);

/** A full-text statement's values; `all`, the question's words when its content words left some out. */
export function fullTextValues(
  language: string,
  words: string,
  teamId: number,
  knowledgeIds: number[],
  candidates: number,
  all?: string,
) {
  const list = [language, words, teamId, intArray(knowledgeIds), candidates];
  return all === undefined ? list : [language, all, ...list];
}

export function selectiveFullTextValues(
  language: string,
  words: string,
  prefilter: string,
  teamId: number,
  knowledgeIds: number[],
  candidates: number,
  all?: string,
) {
  const list = [language, words, prefilter, teamId, intArray(knowledgeIds), candidates];
  return all === undefined ? list : [language, all, ...list];
}

export function vectorValues(
  vector: number[],
  teamId: number,
  knowledges: number | number[],
  candidates: number,
  bound?: number | null,
) {
  const literal = vectorLiteral(vector);
  if (typeof knowledges !== 'number') return [literal, teamId, intArray(knowledges), literal, candidates];
  const one = [literal, teamId, literal, candidates];
  return bound == null ? one : [...one, ...one, candidates];
}

/** What retrieve() searches a question with: per full-text language its words, per distinct text its vector. */
export interface PreparedSearch {
  query: string;
  /**
   * Per knowledge language, the any-word query retrieve() sends (the question's content words and
   * their translations), and all its words when those left some out (the second ranking).
   */
  languages: Map<string, { words: string; all?: string }>;
  /** The query vectors retrieve() searches with: one per distinct text, with the knowledge bases it searches. */
  vectors: Array<{ vector: number[]; knowledges: RetrievalKnowledge[] }>;
}

/**
 * The words and vectors retrieve() would search `query` with over these knowledge bases (its
 * language told as retrieve() tells it), made before timing so that the bare SQL gets the same values.
 */
export async function prepareSearch(query: string, knowledges: RetrievalKnowledge[]): Promise<PreparedSearch> {
  const words = queryWords(query);
  const asked = await askedLanguage(query);
  const prepared: PreparedSearch = { query, languages: new Map(), vectors: [] };
  if (words.length === 0) return prepared;
  const content = contentWords(words);
  const texts = new Map<string, RetrievalKnowledge[]>();
  for (const knowledge of knowledges) {
    const language = knowledge.language;
    prepared.languages.set(language, {
      words: searchWords(content, asked, language).join(' or '),
      ...(content.length === words.length ? {} : { all: searchWords(words, asked, language).join(' or ') }),
    });
    const text = vectorText(query, words, asked, language);
    texts.set(text, [...(texts.get(text) ?? []), knowledge]);
  }
  prepared.vectors = [...texts].map(([text, meant]) => ({ vector: lexicalVector(text), knowledges: meant }));
  return prepared;
}

/**
 * The vector statements retrieve() sends for some knowledge bases and one query vector, with their
 * values: one for each knowledge with an index of its own, one for the others together.
 */
export function vectorStatements(
  knowledges: Array<{ id: number; vectorIndexDimensions?: number | null; vectorIndexBound?: number | null }>,
  teamId: number,
  vector: number[],
  candidates: number,
): Array<[string, unknown[]]> {
  const dimensions = vector.length;
  const own = knowledges.filter((k) => k.vectorIndexDimensions === dimensions);
  const exact = knowledges.filter((k) => k.vectorIndexDimensions !== dimensions).map((k) => k.id);
  return [
    ...own.map((k): [string, unknown[]] => [
      vectorSql(dimensions, k.id, k.vectorIndexBound),
      vectorValues(vector, teamId, k.id, candidates, k.vectorIndexBound),
    ]),
    ...(exact.length > 0
      ? [[vectorSql(dimensions, exact), vectorValues(vector, teamId, exact, candidates)] as [string, unknown[]]]
      : []),
  ];
}

/** Whitespace squeezed, and a one-knowledge statement's knowledge id and bound made general. */
const squeezed = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/c\.knowledge_id = \d+/g, 'c.knowledge_id = #')
    .replace(/c\.ts_config = '\w+'::regconfig/g, 'c.ts_config = #')
    .replace(/c\.id (<=|>) \d+/g, 'c.id $1 #');

/**
 * Compares the copies with the statements retrieve() sent for one hybrid question: text for text,
 * and the values' shapes. Answers the differences (none: the copies are current). `vectors` says
 * which vector statements the question's knowledge bases call for: exact, one-knowledge, or both.
 */
export function checkAgainst(
  statements: Statement[],
  dimensions: number,
  bench: BenchDatabase,
  selective: boolean,
  vectors: { exact: boolean; own: boolean; bounded?: boolean },
): string[] {
  // A full-text statement comes in two forms: ranked again by all the question's words when its
  // content words left some out, or not.
  const fullText = (name: string, text: (language: string, all?: boolean) => string): Array<[string, string]> => [
    [name, text('simple')],
    [`${name} (ranked again by all words)`, text('simple', true)],
  ];
  const named: Array<[string, string]> = [
    ...(selective
      ? ([
          ['word statistics', termsSql],
          ...fullText('selective full-text', selectiveFullTextSql),
          ...fullText('full-text', fullTextSql),
        ] as Array<[string, string]>)
      : fullText('full-text', fullTextSql)),
    ...(vectors.exact ? ([['exact vector', vectorSql(dimensions, [])]] as Array<[string, string]>) : []),
    ...(vectors.own
      ? ([['one-knowledge vector', vectorSql(dimensions, 0, vectors.bounded ? 0 : null)]] as Array<[string, string]>)
      : []),
    ['details', detailsSql],
  ];
  const expected = named.map(([, text]) => squeezed(text));
  const sent = statements.map((statement) => squeezed(statement.text));
  const problems: string[] = [];
  for (const text of new Set(sent)) {
    if (!expected.includes(text))
      problems.push(`retrieve() sent a statement the bench does not time: ${text.slice(0, 160)}…`);
  }
  for (const [index, [name]] of named.entries()) {
    // Over large knowledge bases a question sends a selective full-text statement, or none (only
    // common words), or the plain one (its words few enough); one whose words were all looked up
    // before sends no word statistics. A full-text statement is sent in one of its two forms.
    if (selective && (name.includes('full-text') || name === 'word statistics')) continue;
    if (name.startsWith('full-text')) {
      if (
        !sent.some((text) => text === squeezed(fullTextSql('simple')) || text === squeezed(fullTextSql('simple', true)))
      )
        problems.push(`retrieve() no longer sends the bench's full-text statement`);
      continue;
    }
    if (!sent.includes(expected[index])) problems.push(`retrieve() no longer sends the bench's ${name} statement`);
  }
  if (problems.length > 0)
    problems.push(
      `(${bench.label}) copy the statements from server/knowledge/retrieve.ts into bench/retrieval/bare-sql.ts again`,
    );
  return problems;
}

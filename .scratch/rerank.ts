import { readFileSync } from 'node:fs';
import { lexicalWords, indonesianStem, englishStem, standardForms } from '../server/knowledge/embedders/lexical';
import { translatedWords } from '../server/knowledge/query-expansion';

interface C { id: number; file: string; content: string; context: string; good: boolean; ft: any; vec: any; rrf: number }
interface D { id: string; tags: string[]; question: string; chunks: C[]; answerable: boolean }
let data: D[] = JSON.parse(readFileSync('/tmp/fusion.json', 'utf8'));

const stemsOf = (w: string) => new Set([w, indonesianStem(w), englishStem(w)]);
function concepts(question: string): Set<string>[] {
  const words = [...new Set(lexicalWords(question))];
  const out: Set<string>[] = [];
  for (const w of words) {
    const variants = new Set<string>();
    const base = standardForms(w) ?? [w];
    for (const b of base) {
      for (const s of stemsOf(b)) variants.add(s);
      for (const lang of ['indonesian', 'english']) for (const t of translatedWords([b], lang)) for (const tw of lexicalWords(t)) for (const s of stemsOf(tw)) variants.add(s);
    }
    out.push(variants);
  }
  return out;
}
function chunkTerms(c: C): Set<string> {
  const s = new Set<string>();
  for (const w of lexicalWords(`${c.context}\n${c.content}`)) for (const v of stemsOf(w)) s.add(v);
  return s;
}
const MINLEN = Number(process.env.MINLEN ?? 3);
function coverage(d: D): number[] {
  const cs = concepts(d.question).filter((v) => [...v].some((x) => x.length >= MINLEN));
  const terms = d.chunks.map(chunkTerms);
  const N = d.chunks.length;
  let total = 0;
  const scores = new Array(N).fill(0);
  for (const v of cs) {
    const has = terms.map((t) => [...v].some((x) => t.has(x)));
    const df = has.filter(Boolean).length;
    if (df === 0) continue;
    const idf = process.env.IDF === 'bm25' ? Math.log((N - df + 0.5) / (df + 0.5) + 1) : process.env.IDF === 'plain' ? Math.log(N / df) : Math.log(1 + N / df);
    total += idf;
    has.forEach((h, i) => { if (h) scores[i] += idf; });
  }
  return scores.map((s) => (total > 0 ? s / total : 0));
}
function evaluate(name: string, score: (d: D, cov: number[], i: number) => number, set: D[] = data) {
  const ans = set.filter((d) => d.answerable);
  let h1 = 0, h3 = 0, h5 = 0, mrr = 0;
  const tagHits: Record<string, [number, number]> = {};
  for (const d of ans) {
    const cov = coverage(d);
    const order = d.chunks.map((c, i) => ({ c, s: score(d, cov, i), i })).sort((a, b) => b.s - a.s || a.i - b.i);
    const r = order.findIndex((o) => o.c.good) + 1;
    if (r === 1) h1++; if (r > 0 && r <= 3) h3++; if (r > 0 && r <= 5) h5++; if (r > 0) mrr += 1 / r;
    for (const t of d.tags) { tagHits[t] ??= [0, 0]; tagHits[t][1]++; if (r === 1) tagHits[t][0]++; }
  }
  const n = ans.length;
  console.log(name.padEnd(28), (h1 / n * 100).toFixed(1), (h3 / n * 100).toFixed(1), (h5 / n * 100).toFixed(1), (mrr / n).toFixed(3),
    Object.entries(tagHits).map(([t, [a, b]]) => `${t}:${Math.round(a / b * 100)}`).join(' '));
}
evaluate('rrf', (d, cov, i) => d.chunks[i].rrf);
evaluate('coverage', (d, cov, i) => cov[i]);
const maxRrf = (d: D) => Math.max(...d.chunks.map((c) => c.rrf));
for (const a of [0.3, 0.5, 0.7, 1, 1.5, 2]) evaluate(`cov*${a} + rrf/max`, (d, cov, i) => a * cov[i] + d.chunks[i].rrf / maxRrf(d));
for (const a of [0.5, 1, 2]) evaluate(`cov^${a} * rrf`, (d, cov, i) => Math.pow(cov[i], a) * d.chunks[i].rrf);
for (const K of [5, 8, 10, 15, 20]) {
  const sub = data.map((d) => ({ ...d, chunks: [...d.chunks].sort((x, y) => y.rrf - x.rrf).slice(0, K) }));
  for (const a of [0.3, 0.5, 0.7]) evaluate(`top${K} cov*${a}+rrf/max`, (d, cov, i) => a * cov[i] + d.chunks[i].rrf / maxRrf(d), sub);
}

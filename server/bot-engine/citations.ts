/**
 * Citation markers in a streamed answer. The prompt numbers its passages `[1]`…`[n]` and asks the
 * model to cite them so; this turns the markers the model wrote into citations while the answer
 * streams:
 *   - markers are renumbered in the order of first use, so the reply reads [1], [2]… whatever the
 *     passages' ranks were (`Citation.passage` keeps the prompt's number);
 *   - a marker naming no passage, or the customer's details (customer.ts), is removed with the
 *     spaces before it ("foo [9]." → "foo.");
 *   - a group `[1, 3]` becomes `[1][2]`; a marker repeated right after itself is written once;
 *   - a marker split across deltas (`"… [" + "1] …"`) is held back until it is complete, as are
 *     trailing spaces (a removed marker takes them with it), so each piece given out is final.
 * Only one to three digits count as a marker: `[2024]` is text.
 */
import type { Passage } from './providers/provider';

export interface Citation {
  /** The number the reply shows, 1… in order of first use. */
  marker: number;
  /** The passage's number in the prompt. */
  passage: number;
  chunkId: number;
  sourceId: number;
  /** The knowledge base of the source, when the passage said. */
  knowledgeId?: number;
  sourceTitle: string;
}

const MARKER = /\[\s*(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\s*\]/g;
/** The end of a text that could still become a marker. */
const OPEN_MARKER = /\[[\d\s,;]{0,24}$/;
const TRAILING_SPACE = /[ \t]+$/;

export class CitationStream {
  private readonly byMarker: Map<number, Passage>;
  private readonly shown = new Map<number, Citation>();
  private pending = '';
  private output = '';
  /** The marker last written, while nothing but spaces followed it. */
  private lastMarker: number | null = null;

  constructor(passages: Passage[]) {
    this.byMarker = new Map(passages.map((passage) => [passage.marker, passage]));
  }

  /** Feeds a piece of the answer; returns the text that is final now (possibly ''). */
  push(delta: string): string {
    const text = this.pending + delta;
    let end = text.length;
    const open = OPEN_MARKER.exec(text);
    if (open) end = open.index;
    const space = TRAILING_SPACE.exec(text.slice(0, end));
    if (space) end = space.index;
    this.pending = text.slice(end);
    return this.write(text.slice(0, end));
  }

  /** The end of the answer: what was held back, an unfinished marker dropped. */
  flush(): string {
    const rest = this.pending.replace(/[ \t]*\[\s*\d[\d\s,;]*$/, '');
    this.pending = '';
    return this.write(rest);
  }

  /** Everything given out so far. */
  get text(): string {
    return this.output;
  }

  /** The passages cited, in the order the reply first cites them. */
  get citations(): Citation[] {
    return [...this.shown.values()];
  }

  private write(text: string): string {
    let out = '';
    let last = 0;
    for (const match of text.matchAll(MARKER)) {
      out += this.literal(text.slice(last, match.index));
      last = match.index + match[0].length;
      let rendered = '';
      for (const number of match[1].split(/[,;]/).map((part) => Number(part.trim()))) {
        const citation = this.cite(number);
        if (!citation || citation.marker === this.lastMarker) continue;
        rendered += `[${citation.marker}]`;
        this.lastMarker = citation.marker;
      }
      if (rendered === '') out = out.replace(TRAILING_SPACE, '');
      out += rendered;
    }
    out += this.literal(text.slice(last));
    this.output += out;
    return out;
  }

  private literal(text: string): string {
    if (/\S/.test(text)) this.lastMarker = null;
    return text;
  }

  private cite(number: number): Citation | undefined {
    const passage = this.byMarker.get(number);
    // The customer's own details name no source a reader could open: their marker goes.
    if (!passage || passage.customer) return undefined;
    let citation = this.shown.get(number);
    if (!citation) {
      citation = {
        marker: this.shown.size + 1,
        passage: number,
        chunkId: passage.chunkId,
        sourceId: passage.sourceId,
        ...(passage.knowledgeId === undefined ? {} : { knowledgeId: passage.knowledgeId }),
        sourceTitle: passage.sourceTitle,
      };
      this.shown.set(number, citation);
    }
    return citation;
  }
}

/** A run of markers and the spaces before it: ` [1]`, `[1][2]`. */
const MARKER_RUN = /[ \t]*(?:\[\d{1,3}\])+/g;

/**
 * A reply's text without its citation markers, for a channel that shows no sources beside it
 * (Telegram, WhatsApp: "[1]" would mean nothing to the customer there). Only runs made wholly of
 * the reply's own markers go, with the spaces before them; any other bracketed number is text.
 */
export function withoutMarkers(text: string, citations: ReadonlyArray<{ marker: number }>): string {
  if (citations.length === 0) return text;
  const known = new Set(citations.map((citation) => citation.marker));
  return text.replace(MARKER_RUN, (run) => {
    const numbers = [...run.matchAll(/\[(\d{1,3})\]/g)].map((match) => Number(match[1]));
    return numbers.every((number) => known.has(number)) ? '' : run;
  });
}

/** The markers of stored citations (`{ marker }` objects, as a message's `ai.citations` keeps them; anything else left out). */
export function citationMarkers(citations: unknown): Array<{ marker: number }> {
  if (!Array.isArray(citations)) return [];
  return citations.filter(
    (citation): citation is { marker: number } =>
      typeof citation === 'object' && citation !== null && Number.isInteger((citation as { marker?: unknown }).marker),
  );
}

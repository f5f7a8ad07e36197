/**
 * Plain text → paragraphs split at blank lines. A short line on its own in CAPITALS, or a short
 * line ending in ':' that opens a paragraph, is taken as a heading.
 */
import type { Block, ParsedDocument } from '../document';
import { cleanInline } from './normalize';

const MAX_HEADING_LENGTH = 60;

export function parsePlainText(text: string): ParsedDocument {
  const blocks: Block[] = [];
  for (const part of text.replace(/\r\n?/g, '\n').split(/\n[ \t\u00A0]*\n/)) {
    const lines = part.split('\n').filter((line) => line.trim() !== '');
    if (lines.length === 0) continue;
    const first = cleanInline(lines[0]);
    if (lines.length === 1 && isCapitals(first)) {
      blocks.push({ kind: 'heading', level: 1, text: first });
    } else if (
      lines.length > 1 &&
      first.length <= MAX_HEADING_LENGTH &&
      /^[^:]+:$/.test(first) &&
      first.split(' ').length <= 6
    ) {
      blocks.push({ kind: 'heading', level: 2, text: first.slice(0, -1) });
      blocks.push({ kind: 'paragraph', text: lines.slice(1).join('\n') });
    } else {
      blocks.push({ kind: 'paragraph', text: lines.join('\n') });
    }
  }
  return { format: 'text', blocks };
}

function isCapitals(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, '');
  return (
    line.length <= MAX_HEADING_LENGTH &&
    letters.length >= 2 &&
    letters === letters.toUpperCase() &&
    letters !== letters.toLowerCase() &&
    !/[.!?]$/.test(line)
  );
}

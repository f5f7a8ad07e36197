/**
 * Markdown → blocks through marked's lexer (GFM): headings, paragraphs, GFM tables as table
 * blocks, a whole list as one paragraph, fenced code as one paragraph with its fence. Front matter
 * is dropped (its `title:` becomes the title).
 *
 * Only the block level is lexed: the blocks keep their source text, so the inline tokens marked
 * makes for every paragraph, list item and table cell would be thrown away (they were half of the
 * parse, 2026-12-05). A heading's inline tokens are made on their own, to drop its emphasis markers.
 */
import { Lexer, type Token, type Tokens } from 'marked';
import type { Block, ParsedDocument } from '../document';
import { htmlFragmentBlocks } from './html';

export function parseMarkdown(source: string): ParsedDocument {
  const { body, title: frontTitle } = splitFrontMatter(source);
  const blocks: Block[] = [];
  const lexer = new Lexer({ gfm: true });
  // What `Lexer.lex` does before its inline pass (which fills the tokens' `tokens` arrays).
  collect(lexer, lexer.blockTokens(body.replace(/\r\n|\r/g, '\n'), lexer.tokens), blocks);
  const firstH1 = blocks.find((block) => block.kind === 'heading' && block.level === 1);
  const title = frontTitle ?? (firstH1?.kind === 'heading' ? firstH1.text : undefined);
  return { format: 'markdown', ...(title ? { title } : {}), blocks };
}

function collect(lexer: Lexer, tokens: Token[], blocks: Block[]): void {
  for (const token of tokens) {
    switch (token.type) {
      case 'heading': {
        // As the inline pass would (the reference links are known once the blocks are lexed).
        lexer.state.inRawBlock = false;
        const inline = lexer.inlineTokens(token.text);
        blocks.push({ kind: 'heading', level: token.depth, text: inlineText(inline) || token.text });
        break;
      }
      case 'paragraph':
      case 'text':
        blocks.push({ kind: 'paragraph', text: token.text });
        break;
      case 'list':
      case 'blockquote':
        blocks.push({ kind: 'paragraph', text: dedent(token.raw) });
        break;
      case 'code': {
        const fenced = token as Tokens.Code;
        blocks.push({ kind: 'paragraph', text: `\`\`\`${fenced.lang ?? ''}\n${fenced.text}\n\`\`\`` });
        break;
      }
      case 'table': {
        const table = token as Tokens.Table;
        blocks.push({
          kind: 'table',
          header: table.header.map((cell) => cell.text),
          rows: table.rows.map((row) => row.map((cell) => cell.text)),
        });
        break;
      }
      case 'html':
        blocks.push(...htmlFragmentBlocks(token.text));
        break;
      default:
        // space, hr, def: nothing to read.
        break;
    }
  }
}

/** A heading's text without emphasis markers; links keep their text. */
function inlineText(tokens: Token[]): string {
  return tokens
    .map((token) => {
      if ('tokens' in token && Array.isArray(token.tokens) && token.type !== 'codespan')
        return inlineText(token.tokens);
      if (token.type === 'br') return ' ';
      return 'text' in token && typeof token.text === 'string' ? token.text : token.raw;
    })
    .join('');
}

function dedent(raw: string): string {
  const lines = raw.replace(/\n+$/, '').split('\n');
  const indent = Math.min(...lines.filter((line) => line.trim()).map((line) => /^ */.exec(line)![0].length));
  return lines.map((line) => line.slice(indent)).join('\n');
}

function splitFrontMatter(source: string): { body: string; title?: string } {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(source);
  if (!match || !/^[\w-]+:/.test(match[1]) || match[1].split('\n').length > 200) return { body: source };
  const title = /^title:[ \t]*(['"]?)(.+?)\1[ \t]*$/m.exec(match[1])?.[2]?.trim();
  return { body: source.slice(match[0].length), ...(title ? { title } : {}) };
}

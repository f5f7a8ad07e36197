import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectPath } from './paths';
import { marked } from 'marked';

export type LegalDocumentName = 'privacy' | 'privacy-policy' | 'terms' | 'terms-of-service';

export interface LegalDocument {
  title: string;
  updatedAt: string | null;
  html: string;
}

const folder = projectPath('resources', 'markdown', 'legal');
const cache = new Map<LegalDocumentName, LegalDocument>();

/**
 * A legal document from the repository's markdown. The first `# heading` is its title; a line
 * `Last updated: YYYY-MM-DD` right below it is its date. The files are ours, so their HTML is trusted.
 */
export async function legalDocument(name: LegalDocumentName, options: { cache: boolean }): Promise<LegalDocument> {
  const hit = options.cache ? cache.get(name) : undefined;
  if (hit) return hit;
  const source = await readFile(join(folder, `${name}.md`), 'utf8');
  const titleMatch = /^#\s+(.+)$/m.exec(source);
  const dateMatch = /^Last updated:\s*(\d{4}-\d{2}-\d{2})\s*$/m.exec(source);
  const body = source.replace(/^#\s+.+$/m, '').replace(/^Last updated:.*$/m, '');
  const document: LegalDocument = {
    title: titleMatch?.[1].trim() ?? name,
    updatedAt: dateMatch?.[1] ?? null,
    html: await marked.parse(body, { gfm: true }),
  };
  cache.set(name, document);
  return document;
}

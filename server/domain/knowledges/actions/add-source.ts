import { createHash } from 'node:crypto';
import type { Services } from '../../../services';
import { knowledgeRepository, type SourceRow } from '../../../db/repositories/knowledge-repository';
import { UploadedFile } from '../../../http/middleware/body';
import { validate } from '../../shared/validation';
import { NotFoundError, ValidationError } from '../../../support/errors';
import { authorize } from '../../teams/team-access';
import { knowledgePolicy, type KnowledgeActor } from '../knowledge-policy';
import {
  fileSourceSchema,
  qaSourceSchema,
  sitemapSourceSchema,
  sourceTypeSchema,
  textSourceSchema,
  urlSourceSchema,
} from '../schemas';
import { knowledgeChanged } from '../events';
import { enqueueIngest } from './enqueue-ingest';
import { nextRefresh } from '../../../knowledge/ingest';
import { assertBelow, knowledgeCharsOf, lockTeamLimits, PlanLimitError, teamPlan } from '../../../billing/limits';

type AddSourceServices = Pick<Services, 'db' | 'config' | 'jobs' | 'broadcaster' | 'logger'>;

/**
 * Adds a source to a knowledge base and queues its ingest: text (markdown), a curated Q&A pair, a
 * file (its type is read from its bytes when it is ingested), a web page or a site's pages through
 * its sitemap. What the content turns out to be (an encrypted PDF, an unreachable URL) is reported
 * on the source itself; the knowledge's other sources are untouched.
 */
export async function addSource(
  services: AddSourceServices,
  actor: KnowledgeActor,
  knowledgeId: number,
  input: Record<string, unknown>,
): Promise<SourceRow> {
  const knowledges = knowledgeRepository(services.db, actor.teamId);
  if (!(await knowledges.find(knowledgeId))) throw new NotFoundError();
  // Adding a source creates content (an API token needs `create`).
  authorize(knowledgePolicy.create(actor));
  const { type } = validate(sourceTypeSchema, input);
  const limits = services.config.knowledge;

  const plan = await teamPlan(services.db, services.config, actor.teamId);
  const source = await services.db.transaction(async (tx) => {
    // The plan's source count and characters hold under concurrent requests (one team lock).
    await lockTeamLimits(tx, actor.teamId);
    await assertBelow(tx, services.config, actor.teamId, 'knowledgeSources', { field: 'type' });
    const chars = await knowledgeCharsOf(tx, actor.teamId);
    if (chars >= plan.limits.knowledgeChars) {
      throw new PlanLimitError(
        'type',
        `The team's knowledge holds ${chars.toLocaleString('en-US')} characters, all the ${plan.name} plan allows.`,
      );
    }
    const repository = knowledgeRepository(tx, actor.teamId);
    switch (type) {
      case 'text': {
        const data = validate(textSourceSchema, input);
        return repository.createSource(knowledgeId, { type, title: data.title, text: data.text });
      }
      case 'qa': {
        const data = validate(qaSourceSchema, input);
        return repository.createSource(knowledgeId, {
          type,
          title: data.question.slice(0, 255),
          qa: { question: data.question, alternatives: data.alternatives, answer: data.answer },
        });
      }
      case 'url': {
        const data = validate(urlSourceSchema, input);
        return repository.createSource(knowledgeId, {
          type,
          title: data.title ?? titleFromUrl(data.url),
          url: data.url,
          refresh: data.refresh,
          nextRefreshAt: nextRefresh({ type, refresh: data.refresh }, new Date()),
          // Until someone names it, the page's own title names it once it is read.
          details: data.title ? {} : { autoTitle: true },
        });
      }
      case 'sitemap': {
        const data = validate(sitemapSourceSchema(limits.crawlMaxPages), input);
        return repository.createSource(knowledgeId, {
          type,
          title: data.title ?? `Pages of ${new URL(data.url).host}`,
          url: data.url,
          maxPages: data.max_pages,
          refresh: data.refresh,
          nextRefreshAt: nextRefresh({ type, refresh: data.refresh }, new Date()),
        });
      }
      case 'file': {
        const data = validate(fileSourceSchema, input);
        // The plan's size is named only where it is the tighter of the two limits.
        const planBytes = plan.limits.fileMaxMb * 1024 * 1024;
        const file =
          planBytes < limits.maxFileBytes
            ? uploadedFile(input.file, planBytes, plan.name)
            : uploadedFile(input.file, limits.maxFileBytes);
        const created = await repository.createSource(knowledgeId, {
          type,
          title: data.title ?? file.originalName.slice(0, 255),
          fileName: file.originalName.slice(0, 255),
          fileSize: file.size,
        });
        await repository.storeFile(created.id, {
          bytes: file.buffer,
          sha256: createHash('sha256').update(file.buffer).digest('hex'),
        });
        return created;
      }
    }
  });
  await enqueueIngest(services, source);
  await knowledgeChanged(services, actor.teamId, knowledgeId, 'source-added');
  services.logger.info({ teamId: actor.teamId, knowledgeId, sourceId: source.id, type }, 'knowledge source added');
  return source;
}

/** The upload of a file source, or a 422 naming what is wrong with it. */
export function uploadedFile(value: unknown, maxBytes: number, planName?: string): UploadedFile {
  if (!(value instanceof UploadedFile)) throw new ValidationError({ file: 'The file field is required.' });
  if (value.size === 0) throw new ValidationError({ file: 'The file is empty.' });
  if (value.size > maxBytes) {
    const on = planName ? ` on the ${planName} plan` : '';
    throw new ValidationError({ file: `The file must not be greater than ${megabytes(maxBytes)} MB${on}.` });
  }
  if (!value.originalName || value.originalName.includes('\u0000')) {
    throw new ValidationError({ file: 'The file must have a name.' });
  }
  return value;
}

const megabytes = (bytes: number) => Math.round((bytes / (1024 * 1024)) * 10) / 10;

function titleFromUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}`.slice(0, 255);
}

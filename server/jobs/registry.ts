import type { Services } from '../services';
import type { Logger } from '../support/logger';
import { defineKnowledgeJobs, queueDueRefreshes, requeueStranded } from './knowledge-jobs';
import { replayJob, runReplay } from '../domain/bots/actions/replay';
import { resolveIdleConversations } from '../domain/conversations/idle';
import { wakeSnoozedConversations } from '../domain/conversations/snooze';
import { processDirtyDays, rebuildTeam, reportsRebuildJob } from '../reports/rollup';
import {
  inboundJob,
  processInbound,
  replyJob,
  replyToMessage,
  requeueStrandedEvents,
  requeueStrandedSends,
  sendJob,
  sendMessage,
} from '../channels/pipeline';
import { mediaJob } from '../channels/media';
import { rollOver } from '../billing/subscriptions';
import { purgeExpiredHistory } from '../billing/retention';
import { sweepUnreferencedMedia } from '../channels/media-sweep';
import { fetchMessageMedia } from '../channels/fetch-media';
import { collectQuestion, gapJob, type GapJob } from '../domain/gaps/collect-question';
import { sweepVectorIndexes, syncVectorIndex, vectorIndexJob } from '../knowledge/vector-index';
import { refreshTermStats, termStatsJob } from '../knowledge/term-stats';
import { mailUnread, notificationMailJob } from '../domain/notifications/unread-mail';
import { broadcastJob } from '../domain/broadcasts/broadcasts';
import { queueDueBroadcasts, sendBroadcast } from '../domain/broadcasts/send';
import { runRepeatingBroadcasts } from '../domain/broadcasts/repeat';
import { attemptDelivery, deliverJob, sweepDeliveries } from '../domain/webhooks/delivery';
import { pruneAutomationRuns } from '../db/repositories/automation-repository';
import { runWaitingRules } from '../domain/automations/run';

/** Every job Kawan runs, defined on the services' queue. */
export function defineJobs(services: Services): void {
  defineKnowledgeJobs(services.jobs, services);
  services.jobs.define<{ replayId: number }>({
    name: replayJob,
    retryLimit: 1,
    run: (job) => runReplay(services, job.replayId),
  });
  // Deliveries of different conversations are applied at once; a thread's own keep their order
  // (processInbound takes the thread's lock and applies its waiting deliveries oldest first).
  services.jobs.define<{ eventId: number; channelId?: number; thread?: string | null }>({
    name: inboundJob,
    retryLimit: 5,
    concurrency: 4,
    expireInSeconds: 120,
    run: ({ eventId, channelId, thread }, context) =>
      processInbound(
        services,
        eventId,
        channelId !== undefined && thread !== undefined ? { channelId, thread } : undefined,
        context,
      ),
  });
  services.jobs.define<{ teamId: number; messageId: number }>({
    name: replyJob,
    retryLimit: 3,
    // Mostly waiting on the model: several conversations are answered at once (a conversation's
    // own messages are answered once, by its newest message's job).
    concurrency: 4,
    expireInSeconds: 300,
    run: (job, context) => replyToMessage(services, job, context),
  });
  // A download of up to 16 MB may take a minute; network errors, 429 and 5xx are tried again.
  services.jobs.define<{ teamId: number; messageId: number }>({
    name: mediaJob,
    retryLimit: 4,
    concurrency: 2,
    expireInSeconds: 300,
    run: (job, context) => fetchMessageMedia(services, job, context),
  });
  // Failed sends are rescheduled by the job itself on the channel's own schedule (WhatsApp and
  // Telegram: minutes; webhooks: about a day); pg-boss's retries cover a process killed mid-send.
  services.jobs.define<{ teamId: number; messageId: number; attempt: number }>({
    name: sendJob,
    retryLimit: 2,
    concurrency: 4,
    expireInSeconds: 120,
    run: (job, context) => sendMessage(services, { ...job, attempt: job.attempt ?? 1 }, context),
  });
  // A run writes and sends a broadcast's copies for under a minute, then queues the next run; each
  // recipient is written once whatever runs again (domain/broadcasts/send.ts).
  services.jobs.define<{ teamId: number; broadcastId: number }>({
    name: broadcastJob,
    retryLimit: 5,
    expireInSeconds: 300,
    run: (job, context) => sendBroadcast(services, job, { lastAttempt: context.lastAttempt }),
  });
  // Idempotent by the customer's message: a retry finds the question collected and stops.
  services.jobs.define<GapJob>({
    name: gapJob,
    retryLimit: 3,
    expireInSeconds: 120,
    run: async (job) => {
      await collectQuestion(services, job);
    },
  });
  // A knowledge's own vector index and word statistics brought up to date after its chunks changed
  // (an ingest, a deleted source or knowledge), without waiting for the sweep: each does nothing
  // when nothing is due.
  const knowledgeIndexes = [
    [vectorIndexJob, syncVectorIndex],
    [termStatsJob, refreshTermStats],
  ] as const;
  for (const [name, bringUpToDate] of knowledgeIndexes) {
    services.jobs.define<{ knowledgeId: number }>({
      name,
      retryLimit: 3,
      expireInSeconds: 30 * 60,
      run: async (job) => {
        await bringUpToDate(services.db, job.knowledgeId);
      },
    });
  }
  // A retry mails only what is still unread and unmailed: a mail server's refusal marks nothing.
  services.jobs.define<{ userId: number }>({
    name: notificationMailJob,
    retryLimit: 3,
    expireInSeconds: 120,
    run: async (job) => {
      await mailUnread(services, job.userId);
    },
  });
  // One attempt per run; a failed attempt queues the next on the webhook schedule (about a day).
  // pg-boss's own retries cover a process killed mid-run: the delivery is held, then swept.
  services.jobs.define<{ deliveryId: number }>({
    name: deliverJob,
    retryLimit: 2,
    concurrency: 4,
    expireInSeconds: 120,
    run: async (job) => {
      await attemptDelivery(services, job.deliveryId);
    },
  });
  services.jobs.define<{ teamId: number }>({
    name: reportsRebuildJob,
    retryLimit: 3,
    expireInSeconds: 30 * 60,
    run: async (job) => {
      await rebuildTeam(services.db, job.teamId);
    },
  });
}

/** How often a worker process brings report rollups up to date with the days marked as changed. */
const rollupCheckMs = 3_000;

/** How often a worker process looks for sources whose scheduled refresh is due. */
const refreshCheckMs = 60_000;

/**
 * Runs the workers in this process (`npm start` with QUEUE_WORKERS=true, or `npm run worker`):
 * jobs a killed process left behind run again, sources saved without their job get one, and
 * scheduled refreshes are queued every minute. Returns what stops it all.
 */
export async function startWorkers(services: Services, logger: Logger): Promise<() => Promise<void>> {
  await services.jobs.work({ recoverAbandoned: services.database.driver === 'pglite' });
  const stranded = await requeueStranded(services);
  if (stranded > 0) logger.info({ sources: stranded }, 'knowledge sources without a job were queued again');
  const checkRefreshes = () =>
    queueDueRefreshes(services)
      .then((count) => {
        if (count > 0) logger.info({ sources: count }, 'scheduled knowledge refreshes queued');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'scheduled refreshes could not be queued'));
  const resolveIdle = () =>
    resolveIdleConversations(services)
      .then((count) => {
        if (count > 0) logger.info({ conversations: count }, 'idle conversations resolved');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'idle conversations could not be resolved'));
  const wakeSnoozed = () =>
    wakeSnoozedConversations(services)
      .then((count) => {
        if (count > 0) logger.info({ conversations: count }, 'snoozed conversations back');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'snoozed conversations could not be brought back'));
  // Deliveries a stopped process stored without queueing their job, and that nobody delivered again;
  // outbound messages (an agent's, a send to retry) stored so too.
  const requeueDeliveries = () =>
    requeueStrandedEvents(services)
      .then(async (events) => {
        if (events > 0) logger.warn({ events }, 'stored deliveries without a job were queued again');
        const messages = await requeueStrandedSends(services);
        if (messages > 0) logger.warn({ messages }, 'outbound messages without a send job were queued again');
        const days = await runRepeatingBroadcasts(services);
        if (days > 0) logger.info({ broadcasts: days }, "repeating broadcasts' days were made");
        const broadcasts = await queueDueBroadcasts(services);
        if (broadcasts > 0) logger.info({ broadcasts }, 'broadcasts due or unfinished were queued');
        const webhooks = await sweepDeliveries(services);
        if (webhooks.queued > 0)
          logger.warn({ deliveries: webhooks.queued }, 'webhook deliveries without a job were queued again');
        // Conversations left waiting for a person: the teams' rules for them (escalations).
        const escalated = await runWaitingRules(services);
        if (escalated > 0) logger.info({ conversations: escalated }, 'automation rules acted on waiting conversations');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'stranded deliveries could not be queued again'));
  // Billing's clock: periods that ended roll over, unpaid renewals make teams past due, grace
  // periods that ran out end on Free. Every step is a compare-and-set: several workers may run it.
  const rollBilling = () =>
    rollOver(services)
      .then(({ teams }) => {
        if (teams.length > 0) logger.info({ teams: teams.length }, 'billing periods rolled over');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'billing periods could not be rolled over'));
  // Conversations older than the team's plan keeps (history retention), an hour apart.
  let lastPurge = 0;
  const purgeHistory = () => {
    if (Date.now() - lastPurge < 3_600_000) return;
    lastPurge = Date.now();
    purgeExpiredHistory(services.db, services.config)
      .then((count) => {
        if (count > 0) logger.info({ conversations: count }, 'conversations past their plan’s history deleted');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'expired history could not be deleted'))
      // Then the files those conversations (and any deleted by hand, or a deleted team's) held.
      .then(() => sweepUnreferencedMedia(services))
      .then((swept) => {
        if (swept.files + swept.teams > 0) logger.info(swept, 'files no message names any more deleted');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'unreferenced files could not be deleted'))
      // And what automation rules did more than 30 days ago.
      .then(() => pruneAutomationRuns(services.db))
      .catch((error: unknown) => logger.error({ err: error }, 'old automation runs could not be deleted'));
  };
  // PGlite runs no autovacuum, so nothing else keeps the planner's statistics up to date: without
  // them it takes every table for a row or two and nests loops over whole tables (docs/decisions/011).
  let lastAnalyze = 0;
  const analyze = () => {
    if (services.database.driver !== 'pglite' || Date.now() - lastAnalyze < 3_600_000) return;
    lastAnalyze = Date.now();
    services.database
      .execute('analyze')
      .catch((error: unknown) => logger.error({ err: error }, 'planner statistics could not be updated'));
  };
  // Large knowledge bases get their vector index, deleted or shrunk ones lose it (an ingest does
  // this for its own knowledge; this catches deletions, and knowledge from before the indexes).
  let lastVectorSweep = 0;
  const sweepVectors = () => {
    if (Date.now() - lastVectorSweep < 3_600_000) return;
    lastVectorSweep = Date.now();
    sweepVectorIndexes(services.db)
      .then((count) => {
        if (count > 0) logger.info({ knowledges: count }, 'knowledge vector indexes built or dropped');
      })
      .catch((error: unknown) => logger.error({ err: error }, 'knowledge vector indexes could not be swept'));
  };
  // One catch-up at a time; a busy backlog is worked through in batches until none is left.
  let rollingUp = false;
  const rollUp = async () => {
    if (rollingUp) return;
    rollingUp = true;
    try {
      while ((await processDirtyDays(services, { limit: 50 })) === 50);
    } catch (error) {
      logger.error({ err: error }, 'report rollups could not be brought up to date');
    } finally {
      rollingUp = false;
    }
  };
  void checkRefreshes();
  void resolveIdle();
  void wakeSnoozed();
  void requeueDeliveries();
  void rollUp();
  void rollBilling();
  purgeHistory();
  analyze();
  sweepVectors();
  const timer = setInterval(() => {
    void checkRefreshes();
    void resolveIdle();
    void wakeSnoozed();
    void requeueDeliveries();
    void rollBilling();
    purgeHistory();
    analyze();
    sweepVectors();
  }, refreshCheckMs);
  const rollupTimer = setInterval(() => void rollUp(), rollupCheckMs);
  timer.unref();
  rollupTimer.unref();
  logger.info('job workers started');
  return async () => {
    clearInterval(timer);
    clearInterval(rollupTimer);
    await services.jobs.stop();
    await services.knowledgeHits.flush();
  };
}

/**
 * What bench/pipeline/run.ts (the parent) and its children say to each other over IPC, besides
 * bench/support's `ready`, `failed` and `shutdown`: a request carries an id, its answer the same id.
 */

/** The Telegram channel under test: the parent makes these up, the Kawan child stores the channel. */
export interface BenchChannel {
  publicKey: string;
  botToken: string;
  webhookSecret: string;
}

/** Environment variable holding the BenchChannel (JSON) for the Kawan and baseline children. */
export const channelVariable = 'KAWAN_BENCH_PIPELINE_CHANNEL';
/** Environment variable holding the fake servers' origin for the Kawan child. */
export const fakesVariable = 'KAWAN_BENCH_PIPELINE_FAKES';

/** The model the fake OpenAI-compatible server is asked for (AI_CHAT_MODEL). */
export const benchModel = 'bench-instant-model';

/**
 * What the fake model answers, at once and whatever it is asked: a grounded sentence citing the
 * first passage, so that each turn is an `answer` (not a fallback that would hand the
 * conversation over to a person).
 */
export const modelReply =
  'Outlet Kemang buka setiap hari pukul 07.00 sampai 22.00 [1]. Ada lagi yang bisa dibantu, Kak?';

/** Parent → fakes child: the sendMessage calls for the Telegram message ids in [from, to]. */
export interface RepliesRequest {
  type: 'replies';
  id: number;
  from: number;
  to: number;
  /** Also list, per message id answered, how many sendMessage calls named it (the end-of-run check). */
  detail?: boolean;
}

export interface RepliesAnswer {
  type: 'replies';
  id: number;
  /** Distinct message ids answered (reply_parameters.message_id) in the range. */
  answered: number;
  /** sendMessage calls in the range beyond the first for their message id. */
  extra: number;
  /** Wall-clock milliseconds (performance.timeOrigin + now) of the latest sendMessage in the range. */
  lastAt: number | null;
  /** Every sendMessage call, any range (replies without reply_parameters included). */
  totalCalls: number;
  chatActions: number;
  modelCalls: number;
  /** [message id, sendMessage calls] for the range, when asked for. */
  counts?: [number, number][];
}

/** Parent → Kawan child: the job queue's state for the pipeline's three jobs. */
export interface ProgressRequest {
  type: 'progress';
  id: number;
}

export interface ProgressAnswer {
  type: 'progress';
  id: number;
  /** created + retry + active. */
  pending: number;
  failed: number;
}

/** Parent → Kawan child: what the database holds for the bench channel (the end-of-run check). */
export interface TallyRequest {
  type: 'tally';
  id: number;
}

export interface TallyAnswer {
  type: 'tally';
  id: number;
  /** Verified inbound events stored (one per update_id). */
  events: number;
  /** channel_events.duplicates summed: redeliveries recognised at the door. */
  redeliveries: number;
  /** Inbound events whose job has not processed them. */
  unprocessed: number;
  /** Inbound messages stored, and the Telegram message ids they carry ('<chat>:<message id>'). */
  inbound: number;
  inboundMessageIds: number[];
  /** Inbound messages with more than one bot reply of their own. */
  duplicated: number;
  /** Inbound messages with a bot reply of their own. */
  answeredOwn: number;
  /** Inbound messages neither answered nor followed in their conversation by an answered one. */
  uncovered: number;
  /** Bot replies by status. */
  replyStatuses: Record<string, number>;
  /** Telegram message ids of the inbound messages whose bot reply was sent. */
  sentReplyTo: number[];
  /** The same for replies being sent right now (the send job is running). */
  sendingReplyTo: number[];
  conversations: number;
  /** Conversations no longer with the bot (handed over to a person). */
  handedOver: number;
  /** Bot replies by kind (answer, curated, fallback, handoff). */
  replyKinds: Record<string, number>;
}

/** Parent → Kawan child: how the bot answers these questions (checked before the runs). */
export interface ProbeRequest {
  type: 'probe';
  id: number;
  questions: string[];
}

export interface ProbeAnswer {
  type: 'probe';
  id: number;
  /** Per question: the turn's kind, whether the provider was called, a handoff reason. */
  results: { question: string; kind: string; providerCalled: boolean; handoff: string | null }[];
}

/** Parent → Kawan child: stop the job workers (jobs are still queued by the acknowledgement). */
export interface StopWorkersRequest {
  type: 'stop-workers';
  id: number;
}

export interface StopWorkersAnswer {
  type: 'stop-workers';
  id: number;
}

/**
 * Parent → Kawan child: refresh the planner's statistics (ANALYZE), as a server's autovacuum does
 * while tables grow; this machine's server runs without it.
 */
export interface AnalyzeRequest {
  type: 'analyze';
  id: number;
}

export interface AnalyzeAnswer {
  type: 'analyze';
  id: number;
}

/** Parent → baseline child: how many raw events it stored. */
export interface StoredRequest {
  type: 'stored';
  id: number;
}

export interface StoredAnswer {
  type: 'stored';
  id: number;
  events: number;
}

export type PipelineRequest =
  RepliesRequest | ProgressRequest | TallyRequest | ProbeRequest | StopWorkersRequest | StoredRequest | AnalyzeRequest;
export type PipelineAnswer =
  RepliesAnswer | ProgressAnswer | TallyAnswer | ProbeAnswer | StopWorkersAnswer | StoredAnswer | AnalyzeAnswer;

/** A wall-clock time in milliseconds with sub-millisecond resolution, comparable across processes. */
export function wallClock(): number {
  return performance.timeOrigin + performance.now();
}

/** Parent → Kawan child: run the job workers in a process of their own (`npm run worker`), not in the server's. */
export const splitWorkersVariable = 'KAWAN_BENCH_PIPELINE_SPLIT_WORKERS';

/** Parent → Kawan child: that process's script, server/worker.ts built as `npm run worker` runs it. */
export const workerScriptVariable = 'KAWAN_BENCH_PIPELINE_WORKER_SCRIPT';

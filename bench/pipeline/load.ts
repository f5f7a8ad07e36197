/**
 * The pipeline benchmark's load: Telegram updates as Telegram posts them to a webhook, sent over
 * keep-alive HTTP from this process either open loop at a fixed rate (`paced`: each request leaves
 * at its scheduled time whether or not earlier ones were answered; latency is taken from that
 * scheduled time, so a server that stalls cannot hide it by slowing the sender) or closed loop as
 * fast as the server acknowledges (`burst`: a fixed number of requests in flight). Each run opens
 * connections of its own and closes them at its end.
 */
import { Agent, request } from 'node:http';
import { wallClock } from './protocol';

export interface Update {
  updateId: number;
  chatId: number;
  text: string;
}

/** An Update's JSON as Telegram posts it: a private text message whose message_id is the update_id. */
export function updateBody(update: Update): string {
  const from = { id: update.chatId, is_bot: false, first_name: 'Ayu', language_code: 'id' };
  return JSON.stringify({
    update_id: update.updateId,
    message: {
      message_id: update.updateId,
      from,
      chat: { id: update.chatId, type: 'private', first_name: from.first_name },
      date: Math.floor(Date.now() / 1000),
      text: update.text,
    },
  });
}

export interface Target {
  url: string;
  headers: Record<string, string>;
}

export interface Sent {
  update: Update;
  /** A delivery of an update already sent (Telegram retrying). */
  redelivery: boolean;
  status: number;
  /** What the answer said (`{ duplicate: true }`): this delivery was a known update. */
  duplicate: boolean;
  /** Milliseconds from the scheduled (paced) or actual (burst) send to the end of the answer. */
  latencyMs: number;
  error?: string;
}

export interface Delivery {
  update: Update;
  redelivery: boolean;
}

function post(target: Target, agent: Agent, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      target.url,
      {
        method: 'POST',
        agent,
        headers: { ...target.headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        timeout: 30_000,
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (part: Buffer) => parts.push(part));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(parts).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out after 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

async function deliver(target: Target, agent: Agent, delivery: Delivery, startedAt: number): Promise<Sent> {
  try {
    const { status, text } = await post(target, agent, updateBody(delivery.update));
    let duplicate = false;
    try {
      duplicate = (JSON.parse(text) as { duplicate?: unknown }).duplicate === true;
    } catch {
      // Not JSON: counted by its status.
    }
    return { ...delivery, status, duplicate, latencyMs: performance.now() - startedAt };
  } catch (error) {
    return {
      ...delivery,
      status: 0,
      duplicate: false,
      latencyMs: performance.now() - startedAt,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

export interface PacedRun {
  sent: Sent[];
  /** Sends per second achieved: the requests over the time from the first send to the last. */
  sendRate: number;
  /** Seconds from the first scheduled send to the last answer. */
  seconds: number;
  /** Sends that left more than 5 ms after their scheduled time (this process was late). */
  late: number;
}

/** `count` deliveries at `rate` a second, open loop. */
export async function paced(
  target: Target,
  rate: number,
  count: number,
  next: (index: number) => Delivery,
): Promise<PacedRun> {
  // Connections of this run only: a keep-alive socket left idle since an earlier run could be
  // closed by the server just as it is reused (a reset that says nothing about the server).
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const interval = 1000 / rate;
  const start = performance.now() + 5;
  const pending: Promise<Sent>[] = [];
  let late = 0;
  let lastSend = start;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (pending.length < count && start + pending.length * interval <= now) {
        const scheduled = start + pending.length * interval;
        if (now - scheduled > 5) late++;
        pending.push(deliver(target, agent, next(pending.length), scheduled));
        lastSend = now;
      }
      if (pending.length >= count) return resolve();
      setTimeout(tick, Math.max(0, start + pending.length * interval - performance.now()));
    };
    tick();
  });
  const sent = await Promise.all(pending);
  agent.destroy();
  const sendRate = count > 1 ? (count - 1) / ((lastSend - start) / 1000) : rate;
  return { sent, sendRate, seconds: (performance.now() - start) / 1000, late };
}

export interface BurstRun {
  sent: Sent[];
  /** Wall clock (comparable with the fakes child's) of the first send and of the last answer. */
  firstSendAt: number;
  lastAckAt: number;
}

/** Every delivery, `concurrency` in flight at a time, each sent when one is answered. */
export async function burst(target: Target, deliveries: Delivery[], concurrency: number): Promise<BurstRun> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const sent: Sent[] = new Array<Sent>(deliveries.length);
  let next = 0;
  const firstSendAt = wallClock();
  const lane = async () => {
    while (next < deliveries.length) {
      const index = next++;
      sent[index] = await deliver(target, agent, deliveries[index], performance.now());
    }
  };
  await Promise.all(Array.from({ length: concurrency }, lane));
  const lastAckAt = wallClock();
  agent.destroy();
  return { sent, firstSendAt, lastAckAt };
}

/** The updates with a delivery answered 200 (once each), and the ids of every update attempted. */
export function outcome(sent: Sent[]): { acknowledged: Update[]; attempted: Set<number> } {
  const acknowledged = new Map<number, Update>();
  for (const s of sent) if (s.status === 200) acknowledged.set(s.update.updateId, s.update);
  return { acknowledged: [...acknowledged.values()], attempted: new Set(sent.map((s) => s.update.updateId)) };
}

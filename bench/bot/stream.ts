/**
 * The first streamed token at a subscriber. The app's realtime server runs in this process on a
 * loopback port with the app's broadcaster on its in-process driver; one raw `ws` client signs its
 * subscription to the asking user's private channel (private-App.Models.User.{id}) with the app
 * secret, as /broadcasting/auth would. Then turns run exactly as the test chat runs them
 * (actions/chat.ts): each engine event is published by `replyDelta` as `BotReplyDelta`, one after
 * the other, and the client notes when each frame arrives. Measured, on one clock:
 *   - the provider's first delta → the first BotReplyDelta frame at the subscriber (the engine's
 *     citation stream, the event, the broadcast and the socket: what the engine adds to a model's
 *     time to first token);
 *   - message in → that frame (retrieval and the prompt included);
 *   - engine event → its frame at the subscriber, for every delta (the broadcast hop alone).
 * Client and server share this process's event loop: a browser on another machine adds its network.
 */
import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';
import { Broadcaster, InProcessDriver } from '../../server/broadcasting/broadcaster';
import { replyDelta, botReplyDeltaEvent } from '../../server/domain/bots/events';
import { userChannel } from '../../server/domain/notifications/channels';
import { RealtimeServer } from '../../server/realtime/realtime-server';
import { authToken, channelSignatureString } from '../../server/realtime/protocol/signatures';
import { createLogger } from '../../server/support/logger';
import type { ChatProvider } from '../../server/bot-engine/providers/provider';
import { engineTurn, type BotBench } from './turns';

const app = { id: '9100', key: 'bench-bot-key', secret: 'bench-bot-secret-0123456789abcdef' };

export interface StreamTimes {
  turns: number;
  /** The provider's first delta → the first frame at the subscriber. */
  firstToken: number[];
  /** Message in → the first frame at the subscriber. */
  fromMessage: number[];
  /** Message in → the engine's first delta event (before the broadcast). */
  firstEvent: number[];
  delivery: number[];
}

interface Frame {
  event: string;
  channel?: string;
  data?: string;
}

export async function measureStream(
  bot: BotBench,
  questions: string[],
  deltas: number,
  warmUp: number,
): Promise<StreamTimes> {
  const logger = createLogger('silent');
  const server = new RealtimeServer({ apps: [app], logger });
  const { port } = await server.listen(0, '127.0.0.1');
  const services = { broadcaster: new Broadcaster(new InProcessDriver(server, app.id), logger) };
  const received = new Map<string, number[]>();
  const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${app.key}?protocol=7&client=js&version=8.4.0&flash=false`);
  try {
    const channel = userChannel(bot.team.userId);
    await subscribe(ws, channel, (frame, at) => {
      if (frame.event !== botReplyDeltaEvent || frame.channel !== channel) return;
      const data = JSON.parse(frame.data ?? '{}') as { request: string };
      received.set(data.request, [...(received.get(data.request) ?? []), at]);
    });

    let providerFirst = Number.NaN;
    const timed: ChatProvider = {
      kind: bot.provider.kind,
      extractive: bot.provider.extractive,
      async *stream(request) {
        for await (const event of bot.provider.stream(request)) {
          if (event.type === 'delta' && Number.isNaN(providerFirst)) providerFirst = performance.now();
          yield event;
        }
      },
    };
    const times: StreamTimes = { turns: 0, firstToken: [], fromMessage: [], firstEvent: [], delivery: [] };
    for (const [index, question] of questions.entries()) {
      if (times.delivery.length >= deltas) break;
      const request = randomBytes(6).toString('hex');
      const emitted: number[] = [];
      let sending = Promise.resolve();
      providerFirst = Number.NaN;
      const started = performance.now();
      await engineTurn({ ...bot, provider: timed }, question, (event) => {
        if (event.type === 'status') return;
        emitted.push(performance.now());
        sending = sending.then(() =>
          replyDelta(services, bot.team.userId, {
            bot_id: bot.botId,
            thread: 'bench',
            request,
            type: event.type,
            text: event.text,
          }),
        );
      });
      await sending;
      const arrived = await arrival(received, request, emitted.length);
      if (index < warmUp || emitted.length === 0) continue;
      times.turns++;
      times.firstEvent.push(emitted[0] - started);
      times.fromMessage.push(arrived[0] - started);
      // A fallback decided before the model (strict grounding) streams no model token.
      if (!Number.isNaN(providerFirst)) times.firstToken.push(arrived[0] - providerFirst);
      for (const [k, at] of arrived.entries()) times.delivery.push(at - emitted[k]);
    }
    return times;
  } finally {
    ws.terminate();
    await server.close();
  }
}

/** Connects, waits for connection_established, subscribes with a signed auth, waits for success. */
function subscribe(ws: WebSocket, channel: string, onFrame: (frame: Frame, at: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription to ${channel} within 5 s`)), 5000);
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(raw.toString()) as Frame;
      if (frame.event === 'pusher:connection_established') {
        const { socket_id: socketId } = JSON.parse(frame.data ?? '{}') as { socket_id: string };
        const auth = authToken(app, channelSignatureString(socketId, channel));
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') {
        clearTimeout(timer);
        resolve();
      } else if (frame.event === 'pusher:error' || frame.event === 'pusher:subscription_error') {
        clearTimeout(timer);
        reject(new Error(`${frame.event}: ${frame.data ?? ''}`));
      } else onFrame(frame, at);
    });
  });
}

/** The arrival times of a turn's frames, once all `count` have come (2 s at most). */
async function arrival(received: Map<string, number[]>, request: string, count: number): Promise<number[]> {
  const deadline = performance.now() + 2000;
  while ((received.get(request)?.length ?? 0) < count) {
    if (performance.now() > deadline)
      throw new Error(`only ${received.get(request)?.length ?? 0} of ${count} deltas reached the subscriber`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const times = received.get(request) ?? [];
  received.delete(request);
  return times;
}

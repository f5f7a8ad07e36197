import { randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { botRepository } from '../../../db/repositories/bot-repository';
import { botPolicy } from '../../../domain/bots/bot-policy';
import { configOf } from '../../../domain/bots/actions/chat';
import { answerTurn, spokenReply, turnRecord, upstreamError } from '../../../domain/bots/answer';
import { chatCompletionSchema } from '../../../domain/bots/openai-schemas';
import { validate } from '../../../domain/shared/validation';
import { authorize } from '../../../domain/teams/team-access';
import { ProviderError } from '../../../bot-engine/providers/provider';
import type { TurnResult } from '../../../bot-engine/turn';
import { NotFoundError } from '../../../support/errors';
import { teamActor } from '../../team-actor';
import { openAiError } from '../../middleware/errors';
import { plannedModel, reserveReply, settleReply } from '../../../billing/reply-metering';

/**
 * Kawan's bots behind OpenAI's chat API: `GET /api/v1/models` lists the team's published bots,
 * `POST /api/v1/chat/completions` answers as one of them (`model` = its public id) with its
 * published version, non-streamed or as server-sent events. Citations come in an extra field that
 * OpenAI's clients ignore.
 */

const seconds = (date: Date | null) => Math.floor((date ?? new Date()).getTime() / 1000);

export async function models(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const bots = await botRepository(req.services.db, actor.teamId).published();
  res.json({
    object: 'list',
    data: bots.map((bot) => ({
      id: bot.publicId,
      object: 'model',
      created: seconds(bot.createdAt),
      owned_by: 'kawan',
    })),
  });
}

function modelNotFound(model: string): NotFoundError {
  return Object.assign(new NotFoundError(`The model \`${model}\` does not exist or is not published.`), {
    code: 'model_not_found',
  });
}

/** The extra field: what the reply cites. */
function citationsOf(result: TurnResult) {
  return result.citations.map((c) => ({
    marker: c.marker,
    source_id: c.sourceId,
    source_title: c.sourceTitle,
    chunk_id: c.chunkId,
  }));
}

export async function chatCompletions(req: Request, res: Response) {
  const actor = await teamActor(req);
  authorize(botPolicy.view(actor));
  const input = validate(chatCompletionSchema, req.body);
  const bots = botRepository(req.services.db, actor.teamId);
  const bot = await bots.findByPublicId(input.model);
  if (!bot || bot.publishedVersion === null) throw modelNotFound(input.model);
  const version = (await bots.versionNumber(bot.id, bot.publishedVersion))!;
  const config = configOf(version.config, bot.name);
  const conversation = input.messages.filter((m) => m.role === 'user' || m.role === 'assistant');
  const history = conversation.slice(0, -1).map((m) => ({ role: m.role as 'user' | 'assistant', content: m.content }));
  const message = conversation.at(-1)!.content;
  const id = `chatcmpl-${randomBytes(12).toString('hex')}`;
  const created = Math.floor(Date.now() / 1000);
  const record = (result: TurnResult) =>
    bots.recordTurn(
      turnRecord(result, {
        botId: bot.id,
        version: bot.publishedVersion,
        source: 'api',
        userId: actor.userId,
        threadKey: null,
        question: message,
      }),
    );
  const usageOf = (result: TurnResult) => ({
    prompt_tokens: result.trace.usage.promptTokens,
    completion_tokens: result.trace.usage.completionTokens,
    total_tokens: result.trace.usage.promptTokens + result.trace.usage.completionTokens,
  });
  const turnInput = { teamId: actor.teamId, config, history, message, countHits: true };
  // Each completion is one AI reply against the plan: over the quota it is refused as OpenAI
  // refuses an exhausted account (429 insufficient_quota), with the period's end as Retry-After.
  const usageKey = `api:${id}`;
  const reservation = await reserveReply(req.services, {
    teamId: actor.teamId,
    key: usageKey,
    botId: bot.id,
    contactId: null,
    model: plannedModel(req.services.config, config),
    source: 'api',
  });
  if (!reservation.ok) {
    const wait = Math.max(1, Math.ceil((reservation.retryAt.getTime() - Date.now()) / 1000));
    res
      .status(429)
      .set('Retry-After', String(wait))
      .json({
        error: { message: reservation.message, type: 'insufficient_quota', param: null, code: 'insufficient_quota' },
      });
    return;
  }

  if (!input.stream) {
    let result: TurnResult;
    try {
      result = await answerTurn(req.services, turnInput);
    } catch (error) {
      await settleReply(req.services, usageKey, null);
      if (error instanceof ProviderError) throw upstreamError(error);
      throw error;
    }
    await settleReply(req.services, usageKey, result, reservation);
    await record(result);
    const reply = spokenReply(result);
    res.json({
      id,
      object: 'chat.completion',
      created,
      model: bot.publicId,
      choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop', logprobs: null }],
      usage: usageOf(result),
      citations: citationsOf(result),
      kawan: { kind: result.kind, handoff: result.handoff, version: bot.publishedVersion },
    });
    return;
  }

  // Server-sent events: headers go out with the first piece, so a failure before it is a JSON error.
  const chunk = (delta: Record<string, unknown>, finish: string | null, extra: Record<string, unknown> = {}) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: bot.publicId,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
    ...extra,
  });
  let started = false;
  let sent = '';
  const write = (data: unknown) => {
    if (!started) {
      started = true;
      res.status(200).set({
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache',
        'X-Accel-Buffering': 'no',
      });
      res.flushHeaders();
      res.write(`data: ${JSON.stringify(chunk({ role: 'assistant', content: '' }, null))}\n\n`);
    }
    res.write(`data: ${JSON.stringify(data)}\n\n`);
  };
  let result: TurnResult;
  try {
    result = await answerTurn(req.services, turnInput, (event) => {
      if (event.type === 'delta') {
        sent += event.text;
        write(chunk({ content: event.text }, null));
      } else if (event.type === 'replace' && event.text !== sent) {
        // What was sent cannot be taken back: the replacement follows it.
        write(chunk({ content: sent ? `\n\n${event.text}` : event.text }, null));
        sent += event.text;
      }
    });
  } catch (error) {
    await settleReply(req.services, usageKey, null);
    const message = error instanceof ProviderError ? upstreamError(error).message : 'The answer failed.';
    req.services.logger.warn({ err: error, botId: bot.id }, 'a streamed completion failed');
    if (!started) {
      res
        .status(error instanceof ProviderError ? 502 : 500)
        .json(openAiError(error instanceof ProviderError ? 502 : 500, message, null));
      return;
    }
    res.write(`data: ${JSON.stringify(openAiError(502, message, null))}\n\n`);
    res.end();
    return;
  }
  await settleReply(req.services, usageKey, result, reservation);
  await record(result);
  if (result.handoff && result.kind !== 'handoff') write(chunk({ content: `\n\n${result.handoff.message}` }, null));
  if (!started) write(chunk({ content: result.reply }, null));
  write(chunk({}, 'stop', { citations: citationsOf(result), kawan: { kind: result.kind, handoff: result.handoff } }));
  if (input.stream_options?.include_usage) {
    res.write(
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: bot.publicId, choices: [], usage: usageOf(result) })}\n\n`,
    );
  }
  res.write('data: [DONE]\n\n');
  res.end();
}

import { describe, expect, it } from 'vitest';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { sequence } from '../../server/http/middleware/sequence';

const req = {} as Request;
const res = {} as Response;

/** Runs the sequence and resolves with what it handed on (undefined: went on; else the error). */
function run(handlers: RequestHandler[]): Promise<{ calls: string[]; outcome: unknown }> {
  const calls: string[] = [];
  const traced = handlers.map((handler, index): RequestHandler => (rq, rs, next) => {
    calls.push(`h${index}`);
    return handler(rq, rs, next);
  });
  return new Promise((resolve) => {
    const done: NextFunction = (error?: unknown) => resolve({ calls, outcome: error });
    sequence(traced)(req, res, done);
  });
}

const pass: RequestHandler = (_req, _res, next) => next();

describe('sequence (path-less middleware as one Express layer)', () => {
  it('runs every handler in order, then hands on with no error', async () => {
    expect(await run([pass, pass, pass])).toEqual({ calls: ['h0', 'h1', 'h2'], outcome: undefined });
    expect(await run([])).toEqual({ calls: [], outcome: undefined });
  });

  it('goes on when a handler calls next later (after its own await)', async () => {
    const later: RequestHandler = (_req, _res, next) => void setTimeout(() => next(), 1);
    expect((await run([later, pass])).calls).toEqual(['h0', 'h1']);
  });

  it('an error passed to next skips the rest', async () => {
    const error = new Error('stop');
    const failing: RequestHandler = (_req, _res, next) => next(error);
    expect(await run([pass, failing, pass])).toEqual({ calls: ['h0', 'h1'], outcome: error });
  });

  it('a thrown error and a rejected promise are handed on as Express would', async () => {
    const thrown = new Error('thrown');
    const throwing: RequestHandler = () => {
      throw thrown;
    };
    expect(await run([throwing, pass])).toEqual({ calls: ['h0'], outcome: thrown });

    const rejected = new Error('rejected');
    const rejecting = (async () => {
      throw rejected;
    }) as unknown as RequestHandler;
    expect(await run([rejecting, pass])).toEqual({ calls: ['h0'], outcome: rejected });

    const noReason = (() => Promise.reject(undefined)) as unknown as RequestHandler;
    const { outcome } = await run([noReason]);
    expect(outcome).toBeInstanceOf(Error);
  });

  it('a handler that answers and does not call next ends the sequence there', async () => {
    const calls: string[] = [];
    let handedOn = false;
    const answering: RequestHandler = () => void calls.push('answered');
    sequence([answering, () => void calls.push('never')])(req, res, () => (handedOn = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls).toEqual(['answered']);
    expect(handedOn).toBe(false);
  });
});

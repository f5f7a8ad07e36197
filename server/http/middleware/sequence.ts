import type { NextFunction, Request, RequestHandler, Response } from 'express';

/**
 * Runs path-less middleware one after another as one Express layer, with the router's rules: a
 * handler that throws, or whose promise rejects, hands its error on (`next(error)`), and an error
 * skips the rest of the sequence. Express's router walks every layer of the stack for every
 * request, matching its path and wrapping its call, which cost more than most of Kawan's own
 * middleware do (docs/decisions/011, addendum "the middleware as one layer").
 */
export function sequence(handlers: RequestHandler[]): RequestHandler {
  const count = handlers.length;
  return (req: Request, res: Response, done: NextFunction) => {
    let index = 0;
    const next = (error?: unknown): void => {
      if (error !== undefined && error !== null) return done(error);
      if (index >= count) return done();
      const handler = handlers[index++];
      try {
        const result: unknown = handler(req, res, next);
        if (result instanceof Promise) {
          result.then(undefined, (reason: unknown) =>
            done(reason ?? new Error('A middleware promise was rejected without a reason.')),
          );
        }
      } catch (thrown) {
        done(thrown);
      }
    };
    next();
  };
}

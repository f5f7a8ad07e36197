import { describe, expect, it } from 'vitest';
import express, { type ErrorRequestHandler } from 'express';
import supertest from 'supertest';
import { bodyParsers } from '../../server/http/middleware/body';
import { HttpError } from '../../server/support/errors';

// A request whose stream has ended before the parsers run (its client went away mid-request, as
// at the end of a load run) is skipped by them: it must not reach a handler as an empty form.
function app(consumeFirst: boolean) {
  const server = express();
  if (consumeFirst) server.use((req, _res, next) => req.resume().on('end', () => next()));
  server.use(bodyParsers());
  server.put('/teams/1', (req, res) => res.json({ body: req.body ?? null }));
  server.use(((error, _req, res, _next) => {
    res.status(error instanceof HttpError ? error.status : 500).json({ message: (error as Error).message });
  }) as ErrorRequestHandler);
  return server;
}

describe('a JSON or form body announced but not received', () => {
  it('is a 400, not an empty form', async () => {
    for (const [type, body] of [
      ['application/json', '{"name":"Toko"}'],
      ['application/x-www-form-urlencoded', 'name=Toko'],
    ]) {
      const res = await supertest(app(true)).put('/teams/1').set('Content-Type', type).send(body);
      expect(res.status, type).toBe(400);
      expect(res.body.message).toBe('The request body was not received in full.');
    }
  });

  it('leaves received bodies and bodiless requests alone', async () => {
    expect((await supertest(app(false)).put('/teams/1').send({ name: 'Toko' })).body).toEqual({
      body: { name: 'Toko' },
    });
    expect((await supertest(app(true)).put('/teams/1')).status).toBe(200);
    expect((await supertest(app(true)).put('/teams/1').set('Content-Type', 'text/plain').send('x')).status).toBe(200);
  });
});

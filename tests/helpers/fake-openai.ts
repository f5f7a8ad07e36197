import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { lexicalVector } from '../../server/knowledge/embedders/lexical';

/**
 * A local OpenAI-compatible server speaking the real wire format of `POST /v1/embeddings`
 * (`{object: 'list', data: [{object: 'embedding', index, embedding}], model, usage}`), with
 * deterministic 64-dimension vectors. `fail(n, status)` makes the next n requests fail.
 */
export async function fakeOpenAi() {
  const requests: Array<{ path: string; authorization?: string; body: { model: string; input: string[] } }> = [];
  let failures: Array<{ status: number }> = [];
  let hanging = false;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as { model: string; input: string[] | string };
      const input = Array.isArray(body.input) ? body.input : [body.input];
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization, body: { model: body.model, input } });
      if (hanging) return; // never answered: the client is caught waiting
      const failure = failures.shift();
      if (failure) {
        res.writeHead(failure.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `upstream is overloaded (${failure.status})`, type: 'server_error' } }));
        return;
      }
      if (req.url !== '/v1/embeddings') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const data = input.map((text, index) => ({ object: 'embedding', index, embedding: vector64(text) }));
      res.writeHead(200, { 'content-type': 'application/json' });
      // Out of order on purpose: clients must sort by `index`.
      res.end(JSON.stringify({ object: 'list', data: data.reverse(), model: body.model, usage: { prompt_tokens: 1, total_tokens: 1 } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    /** While on, requests are received and never answered. */
    hang(on: boolean) {
      hanging = on;
    },
    fail(times: number, status = 500) {
      failures = Array.from({ length: times }, () => ({ status }));
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function vector64(text: string): number[] {
  const full = lexicalVector(text);
  const short = full.slice(0, 64).map((value, index) => value + full[index + 64] + full[index + 128]);
  const norm = Math.sqrt(short.reduce((sum, value) => sum + value * value, 0)) || 1;
  return short.map((value) => value / norm);
}

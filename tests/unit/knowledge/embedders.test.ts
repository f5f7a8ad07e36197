import { readdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { retryDelay } from '../../../server/support/retry-after';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cosineSimilarity } from '../../../server/knowledge/embedders/embedder';
import {
  englishStem,
  indonesianStem,
  LexicalEmbedder,
  lexicalVector,
  lexicalWords,
} from '../../../server/knowledge/embedders/lexical';
import { EmbeddingError, OpenAiCompatibleEmbedder } from '../../../server/knowledge/embedders/openai-compatible';

const similarity = (a: string, b: string) => cosineSimilarity(lexicalVector(a), lexicalVector(b));

describe('LexicalEmbedder', () => {
  const embedder = new LexicalEmbedder();

  it('describes itself as offline and lexical', () => {
    expect(embedder).toMatchObject({ provider: 'kawan', model: 'lexical-v1', dimensions: 384 });
    expect(embedder.label).toBe('Lexical (offline, 384 dimensions): matches words, not meaning');
  });

  it('returns one L2-normalised vector of 384 numbers per text, in order', async () => {
    const vectors = await embedder.embed(['Jam buka kafe', 'Ongkos kirim ke Bandung', 'Jam buka kafe']);
    expect(vectors).toHaveLength(3);
    for (const vector of vectors) {
      expect(vector).toHaveLength(384);
      expect(Math.hypot(...vector)).toBeCloseTo(1, 10);
    }
    expect(vectors[2]).toEqual(vectors[0]);
    expect(vectors[1]).not.toEqual(vectors[0]);
  });

  it.each(['', '   ', '?!…', '—'])('gives %j a zero vector, not NaN', async (text) => {
    const [vector] = await embedder.embed([text]);
    expect(vector).toHaveLength(384);
    expect(vector.every((value) => value === 0)).toBe(true);
  });

  it('is the same whatever the case, accents and digit grouping', () => {
    expect(lexicalVector('CAFÉ Latte Rp 25.000')).toEqual(lexicalVector('cafe latte rp 25000'));
  });

  it('handles a long text of many distinct words, and gives the same vectors before and after it', () => {
    const short = lexicalVector('Jam buka kafe');
    const long = Array.from({ length: 30_000 }, (_, i) => `kata${i.toString(36)}`).join(' ');
    const first = lexicalVector(long);
    expect(first.every(Number.isFinite)).toBe(true);
    expect(Math.hypot(...first)).toBeCloseTo(1, 10);
    expect(lexicalVector(long)).toEqual(first);
    expect(lexicalVector('Jam buka kafe')).toEqual(short);
  });

  it('makes the vectors lexical-v1 has always made, to the last bit', () => {
    // Stored knowledge bases hold these vectors and questions are compared with them: a faster
    // embedder must make the same numbers, and a different one must say so with a new model name.
    // The corpus documents whole (many repeated words, non-ASCII text) and paragraph by paragraph.
    const corpus = new URL('../../../bench/retrieval/corpus/', import.meta.url);
    const digest = createHash('sha256');
    for (const file of readdirSync(corpus)
      .filter((name) => /\.(md|csv)$/.test(name))
      .sort()) {
      const text = readFileSync(new URL(file, corpus), 'utf8');
      for (const part of [text, ...text.split(/\n{2,}/)]) digest.update(new Float64Array(lexicalVector(part)));
    }
    expect(embedder.model).toBe('lexical-v1');
    expect(digest.digest('hex')).toBe('064306eab75fd245584a13f40358ad9fc886ece9392c0ec3d7acb8638fd44d92');
  });

  it('rejects when the signal is aborted', async () => {
    await expect(embedder.embed(['a'], { signal: AbortSignal.abort() })).rejects.toThrow();
  });

  /**
   * Retrieval as a shop's knowledge base would see it: each customer question must rank its own
   * answer first among all the documents, and score it well above an unrelated one.
   */
  const documents = [
    'Cara mengatur ulang kata sandi akun member',
    'Jam buka kafe: Senin–Jumat 08.00–22.00, Sabtu–Minggu 09.00–23.00',
    'Ongkos kirim ke Bandung Rp 15.000, tiba dalam 2 hari',
    'Harga kopi susu gula aren Rp 25.000 per gelas',
    'Pembayaran bisa menggunakan QRIS, transfer bank, atau tunai',
    'Opening hours: Sunday 9am to 9pm, weekdays 8am to 10pm',
    'Vegan menu: oat milk latte and tofu sandwiches',
    'Pemesanan melalui WhatsApp di nomor 0812-3456-7890',
    'Pengembalian dana (refund) untuk pesanan yang terlambat lebih dari 1 jam',
    'Password WiFi kafe bisa ditanyakan ke kasir',
    'Reservasi meja untuk rombongan lebih dari 8 orang minimal H-1',
    'Area parkir motor ada di samping kafe, parkir mobil di depan',
    'Shipping costs depend on the destination city, for example Jakarta or Surabaya',
    'Minuman tanpa gula tersedia untuk semua varian kopi',
    'Parking is available behind the shop',
  ];
  const vectors = documents.map(lexicalVector);

  it.each([
    ['lupa kata sandi, gimana resetnya?', 'Cara mengatur ulang kata sandi akun member'],
    ['jam bukak cafe', 'Jam buka kafe: Senin–Jumat 08.00–22.00, Sabtu–Minggu 09.00–23.00'],
    ['ongkir ke bandung berapa', 'Ongkos kirim ke Bandung Rp 15.000, tiba dalam 2 hari'],
    ['kopi susu harganya brp?', 'Harga kopi susu gula aren Rp 25.000 per gelas'],
    ['bisa bayar pake qris gak', 'Pembayaran bisa menggunakan QRIS, transfer bank, atau tunai'],
    ['What time do you open on Sunday?', 'Opening hours: Sunday 9am to 9pm, weekdays 8am to 10pm'],
    ['Do you have vegan options?', 'Vegan menu: oat milk latte and tofu sandwiches'],
    ['pesen lewat wa bisa?', 'Pemesanan melalui WhatsApp di nomor 0812-3456-7890'],
    ['refund kalo pesanan telat', 'Pengembalian dana (refund) untuk pesanan yang terlambat lebih dari 1 jam'],
    ['wifi passwordnya apa ya', 'Password WiFi kafe bisa ditanyakan ke kasir'],
    ['reservasi meja utk 10 orang', 'Reservasi meja untuk rombongan lebih dari 8 orang minimal H-1'],
    ['parkir motor dimana', 'Area parkir motor ada di samping kafe, parkir mobil di depan'],
    ['shipping cost to Jakarta', 'Shipping costs depend on the destination city, for example Jakarta or Surabaya'],
    ['ada varian yg ga pake gula?', 'Minuman tanpa gula tersedia untuk semua varian kopi'],
    ['Is there parking near the shop?', 'Parking is available behind the shop'],
  ])('%j finds %j first', (query, expected) => {
    const queryVector = lexicalVector(query);
    const ranked = documents
      .map((document, i) => ({ document, score: cosineSimilarity(queryVector, vectors[i]) }))
      .sort((a, b) => b.score - a.score);
    expect(ranked[0].document).toBe(expected);
    expect(ranked[0].score).toBeGreaterThan(ranked[1].score);
  });

  it.each([
    [
      'lupa kata sandi, gimana resetnya?',
      'Cara mengatur ulang kata sandi',
      'Menu kopi susu gula aren tersedia setiap hari',
    ],
    ['jam bukak cafe', 'Jam buka kafe', 'Ongkos kirim ke Bandung'],
    ['ongkir ke bandung berapa', 'Ongkos kirim ke Bandung', 'Jam buka kafe'],
    ['gmn cara pesen?', 'Bagaimana cara memesan?', 'Parkir mobil di depan'],
    ['udah bayar tp blm dikirim', 'Sudah membayar tetapi pesanan belum dikirim', 'Menu vegan tersedia'],
  ])('%j is closer to %j than to %j', (query, related, unrelated) => {
    expect(similarity(query, related)).toBeGreaterThan(similarity(query, unrelated) + 0.1);
  });

  it.each([
    ['Rp 25.000', ['rp', '25000']],
    ['Jam buka: 08.00–22.00', ['jam', 'buka', '0800', '2200']],
    ['Café Crème', ['cafe', 'creme']],
    ["don't", ['don', 't']],
  ])('splits %j into words %j', (text, words) => {
    expect(lexicalWords(text)).toEqual(words);
  });

  it('splits as its definition does, on every corpus document and on random text', () => {
    // The definition, as regular expressions (what lexicalWords did before its one-pass scanner).
    const defined = (text: string) => {
      let folded = text.toLowerCase();
      // eslint-disable-next-line no-control-regex
      if (/[^\x00-\x7f]/.test(folded)) folded = folded.normalize('NFKD').replace(/\p{M}+/gu, '');
      folded = folded.replace(/(\d)[.,](?=\d)/g, '$1');
      return folded.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '');
    };
    const corpus = new URL('../../../bench/retrieval/corpus/', import.meta.url);
    for (const file of readdirSync(corpus).filter((name) => /\.(md|csv)$/.test(name))) {
      const text = readFileSync(new URL(file, corpus), 'utf8');
      expect(lexicalWords(text)).toEqual(defined(text));
    }
    // Digits with separators in every arrangement, letters from several scripts, marks, dashes,
    // astral characters, lone surrogates, characters whose lowercase is ASCII (Kelvin sign) or is not (İ).
    const alphabet = [
      ...'0123456789.,.,  aZ-_/:\n\t',
      ...'éÉçñüßøİıK–—’“”·²³½①٣२\u0301\u0308',
      ...'ﾃｽﾄ１２ｚ',
      '😀',
      '𝐀',
      '\ud800',
      '\udc00',
      'ǅ',
    ];
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
    for (let run = 0; run < 3000; run++) {
      let text = '';
      for (let length = next() % 24; length > 0; length--) text += alphabet[next() % alphabet.length];
      expect([text, lexicalWords(text)]).toEqual([text, defined(text)]);
    }
  });

  it.each([
    ['resetnya', 'reset'],
    ['mengatur', 'atur'],
    ['pengaturan', 'atur'],
    ['diatur', 'atur'],
    ['menulis', 'tulis'],
    ['memakai', 'pakai'],
    ['menyapu', 'sapu'],
    ['pemesanan', 'pesan'],
    ['minuman', 'minum'],
    ['bukalah', 'buka'],
    ['sampai', 'sampai'],
    ['mengatasi', 'atas'],
    ['kopi', 'kopi'],
    ['harga', 'harga'],
  ])('stems the Indonesian %j as %j', (word, stem) => {
    expect(indonesianStem(word)).toBe(stem);
  });

  it.each([
    ['opening', 'open'],
    ['hours', 'hour'],
    ['costs', 'cost'],
    ['delivered', 'deliver'],
    ['boxes', 'box'],
    ['glass', 'glass'],
    ['menu', 'menu'],
  ])('stems the English %j as %j', (word, stem) => {
    expect(englishStem(word)).toBe(stem);
  });
});

/** A fake of OpenAI's /embeddings: vectors derived from each input's length, answers scripted per test. */
type Handler = (
  request: {
    body: { model: string; input: string[]; dimensions?: number; encoding_format?: string };
    headers: IncomingMessage['headers'];
  },
  response: ServerResponse,
) => void;

const fakeVector = (text: string, dimensions = 4) => Array.from({ length: dimensions }, (_, i) => text.length + i / 10);

const answer: Handler = ({ body }, response) => {
  response.setHeader('content-type', 'application/json');
  response.end(
    JSON.stringify({
      object: 'list',
      data: body.input.map((text, index) => ({
        object: 'embedding',
        index,
        embedding: fakeVector(text, body.dimensions),
      })),
      model: body.model,
      usage: { prompt_tokens: 1, total_tokens: 1 },
    }),
  );
};

describe('OpenAiCompatibleEmbedder', () => {
  let server: Server;
  let baseUrl: string;
  let script: Handler[] = [];
  const requests: Array<{
    body: { model: string; input: string[]; dimensions?: number; encoding_format?: string };
    headers: IncomingMessage['headers'];
    url?: string;
  }> = [];
  const key = 'sk-test-0123456789abcdef';

  beforeAll(async () => {
    server = createServer((request, response) => {
      let raw = '';
      request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      request.on('end', () => {
        const entry = { body: JSON.parse(raw), headers: request.headers, url: request.url };
        requests.push(entry);
        (script.shift() ?? answer)(entry, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  afterEach(() => {
    script = [];
    requests.length = 0;
  });

  const embedder = (options: Partial<ConstructorParameters<typeof OpenAiCompatibleEmbedder>[0]> = {}) =>
    new OpenAiCompatibleEmbedder({
      baseUrl,
      apiKey: key,
      model: 'text-embedding-3-small',
      maxRetryDelayMs: 50,
      ...options,
    });
  const failure = async (promise: Promise<unknown>): Promise<EmbeddingError> => {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as Error).message).not.toContain(key);
    return error as EmbeddingError;
  };

  it('posts the wire format to {baseUrl}/embeddings with the bearer key', async () => {
    const vectors = await embedder({ dimensions: 3 }).embed(['halo', 'kopi susu']);
    expect(vectors).toEqual([fakeVector('halo', 3), fakeVector('kopi susu', 3)]);
    expect(requests).toHaveLength(1);
    expect(requests[0].url).toBe('/v1/embeddings');
    expect(requests[0].body).toEqual({
      model: 'text-embedding-3-small',
      input: ['halo', 'kopi susu'],
      encoding_format: 'float',
      dimensions: 3,
    });
    expect(requests[0].headers.authorization).toBe(`Bearer ${key}`);
  });

  it('sends no authorization header without a key, and no dimensions when not configured', async () => {
    await embedder({ apiKey: undefined }).embed(['halo']);
    expect(requests[0].headers.authorization).toBeUndefined();
    expect(requests[0].body).not.toHaveProperty('dimensions');
  });

  it('batches inputs and keeps their order', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => 'x'.repeat(i + 1));
    const vectors = await embedder({ batchSize: 3 }).embed(texts);
    expect(requests.map((request) => request.body.input.length)).toEqual([3, 3, 1]);
    expect(vectors).toEqual(texts.map((text) => fakeVector(text)));
  });

  it('orders the results by index when the server sends them out of order', async () => {
    script = [
      ({ body }, response) => {
        const data = body.input
          .map((text, index) => ({ object: 'embedding', index, embedding: fakeVector(text) }))
          .reverse();
        response.end(JSON.stringify({ object: 'list', data, model: body.model }));
      },
    ];
    expect(await embedder().embed(['a', 'bb', 'ccc'])).toEqual([fakeVector('a'), fakeVector('bb'), fakeVector('ccc')]);
  });

  it('learns the dimensions from the first answer, or from probe()', async () => {
    const fresh = embedder();
    expect(() => fresh.dimensions).toThrow();
    expect(fresh.label).toBe(`text-embedding-3-small (OpenAI-compatible server at ${new URL(baseUrl).host})`);
    expect(await fresh.probe()).toBe(4);
    expect(requests[0].body.input).toEqual(['ping']);
    expect(fresh.dimensions).toBe(4);
    expect(fresh.label).toContain('4 dimensions');
    expect(embedder({ dimensions: 8 }).dimensions).toBe(8);
  });

  it('accepts base64 vectors from servers that send them anyway', async () => {
    script = [
      ({ body }, response) => {
        const data = body.input.map((_, index) => ({
          index,
          embedding: Buffer.from(new Float32Array([0.5, -1, 2]).buffer).toString('base64'),
        }));
        response.end(JSON.stringify({ data }));
      },
    ];
    expect(await embedder().embed(['a'])).toEqual([[0.5, -1, 2]]);
  });

  it('retries once after a 429, honouring Retry-After', async () => {
    script = [
      (_, response) => {
        response.writeHead(429, { 'retry-after': '1', 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: 'Rate limit reached' } }));
      },
    ];
    const started = Date.now();
    const vectors = await embedder({ maxRetryDelayMs: 10_000 }).embed(['halo']);
    expect(vectors).toEqual([fakeVector('halo')]);
    expect(requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('fails with a clear error after a 500 twice', async () => {
    const fail: Handler = (_, response) => {
      response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'The server had an error while processing your request.' } }));
    };
    script = [fail, fail];
    const error = await failure(embedder().embed(['halo']));
    expect(requests).toHaveLength(2);
    expect(error.code).toBe('http');
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      `The embedding server at ${new URL(baseUrl).host} answered 500 Internal Server Error: The server had an error while processing your request.`,
    );
  });

  it('does not retry a 401, and never repeats the key the server echoed', async () => {
    script = [
      (_, response) => {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}.` } }));
      },
    ];
    const error = await failure(embedder().embed(['halo']));
    expect(requests).toHaveLength(1);
    expect(error.status).toBe(401);
    expect(error.message).toContain('401 Unauthorized: Incorrect API key provided: [redacted].');
  });

  it.each<[string, Handler, RegExp]>([
    ['a body that is not JSON', (_, response) => response.end('<html>oops'), /not JSON/],
    ['no data list', (_, response) => response.end(JSON.stringify({ object: 'list' })), /no "data" list/],
    [
      'too few embeddings',
      (_, response) => response.end(JSON.stringify({ data: [{ index: 0, embedding: [1, 2] }] })),
      /1 embeddings for 2 inputs/,
    ],
    [
      'an embedding that is not numbers',
      (_, response) =>
        response.end(
          JSON.stringify({
            data: [
              { index: 0, embedding: [1, 'a'] },
              { index: 1, embedding: [1, 2] },
            ],
          }),
        ),
      /embedding 0 is not a list of numbers/,
    ],
    [
      'vectors of different lengths',
      (_, response) =>
        response.end(
          JSON.stringify({
            data: [
              { index: 0, embedding: [1, 2] },
              { index: 1, embedding: [1, 2, 3] },
            ],
          }),
        ),
      /vectors of 3 dimensions where 2 were expected/,
    ],
    [
      'an index twice',
      (_, response) =>
        response.end(
          JSON.stringify({
            data: [
              { index: 1, embedding: [1] },
              { index: 1, embedding: [2] },
            ],
          }),
        ),
      /index 1 twice/,
    ],
  ])('rejects %s', async (_, handler, message) => {
    script = [handler];
    const error = await failure(embedder().embed(['a', 'b']));
    expect(error.code).toBe('invalid_response');
    expect(error.message).toMatch(message);
  });

  it('rejects vectors whose length differs from the configured dimensions', async () => {
    script = [
      ({ body }, response) =>
        response.end(JSON.stringify({ data: body.input.map((_, index) => ({ index, embedding: [1, 2] })) })),
    ];
    expect((await failure(embedder({ dimensions: 3 }).embed(['a']))).message).toMatch(
      /2 dimensions where 3 were expected/,
    );
  });

  it('times out with a clear error', async () => {
    script = [() => undefined];
    const error = await failure(embedder({ timeoutMs: 100 }).embed(['a']));
    expect(error.code).toBe('timeout');
    expect(error.message).toBe(`The embedding server at ${new URL(baseUrl).host} did not answer within 100 ms`);
  });

  it('rejects with the caller’s reason when the caller aborts', async () => {
    script = [() => undefined];
    const controller = new AbortController();
    const pending = embedder().embed(['a'], { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('cancelled by test')), 50);
    await expect(pending).rejects.toThrow('cancelled by test');
  });

  it('fails with a network error when nothing listens, after one retry', async () => {
    let calls = 0;
    const refusing: typeof fetch = async () => {
      calls++;
      throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    };
    const error = await failure(embedder({ fetch: refusing }).embed(['a']));
    expect(calls).toBe(2);
    expect(error.code).toBe('network');
    expect(error.message).toBe(`Could not reach the embedding server at ${new URL(baseUrl).host} (ECONNREFUSED)`);
  });

  it('makes no request for no texts', async () => {
    expect(await embedder().embed([])).toEqual([]);
    expect(requests).toHaveLength(0);
  });
});

describe('retryDelay', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  it.each([
    [null, 1000],
    ['0', 0],
    ['2', 2000],
    ['1.5', 1500],
    ['120', 10_000],
    ['Thu, 01 Jan 2026 00:00:03 GMT', 3000],
    ['Wed, 31 Dec 2025 23:59:00 GMT', 0],
    ['soon', 1000],
  ])('Retry-After %j → %i ms (capped at 10 s)', (header, expected) => {
    const headers = new Headers(header === null ? {} : { 'retry-after': header });
    expect(retryDelay(headers.get('retry-after'), 10_000, now)).toBe(expected);
  });
});

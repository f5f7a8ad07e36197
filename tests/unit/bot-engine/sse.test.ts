import { describe, expect, it } from 'vitest';
import { readSseJson, SseDecoder } from '../../../server/bot-engine/providers/sse';

const encoder = new TextEncoder();

/** A stream that hands over `bytes` in the given pieces. */
function streamOf(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}

async function collect(pieces: Uint8Array[], decoder = new SseDecoder()): Promise<unknown[]> {
  const out: unknown[] = [];
  for await (const value of readSseJson(streamOf(pieces), decoder)) out.push(value);
  return out;
}

const SAMPLE = [
  ': keep-alive comment',
  'data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}',
  '',
  'data: {"choices":[{"index":0,"delta":{"content":"Halo, café ☕ "},"finish_reason":null}]}',
  '',
  'event: message',
  'id: 3',
  'data: {"choices":[{"index":0,"delta":{"content":"dunia 🌏"},"finish_reason":null}]}',
  '',
  'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}',
  '',
  'data: {"choices":null,"usage":{"prompt_tokens":12,"completion_tokens":5,"total_tokens":17}}',
  '',
  'data: [DONE]',
  '',
  '',
].join('\n');

const EXPECTED = [
  { choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
  { choices: [{ index: 0, delta: { content: 'Halo, café ☕ ' }, finish_reason: null }] },
  { choices: [{ index: 0, delta: { content: 'dunia 🌏' }, finish_reason: null }] },
  { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
  { choices: null, usage: { prompt_tokens: 12, completion_tokens: 5, total_tokens: 17 } },
];

describe('SSE parsing', () => {
  it('reads the data of every event, vLLM’s `choices: null` usage chunk included, and stops at [DONE]', async () => {
    const decoder = new SseDecoder();
    expect(await collect([encoder.encode(SAMPLE + 'data: {"after":"done"}\n\n')], decoder)).toEqual(EXPECTED);
    expect(decoder.done).toBe(true);
    expect(decoder.malformed).toBe(0);
  });

  it('gives the same events whatever byte the stream is split at, inside multi-byte characters too', async () => {
    const bytes = encoder.encode(SAMPLE);
    // The sample holds 2-, 3- and 4-byte characters (é, ☕, 🌏): some offsets fall inside them.
    expect(bytes.length).toBeGreaterThan(SAMPLE.length);
    for (let offset = 1; offset < bytes.length; offset++) {
      expect(await collect([bytes.slice(0, offset), bytes.slice(offset)]), `split at ${offset}`).toEqual(EXPECTED);
    }
  });

  it('gives the same events when every byte arrives alone', async () => {
    const bytes = encoder.encode(SAMPLE);
    expect(await collect(Array.from(bytes, (byte) => Uint8Array.of(byte)))).toEqual(EXPECTED);
  });

  it('reads CRLF and lone CR line endings, split between the CR and the LF too', async () => {
    const crlf = encoder.encode(SAMPLE.replace(/\n/g, '\r\n'));
    const cr = encoder.encode(SAMPLE.replace(/\n/g, '\r'));
    expect(await collect([crlf])).toEqual(EXPECTED);
    expect(await collect([cr])).toEqual(EXPECTED);
    for (let offset = 1; offset < crlf.length; offset++) {
      expect(await collect([crlf.slice(0, offset), crlf.slice(offset)]), `split at ${offset}`).toEqual(EXPECTED);
    }
  });

  it('joins the data lines of one event with a line break', async () => {
    const text = 'data: {"a":\ndata: [1,\ndata: 2]}\n\n';
    expect(await collect([encoder.encode(text)])).toEqual([{ a: [1, 2] }]);
  });

  it('reads events a server sent without the blank lines between them', async () => {
    const text = 'data: {"n":1}\ndata: {"n":2}\ndata: [DONE]\n';
    const decoder = new SseDecoder();
    expect(await collect([encoder.encode(text)], decoder)).toEqual([{ n: 1 }, { n: 2 }]);
    expect(decoder.done).toBe(true);
  });

  it('skips and counts malformed lines without throwing, and keeps reading', async () => {
    const text = [
      'data: {"n":1}',
      '',
      'data: {"n": oops',
      '',
      'this line is no field',
      'data: not json at all',
      '',
      'data:{"n":2}',
      '',
      'data: ',
      '',
      'retry: 1000',
      'data: {"n":3}',
    ].join('\n');
    const decoder = new SseDecoder();
    // The last event has no blank line after it: the end of the body closes it.
    expect(await collect([encoder.encode(text)], decoder)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(decoder.malformed).toBe(3);
    expect(decoder.done).toBe(false);
  });

  it('drops a line too long to hold and reads on', async () => {
    const decoder = new SseDecoder();
    const long = 'data: "' + 'x'.repeat(5 * 1024 * 1024) + '"\n\n';
    expect(decoder.push(encoder.encode(long))).toEqual([]);
    expect(decoder.push(encoder.encode('data: {"n":1}\n\n'))).toEqual([{ n: 1 }]);
    expect(decoder.malformed).toBe(1);
  });

  it('cancels the body when the reader stops early or [DONE] arrives', async () => {
    let cancelled = 0;
    const body = (): ReadableStream<Uint8Array> =>
      new ReadableStream({
        pull(controller) {
          controller.enqueue(encoder.encode('data: {"n":1}\n\ndata: [DONE]\n\n'));
        },
        cancel() {
          cancelled++;
        },
      });
    for await (const value of readSseJson(body())) expect(value).toEqual({ n: 1 });
    for await (const _ of readSseJson(body())) break;
    expect(cancelled).toBe(2);
  });
});

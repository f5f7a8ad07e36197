/**
 * A reader of `text/event-stream` bodies as OpenAI-compatible servers send them (OpenAI, Ollama,
 * vLLM, llama.cpp, LM Studio): the JSON of every event's `data:`, in order.
 *
 * Follows the SSE parsing rules (lines end with LF, CRLF or CR; a blank line ends an event; the
 * `data:` lines of one event join with LF; `:` lines are comments; one space after the colon is
 * dropped; `event:`, `id:`, `retry:` are ignored), and is lenient where servers are sloppy:
 *   - bytes arrive split anywhere, a line or a UTF-8 character across two reads;
 *   - an event whose joined data is not JSON but whose lines each are (a server that forgot the
 *     blank lines between events) yields each line;
 *   - a payload that is not JSON, or a line that is no SSE field, is skipped and counted in
 *     `malformed`; nothing throws mid-stream;
 *   - `[DONE]` ends the stream (`done` turns true and later bytes are ignored);
 *   - an event still open when the body ends is read as if a blank line had closed it.
 * A line longer than 4 MiB is dropped (counted) rather than held, so a server sending endless bytes
 * without a line break cannot exhaust memory.
 * Pure: `SseDecoder` does no I/O; `readSseJson` only reads the stream it is given.
 */

const MAX_LINE_CHARS = 4 * 1024 * 1024;
const KNOWN_FIELDS = new Set(['event', 'id', 'retry']);

/** Incremental decoder: feed it bytes as they come, take the JSON values each read completes. */
export class SseDecoder {
  /** Payloads that were not JSON, and lines that were no SSE field. */
  malformed = 0;
  /** JSON values returned so far. */
  events = 0;
  /** True once `data: [DONE]` arrived; everything after it is ignored. */
  done = false;

  private readonly text = new TextDecoder('utf-8');
  private line = '';
  private dropping = false;
  /** The last read ended with CR: an LF opening the next read belongs to the same line break. */
  private pendingCr = false;
  private data: string[] = [];

  /** The JSON values of the events these bytes complete. */
  push(bytes: Uint8Array): unknown[] {
    if (this.done) return [];
    return this.feed(this.text.decode(bytes, { stream: true }));
  }

  /** The body ended: what the last, unterminated line and event still hold. */
  end(): unknown[] {
    if (this.done) return [];
    const out = this.feed(this.text.decode());
    if (!this.done && (this.line !== '' || this.dropping)) this.takeLine(out);
    if (!this.done) this.dispatch(out);
    return out;
  }

  private feed(chunk: string): unknown[] {
    const out: unknown[] = [];
    if (chunk === '') return out;
    let start = 0;
    if (this.pendingCr && chunk.startsWith('\n')) start = 1;
    this.pendingCr = false;
    for (let i = start; i < chunk.length && !this.done; i++) {
      const code = chunk.charCodeAt(i);
      if (code !== 10 && code !== 13) continue;
      this.append(chunk.slice(start, i));
      this.takeLine(out);
      if (code === 13) {
        if (i + 1 < chunk.length) {
          if (chunk.charCodeAt(i + 1) === 10) i++;
        } else {
          this.pendingCr = true;
        }
      }
      start = i + 1;
    }
    if (!this.done && start < chunk.length) this.append(chunk.slice(start));
    return out;
  }

  private append(piece: string): void {
    if (this.dropping) return;
    if (this.line.length + piece.length > MAX_LINE_CHARS) {
      this.line = '';
      this.dropping = true;
      return;
    }
    this.line += piece;
  }

  private takeLine(out: unknown[]): void {
    const line = this.line;
    this.line = '';
    if (this.dropping) {
      this.dropping = false;
      this.malformed++;
      return;
    }
    if (line === '') return this.dispatch(out);
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') this.data.push(value);
    else if (!KNOWN_FIELDS.has(field)) this.malformed++;
  }

  private dispatch(out: unknown[]): void {
    const lines = this.data;
    this.data = [];
    if (lines.length === 0) return;
    const joined = lines.join('\n');
    if (joined.trim() === '') return;
    const whole = parse(joined);
    if (whole.ok) return this.emit(whole.value, out);
    if (joined.trim() === '[DONE]') {
      this.done = true;
      return;
    }
    if (lines.length === 1) {
      this.malformed++;
      return;
    }
    // Several data lines that do not make one JSON value: events that lost their blank lines.
    for (const line of lines) {
      if (this.done) return;
      if (line.trim() === '') continue;
      if (line.trim() === '[DONE]') {
        this.done = true;
        return;
      }
      const single = parse(line);
      if (single.ok) this.emit(single.value, out);
      else this.malformed++;
    }
  }

  private emit(value: unknown, out: unknown[]): void {
    this.events++;
    out.push(value);
  }
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * The JSON values of a stream's events, in order, until `[DONE]` or the end of the body. Pass a
 * decoder to read its counts afterwards. Stopping early (or `[DONE]`) cancels the body.
 */
export async function* readSseJson(
  body: ReadableStream<Uint8Array>,
  decoder: SseDecoder = new SseDecoder(),
): AsyncGenerator<unknown, void, undefined> {
  const reader = body.getReader();
  let finished = false;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        finished = true;
        yield* decoder.end();
        return;
      }
      yield* decoder.push(value);
      if (decoder.done) return;
    }
  } finally {
    if (!finished) await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}

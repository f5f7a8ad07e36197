/**
 * Speech to text from any server that speaks OpenAI's `POST /audio/transcriptions` (OpenAI's
 * whisper-1 or gpt-4o-mini-transcribe, a local whisper.cpp or faster-whisper server): the audio as
 * a multipart `file` with the `model`, answered `{ text }`. Every failure is a ProviderError whose
 * message can be shown as is; the key is never in it.
 */
import { STATUS_CODES } from 'node:http';
import { ProviderError } from './provider';
import { httpFetch } from '../../support/http-fetch';

export interface TranscriptionOptions {
  /** e.g. https://api.openai.com/v1; `/audio/transcriptions` is appended. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  /** The whole call (default 60 000). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface Audio {
  bytes: Buffer;
  mime: string;
  name: string;
  /** An ISO-639-1 hint ('id', 'en') when the conversation's language is known. */
  language?: string;
}

const MAX_SERVER_MESSAGE = 300;

/** The platform's transcription settings, when voice notes are transcribed (AI_BASE_URL and AI_TRANSCRIPTION_MODEL). */
export function transcriptionOf(ai: {
  baseUrl: string | undefined;
  apiKey: string | undefined;
  transcriptionModel: string | undefined;
  timeoutSeconds: number;
}): TranscriptionOptions | undefined {
  if (!ai.baseUrl || !ai.transcriptionModel) return undefined;
  return { baseUrl: ai.baseUrl, apiKey: ai.apiKey, model: ai.transcriptionModel, timeoutMs: ai.timeoutSeconds * 1000 };
}

/** Extensions the servers recognise a format by (they read the file's name, not its type). */
const extensions: Record<string, string> = {
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'audio/amr': 'amr',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/webm': 'webm',
};

/** The audio's words, trimmed (empty for silence). */
export async function transcribe(options: TranscriptionOptions, audio: Audio): Promise<string> {
  const redact = (text: string) => (options.apiKey ? text.split(options.apiKey).join('[redacted]') : text);
  const mime = audio.mime.split(';')[0].trim().toLowerCase();
  const name = /\.[a-z0-9]+$/i.test(audio.name) ? audio.name : `${audio.name || 'voice'}.${extensions[mime] ?? 'ogg'}`;
  const form = new FormData();
  form.set('model', options.model);
  form.set('response_format', 'json');
  if (audio.language) form.set('language', audio.language);
  form.set('file', new Blob([new Uint8Array(audio.bytes)], { type: mime }), name);
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000);
  let response: Response;
  try {
    response = await (options.fetch ?? httpFetch)(`${options.baseUrl.replace(/\/+$/, '')}/audio/transcriptions`, {
      method: 'POST',
      headers: { accept: 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
      body: form,
      signal: timeout,
    });
  } catch (error) {
    if (timeout.aborted) throw new ProviderError('timeout', 'The transcription server did not answer in time');
    throw new ProviderError('network', `Could not reach the transcription server: ${(error as Error).message}`);
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    let said: string;
    try {
      said = String((JSON.parse(text) as { error?: { message?: unknown } }).error?.message ?? '');
    } catch {
      said = text;
    }
    const reason = redact(said).slice(0, MAX_SERVER_MESSAGE) || STATUS_CODES[response.status] || 'an error';
    throw new ProviderError('http', `The transcription server answered ${response.status}: ${reason}`, response.status);
  }
  try {
    const body = JSON.parse(text) as { text?: unknown };
    if (typeof body.text === 'string') return body.text.trim();
  } catch {
    // fall through
  }
  throw new ProviderError('invalid_response', 'The transcription server answered without a text');
}

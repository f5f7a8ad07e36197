import { afterEach, describe, expect, it } from 'vitest';
import { transcribe, transcriptionOf } from '../../../server/bot-engine/providers/transcription';
import { ProviderError } from '../../../server/bot-engine/providers/provider';
import { startFakeChatServer, type FakeChatServer } from '../../helpers/fake-chat-server';

let server: FakeChatServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const audio = { bytes: Buffer.from('OggS-voice'), mime: 'audio/ogg; codecs=opus', name: 'voice' };

describe('transcribe', () => {
  it('posts the audio as a named file with the model, and answers its words', async () => {
    server = await startFakeChatServer();
    server.setTranscript((file) => `  ${file.name} (${file.mime}) heard  `);
    const words = await transcribe({ baseUrl: server.baseUrl, model: 'whisper-1' }, audio);
    expect(words).toBe('voice.ogg (audio/ogg) heard');
    expect(server.transcriptionBodies()[0]).toMatchObject({ model: 'whisper-1', response_format: 'json' });
  });

  it('says what the server said, never the key, and refuses an answer without text', async () => {
    server = await startFakeChatServer({ apiKey: 'sk-secret-123' });
    const refused = await transcribe({ baseUrl: server.baseUrl, model: 'whisper-1', apiKey: 'sk-wrong' }, audio).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(ProviderError);
    expect((refused as ProviderError).status).toBe(401);
    expect((refused as ProviderError).message).toContain('The transcription server answered 401');
    expect((refused as ProviderError).message).not.toContain('sk-wrong');

    const unreachable = await transcribe({ baseUrl: 'http://127.0.0.1:1/v1', model: 'whisper-1' }, audio).catch(
      (error: unknown) => error,
    );
    expect(unreachable).toMatchObject({ code: 'network' });
  });

  it('is on only with a server and a model', () => {
    const ai = { baseUrl: 'http://ai.test/v1', apiKey: 'k', transcriptionModel: 'whisper-1', timeoutSeconds: 30 };
    expect(transcriptionOf(ai)).toEqual({
      baseUrl: 'http://ai.test/v1',
      apiKey: 'k',
      model: 'whisper-1',
      timeoutMs: 30_000,
    });
    expect(transcriptionOf({ ...ai, transcriptionModel: undefined })).toBeUndefined();
    expect(transcriptionOf({ ...ai, baseUrl: undefined })).toBeUndefined();
  });
});

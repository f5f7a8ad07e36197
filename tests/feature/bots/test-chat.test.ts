import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { startFakeChatServer, type FakeChatServer } from '../../helpers/fake-chat-server';

/**
 * The test chat on Bots/Show: a turn of the draft streamed to the user's private channel and
 * answered whole with citations and its trace; offline with the extractive provider, and through
 * an OpenAI-compatible server (a local fake speaking the real wire format).
 */
type Turn = {
  reply: string;
  kind: string;
  citations: Array<{ marker: number; sourceTitle: string }>;
  trace: Record<string, unknown> & {
    provider: { kind: string; extractive: boolean };
    usage: { promptTokens: number; estimated: boolean };
  };
};

describe('offline, with the extractive provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers from the knowledge with a citation, streams the pieces to the user channel and keeps the thread', async () => {
    const { chat, botId, owner, client } = await cafeBot(app);
    const before = app.broadcasts.length;
    const res = await chat('Outlet Kemang buka jam berapa?');
    expect(res.status, res.text).toBe(200);
    const { turn, thread } = res.body as { turn: Turn; thread: string };
    expect(turn.kind).toBe('answer');
    expect(turn.reply).toContain('07.00');
    expect(turn.citations).toEqual([expect.objectContaining({ marker: 1, sourceTitle: 'Jam buka' })]);
    expect(turn.trace.provider).toMatchObject({ kind: 'extractive', extractive: true });
    expect(turn.trace.usage.estimated).toBe(true);

    const deltas = app.broadcasts.slice(before).filter((b) => b.event === 'App\\Events\\BotReplyDelta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas[0].channels).toEqual([`private-App.Models.User.${owner.id}`]);
    const streamed = deltas.map((b) => (b.data as { text: string }).text).join('');
    expect(streamed).toBe(turn.reply);
    expect(new Set(deltas.map((b) => (b.data as { thread: string; bot_id: number }).thread))).toEqual(
      new Set([thread]),
    );

    // A curated Q&A answers as written, in the same thread.
    const qris = await chat('bisa bayar pake qris ga?', thread);
    expect((qris.body as { turn: Turn }).turn).toMatchObject({
      kind: 'curated',
      reply: 'Bisa. Kami menerima QRIS, GoPay, OVO, kartu debit/kredit dan tunai.',
    });
    expect((qris.body as { thread: string }).thread).toBe(thread);

    const show = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
    expect((show.props.recent_turns as Array<{ question: string }>).map((t) => t.question)).toEqual([
      'bisa bayar pake qris ga?',
      'Outlet Kemang buka jam berapa?',
    ]);
  });

  it('falls back when nothing grounds an answer, and hands over when the person asks for one', async () => {
    const { chat } = await cafeBot(app);
    const unknown = (await chat('Siapa presiden pertama Amerika Serikat?')).body as { turn: Turn };
    expect(unknown.turn.kind).toBe('fallback');
    expect(unknown.turn.reply).toMatch(/belum punya informasi/);
    const human = (await chat('saya mau bicara dengan admin dong')).body as {
      turn: Turn & { trace: { handoff: { reason: string } } };
    };
    expect(human.turn.kind).toBe('handoff');
    expect(human.turn.trace.handoff).toMatchObject({ reason: 'user_request' });
  });

  it('says its fixed messages in the language of the person, as the team wrote them for each', async () => {
    const { chat, client, botId } = await cafeBot(app);
    const unknown = (await chat('Who was the first president of the United States?')).body as { turn: Turn };
    expect(unknown.turn).toMatchObject({ kind: 'fallback', reply: 'Sorry, I don’t have information about that yet.' });
    const human = (await chat('Can I talk to a human please?')).body as { turn: Turn };
    expect(human.turn).toMatchObject({
      kind: 'handoff',
      reply: 'Sure, I’m connecting you with our team. Please wait a moment.',
    });

    const edit = (await client.visit(`/bots/${botId}/edit`)).body.props as {
      config: { english: Record<string, string> } & Record<string, unknown>;
    };
    expect(edit.config.english.fallbackMessage).toBe('Sorry, I don’t have information about that yet.');
    const saved = await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      config: {
        ...edit.config,
        english: { ...edit.config.english, fallbackMessage: 'Sorry, we don’t know that one yet!' },
      },
    });
    expect(saved.status).toBe(303);
    const again = (await chat('Who was the first president of the United States?')).body as { turn: Turn };
    expect(again.turn.reply).toBe('Sorry, we don’t know that one yet!');
    // Indonesian stays Indonesian, and alone.
    const id = (await chat('Siapa presiden pertama Amerika Serikat?')).body as { turn: Turn };
    expect(id.turn.reply).toBe('Maaf, saya belum punya informasi tentang itu.');

    const tooLong = await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      config: { ...edit.config, english: { ...edit.config.english, handoffMessage: 'x'.repeat(2001) } },
    });
    expect(tooLong.status).toBe(303);
    const errors = (await client.visit(`/bots/${botId}/edit`)).body.props.errors as Record<string, string>;
    expect(Object.entries(errors)).toEqual([
      [
        expect.stringMatching(/^(config\.)?english\.handoffMessage$/),
        'The English handoff message field must not be greater than 2000 characters.',
      ],
    ]);
  });

  it('records thumbs up and down on an answer, and refuses an empty message', async () => {
    const { chat, client, botId } = await cafeBot(app);
    const { turn } = (await chat('parkir mobil berapa?')).body as { turn: Turn & { id: number } };
    const up = await client.agent
      .put(`/bots/${botId}/turns/${turn.id}/feedback`)
      .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
      .send({ feedback: 1 });
    expect(up.body.turn.feedback).toBe(1);
    const empty = await chat('   ');
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ message: ['The message field is required.'] });
  });
});

describe('through an OpenAI-compatible server', () => {
  let app: TestApp;
  let server: FakeChatServer;
  beforeAll(async () => {
    server = await startFakeChatServer({
      apiKey: 'sk-chat-secret',
      reply: 'Outlet Kemang buka pukul 07.00 sampai 22.00 [1].',
    });
    app = await createTestApp({
      env: { AI_BASE_URL: server.baseUrl, AI_API_KEY: 'sk-chat-secret', AI_CHAT_MODEL: 'fake-model' },
    });
  });
  afterAll(async () => {
    await app.close();
    await server.close();
  });

  it('streams the model reply with the passages in the prompt, maps its markers to citations and records usage', async () => {
    const { chat } = await cafeBot(app);
    const res = await chat('Outlet Kemang buka jam berapa?');
    expect(res.status, res.text).toBe(200);
    const { turn } = res.body as { turn: Turn & { prompt_tokens: number } };
    expect(turn.reply).toBe('Outlet Kemang buka pukul 07.00 sampai 22.00 [1].');
    expect(turn.citations).toEqual([expect.objectContaining({ marker: 1, sourceTitle: 'Jam buka' })]);
    expect(turn.trace).toMatchObject({
      model: 'fake-model',
      provider: { kind: 'openai-compatible', extractive: false },
    });
    expect(turn.prompt_tokens).toBeGreaterThan(0);
    const body = server.chatBodies().at(-1)!;
    expect(body).toMatchObject({ model: 'fake-model', stream: true, stream_options: { include_usage: true } });
    expect(JSON.stringify(body.messages)).toContain('[1]');
    expect(JSON.stringify(body.messages)).toContain('07.00 sampai 22.00');
    expect(JSON.stringify(res.body)).not.toContain('sk-chat-secret');
    expect(JSON.stringify(app.logs())).not.toContain('sk-chat-secret');
  });

  it('tells what the model server answered when it fails, without its key', async () => {
    const { chat } = await cafeBot(app);
    server.fail(2, 500);
    const res = await chat('Outlet Kemang buka jam berapa?');
    expect(res.status).toBe(502);
    expect(res.body.message).toMatch(/model server answered 500/);
    expect(JSON.stringify(res.body)).not.toContain('sk-chat-secret');
  });
});

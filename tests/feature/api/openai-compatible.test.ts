import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { createApiToken } from '../../factories/api-tokens';

/**
 * The official `openai` SDK pointed at `<APP_URL>/api/v1` with a Kawan token: it lists the team's
 * published bots as models, gets a completion and a streamed one (usage chunk included) from a
 * bot, and reads Kawan's errors as its own (401, 404 model_not_found, 422).
 */
let app: TestApp;
let server: Server;
let baseURL: string;
let client: OpenAI;
let publicId: string;

beforeAll(async () => {
  app = await createTestApp();
  server = createServer(app.app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  const bot = await cafeBot(app);
  await bot.client.send('post', `/bots/${bot.botId}/publish`, { note: 'First' });
  const show = (await bot.client.visit(`/bots/${bot.botId}`)).body.props as { bot: { public_id: string } };
  publicId = show.bot.public_id;
  const { plainText } = await createApiToken(app.services, bot.owner, { teamId: bot.team.id, abilities: ['read'] });
  client = new OpenAI({ apiKey: plainText, baseURL, maxRetries: 0 });
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await app.close();
});

describe('the openai SDK against /api/v1', () => {
  it('lists the published bots as models', async () => {
    const models = await client.models.list();
    expect(models.data.map((model) => model.id)).toEqual([publicId]);
    expect(models.data[0]).toMatchObject({ object: 'model', owned_by: 'kawan' });
  });

  it('gets a completion with citations from the published bot', async () => {
    const completion = await client.chat.completions.create({
      model: publicId,
      messages: [{ role: 'user', content: 'Outlet Kemang buka jam berapa?' }],
    });
    expect(completion.object).toBe('chat.completion');
    expect(completion.choices[0].message.content).toContain('07.00');
    expect(completion.usage?.total_tokens).toBeGreaterThan(0);
    const extra = completion as unknown as { citations: Array<{ source_title: string }>; kawan: { kind: string } };
    expect(extra.citations[0].source_title).toBe('Jam buka');
    expect(extra.kawan.kind).toBe('answer');
  });

  it('streams a completion chunk by chunk, with the usage chunk when asked', async () => {
    const stream = await client.chat.completions.create({
      model: publicId,
      messages: [
        { role: 'system', content: 'ignored: the bot has its own instructions' },
        { role: 'user', content: 'Parkir mobil berapa?' },
      ],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = '';
    let chunks = 0;
    let usage: OpenAI.CompletionUsage | undefined;
    let finish: string | null = null;
    for await (const chunk of stream) {
      chunks += 1;
      text += chunk.choices[0]?.delta?.content ?? '';
      finish = chunk.choices[0]?.finish_reason ?? finish;
      if (chunk.usage) usage = chunk.usage;
    }
    expect(chunks).toBeGreaterThan(2);
    expect(text).toContain('Rp 5.000');
    expect(finish).toBe('stop');
    expect(usage?.completion_tokens).toBeGreaterThan(0);
  });

  it('reads a bad token, an unknown model and a bad body as OpenAI errors', async () => {
    const stranger = new OpenAI({ apiKey: 'kawan_not-a-real-token', baseURL, maxRetries: 0 });
    await expect(stranger.models.list()).rejects.toMatchObject({ status: 401, type: 'authentication_error' });
    await expect(
      client.chat.completions.create({ model: 'bot_doesNotExist00', messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 404, code: 'model_not_found' });
    await expect(
      client.chat.completions.create({ model: publicId, messages: [{ role: 'assistant', content: 'hi' }] }),
    ).rejects.toMatchObject({ status: 422, type: 'invalid_request_error', param: 'messages' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, expectPage, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import type { ReplayItem } from '../../../server/domain/bots/actions/replay';
import { createChannel, createConversation } from '../../factories/channels';

/**
 * Replay before publishing: the saved test questions and the last questions customers asked,
 * answered by the draft and by the published version.
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('replay', () => {
  it('shows what a draft change does to the answers: a lost knowledge base loses its citations and falls back', async () => {
    const { client, botId } = await cafeBot(app);
    const edit = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit');
    const config = edit.props.config as Record<string, unknown>;
    await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      test_questions: 'Outlet Kemang buka jam berapa?\nParkir mobil berapa?',
      config,
    });
    await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });

    // Without questions nothing to replay; here there are two. The draft now has no knowledge.
    await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      test_questions: 'Outlet Kemang buka jam berapa?\nParkir mobil berapa?',
      config: { ...config, knowledgeIds: [] },
    });
    const started = await client.send('post', `/bots/${botId}/replay`);
    expect(started.headers.location).toBe(`/bots/${botId}`);
    const queued = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
    expect(queued.props.replay).toMatchObject({ status: 'queued', progress: 0, published_version: 1 });

    await client.work();
    const done = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
    const replay = done.props.replay as { status: string; progress: number; results: ReplayItem[] };
    expect(replay).toMatchObject({ status: 'done', progress: 100 });
    expect(replay.results).toHaveLength(2);
    for (const item of replay.results) {
      expect(item.published).toMatchObject({ kind: 'answer' });
      expect(item.draft.kind).toBe('fallback');
      expect(item.changes).toMatchObject({ answer: true, newFallback: true, citationsLost: ['Jam buka'] });
    }
    const progress = app.broadcasts
      .filter((b) => b.event === 'App\\Events\\BotReplayUpdated')
      .map((b) => (b.data as { progress: number }).progress);
    expect(progress).toEqual([0, 50, 100, 100]);
  });

  it('asks for test questions first', async () => {
    const { client, botId } = await cafeBot(app);
    await client.visit(`/bots/${botId}`);
    await client.send('post', `/bots/${botId}/replay`);
    expect(expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show').props.errors).toEqual({
      replay: 'Save a few test questions on the edit page first (or wait for customers to ask): Replay asks them.',
    });
  });

  it('asks the last questions customers asked too, each once, after the saved ones', async () => {
    const { client, botId, team } = await cafeBot(app);
    const edit = expectPage(await client.visit(`/bots/${botId}/edit`), 'Bots/Edit');
    const config = edit.props.config as Record<string, unknown>;
    await client.send('put', `/bots/${botId}`, {
      name: 'Asisten Kopi',
      avatar_color: 'emerald',
      test_questions: 'Parkir mobil berapa?',
      config,
    });
    await client.send('post', `/bots/${botId}/publish`, { note: 'v1' });
    const channel = await createChannel(app.services, team.id, { type: 'web', botId });
    for (const text of [
      'bisa bayar pake qris ga?',
      'parkir mobil berapa?',
      'ok',
      'Outlet Kemang buka jam berapa?',
      'bisa bayar pake QRIS ga?',
    ]) {
      await createConversation(app.services, channel, { text });
    }
    const shown = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show');
    expect(shown.props.replay_questions).toEqual({ saved: 1, conversation: 2 });

    await client.send('post', `/bots/${botId}/replay`);
    await client.work();
    const replay = expectPage(await client.visit(`/bots/${botId}`), 'Bots/Show').props.replay as {
      results: ReplayItem[];
    };
    expect(replay.results.map((item) => [item.source, item.question])).toEqual([
      ['saved', 'Parkir mobil berapa?'],
      ['conversation', 'bisa bayar pake QRIS ga?'],
      ['conversation', 'Outlet Kemang buka jam berapa?'],
    ]);
    expect(replay.results.every((item) => item.draft.kind !== 'error' && item.published?.kind !== 'error')).toBe(true);
  });
});

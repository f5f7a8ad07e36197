import supertest from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../helpers/app';
import { createOwnedTeam } from '../../factories/teams';
import { createApiToken } from '../../factories/api-tokens';

/**
 * An Indonesian FAQ with some pairs in English, as cafés serving tourists write them: a question's
 * function words ("do you have", "yang", "di") do not choose the answer. They matched every English
 * pair, so "do you have vegan options?" found "Do you serve alcohol?" and not "Ada menu vegan?".
 */
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const pairs = [
  {
    question: 'Ada menu vegan?',
    alternatives: ['ada pilihan vegetarian ga kak', 'menu tanpa daging apa aja'],
    answer: 'Ada. Gado-Gado dibuat dengan saus kacang tanpa terasi, dan Brownies Vegan dibuat tanpa telur dan susu.',
  },
  {
    question: 'Is the food halal? Do you serve alcohol?',
    alternatives: ['halal certified?', 'do you have beer'],
    answer: 'Everything we serve is halal-certified. There is no pork and no alcohol on the menu.',
  },
  {
    question: 'Do you have lactose-free or plant-based milk?',
    alternatives: ['oat milk available?'],
    answer: 'Yes. Any milk drink can be made with oat milk or almond milk for an extra Rp 8.000.',
  },
  {
    question: 'Do you deliver, and is there a minimum order?',
    alternatives: ['free delivery minimum'],
    answer: 'Yes, through GoFood, GrabFood or our own couriers, with a minimum order of Rp 50.000.',
  },
  {
    question: 'Apakah ada tempat parkir?',
    alternatives: ['parkir mobil ada ga kak?'],
    answer: 'Kemang punya parkir untuk 10 mobil dan motor, gratis.',
  },
];

describe('searching a mixed-language FAQ', () => {
  it('ranks by what the question is about, and still answers a question of function words only', async () => {
    const { owner, team } = await createOwnedTeam(app.services, { current: true });
    const { plainText } = await createApiToken(app.services, owner, { teamId: team.id, abilities: ['create', 'read'] });
    const headers = { Authorization: `Bearer ${plainText}`, Accept: 'application/json' };
    const api = supertest(app.app);
    const call = (method: 'get' | 'post', url: string) =>
      (method === 'get' ? api.get(url) : api.post(url)).set(headers);
    const created = await call('post', '/api/knowledges').send({ name: 'FAQ', language: 'indonesian' });
    const id = created.body.id as number;
    for (const pair of pairs) {
      expect((await call('post', `/api/knowledges/${id}/sources`).send({ type: 'qa', ...pair })).status).toBe(202);
    }
    await app.services.jobs.drain();

    const search = async (q: string) => {
      const res = await call('get', `/api/knowledges/${id}/search?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      return res.body.chunks as { content: string; retrievers: { fulltext: { rank: number } | null } }[];
    };
    const vegan = await search('do you have vegan options?');
    expect(vegan[0].content).toMatch(/^Ada menu vegan\?/);
    // Full-text found it by "vegan" alone, first among its candidates.
    expect(vegan[0].retrievers.fulltext).toMatchObject({ rank: 1 });

    const parking = await search('yang di kemang ada parkir mobil?');
    expect(parking[0].content).toMatch(/^Apakah ada tempat parkir\?/);

    // Nothing but function words: they are searched rather than nothing.
    const vague = await search('do you have it?');
    expect(vague.length).toBeGreaterThan(0);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import request from 'supertest';
import { eq } from 'drizzle-orm';
import { createTestApp, expectPage, signedIn, type TestApp } from '../../helpers/app';
import { cafeBot } from '../../helpers/bots';
import { createChannel } from '../../factories/channels';
import { createMember } from '../../factories/teams';
import { conversationRepository } from '../../../server/db/repositories/conversation-repository';
import { gapRepository } from '../../../server/db/repositories/gap-repository';
import { knowledgeGapQuestions, knowledgeGaps, knowledgeSources, messages } from '../../../server/db/schema/index';
import { collectQuestion, gapJob } from '../../../server/domain/gaps/collect-question';
import type { GapProps, ReportsGapsProps } from '../../../server/presenters/gap-presenter';
import type { SessionResponse, WidgetMessage } from '../../../server/channels/web/protocol';
import type { UserRow } from '../../../server/db/repositories/user-repository';

/**
 * The knowledge-gap inbox end to end: questions the café bot cannot answer, through the real
 * widget and pipeline, grouped into gaps; the agent's reply suggested as the answer; a gap turned
 * into a curated Q&A answer and asked again at once; dismissing; thumbs-down; redelivered jobs;
 * roles and tenancy.
 */
const site = 'https://shop.example.com';

let app: TestApp;
let cafe: Awaited<ReturnType<typeof cafeBot>>;
let key: string;
let viewer: UserRow;
let editor: UserRow;
let agent: UserRow;

beforeAll(async () => {
  app = await createTestApp({ env: { QUEUE_RETRY_DELAY_SECONDS: '0' } });
  cafe = await cafeBot(app);
  expect((await cafe.client.send('post', `/bots/${cafe.botId}/publish`, { note: 'v1' })).status).toBe(303);
  const channel = await createChannel(app.services, cafe.team.id, {
    type: 'web',
    botId: cafe.botId,
    name: 'Website',
    settings: { allowedDomains: ['shop.example.com'] },
  });
  key = channel.publicKey;
  viewer = await createMember(app.services, cafe.team, 'viewer', { current: true });
  editor = await createMember(app.services, cafe.team, 'editor', { current: true });
  agent = await createMember(app.services, cafe.team, 'agent', { current: true });
});
afterAll(async () => {
  await app.close();
});

/** A new widget visitor who can ask questions and rate replies; every job runs before it returns. */
async function visitor() {
  const call = (path: string, token?: string) => {
    const req = request(app.app).post(`/widget/${key}/${path}`).set({ Origin: site, Accept: 'application/json' });
    return token ? req.set('Authorization', `Bearer ${token}`) : req;
  };
  const started = await call('session').send({});
  expect(started.status, started.text).toBe(200);
  const { token } = started.body as SessionResponse;
  let conversationId = 0;
  return {
    async ask(text: string) {
      const sent = await call('messages', token).send({ text, clientId: randomUUID() });
      expect(sent.status, sent.text).toBe(202);
      const message = (sent.body as { message: WidgetMessage }).message;
      await app.services.jobs.drain();
      const repo = conversationRepository(app.services.db, cafe.team.id);
      const inbound = (await repo.message(Number(message.id)))!;
      conversationId = inbound.conversationId;
      return { inbound, reply: await repo.replyTo(inbound.id) };
    },
    async rate(messageId: number, value: 'up' | 'down') {
      const res = await call(`messages/${messageId}/feedback`, token).send({ value });
      expect(res.status, res.text).toBe(204);
      await app.services.jobs.drain();
    },
    get conversationId() {
      return conversationId;
    },
  };
}

async function gapsPage(user: UserRow, query = '') {
  const client = await signedIn(app.app, user);
  const page = expectPage(await client.visit(`/reports/gaps${query}`), 'Reports/Gaps');
  return page.props as unknown as ReportsGapsProps;
}

const gapAbout = (props: ReportsGapsProps, text: string): GapProps | undefined =>
  props.gaps.data.find((gap) => gap.examples.some((example) => example.text === text));

async function questionsOf(gapId: number) {
  return app.services.db.select().from(knowledgeGapQuestions).where(eq(knowledgeGapQuestions.gapId, gapId));
}

describe('collecting questions the bot could not answer', () => {
  it('turns a fallback into a gap, and a similar question from another conversation joins it', async () => {
    const first = await visitor();
    const { reply } = await first.ask('Apakah ada wifi?');
    expect(reply?.ai?.kind).toBe('fallback');

    const second = await visitor();
    expect((await second.ask('wifi nya ada ga kak?')).reply?.ai?.kind).toBe('fallback');
    // Answered from the knowledge: no gap.
    const third = await visitor();
    expect((await third.ask('Outlet Kemang buka jam berapa?')).reply?.ai?.kind).toBe('answer');

    const props = await gapsPage(cafe.owner);
    const wifi = gapAbout(props, 'Apakah ada wifi?')!;
    expect(wifi).toMatchObject({
      title: 'Apakah ada wifi?',
      status: 'open',
      question_count: 2,
      conversation_count: 2,
      reasons: { fallback: 2, low_confidence: 0, handoff: 0, thumbs_down: 0 },
    });
    // Newest first, each linking to its conversation.
    expect(wifi.examples.map((example) => example.text)).toEqual(['wifi nya ada ga kak?', 'Apakah ada wifi?']);
    expect(wifi.examples[1].conversation.id).toBe(first.conversationId);
    expect(props.gaps.data.some((gap) => gap.examples.some((example) => /buka jam berapa/.test(example.text)))).toBe(
      false,
    );
    expect(props.counts.open).toBe(props.gaps.meta.total);
    // The knowledge bases the bot answers from come first in the answer form.
    expect(wifi.knowledge_ids).toEqual([cafe.knowledgeId]);
    expect(JSON.stringify(props)).not.toMatch(/centroid|embedding/);
  });

  it('keeps an unrelated question in a gap of its own, and ranks gaps by the conversations they cost', async () => {
    await (await visitor()).ask('Bisa pesan lewat GoFood?');
    const props = await gapsPage(cafe.owner);
    const gofood = gapAbout(props, 'Bisa pesan lewat GoFood?')!;
    const wifi = gapAbout(props, 'Apakah ada wifi?')!;
    expect(gofood.id).not.toBe(wifi.id);
    expect(gofood.conversation_count).toBe(1);
    expect(props.gaps.data.indexOf(wifi)).toBeLessThan(props.gaps.data.indexOf(gofood));
  });

  it('takes the question before a request for a person, and nothing from a first message asking for one', async () => {
    const customer = await visitor();
    expect((await customer.ask('Parkir mobil berapa?')).reply?.ai?.kind).toBe('answer');
    expect((await customer.ask('saya mau bicara dengan manusia')).reply?.ai?.kind).toBe('handoff');
    const props = await gapsPage(cafe.owner);
    const parking = gapAbout(props, 'Parkir mobil berapa?')!;
    expect(parking.reasons).toMatchObject({ handoff: 1, fallback: 0 });
    expect(props.gaps.data.some((gap) => /manusia/.test(gap.title))).toBe(false);

    const before = (await gapsPage(cafe.owner)).counts.open;
    expect((await (await visitor()).ask('mau ngomong sama CS dong')).reply?.ai?.kind).toBe('handoff');
    expect((await gapsPage(cafe.owner)).counts.open).toBe(before);
  });

  it('collects a thumbs-down once, however often it is given or its job runs', async () => {
    const customer = await visitor();
    const { inbound, reply } = await customer.ask('Apakah bisa bayar pakai QRIS?');
    expect(reply?.ai?.kind).toBe('curated');
    await customer.rate(reply!.id, 'down');
    await customer.rate(reply!.id, 'down');
    const props = await gapsPage(cafe.owner);
    const qris = gapAbout(props, 'Apakah bisa bayar pakai QRIS?')!;
    expect(qris).toMatchObject({ question_count: 1, reasons: { thumbs_down: 1 } });

    // A redelivered job (the same message) finds the question and stops.
    await app.services.jobs.send(gapJob, { teamId: cafe.team.id, messageId: inbound.id, reason: 'thumbs_down' });
    await app.services.jobs.drain();
    expect(
      await collectQuestion(app.services, { teamId: cafe.team.id, messageId: inbound.id, reason: 'thumbs_down' }),
    ).toBeUndefined();
    expect(await questionsOf(qris.id)).toHaveLength(1);
    // A thumbs-up collects nothing.
    const other = await visitor();
    const answered = await other.ask('Outlet Kemang buka jam berapa?');
    await other.rate(answered.reply!.id, 'up');
    expect(await gapRepository(app.services.db, cafe.team.id).questionOf(answered.inbound.id)).toBeUndefined();
  });
});

describe('dismissing a gap', () => {
  it('hides it until a new question arrives', async () => {
    const gofood = gapAbout(await gapsPage(cafe.owner), 'Bisa pesan lewat GoFood?')!;
    const client = await signedIn(app.app, cafe.owner);
    const res = await client.send(
      'post',
      `/reports/gaps/${gofood.id}/dismiss`,
      {},
      { Referer: 'http://127.0.0.1/reports/gaps?page=1' },
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('http://127.0.0.1/reports/gaps?page=1');
    // A Referer of another site is not followed.
    const elsewhere = await client.send(
      'post',
      `/reports/gaps/${gofood.id}/dismiss`,
      {},
      { Referer: 'https://evil.example/' },
    );
    expect(elsewhere.headers.location).toBe('/reports/gaps');
    expect(gapAbout(await gapsPage(cafe.owner), 'Bisa pesan lewat GoFood?')).toBeUndefined();
    expect(gapAbout(await gapsPage(cafe.owner, '?status=dismissed'), 'Bisa pesan lewat GoFood?')).toMatchObject({
      status: 'dismissed',
    });

    expect((await (await visitor()).ask('bisa pesan lewat gofood ga?')).reply?.ai?.kind).toBe('fallback');
    const back = gapAbout(await gapsPage(cafe.owner), 'bisa pesan lewat gofood ga?')!;
    expect(back).toMatchObject({ id: gofood.id, status: 'open', dismissed_at: null, question_count: 2 });
  });
});

describe('answering a gap', () => {
  it("suggests the agent's reply to the customer (not a note) as the answer", async () => {
    const props = await gapsPage(cafe.owner);
    const wifi = gapAbout(props, 'Apakah ada wifi?')!;
    const conversationId = wifi.examples[1].conversation.id;
    const owner = await signedIn(app.app, cafe.owner);
    expect(
      (await owner.send('post', `/conversations/${conversationId}/notes`, { text: 'cek dulu ke barista' })).status,
    ).toBe(303);
    const replied = await owner.send('post', `/conversations/${conversationId}/messages`, {
      text: 'Ada kak, wifi gratis untuk pelanggan. Password-nya ada di struk.',
    });
    expect(replied.status, replied.text).toBe(303);
    await app.services.jobs.drain();

    const after = gapAbout(await gapsPage(cafe.owner), 'Apakah ada wifi?')!;
    expect(after.examples[1].agent_reply?.text).toBe(
      'Ada kak, wifi gratis untuk pelanggan. Password-nya ada di struk.',
    );
    expect(after.examples[0].agent_reply).toBeNull();
    expect(after.suggested_answer).toBe('Ada kak, wifi gratis untuk pelanggan. Password-nya ada di struk.');
  });

  it('refuses an answer without a knowledge base of the team or without text, with a message per field', async () => {
    const wifi = gapAbout(await gapsPage(cafe.owner), 'Apakah ada wifi?')!;
    const client = await signedIn(app.app, cafe.owner);
    const res = await client.agent
      .post(`/reports/gaps/${wifi.id}/answer`)
      .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
      .send({ knowledge_id: '', question: '', answer: '' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      knowledge_id: ['Choose a knowledge base.'],
      question: ['The question field is required.'],
      answer: ['The answer field is required.'],
    });
    const other = await cafeBot(app);
    const foreign = await client.agent
      .post(`/reports/gaps/${wifi.id}/answer`)
      .set({ 'X-XSRF-TOKEN': client.token, Accept: 'application/json' })
      .send({ knowledge_id: other.knowledgeId, question: 'Apakah ada wifi?', answer: 'Ada.' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ knowledge_id: ['The selected knowledge base is invalid.'] });
    // The form's way: back to the page with the errors in its bag.
    const form = await client.send(
      'post',
      `/reports/gaps/${wifi.id}/answer`,
      { knowledge_id: cafe.knowledgeId, question: 'Apakah ada wifi?', answer: '' },
      { 'X-Inertia-Error-Bag': 'answerGap', Referer: 'http://127.0.0.1/reports/gaps' },
    );
    expect(form.status).toBe(303);
    // The redirect is followed with the request's headers, the error bag's among them.
    const page = expectPage(
      await client.visit('/reports/gaps', { 'X-Inertia-Error-Bag': 'answerGap' }),
      'Reports/Gaps',
    );
    expect(page.props.errors).toEqual({ answerGap: { answer: 'The answer field is required.' } });
    expect(gapAbout(page.props as unknown as ReportsGapsProps, 'Apakah ada wifi?')?.status).toBe('open');
  });

  it('creates a curated Q&A source, asks the questions again at once, and shows them answered now', async () => {
    const wifi = gapAbout(await gapsPage(cafe.owner), 'Apakah ada wifi?')!;
    const client = await signedIn(app.app, editor);
    const res = await client.send('post', `/reports/gaps/${wifi.id}/answer`, {
      knowledge_id: cafe.knowledgeId,
      question: wifi.title,
      alternatives: wifi.examples
        .map((example) => example.text)
        .filter((text) => text !== wifi.title)
        .join('\n'),
      answer: wifi.suggested_answer,
    });
    expect(res.status, res.text).toBe(303);
    expect(res.headers.location).toBe('/reports/gaps?status=answered');

    const [source] = await app.services.db
      .select()
      .from(knowledgeSources)
      .where(eq(knowledgeSources.title, 'Apakah ada wifi?'));
    expect(source).toMatchObject({ type: 'qa', status: 'ready', knowledgeId: cafe.knowledgeId });
    expect(source.qa).toEqual({
      question: 'Apakah ada wifi?',
      alternatives: ['wifi nya ada ga kak?'],
      answer: 'Ada kak, wifi gratis untuk pelanggan. Password-nya ada di struk.',
    });

    const page = expectPage(await client.visit('/reports/gaps?status=answered'), 'Reports/Gaps');
    expect(page.flash).toMatchObject({
      banner: 'Saved to FAQ. Asked again, 2 of 2 questions are answered now.',
      bannerStyle: 'success',
    });
    const props = page.props as unknown as ReportsGapsProps;
    const answered = props.gaps.data[0];
    expect(answered).toMatchObject({
      id: wifi.id,
      status: 'answered',
      answer: { source_id: source.id, title: 'Apakah ada wifi?', knowledge: { id: cafe.knowledgeId, name: 'FAQ' } },
    });
    expect(answered.retest).toEqual([
      {
        question: 'wifi nya ada ga kak?',
        kind: 'curated',
        answered: true,
        reply: 'Ada kak, wifi gratis untuk pelanggan. Password-nya ada di struk.',
      },
      {
        question: 'Apakah ada wifi?',
        kind: 'curated',
        answered: true,
        reply: 'Ada kak, wifi gratis untuk pelanggan. Password-nya ada di struk.',
      },
    ]);
    expect(gapAbout(await gapsPage(cafe.owner), 'Apakah ada wifi?')).toBeUndefined();

    // Customers get the answer now; a later complaint about it opens the gap again.
    const customer = await visitor();
    const again = await customer.ask('ada wifi?');
    expect(['curated', 'answer']).toContain(again.reply?.ai?.kind);
    expect(again.reply?.text).toContain('wifi gratis');
    await customer.rate(again.reply!.id, 'down');
    const reopened = gapAbout(await gapsPage(cafe.owner), 'ada wifi?')!;
    expect(reopened).toMatchObject({ id: wifi.id, status: 'open', question_count: 3 });
  });
});

describe('who sees and acts on gaps', () => {
  it('lets viewers read without acting, keeps agents out, and lets editors act', async () => {
    const asViewer = await gapsPage(viewer);
    expect(asViewer.can).toEqual({ answer: false, dismiss: false });
    expect(asViewer.knowledges).toEqual([]);
    expect(asViewer.gaps.data.length).toBeGreaterThan(0);
    const gap = asViewer.gaps.data[0];
    const client = await signedIn(app.app, viewer);
    expect((await client.send('post', `/reports/gaps/${gap.id}/dismiss`)).status).toBe(403);
    expect(
      (
        await client.send('post', `/reports/gaps/${gap.id}/answer`, {
          knowledge_id: cafe.knowledgeId,
          question: 'x',
          answer: 'y',
        })
      ).status,
    ).toBe(403);
    const [row] = await app.services.db.select().from(knowledgeGaps).where(eq(knowledgeGaps.id, gap.id));
    expect(row.status).toBe('open');

    const asAgent = await signedIn(app.app, agent);
    expect((await asAgent.visit('/reports/gaps')).status).toBe(403);
    expect((await asAgent.send('post', `/reports/gaps/${gap.id}/dismiss`)).status).toBe(403);

    const asEditor = await gapsPage(editor);
    expect(asEditor.can).toEqual({ answer: true, dismiss: true });
    expect(asEditor.knowledges.map((knowledge) => knowledge.name)).toEqual(['FAQ']);
  });

  it("shows another team nothing of this team's gaps, and a 404 for acting on one", async () => {
    const other = await cafeBot(app);
    const props = await gapsPage(other.owner);
    expect(props.gaps.data).toEqual([]);
    expect(props.counts).toEqual({ open: 0, dismissed: 0, answered: 0 });
    const ours = (await gapsPage(cafe.owner)).gaps.data[0];
    const client = await signedIn(app.app, other.owner);
    expect((await client.send('post', `/reports/gaps/${ours.id}/dismiss`)).status).toBe(404);
    const answer = await client.send('post', `/reports/gaps/${ours.id}/answer`, {
      knowledge_id: other.knowledgeId,
      question: 'Apa?',
      answer: 'Ini.',
    });
    expect(answer.status).toBe(404);
    const [row] = await app.services.db.select().from(knowledgeGaps).where(eq(knowledgeGaps.id, ours.id));
    expect(row.status).toBe('open');
  });

  it('forgets a question whose message is deleted', async () => {
    const customer = await visitor();
    const { inbound } = await customer.ask('ada colokan listrik?');
    const question = await gapRepository(app.services.db, cafe.team.id).questionOf(inbound.id);
    expect(question).toBeDefined();
    await app.services.db.delete(messages).where(eq(messages.id, inbound.id));
    expect(await gapRepository(app.services.db, cafe.team.id).questionOf(inbound.id)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { generateHistory, type HistoryInput } from '../../../server/db/seed-data/history';
import { answerTopics, gapTopics } from '../../../server/db/seed-data/history-dialogues';
import { cafeFaq } from '../../../server/db/seed-data/knowledge/cafe-faq';
import { demoKnowledges } from '../../../server/db/seed-data/knowledge/index';
import { dayAndHour } from '../../../server/reports/compute';
import { detectLanguage } from '../../../server/knowledge/language';

/** The demo team's generated 60 days (server/db/seed-data/history.ts), without a database. */
const now = new Date('2026-11-24T13:00:00Z');
const input: HistoryInput = {
  now,
  days: 60,
  timeZone: 'Asia/Jakarta',
  seed: 20261124,
  bot: {
    id: 1,
    version: 1,
    messages: {
      id: { welcome: 'Halo Kak!', fallback: 'Maaf, saya belum punya informasi tentang itu.', handoff: 'Baik.' },
      en: { welcome: 'Hi!', fallback: 'Sorry, I don’t have information about that yet.', handoff: 'Sure.' },
    },
  },
  providerKind: 'openai-compatible',
  agents: [
    { id: 10, name: 'Dewi Santoso', weight: 0.15 },
    { id: 11, name: 'Ayu Lestari', weight: 0.3 },
    { id: 12, name: 'Budi Hartono', weight: 0.55 },
  ],
  passage: (cite) => ({
    sourceId: cite.source.length,
    chunkId: 100 + cite.source.length,
    knowledgeId: 1,
    sourceTitle: cite.source,
  }),
  curatedAnswer: (question) => cafeFaq.find((entry) => entry.question === question)!.answer,
};
const history = generateHistory(input);

describe('the demo history', () => {
  it('is the same for the same input', () => {
    expect(JSON.stringify(generateHistory(input))).toBe(JSON.stringify(history));
    expect(JSON.stringify(generateHistory({ ...input, seed: 1 }))).not.toBe(JSON.stringify(history));
  });

  it('greets a customer by name only when there is one, and leaves no placeholder', () => {
    const texts = history.messages.map((message) => message.text);
    expect(texts.filter((text) => /\{\w+\}/.test(text))).toEqual([]);
    expect(texts.filter((text) => /\bKak Kak\b|\bHi Kak\b|\bHi ,/.test(text))).toEqual([]);
    // Visitors of the widget have no name: some of them were greeted by a person all the same.
    expect(texts.some((text) => text.startsWith('Halo Kak, saya '))).toBe(true);
  });

  it('holds a few hundred conversations over 60 days, all in the past and resolved after they started', () => {
    expect(history.conversations.length).toBeGreaterThan(300);
    expect(history.conversations.length).toBeLessThan(700);
    const days = new Set(history.conversations.map((row) => dayAndHour(row.createdAt, input.timeZone).day));
    expect(days.size).toBe(60);
    for (const row of history.conversations) {
      expect(row.resolvedAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
      expect(row.updatedAt.getTime()).toBeLessThan(now.getTime());
    }
    for (const message of history.messages) expect(message.createdAt.getTime()).toBeLessThan(now.getTime());
    // Oldest first, so ids follow time.
    const starts = history.conversations.map((row) => row.createdAt.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('answers on the web and Telegram with the bot, on WhatsApp with people', () => {
    const byChannel = (channel: string) => history.conversations.filter((row) => row.channel === channel);
    expect(byChannel('whatsapp').every((row) => row.botId === null && row.humanReplyCount > 0)).toBe(true);
    expect(byChannel('web').every((row) => row.botId === 1)).toBe(true);
    expect(byChannel('telegram').length).toBeGreaterThan(30);
    const whatsapp = new Set(byChannel('whatsapp').map((row) => row.key));
    const statuses = new Set(
      history.messages.filter((m) => m.sender === 'agent' && whatsapp.has(m.conversation)).map((m) => m.status),
    );
    expect(statuses).toEqual(new Set(['sent', 'delivered', 'read', 'failed']));
    expect(history.messages.some((m) => m.kind === 'template' && whatsapp.has(m.conversation))).toBe(true);
  });

  it('answers every inbound message a bot reply follows, once, and cites what it answered from', () => {
    const keys = new Map(history.messages.map((message) => [message.key, message]));
    const answered = new Set<number>();
    for (const reply of history.messages.filter((message) => message.sender === 'bot')) {
      const question = keys.get(reply.inReplyTo!)!;
      expect(question.direction).toBe('inbound');
      expect(question.conversation).toBe(reply.conversation);
      expect(answered.has(question.key)).toBe(false);
      answered.add(question.key);
      if (reply.ai?.kind === 'answer') expect(reply.ai.citations.length).toBeGreaterThan(0);
      else expect(reply.ai?.citations).toEqual([]);
    }
    const kinds = new Set(history.messages.map((message) => message.ai?.kind).filter(Boolean));
    expect(kinds).toEqual(new Set(['answer', 'curated', 'fallback', 'handoff', 'smalltalk']));
  });

  it("previews each conversation by its last message, without a reply's citation markers", () => {
    for (const conversation of history.conversations) {
      const last = history.messages.filter((m) => m.conversation === conversation.key && m.sender !== 'system').at(-1)!;
      expect(conversation.lastPreview).toBe(last.text.replace(/ ?\[\d+\]/g, '').slice(0, 255));
    }
    expect(history.messages.some((m) => /\[\d\]/.test(m.text))).toBe(true);
  });

  it('cites only sources the demo knowledge has, and curates only its Q&A', () => {
    const titles = new Set(demoKnowledges.flatMap((knowledge) => knowledge.sources.map((source) => source.title)));
    for (const topic of answerTopics) {
      for (const cite of topic.cites) expect(titles, cite.source).toContain(cite.source);
      if (topic.curated) expect(cafeFaq.map((entry) => entry.question)).toContain(topic.curated);
    }
  });

  it('asks every knowledge gap more than once, and an agent answers most of them', () => {
    const inbound = history.messages
      .filter((message) => message.direction === 'inbound')
      .map((message) => message.text);
    for (const topic of gapTopics) {
      expect(inbound.filter((text) => topic.asks.includes(text)).length, topic.asks[0]).toBeGreaterThanOrEqual(
        topic.asks.length,
      );
    }
    const agentAnswers = history.messages.filter(
      (message) => message.sender === 'agent' && gapTopics.some((topic) => message.text.endsWith(topic.agent)),
    );
    expect(agentAnswers.length).toBeGreaterThan(gapTopics.length);
  });

  it('says the bot’s fallback in the language of the question it follows', () => {
    const byKey = new Map(history.messages.map((message) => [message.key, message]));
    const fallbacks = history.messages.filter((message) => message.ai?.kind === 'fallback');
    const english = input.bot.messages.en.fallback;
    const indonesian = input.bot.messages.id.fallback;
    // A knowledge gap asked in English is answered in English, one asked in Indonesian in Indonesian.
    const englishAsks = gapTopics.flatMap((topic) => topic.asks).filter((ask) => detectLanguage(ask) === 'english');
    expect(englishAsks.length).toBeGreaterThan(0);
    for (const reply of fallbacks) {
      const asked = byKey.get(reply.inReplyTo!)!.text;
      if (englishAsks.includes(asked)) expect(reply.text.startsWith(english), asked).toBe(true);
      else if (gapTopics.some((topic) => topic.asks.includes(asked)))
        expect(reply.text.startsWith(indonesian), asked).toBe(true);
    }
    expect(fallbacks.some((reply) => reply.text.startsWith(english))).toBe(true);
    expect(fallbacks.some((reply) => reply.text.startsWith(indonesian))).toBe(true);
  });

  it('has the activities of each story in order: handoffs before a person takes over, reopens after a resolution', () => {
    const byConversation = new Map<number, typeof history.activities>();
    for (const activity of history.activities) {
      byConversation.set(activity.conversation, [...(byConversation.get(activity.conversation) ?? []), activity]);
    }
    for (const row of history.conversations) {
      const trail = byConversation.get(row.key) ?? [];
      const times = trail.map((activity) => activity.at.getTime());
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(trail.at(-1)?.type).toBe('resolved');
      expect(trail.filter((activity) => activity.type === 'reopened').length).toBe(row.reopenCount);
      const taken = trail.findIndex((activity) => activity.type === 'taken');
      if (taken >= 0) expect(trail.slice(0, taken).some((activity) => activity.type === 'handoff')).toBe(true);
    }
    const reasons = new Set(history.activities.filter((a) => a.type === 'handoff').map((a) => a.reason));
    expect(reasons).toEqual(new Set([null, 'user_request', 'keyword', 'repeated_fallback']));
    expect(new Set(history.conversations.map((row) => row.resolvedBy))).toEqual(new Set(['bot', 'human', 'auto_idle']));
  });

  it('says in the thread why a conversation was resolved, as the inbox does for a live one', () => {
    const idle = history.conversations.filter((row) => row.resolvedBy === 'auto_idle');
    expect(idle.length).toBeGreaterThan(0);
    for (const row of idle) {
      const thread = history.messages.filter((m) => m.conversation === row.key);
      const line = thread.filter((m) => m.sender === 'system').at(-1)!;
      expect(line.text).toBe('Resolved automatically: no message for 24 hours.');
      const spoken = thread.filter((m) => m.sender !== 'system').at(-1)!;
      expect(line.createdAt.getTime() - spoken.createdAt.getTime()).toBeGreaterThanOrEqual(24 * 60 * 60 * 1000);
    }
  });

  it('is busier on weekday afternoons than at night', () => {
    const hours = new Array<number>(24).fill(0);
    for (const row of history.conversations) hours[dayAndHour(row.createdAt, input.timeZone).hour] += 1;
    const afternoon = hours.slice(13, 17).reduce((sum, n) => sum + n, 0);
    const night = hours.slice(0, 6).reduce((sum, n) => sum + n, 0);
    expect(afternoon).toBeGreaterThan(night * 5);
  });
});

import { describe, expect, it } from 'vitest';
import {
  buildPrompt,
  MESSAGE_OVERHEAD,
  REPLY_PRIMING,
  systemRules,
  type PromptInput,
} from '../../../server/bot-engine/prompt';
import { defaultBotConfig, type BotConfig } from '../../../server/bot-engine/bot-config';
import type { RetrievedChunk } from '../../../server/knowledge/retrieve';

/** One token per word: budgets are easy to reason about. */
const countWords = (text: string) => text.split(/\s+/).filter(Boolean).length;

function chunk(id: number, words: number, extra: Partial<RetrievedChunk> = {}): RetrievedChunk {
  return {
    id,
    knowledgeId: 1,
    sourceId: id * 10,
    sourceTitle: `Source ${id}`,
    sourceType: 'text',
    sourceUrl: null,
    content: Array.from({ length: words }, (_, i) => `w${id}_${i}`).join(' '),
    context: `Bab ${id}`,
    meta: {},
    score: 1 / (60 + id),
    retrievers: { vector: { rank: id, similarity: 0.5 } },
    ...extra,
  };
}

const config: BotConfig = { ...defaultBotConfig('Kopi Kita'), instructions: 'You are Kopi Kita’s barista bot.' };

const turn = (i: number, words = 10) => ({
  role: i % 2 === 0 ? ('user' as const) : ('assistant' as const),
  content: `m${i} ` + 'x '.repeat(words - 1).trim(),
});

function input(extra: Partial<PromptInput>): PromptInput {
  return {
    config,
    language: 'indonesian',
    chunks: [],
    history: [],
    message: 'Jam berapa buka?',
    countTokens: countWords,
    budget: 6000,
    ...extra,
  };
}

describe('systemRules', () => {
  it('puts the instructions first, then the grounding, language and citation rules', () => {
    const strict = systemRules(config, 'indonesian');
    expect(strict.startsWith('You are Kopi Kita’s barista bot.')).toBe(true);
    expect(strict).toContain('Answer only from the numbered passages');
    expect(strict).toContain(JSON.stringify(config.fallbackMessage));
    expect(strict).toContain('Reply in Indonesian (Bahasa Indonesia)');
    expect(strict).toContain('as [n]');

    const balanced = systemRules({ ...config, grounding: 'balanced' }, 'english');
    expect(balanced).toContain('Prefer the numbered passages');
    expect(balanced).toContain('general knowledge');
    expect(balanced).toContain('never state facts about the business');
    expect(balanced).toContain('Reply in English');

    expect(systemRules(config, null)).toContain("Reply in the language of the user's latest message");
    expect(
      systemRules({ ...config, instructions: '' }, null).startsWith('You are Kopi Kita, a helpful assistant.'),
    ).toBe(true);
  });
});

describe('buildPrompt', () => {
  it('numbers the passages with their title and heading path, then history, then the message', () => {
    const prompt = buildPrompt(
      input({ chunks: [chunk(1, 5), chunk(2, 5)], history: [turn(0), turn(1)], message: 'Jam berapa buka?' }),
    );
    expect(prompt.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    const system = prompt.messages[0].content;
    expect(system).toContain('Passages:\n[1] Source 1 › Bab 1\nw1_0 w1_1');
    expect(system).toContain('\n\n[2] Source 2 › Bab 2\n');
    expect(prompt.messages[3].content).toBe('Jam berapa buka?');
    expect(prompt.passages.map((p) => [p.marker, p.chunkId, p.sourceId])).toEqual([
      [1, 1, 10],
      [2, 2, 20],
    ]);
    expect(prompt.tokens).toBe(
      prompt.messages.reduce((sum, m) => sum + countWords(m.content) + MESSAGE_OVERHEAD, REPLY_PRIMING),
    );
    expect(prompt).toMatchObject({ historyKept: 2, historyDropped: 0, passagesDropped: 0 });
  });

  it('leaves a Q&A chunk’s alternative phrasings out of its passage heading', () => {
    const qa = chunk(1, 3, { context: 'alt one\nalt two', meta: { question: 'Q?' } });
    const prompt = buildPrompt(input({ chunks: [qa] }));
    expect(prompt.passages[0]).toMatchObject({ question: 'Q?', context: 'alt one\nalt two' });
    expect(prompt.messages[0].content).toContain('[1] Source 1\nw1_0');
    expect(prompt.messages[0].content).not.toContain('alt one');
  });

  it('says when there are no passages', () => {
    expect(buildPrompt(input({})).messages[0].content).toContain('Passages: none were found');
  });

  it('drops the oldest history first and always keeps the latest exchange', () => {
    const history = Array.from({ length: 10 }, (_, i) => turn(i, 10));
    const base = buildPrompt(input({ history: [] })).tokens;
    // Room for the base prompt and four 10-word history messages (each 14 tokens with its framing).
    const prompt = buildPrompt(input({ history, budget: base + 4 * 14 }));
    expect(prompt.historyKept).toBe(4);
    expect(prompt.historyDropped).toBe(6);
    expect(prompt.messages.slice(1, -1).map((m) => m.content.split(' ')[0])).toEqual(['m6', 'm7', 'm8', 'm9']);
    expect(prompt.tokens).toBeLessThanOrEqual(base + 4 * 14);

    const tiny = buildPrompt(input({ history, budget: 10 }));
    expect(tiny.messages.slice(1, -1).map((m) => m.content.split(' ')[0])).toEqual(['m8', 'm9']);
    expect(tiny.historyDropped).toBe(8);
  });

  it('trims the lowest-ranked passages when the budget is tight, always keeping the best', () => {
    const chunks = [chunk(1, 100), chunk(2, 100), chunk(3, 100), chunk(4, 100)];
    const base = buildPrompt(input({})).tokens;
    const passageTokens = countWords(`[1] Source 1 › Bab 1\n${chunks[0].content}\n\n`);

    const roomy = buildPrompt(input({ chunks, budget: base + 4 * passageTokens }));
    expect(roomy.passages).toHaveLength(4);

    const tight = buildPrompt(input({ chunks, budget: base + 2 * passageTokens + 5 }));
    expect(tight.passages.map((p) => p.chunkId)).toEqual([1, 2]);
    expect(tight.passagesDropped).toBe(2);
    expect(tight.messages[0].content).not.toContain('w3_0');

    const none = buildPrompt(input({ chunks, budget: 1 }));
    expect(none.passages.map((p) => p.chunkId)).toEqual([1]);
  });

  it('gives passages the budget before older history', () => {
    const chunks = [chunk(1, 50), chunk(2, 50)];
    const history = Array.from({ length: 6 }, (_, i) => turn(i, 10));
    const withPassages = buildPrompt(input({ chunks }));
    const budget = withPassages.tokens + 4 * 14; // both passages, the kept exchange and two more messages
    const prompt = buildPrompt(input({ chunks, history, budget }));
    expect(prompt.passages).toHaveLength(2);
    expect(prompt.historyKept).toBe(4);
    // One token short: the older history gives way, the passages stay.
    const short = buildPrompt(input({ chunks, history, budget: budget - 1 }));
    expect(short.passages).toHaveLength(2);
    expect(short.historyKept).toBe(3);
  });
});

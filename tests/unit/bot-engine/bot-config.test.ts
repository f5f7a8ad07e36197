import { describe, expect, it } from 'vitest';
import { botConfigSchema, defaultBotConfig, spokenIn } from '../../../server/bot-engine/bot-config';
import { estimateCostUsd, priceOf } from '../../../server/bot-engine/cost';

/** The first message per field, as the form's error bag gets them. */
function errors(input: unknown): Record<string, string> {
  const result = botConfigSchema.safeParse(input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('botConfigSchema', () => {
  it('fills a stored snapshot’s missing settings with the defaults', () => {
    expect(botConfigSchema.parse({ name: 'Kopi Kita' })).toEqual(defaultBotConfig('Kopi Kita'));
    const defaults = defaultBotConfig('Kopi Kita');
    expect(defaults).toMatchObject({
      language: 'auto',
      grounding: 'strict',
      model: { providerId: null, name: '', temperature: 0.3, maxTokens: 512 },
      retrieval: { topK: 5 },
      handoff: { onUserRequest: true, businessHours: null },
    });
  });

  it('keeps a full config as it is', () => {
    const config = {
      ...defaultBotConfig('Kopi Kita'),
      language: 'indonesian',
      grounding: 'balanced',
      knowledgeIds: [3, 4],
      suggestedQuestions: ['Jam buka?'],
      handoff: {
        ...defaultBotConfig('Kopi Kita').handoff,
        keywords: ['komplain'],
        afterFallbacks: null,
        businessHours: {
          timezone: 'Asia/Jakarta',
          days: { mon: [['08:00', '17:00']], tue: [], wed: [], thu: [], fri: [], sat: [], sun: [['00:00', '24:00']] },
        },
      },
    };
    expect(botConfigSchema.parse(config)).toEqual(config);
  });

  it('reads form values: numeric strings, textarea lines, blank numbers as defaults', () => {
    const parsed = botConfigSchema.parse({
      name: '  Kopi Kita ',
      model: { temperature: '0.7', maxTokens: '' },
      suggestedQuestions: 'Jam buka?\n\n Harga kopi? \nJam buka?',
      knowledgeIds: ['3', 3, 4],
      handoff: { keywords: 'komplain\nrefund', afterFallbacks: '' },
    });
    expect(parsed.name).toBe('Kopi Kita');
    expect(parsed.model).toEqual({ providerId: null, name: '', temperature: 0.7, maxTokens: 512 });
    expect(parsed.suggestedQuestions).toEqual(['Jam buka?', 'Harga kopi?']);
    expect(parsed.knowledgeIds).toEqual([3, 4]);
    expect(parsed.handoff.keywords).toEqual(['komplain', 'refund']);
    expect(parsed.handoff.afterFallbacks).toBeNull();
  });

  it('says what is wrong per field, in Laravel’s words', () => {
    expect(
      errors({
        name: '',
        language: 'french',
        model: { temperature: 1.5, maxTokens: 100.5 },
        grounding: 'open',
        fallbackMessage: '  ',
        retrieval: { topK: 0, minScore: 'abc' },
        knowledgeIds: [-1],
        handoff: {
          afterFallbacks: 11,
          businessHours: { timezone: 'Mars/Base', days: { mon: [['17:00', '08:00']], tue: [['8am', '5pm']] } },
        },
      }),
    ).toEqual({
      name: 'The name field is required.',
      language: 'The selected language is invalid.',
      'model.temperature': 'The temperature field must be between 0 and 1.',
      'model.maxTokens': 'The max tokens field must be an integer.',
      grounding: 'The selected grounding is invalid.',
      fallbackMessage: 'The fallback message field is required.',
      'retrieval.topK': 'The top k field must be between 1 and 20.',
      'retrieval.minScore': 'The minimum score field must be a number.',
      'knowledgeIds.0': 'Each knowledge base must be an id.',
      'handoff.afterFallbacks': 'The after fallbacks field must be between 1 and 10.',
      'handoff.businessHours.timezone': 'The timezone field must be a valid timezone.',
      'handoff.businessHours.days.mon.0': 'The business hours must end after they start.',
      'handoff.businessHours.days.tue.0': 'The business hours must be times between 00:00 and 24:00 (HH:MM).',
    });
  });

  it('refuses text PostgreSQL cannot store', () => {
    expect(errors({ name: 'Kopi', instructions: 'a\u0000b' })).toEqual({
      instructions: 'The instructions field must not contain a null character.',
    });
  });
});

describe('messages in two languages', () => {
  const bot = defaultBotConfig('Kopi Kita');

  it('gives a new bot Indonesian messages with English ones beside them', () => {
    expect(bot.fallbackMessage).toBe('Maaf, saya belum punya informasi tentang itu.');
    expect(bot.english.fallbackMessage).toBe('Sorry, I don’t have information about that yet.');
    expect(bot.handoff.message).not.toContain('/');
    expect(bot.english.handoffMessage).toMatch(/^Sure, I’m connecting you/);
    expect(bot.english.offlineMessage).toMatch(/^Our team is away/);
  });

  it('reads a snapshot from before English messages: the team’s own message stays the one said in every language', () => {
    const old = botConfigSchema.parse({
      name: 'Kopi Kita',
      fallbackMessage: 'Maaf kak, belum tahu. / Sorry, not sure.',
      handoff: { message: 'Sebentar ya kak, admin kami datang.' },
    });
    expect(old.english).toEqual({
      // Not written by the team: the defaults, in both languages.
      welcomeMessage: bot.english.welcomeMessage,
      fallbackMessage: '',
      handoffMessage: '',
      offlineMessage: bot.english.offlineMessage,
    });
    expect(spokenIn(old, 'english').fallbackMessage).toBe('Maaf kak, belum tahu. / Sorry, not sure.');
    expect(spokenIn(old, 'english').handoff.message).toBe('Sebentar ya kak, admin kami datang.');
  });

  it('keeps an English message emptied on the form empty, and trims one given', () => {
    const parsed = botConfigSchema.parse({
      ...bot,
      english: { welcomeMessage: '', fallbackMessage: '  Sorry!  ', handoffMessage: '', offlineMessage: '' },
    });
    expect(parsed.english).toEqual({
      welcomeMessage: '',
      fallbackMessage: 'Sorry!',
      handoffMessage: '',
      offlineMessage: '',
    });
  });

  it('names an English message that is too long by its path', () => {
    expect(errors({ name: 'Kopi', english: { fallbackMessage: 'x'.repeat(2001) } })).toEqual({
      'english.fallbackMessage': 'The English fallback message field must not be greater than 2000 characters.',
    });
    expect(errors({ name: 'Kopi', english: 'Sorry' })).toEqual({ english: 'The english field must be an object.' });
  });

  it('says the reply language’s messages, and both while the language is not known', () => {
    const english = spokenIn(bot, 'english');
    expect(english.fallbackMessage).toBe(bot.english.fallbackMessage);
    expect(english.handoff.message).toBe(bot.english.handoffMessage);
    expect(english.handoff.offlineMessage).toBe(bot.english.offlineMessage);

    expect(spokenIn(bot, 'indonesian')).toBe(bot);

    const unknown = spokenIn(bot, null);
    expect(unknown.fallbackMessage).toBe(`${bot.fallbackMessage}\n\n${bot.english.fallbackMessage}`);
    expect(unknown.handoff.message).toBe(`${bot.handoff.message}\n\n${bot.english.handoffMessage}`);
  });

  it('says a bot of one language’s messages as written, and an English message equal to the other once', () => {
    const indonesian = { ...bot, language: 'indonesian' as const };
    expect(spokenIn(indonesian, 'english')).toBe(indonesian);
    const english = { ...bot, language: 'english' as const, fallbackMessage: 'Sorry, no idea.' };
    expect(spokenIn(english, 'english').fallbackMessage).toBe('Sorry, no idea.');

    const same = { ...bot, english: { ...bot.english, fallbackMessage: ` ${bot.fallbackMessage} ` } };
    expect(spokenIn(same, null).fallbackMessage).toBe(bot.fallbackMessage);
  });
});

describe('cost', () => {
  it('prices known models per million tokens, dated and routed names included', () => {
    expect(estimateCostUsd('gpt-4o-mini', 1_000_000, 1_000_000)).toBe(0.75);
    expect(estimateCostUsd('gpt-4o-mini-2024-07-18', 2000, 500)).toBe(0.0006);
    expect(priceOf('openai/GPT-4.1')).toEqual({ inputPerMillion: 2, outputPerMillion: 8 });
  });

  it('does not guess the price of an unknown model', () => {
    expect(estimateCostUsd('llama3.1:8b', 1000, 1000)).toBeNull();
    expect(estimateCostUsd('', 1000, 1000)).toBeNull();
    expect(priceOf('constructor')).toBeNull();
  });
});

import { citationMarkers, withoutMarkers } from '../../bot-engine/citations';
import type { ConversationActivityType } from '../schema/reports';
import type {
  HandoffReasonCode,
  MessageAi,
  MessageKind,
  MessageSender,
  MessageStatus,
  ResolvedBy,
} from '../schema/channels';
import { estimateCostUsd } from '../../bot-engine/cost';
import type { HandoffReason } from '../../bot-engine/handoff';
import { handoffLine } from '../../domain/conversations/handoff-reasons';
import { handoffSummary } from '../../domain/conversations/summary';
import { idleResolutionLine } from '../../domain/conversations/idle';
import { dayAndHour } from '../../reports/compute';
import { shiftDay, zonedDayStart } from '../../reports/zones';
import {
  agentGreetings,
  answerTopics,
  askForPerson,
  csatComments,
  dayNames,
  followUps,
  firstNames,
  gapTopics,
  giveUp,
  handoffStories,
  lastNames,
  thanks,
  whatsappStories,
  type AnswerTopic,
  type Cite,
  type GapTopic,
  type Language,
} from './history-dialogues';

/**
 * The demo team's past, generated: a few hundred conversations over the last `days` days (busier
 * on weekday afternoons, quiet at night, growing a little), on the web widget and Telegram (the
 * bot answers, cites the café's knowledge, falls back, hands over for the reasons it has) and on
 * the WhatsApp number (people answer, Meta reports how far each reply got), with agents' replies,
 * resolutions by the bot, by inactivity and by people, reopens, ratings and thumbs. Pure and
 * deterministic: the same input gives the same rows (the seed's PRNG, no clock but `now`). Rows
 * refer to one another by `key`; server/db/seed-history.ts gives them ids and inserts them.
 */

export type HistoryChannel = 'web' | 'telegram' | 'whatsapp';

export interface HistoryAgent {
  id: number;
  name: string;
  /** A share of the handovers this person takes. */
  weight: number;
}

/** A passage as a bot reply's citations keep it. */
export interface HistoryPassage {
  sourceId: number;
  chunkId: number;
  knowledgeId: number;
  sourceTitle: string;
}

export interface HistoryInput {
  now: Date;
  days: number;
  timeZone: string;
  seed: number;
  /** The bot's welcome, fallback and handoff messages, as it says them in each language. */
  bot: {
    id: number;
    version: number;
    messages: Record<Language, { welcome: string; fallback: string; handoff: string }>;
  };
  /** The provider kind the bot's engine reports when no model was asked (curated, handoff, strict fallback). */
  providerKind: string;
  agents: HistoryAgent[];
  /** The passage a citation names: the source by title, the chunk holding the phrase. */
  passage: (cite: Cite) => HistoryPassage;
  /** The curated Q&A's answer, word for word. */
  curatedAnswer: (question: string) => string;
}

export interface HistoryContact {
  key: number;
  channel: HistoryChannel;
  name: string | null;
  locale: Language;
  phoneE164: string | null;
  externalUserId: string;
  firstSeenAt: Date;
  lastSeenAt: Date;
}

export interface HistoryConversation {
  key: number;
  contact: number;
  channel: HistoryChannel;
  botId: number | null;
  threadId: string;
  assigneeId: number | null;
  handoffReason: HandoffReasonCode | null;
  handoffAt: Date | null;
  handoffSummary: string | null;
  firstBotReplyAt: Date | null;
  firstHumanReplyAt: Date | null;
  resolvedAt: Date;
  resolvedBy: ResolvedBy;
  reopenCount: number;
  lastMessageAt: Date;
  lastInboundAt: Date;
  lastPreview: string;
  inboundCount: number;
  botReplyCount: number;
  humanReplyCount: number;
  fallbackCount: number;
  csatScore: number | null;
  csatComment: string | null;
  csatAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface HistoryMessage {
  key: number;
  conversation: number;
  direction: 'inbound' | 'outbound';
  sender: MessageSender;
  senderUserId: number | null;
  kind: MessageKind;
  text: string;
  externalId: string | null;
  /** The key of the inbound message a bot reply answers. */
  inReplyTo: number | null;
  status: MessageStatus;
  error: { code: string; message: string } | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  ai: MessageAi | null;
  feedback: number | null;
  createdAt: Date;
  /** A bot reply's turn handed the conversation over, for this reason (not a column). */
  handoff?: HandoffReason;
}

/** What the database triggers would have written for each state change ('opened' they write on insert). */
export interface HistoryActivity {
  conversation: number;
  type: Exclude<ConversationActivityType, 'opened'>;
  reason: string | null;
  userId: number | null;
  at: Date;
}

export interface History {
  contacts: HistoryContact[];
  conversations: HistoryConversation[];
  messages: HistoryMessage[];
  activities: HistoryActivity[];
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Relative traffic per hour of the day (team time): quiet at night, busiest mid-afternoon. */
const hourWeights = [
  0.25, 0.12, 0.06, 0.05, 0.06, 0.2, 0.6, 1.2, 2, 2.6, 3, 3.4, 3.8, 4.2, 4.6, 4.8, 4.6, 4, 3.4, 3, 2.6, 2, 1.2, 0.6,
];
/** Monday … Sunday. */
const weekdayWeights = [1.15, 1.1, 1.1, 1.15, 1.1, 0.8, 0.65];
/** Conversations on an average weekday in the middle of the period. */
const perDay = 7.5;
const models = [
  { name: 'gpt-4o-mini', until: 24 },
  { name: 'gpt-4.1-mini', until: 0 },
] as const;

/** mulberry32: small, fast, good enough for demo data, and the same everywhere. */
export function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng = {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    weighted: <T>(items: readonly (readonly [T, number])[]): T => {
      let left = next() * items.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [item, weight] of items) {
        left -= weight;
        if (left < 0) return item;
      }
      return items[items.length - 1][0];
    },
    /** Log-normal around a median (`spread` ≈ its sigma). */
    around: (median: number, spread: number) => {
      const u = Math.max(next(), 1e-9);
      const v = next();
      return median * Math.exp(spread * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v));
    },
  };
  return rng;
}
type Rng = ReturnType<typeof prng>;

const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
const isEnglish = (text: string) =>
  /^(do|can|is|are|what|how|where|which|i|hi|hello|ok|great|perfect|thanks?)\b/i.test(text.trim());

export function generateHistory(input: HistoryInput): History {
  const rng = prng(input.seed);
  const history: History = { contacts: [], conversations: [], messages: [], activities: [] };
  const latest = input.now.getTime() - 60 * MINUTE;
  const today = dayAndHour(input.now, input.timeZone).day;
  const hourOf = (at: number) => dayAndHour(new Date(at), input.timeZone).hour;

  // 1. When conversations start, oldest first.
  const starts: number[] = [];
  for (let back = input.days - 1; back >= 0; back -= 1) {
    const day = shiftDay(today, -back);
    const trend = 0.75 + 0.5 * ((input.days - 1 - back) / Math.max(1, input.days - 1));
    const count = Math.round(perDay * trend * weekdayWeights[weekdayOf(day)] * (0.8 + 0.4 * rng.next()));
    const midnight = zonedDayStart(day, input.timeZone).getTime();
    for (let index = 0; index < count; index += 1) {
      const hour = rng.weighted(hourWeights.map((weight, h) => [h, weight] as const));
      const at = midnight + hour * HOUR + rng.int(0, 59) * MINUTE + rng.int(0, 59) * SECOND;
      if (at < latest - 30 * MINUTE) starts.push(at);
    }
  }
  starts.sort((a, b) => a - b);
  const channels = starts.map(() =>
    rng.weighted<HistoryChannel>([
      ['web', 0.42],
      ['telegram', 0.23],
      ['whatsapp', 0.35],
    ]),
  );

  // 2. The knowledge gaps' questions, spread over the bot's conversations.
  const botSlots = starts.map((_, index) => index).filter((index) => channels[index] !== 'whatsapp');
  const gapAt = new Map<number, { topic: GapTopic; ask: string }>();
  for (const topic of gapTopics) {
    // Each wording once, and the commonest ones again.
    for (const ask of [...topic.asks, rng.pick(topic.asks.slice(0, 2)), rng.pick(topic.asks.slice(0, 2))]) {
      let slot = rng.pick(botSlots);
      while (gapAt.has(slot)) slot = rng.pick(botSlots);
      gapAt.set(slot, { topic, ask });
    }
  }

  // 3. Each conversation, in order.
  const contactsByChannel: Record<HistoryChannel, HistoryContact[]> = { web: [], telegram: [], whatsapp: [] };
  const lastResolved = new Map<number, number>();
  let telegramMessageId = 1000;
  let nextKey = 1;
  const key = () => nextKey++;

  const contactFor = (channel: HistoryChannel, at: number): HistoryContact => {
    const returning = contactsByChannel[channel].filter(
      (contact) => (lastResolved.get(contact.key) ?? Infinity) < at - 8 * DAY,
    );
    if (returning.length > 0 && rng.chance(0.22)) return rng.pick(returning);
    const locale: Language = rng.chance(channel === 'web' ? 0.22 : channel === 'telegram' ? 0.12 : 0.1) ? 'en' : 'id';
    const first = rng.pick(firstNames[locale]);
    const phone = `+628${rng.int(11, 59)}${String(rng.int(10_000_000, 99_999_999))}`;
    const contact: HistoryContact = {
      key: key(),
      channel,
      name:
        channel === 'web' && rng.chance(0.3)
          ? null
          : channel === 'web' || rng.chance(0.5)
            ? first
            : `${first} ${rng.pick(lastNames[locale])}`,
      locale,
      phoneE164: channel === 'whatsapp' ? phone : null,
      externalUserId:
        channel === 'whatsapp'
          ? phone.slice(1)
          : channel === 'telegram'
            ? String(rng.int(100_000_000, 7_999_999_999))
            : `v-${Math.floor(rng.next() * 2 ** 48)
                .toString(16)
                .padStart(12, '0')}`,
      firstSeenAt: new Date(at),
      lastSeenAt: new Date(at),
    };
    return contact;
  };

  const agent = () => rng.weighted(input.agents.map((person) => [person, person.weight] as const));
  const firstName = (name: string | null) => (name ? name.split(' ')[0] : '');
  // A customer without a name (a widget visitor) is greeted without one ("Halo Kak, saya Ayu.",
  // "Hi, this is Budi."), and books under their own ("atas nama saya").
  const fill = (text: string, values: Record<string, string>) =>
    (values.name === '' ? text.replace(/ \{name\}(?=[,.!?])/g, '').replace(/\{name\}/g, 'saya') : text).replace(
      /\{(\w+)\}/g,
      (_, name: string) => values[name] ?? `{${name}}`,
    );
  const modelAt = (at: number) => {
    const back = Math.floor((input.now.getTime() - at) / DAY);
    return back > models[0].until ? models[0].name : models[1].name;
  };

  for (const [index, start] of starts.entries()) {
    const channel = channels[index];
    const contact = contactFor(channel, start);
    const lang = contact.locale;
    const person = agent();
    const values = {
      name: firstName(contact.name),
      agent: person.name.split(' ')[0],
      order: `KN-${rng.int(10_000, 99_999)}`,
      day: rng.pick(dayNames[lang].slice(0, 6)),
      time: `${rng.int(17, 20)}.00`,
    };
    const thread = new Thread(rng, input, key, contact, channel, start, () => telegramMessageId++, hourOf);
    const say = (text: string) => fill(text, values);
    const answer = (topic: AnswerTopic, after?: number) => {
      thread.customer(say(rng.pick(topic.asks)), after);
      thread.answer(topic, modelAt(thread.at));
    };
    // Each question of a conversation is another one.
    const asked = new Set<AnswerTopic>();
    const topicIn = (language: Language) => {
      const topic = rng.pick(answerTopics.filter((candidate) => candidate.lang === language && !asked.has(candidate)));
      asked.add(topic);
      return topic;
    };
    /** The agent's conversation after a handoff: their lines and the customer's, alternating. */
    const humanScript = (lines: string[]) => {
      thread.waitForPerson();
      lines.forEach((line, position) => {
        if (position % 2 === 0) thread.agent(person, say(line));
        else thread.customer(say(line), rng.around(2, 0.6) * MINUTE);
      });
    };
    const closeByPerson = () => {
      if (rng.chance(0.85)) thread.resolve('human', person, rng.int(2, 30) * MINUTE);
      else thread.idle();
    };
    const closeByBot = () => {
      if (rng.chance(0.45)) thread.resolve('bot', agent(), rng.around(40, 0.9) * MINUTE);
      else thread.idle();
    };

    if (channel === 'whatsapp') {
      const story = rng.pick(whatsappStories.filter((candidate) => candidate.lang === lang));
      thread.queuedWithoutBot();
      story.script.forEach((line, position) => {
        if (position === 0) return thread.customer(say(line), 0);
        if (position === 1) thread.waitForPerson();
        if (position % 2 === 1) thread.agent(person, say(line));
        else thread.customer(say(line), rng.around(3, 0.7) * MINUTE);
      });
      if (story.template && rng.chance(0.7)) {
        thread.nextMorning();
        thread.agent(person, say(story.template), { kind: 'template' });
        if (rng.chance(0.6)) thread.customer(lang === 'id' ? 'YA' : 'Yes, confirmed', rng.around(20, 0.8) * MINUTE);
      }
      closeByPerson();
    } else {
      const gap = gapAt.get(index);
      if (gap) {
        // The gap's language is the one it is asked in, whatever the contact's.
        const language: Language = isEnglish(gap.ask) ? 'en' : 'id';
        thread.customer(say(gap.ask));
        thread.fallback(language, modelAt(thread.at));
        const flow = rng.weighted([
          ['person', 0.6],
          ['repeated', 0.25],
          ['leave', 0.15],
        ] as const);
        if (flow === 'leave') {
          thread.thumbsDownLast(0.7);
          thread.idle();
        } else {
          if (flow === 'person') {
            thread.customer(rng.pick(giveUp[language]), rng.around(40, 0.5) * SECOND);
            thread.handoffReply(language, 'user_request');
          } else {
            // Asked twice more in other words: the third fallback in a row hands over.
            const [one, two] = rng.chance(0.5) ? gap.topic.rephrase : [...gap.topic.rephrase].reverse();
            thread.customer(one, rng.around(45, 0.5) * SECOND);
            thread.fallback(language, modelAt(thread.at));
            thread.customer(two, rng.around(45, 0.5) * SECOND);
            thread.fallback(language, modelAt(thread.at), 'repeated_fallback');
          }
          const hello = language === 'id' ? 'Halo Kak {name}, saya {agent}.' : 'Hi {name}, this is {agent}.';
          humanScript([`${hello} ${gap.topic.agent}`, rng.pick(thanks[language])]);
          closeByPerson();
        }
      } else {
        const scenario = rng.weighted([
          ['answered', 0.7],
          ['then-person', 0.06],
          ['story', 0.14],
          ['greeting', 0.1],
        ] as const);
        if (scenario === 'story') {
          const story = rng.pick(handoffStories.filter((candidate) => candidate.lang === lang));
          thread.customer(say(rng.pick(story.opening)));
          thread.handoffReply(lang, story.reason);
          humanScript(story.script);
        } else {
          if (scenario === 'greeting') {
            thread.customer(rng.pick(lang === 'id' ? ['halo kak', 'p', 'halo min', 'permisi kak'] : ['hi', 'hello']));
            thread.smallTalk(lang);
          }
          const first = topicIn(lang);
          answer(first);
          for (
            let more = rng.weighted([
              [0, 0.55],
              [1, 0.33],
              [2, 0.12],
            ] as const);
            more > 0;
            more -= 1
          ) {
            thread.wait(rng.around(70, 0.6) * SECOND);
            answer(topicIn(lang));
          }
          if (scenario === 'then-person') {
            thread.customer(rng.pick(askForPerson[lang]), rng.around(50, 0.5) * SECOND);
            thread.handoffReply(lang, 'user_request');
            const [question, reply] = rng.pick(followUps[lang]);
            humanScript([rng.pick(agentGreetings[lang]), question, reply]);
          }
        }
        if (thread.withPerson && rng.chance(0.12)) {
          // Handed back: the bot answers what comes next.
          thread.handBack();
          thread.wait(rng.around(3, 0.5) * MINUTE);
          answer(topicIn(lang));
          closeByBot();
        } else if (thread.withPerson) {
          if (!thread.customerSpokeLast) thread.customer(rng.pick(thanks[lang]), rng.around(90, 0.5) * SECOND);
          closeByPerson();
        } else {
          closeByBot();
        }
        // Some come back within the week: the conversation reopens; a few come back twice.
        for (let again = 0; again < 2 && rng.chance(again === 0 ? 0.09 : 0.2); again += 1) {
          const back = thread.resolvedAt + rng.int(2, 6 * 24) * HOUR;
          if (back > latest - 2 * HOUR) break;
          thread.reopen(back);
          answer(topicIn(lang), 0);
          closeByBot();
        }
      }
    }
    if (channel === 'web') thread.rate();
    // A conversation whose story would run past now (a person answering tomorrow morning) is left out.
    if (!thread.finish(history, latest + 59 * MINUTE)) continue;
    if (!contactsByChannel[channel].includes(contact)) {
      contactsByChannel[channel].push(contact);
      history.contacts.push(contact);
    }
    lastResolved.set(contact.key, thread.resolvedAt);
  }
  return history;
}

/** One conversation being written, message by message, with the clock of its thread. */
class Thread {
  at: number;
  resolvedAt = 0;
  withPerson = false;
  private readonly conversation: HistoryConversation;
  private readonly messages: HistoryMessage[] = [];
  private readonly activities: HistoryActivity[] = [];
  private lastInbound: HistoryMessage | null = null;
  private lastBot: HistoryMessage | null = null;
  private firstResolvedByBot: boolean | null = null;
  private handedOver = false;

  constructor(
    private readonly rng: Rng,
    private readonly input: HistoryInput,
    private readonly key: () => number,
    private readonly contact: HistoryContact,
    private readonly channel: HistoryChannel,
    start: number,
    private readonly telegramId: () => number,
    private readonly hourOf: (at: number) => number,
  ) {
    this.at = start;
    const created = new Date(start);
    this.conversation = {
      key: key(),
      contact: contact.key,
      channel,
      botId: channel === 'whatsapp' ? null : input.bot.id,
      threadId: contact.externalUserId,
      assigneeId: null,
      handoffReason: null,
      handoffAt: null,
      handoffSummary: null,
      firstBotReplyAt: null,
      firstHumanReplyAt: null,
      resolvedAt: created,
      resolvedBy: 'auto_idle',
      reopenCount: 0,
      lastMessageAt: created,
      lastInboundAt: created,
      lastPreview: '',
      inboundCount: 0,
      botReplyCount: 0,
      humanReplyCount: 0,
      fallbackCount: 0,
      csatScore: null,
      csatComment: null,
      csatAt: null,
      createdAt: created,
      updatedAt: created,
    };
  }

  /** Whether the last message (lines aside) was the customer's. */
  get customerSpokeLast(): boolean {
    return [...this.messages].reverse().find((message) => message.sender !== 'system')?.sender === 'contact';
  }

  wait(ms: number): void {
    this.at += Math.max(SECOND, Math.round(ms));
  }

  private activity(type: HistoryActivity['type'], reason: string | null, userId: number | null = null): void {
    this.activities.push({ conversation: this.conversation.key, type, reason, userId, at: new Date(this.at) });
  }

  private externalId(direction: 'inbound' | 'outbound'): string | null {
    if (this.channel === 'web') return null;
    if (this.channel === 'telegram') return `${this.contact.externalUserId}:${this.telegramId()}`;
    const id = Array.from({ length: 24 }, () => 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[this.rng.int(0, 35)]).join('');
    return `wamid.HBgM${this.contact.externalUserId}${direction === 'inbound' ? 'FQIAEhg' : 'FQIAERg'}${id}`;
  }

  private push(
    values: Partial<HistoryMessage> & Pick<HistoryMessage, 'direction' | 'sender' | 'text'>,
  ): HistoryMessage {
    const message: HistoryMessage = {
      key: this.key(),
      conversation: this.conversation.key,
      senderUserId: null,
      kind: 'text',
      externalId: null,
      inReplyTo: null,
      status: 'sent',
      error: null,
      sentAt: null,
      deliveredAt: null,
      readAt: null,
      ai: null,
      feedback: null,
      createdAt: new Date(this.at),
      ...values,
    };
    this.messages.push(message);
    if (message.sender !== 'system') {
      this.conversation.lastMessageAt = message.createdAt;
      this.conversation.lastPreview = withoutMarkers(message.text, citationMarkers(message.ai?.citations)).slice(
        0,
        255,
      );
    }
    return message;
  }

  /** A line of the thread (handoff, joined, resolved, handed back): the team sees it, figures do not count it. */
  private line(text: string): void {
    this.wait(SECOND);
    this.push({ direction: 'outbound', sender: 'system', kind: 'event', text });
  }

  /** The customer writes (after `after` ms; 20–90 s by default): the first message starts the conversation. */
  customer(text: string, after = this.rng.around(45, 0.5) * SECOND): void {
    if (this.messages.length > 0) this.wait(after);
    this.lastInbound = this.push({
      direction: 'inbound',
      sender: 'contact',
      text,
      status: 'received',
      externalId: this.externalId('inbound'),
    });
    this.conversation.inboundCount += 1;
    this.conversation.lastInboundAt = this.lastInbound.createdAt;
  }

  private botReply(text: string, ai: MessageAi): HistoryMessage {
    this.wait(ai.latencyMs + this.rng.int(200, 900));
    const reply = this.push({
      direction: 'outbound',
      sender: 'bot',
      text,
      inReplyTo: this.lastInbound?.key ?? null,
      ai,
      ...this.delivery(),
    });
    this.conversation.botReplyCount += 1;
    if (ai.kind === 'fallback') this.conversation.fallbackCount += 1;
    this.conversation.firstBotReplyAt ??= reply.createdAt;
    this.lastBot = reply;
    if (this.channel === 'web' && this.rng.chance(0.18)) {
      reply.feedback = ai.kind === 'fallback' ? -1 : this.rng.chance(0.88) ? 1 : -1;
    }
    return reply;
  }

  private ai(kind: MessageAi['kind'], model: string | null, citations: unknown[] = []): MessageAi {
    const asked = model !== null;
    const promptTokens = asked ? this.rng.int(900, 2300) : 0;
    const completionTokens = asked ? (kind === 'fallback' ? this.rng.int(4, 12) : this.rng.int(45, 170)) : 0;
    return {
      kind,
      model: model ?? this.input.providerKind,
      version: this.input.bot.version,
      promptTokens,
      completionTokens,
      estimated: false,
      latencyMs: asked ? Math.round(this.rng.around(1800, 0.35)) : this.rng.int(25, 140),
      costUsd: asked ? estimateCostUsd(model, promptTokens, completionTokens) : 0,
      citations,
    };
  }

  /** The bot answers from the knowledge (a curated answer when the question matched one closely). */
  answer(topic: AnswerTopic, model: string): void {
    if (topic.curated && this.rng.chance(0.3)) {
      this.botReply(this.input.curatedAnswer(topic.curated), this.ai('curated', null));
      return;
    }
    const citations = topic.cites.map((cite, index) => ({
      marker: index + 1,
      passage: index + 1 + this.rng.int(0, 2),
      ...this.input.passage(cite),
    }));
    this.botReply(topic.answer, this.ai('answer', model, citations));
  }

  /**
   * The fallback: nothing in the knowledge answered (strict grounding, no model asked) or the model
   * said so; with `handoff`, the third in a row hands over.
   */
  fallback(language: Language, model: string, handoff?: 'repeated_fallback', modelMayAnswer = true): void {
    const asked = modelMayAnswer && this.rng.chance(0.4) ? model : null;
    const said = this.input.bot.messages[language];
    const text = handoff ? `${said.fallback}\n\n${said.handoff}` : said.fallback;
    const reply = this.botReply(text, this.ai('fallback', asked));
    if (handoff) {
      reply.handoff = handoff;
      this.handoff(handoff);
    }
  }

  /** A greeting, answered with the welcome message (small talk: no knowledge, no model). */
  smallTalk(language: Language): void {
    this.botReply(this.input.bot.messages[language].welcome, this.ai('smalltalk', null));
  }

  thumbsDownLast(p: number): void {
    if (this.channel === 'web' && this.lastBot && this.rng.chance(p)) this.lastBot.feedback = -1;
  }

  /** The bot's handoff turn (the person asked, a keyword): its message, then the queue. */
  handoffReply(language: Language, reason: 'user_request' | 'keyword'): void {
    this.botReply(this.input.bot.messages[language].handoff, this.ai('handoff', null)).handoff = reason;
    this.handoff(reason);
  }

  private handoff(reason: HandoffReasonCode): void {
    this.wait(SECOND);
    this.activity('handoff', reason);
    this.conversation.handoffReason = reason;
    this.conversation.handoffAt = new Date(this.at);
    this.conversation.handoffSummary = handoffSummary(this.messages, reason);
    this.line(handoffLine(reason));
    this.handedOver = true;
  }

  /** A channel without a bot queues its conversations for a person from the first message. */
  queuedWithoutBot(): void {
    this.activity('handoff', null);
    this.conversation.handoffAt = new Date(this.at);
    this.handedOver = true;
  }

  /** How long a person takes to answer: minutes by day, the next morning at night. */
  waitForPerson(): void {
    const hour = this.hourOf(this.at);
    if (hour >= 8 && hour < 21) this.wait(this.rng.around(6, 0.9) * MINUTE);
    else this.nextMorning(hour >= 21 ? 1 : 0);
  }

  /** To the next morning, 08:00–09:30 team time (today's when `days` is 0 and it is still night). */
  nextMorning(days = 1): void {
    const { day } = dayAndHour(new Date(this.at), this.input.timeZone);
    const morning = zonedDayStart(shiftDay(day, days), this.input.timeZone).getTime() + 8 * HOUR;
    this.at = Math.max(this.at + MINUTE, morning + this.rng.int(0, 90) * MINUTE);
  }

  /** A person writes to the customer; the first reply takes the conversation over. */
  agent(person: HistoryAgent, text: string, options: { kind?: 'text' | 'template' } = {}): void {
    // Taking it over, the thread says so first (as the inbox does), and the reply follows at once.
    if (this.withPerson) this.wait(this.rng.around(2.5, 0.6) * MINUTE);
    else {
      this.withPerson = true;
      this.conversation.assigneeId = person.id;
      this.activity('taken', null, person.id);
      this.line(`${person.name} joined the conversation.`);
    }
    this.push({
      direction: 'outbound',
      sender: 'agent',
      senderUserId: person.id,
      kind: options.kind ?? 'text',
      text,
      ...this.delivery(),
    });
    this.conversation.humanReplyCount += 1;
    this.conversation.firstHumanReplyAt ??= new Date(this.at);
  }

  /** Where an outbound message got: the web and Telegram say sent; Meta reports WhatsApp's further. */
  private delivery(): Pick<HistoryMessage, 'status' | 'sentAt' | 'deliveredAt' | 'readAt' | 'error' | 'externalId'> {
    const sentAt = new Date(this.at + this.rng.int(300, 1500));
    if (this.channel !== 'whatsapp')
      return {
        status: 'sent',
        sentAt,
        deliveredAt: null,
        readAt: null,
        error: null,
        externalId: this.externalId('outbound'),
      };
    const status = this.rng.weighted<MessageStatus>([
      ['read', 0.72],
      ['delivered', 0.16],
      ['sent', 0.06],
      ['failed', 0.06],
    ]);
    if (status === 'failed') {
      return {
        status,
        sentAt: null,
        deliveredAt: null,
        readAt: null,
        error: { code: '131026', message: 'Message undeliverable' },
        externalId: null,
      };
    }
    const deliveredAt = status === 'sent' ? null : new Date(sentAt.getTime() + this.rng.int(2, 12) * SECOND);
    const readAt = status === 'read' ? new Date(deliveredAt!.getTime() + this.rng.around(3, 1) * MINUTE) : null;
    return { status, sentAt, deliveredAt, readAt, error: null, externalId: this.externalId('outbound') };
  }

  handBack(): void {
    this.wait(this.rng.around(2, 0.5) * MINUTE);
    this.activity('handed_back', null);
    this.line('Handed back to the bot: it answers the next message.');
    this.withPerson = false;
    this.conversation.assigneeId = null;
    this.conversation.handoffReason = null;
    this.conversation.handoffAt = null;
  }

  /** Resolved by a person's click: 'bot' when the bot still had it, 'human' when a person did. */
  resolve(by: 'bot' | 'human', person: HistoryAgent, after: number): void {
    const latest = this.input.now.getTime() - MINUTE;
    this.at = Math.min(this.at + Math.max(MINUTE, after), Math.max(latest, this.at + SECOND));
    this.activity('resolved', by, by === 'human' ? person.id : null);
    this.line(`Resolved by ${person.name}.`);
    this.resolved(by);
  }

  /** Nobody wrote for 24 hours: the workers resolve it (or a person did, when that is still to come). */
  idle(): void {
    const at = this.conversation.lastMessageAt.getTime() + 24 * HOUR + this.rng.int(5, 59) * SECOND;
    if (at > this.input.now.getTime() - MINUTE) {
      const person = this.input.agents[0];
      this.resolve(this.withPerson ? 'human' : 'bot', person, this.rng.around(20, 0.5) * MINUTE);
      return;
    }
    this.at = at;
    this.activity('resolved', 'auto_idle');
    this.line(idleResolutionLine(24));
    this.resolved('auto_idle');
  }

  private resolved(by: ResolvedBy): void {
    this.conversation.resolvedAt = new Date(this.at);
    this.conversation.resolvedBy = by;
    this.resolvedAt = this.at;
    this.firstResolvedByBot ??= !this.handedOver && by !== 'human';
  }

  /** The customer writes again within the week: the conversation reopens and the bot has it again. */
  reopen(at: number): void {
    this.at = at;
    this.activity('reopened', null);
    this.conversation.reopenCount += 1;
    this.conversation.assigneeId = null;
    this.conversation.handoffReason = null;
    this.conversation.handoffAt = null;
    this.conversation.handoffSummary = null;
    this.withPerson = false;
  }

  /** The web widget asks for a rating once resolved; some answer. */
  rate(): void {
    const left = this.conversation.resolvedBy === 'auto_idle';
    if (!this.rng.chance(left ? 0.12 : 0.45)) return;
    const happy = this.firstResolvedByBot || this.conversation.humanReplyCount > 0;
    const score = this.rng.weighted<number>(
      happy
        ? [
            [5, 0.55],
            [4, 0.28],
            [3, 0.1],
            [2, 0.04],
            [1, 0.03],
          ]
        : [
            [5, 0.15],
            [4, 0.2],
            [3, 0.25],
            [2, 0.2],
            [1, 0.2],
          ],
    );
    const at = Math.min(this.resolvedAt + this.rng.int(20, 600) * SECOND, this.input.now.getTime() - SECOND);
    this.conversation.csatScore = score;
    this.conversation.csatAt = new Date(at);
    if (this.rng.chance(0.35)) this.conversation.csatComment = this.rng.pick(csatComments[score >= 4 ? 'good' : 'bad']);
    this.at = Math.max(this.at, at);
  }

  /** Adds the conversation to the history, unless anything in it happens after `latest`. */
  finish(history: History, latest: number): boolean {
    const last = Math.max(
      this.at,
      this.conversation.resolvedAt.getTime(),
      ...this.messages.map((m) => m.createdAt.getTime()),
    );
    if (last > latest) return false;
    this.conversation.updatedAt = new Date(last);
    this.contact.lastSeenAt = this.conversation.lastInboundAt;
    history.conversations.push(this.conversation);
    history.messages.push(...this.messages);
    history.activities.push(...this.activities);
    return true;
  }
}

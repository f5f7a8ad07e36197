/**
 * Small talk, told without a model: a message that only greets ("halo kak", "selamat pagi min",
 * "hi there", Telegram's "/start"), thanks ("makasih banyak kak", "thank you!", "🙏"), acknowledges
 * ("oke siap", "got it 👍") or says goodbye ("dadah", "see you"). Customers open and close chats with
 * these on every channel; none of them is a question for the knowledge, and answering them with the
 * fallback ("Sorry, I don't have information about that") reads as a broken bot and counts a gap
 * that is none.
 *
 * Only a whole message is small talk: every word a greeting, thanks, acknowledgement or farewell
 * phrase, or a word that only addresses the chat or softens it ("kak", "min", "dong", "there", "so
 * much"). "halo kak, jam buka berapa?" is a question and goes to the knowledge as any other.
 */
import type { Language } from '../knowledge/language';
import { lexicalWords } from '../knowledge/embedders/lexical';

export type SmallTalk = 'greeting' | 'thanks' | 'acknowledgement' | 'farewell';

export interface SmallTalkMatch {
  kind: SmallTalk;
  /** The language its words belong to; null when they are the same in both ("ok", "hi", "p"). */
  language: Language | null;
}

type Tag = 'id' | 'en' | '';

/** Phrases per kind, each line one language: `id:` Indonesian (and regional), `en:` English, `*:` both. */
const LEXICON: Record<SmallTalk, string> = {
  greeting: `
    id: halo helo alo hai hay hei pagi siang sore malam permisi punten misi salam
    id: kak ka kakak min mimin admin gan agan sis
    id: selamat pagi | selamat siang | selamat sore | selamat malam | selamat datang | slamat pagi | slamat siang
    id: slamat sore | slamat malam | met pagi | met siang | met sore | met malam | salam kenal | apa kabar
    id: assalamualaikum | asalamualaikum | assalamu alaikum | assalamualaikum wr wb | om swastiastu
    id: mau tanya | mau nanya | boleh tanya | boleh nanya | numpang tanya | izin tanya | ijin tanya | tanya dong
    id: mau bertanya | ingin bertanya | boleh bertanya | izin bertanya
    en: hello hiya howdy greetings morning evening afternoon sup
    en: good morning | good afternoon | good evening | good day | how are you | whats up | what is up
    en: can i ask | may i ask | can i ask a question | i have a question | quick question | i want to ask
    *: hi hey hy p ping test tes yo
  `,
  thanks: `
    id: makasih makasi maksih mksh mksih makasii terimakasih trimakasih trims tengkyu thengkyu nuhun suwun
    id: terima kasih | trima kasih | hatur nuhun | matur nuwun | matur suwun
    en: thanks thank thankyou appreciated cheers
    en: thank you | thank u | many thanks | much appreciated
    *: thx tq ty tks tx
  `,
  acknowledgement: `
    id: oke okee okey okeh oce sip sipp siap baik baiklah mantap mantab mantul paham mengerti gitu begitu
    id: oh gitu | oh begitu | o gitu | itu aja | itu saja | sudah cukup | udah cukup | sudah itu saja
    en: okay alright understood great cool nice perfect awesome fine good
    en: got it | i see | all good | sounds good
    *: ok oh oo noted
  `,
  farewell: `
    id: dadah dah
    id: sampai jumpa | sampai nanti | sampai ketemu | selamat tinggal
    en: bye goodbye cya
    en: see you | see ya | have a nice day | have a good day | good night | take care
    *: bye byee
  `,
};

/**
 * Words that only soften a message or say whom it is for: allowed around the phrases, never alone.
 * (The chat's own names, "kak", "min", "admin", are greetings: a message of only those calls it.)
 */
const FILLERS = `
  id: mas mba mbak bang pak bu ibu bapak om tante semua semuanya saya aku
  id: ya yaa yah dong deh sih nih aja saja juga banyak sekali bgt banget lagi atas untuk buat infonya
  id: informasinya bantuannya jawabannya penjelasannya
  en: there all everyone guys team so much very a lot for the help info your again
`;

/** Emoji that say one thing on their own. */
const EMOJI: Record<string, SmallTalk> = {
  '👋': 'greeting',
  '🙏': 'thanks',
  '🙏🏻': 'thanks',
  '🙏🏼': 'thanks',
  '🙏🏽': 'thanks',
  '🙏🏾': 'thanks',
  '👍': 'acknowledgement',
  '👍🏻': 'acknowledgement',
  '👍🏼': 'acknowledgement',
  '👍🏽': 'acknowledgement',
  '👌': 'acknowledgement',
};

/** When a message mixes kinds, the one it ends the chat with wins ("oke makasih, dadah"). */
const PRIORITY: SmallTalk[] = ['farewell', 'thanks', 'acknowledgement', 'greeting'];

/** More words than this and it is not small talk, whatever they are. */
const MAX_WORDS = 8;

/**
 * A word as written, then with its drawn-out letters shortened: three or more to two ("goood" →
 * "good"), then to one ("haloo" → "halo", "makasihhh" → "makasih").
 */
const spellings = (word: string) => [word, word.replace(/(\p{L})\1{2,}/gu, '$1$1'), word.replace(/(\p{L})\1+/gu, '$1')];

interface Phrase {
  words: string[];
  kind: SmallTalk | null;
  tag: Tag;
}

function parseLines(block: string, kind: SmallTalk | null): Phrase[] {
  const phrases: Phrase[] = [];
  for (const line of block.split('\n')) {
    const match = /^\s*(id|en|\*):\s*(.+)$/.exec(line);
    if (!match) continue;
    const tag: Tag = match[1] === '*' ? '' : (match[1] as Tag);
    const body = match[2];
    const parts = body.includes('|') ? body.split('|') : body.split(/\s+/);
    for (const part of parts) {
      const words = lexicalWords(part);
      if (words.length > 0) phrases.push({ words, kind, tag });
    }
  }
  return phrases;
}

/** Every phrase, longest first, so "selamat pagi" is taken before "pagi". */
const PHRASES: Phrase[] = [
  ...(Object.keys(LEXICON) as SmallTalk[]).flatMap((kind) => parseLines(LEXICON[kind], kind)),
  ...parseLines(FILLERS, null),
].sort((a, b) => b.words.length - a.words.length);

const TELEGRAM_START = /^\/start(?:@\w+)?(?:\s|$)/i;

/** The small talk a whole message is, or null for anything else (a question, a request, a word unknown). */
export function smallTalk(message: string): SmallTalkMatch | null {
  const text = message.trim();
  if (TELEGRAM_START.test(text)) return { kind: 'greeting', language: null };

  const words = lexicalWords(text);
  const kinds = new Set<SmallTalk>();
  const tags = new Set<Tag>();
  if (words.length === 0) {
    // Emoji alone ("🙏", "👍👍").
    const symbols = text.replace(/\s+/g, '');
    for (const [emoji, kind] of Object.entries(EMOJI)) if (symbols.includes(emoji)) kinds.add(kind);
    const rest = Object.keys(EMOJI)
      .sort((a, b) => b.length - a.length)
      .reduce((left, emoji) => left.split(emoji).join(''), symbols)
      .replace(/[\p{P}\uFE0F\u200D]/gu, '');
    if (kinds.size === 0 || rest !== '') return null;
    return { kind: PRIORITY.find((kind) => kinds.has(kind))!, language: null };
  }
  if (words.length > MAX_WORDS) return null;

  const written = words.map(spellings);
  /** The longest phrase at `at`, a phrase of words as written before one of words drawn out. */
  const phraseAt = (at: number) => {
    for (const loose of [false, true]) {
      const found = PHRASES.find(
        (candidate) =>
          candidate.words.length <= words.length - at &&
          candidate.words.every((word, offset) =>
            loose ? written[at + offset].includes(word) : words[at + offset] === word,
          ),
      );
      if (found) return found;
    }
    return undefined;
  };
  for (let at = 0; at < words.length;) {
    const phrase = phraseAt(at);
    if (!phrase) return null;
    if (phrase.kind) kinds.add(phrase.kind);
    tags.add(phrase.tag);
    at += phrase.words.length;
  }
  if (kinds.size === 0) return null;
  const language: Language | null = tags.has('id') ? 'indonesian' : tags.has('en') ? 'english' : null;
  return { kind: PRIORITY.find((kind) => kinds.has(kind))!, language };
}

/** What the bot says back to small talk (a greeting: when the bot has no welcome message). */
const REPLIES: Record<SmallTalk, Record<Language, string>> = {
  greeting: {
    indonesian: 'Halo! Ada yang bisa saya bantu?',
    english: 'Hi! How can I help you?',
  },
  thanks: {
    indonesian: 'Sama-sama! Ada lagi yang bisa saya bantu?',
    english: 'You’re welcome! Is there anything else I can help you with?',
  },
  acknowledgement: {
    indonesian: 'Baik. Ada lagi yang bisa saya bantu?',
    english: 'Alright. Is there anything else I can help you with?',
  },
  farewell: {
    indonesian: 'Terima kasih sudah menghubungi kami. Sampai jumpa!',
    english: 'Thank you for reaching out. Goodbye!',
  },
};

/**
 * The reply to small talk: to a greeting, the bot's welcome message (already in the reply's
 * language) when it has one; else Kawan's own words in `language`, both languages when null.
 */
export function smallTalkReply(kind: SmallTalk, language: Language | null, welcome: string): string {
  if (kind === 'greeting' && welcome.trim() !== '') return welcome.trim();
  const words = REPLIES[kind];
  return language ? words[language] : `${words.indonesian}\n\n${words.english}`;
}

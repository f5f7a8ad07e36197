/**
 * When a conversation goes to a person, decided without a model: the person asks for one, a
 * keyword the team chose, the bot's fallbacks piling up; and whether anyone is there (business
 * hours, in the team's timezone, with Intl).
 */
import type { BusinessHours, Weekday } from './bot-config';
import { lexicalWords } from '../knowledge/embedders/lexical';

/** Why the bot hands over; 'rule' is a team's automation rule, consulted before the engine (server/domain/automations). */
export type HandoffReason =
  'user_request' | 'keyword' | 'repeated_fallback' | 'low_confidence' | 'offline' | 'quota' | 'rule';

// ---------------------------------------------------------------------------------------------
// "I want to talk to a human"

const words = (list: string) => list.trim().split(/\s+/);

/** Verbs of talking or being put through (Indonesian, English, colloquial and common misspellings). */
const TALK = new Set(
  words(`
    bicara berbicara bicarakan bicra bcr ngomong ngmg omong ngobrol ngobrl mengobrol obrol
    chat chatt chating chatting ngechat ngechatt ngchat
    hubungi hubungin hubungkan hubungkn menghubungi menghubungkan dihubungi dihubungkan dihubungin hub
    sambungkan sambungin disambungkan disambungin sambung nyambung tersambung terhubung konek connect
    telepon telpon telfon tlp nelpon nelfon call panggil panggilkan panggilin manggil
    alihkan alihin dialihkan oper dioper operin teruskan terusin diteruskan eskalasi escalate
    talk talking speak speaking connected transfer reach contact forward
  `),
);

/** Verbs of wanting or asking for something. */
const WANT = new Set(
  words(`
    mau mo mw maw ingin ingn pengen pingin pgn minta mnta butuh perlu tolong request
    want wanna need needs get give prefer like
  `),
);

/** Who a person may ask for: enough on their own after a verb of wanting ("minta admin"). */
const STRONG = new Set(
  words(`
    admin admn mimin cs agent agen agents operator human humans manusia representative petugas
  `),
);

/** Who a person may want to talk to, but only with a verb of talking ("berapa orang" is no request). */
const WEAK = new Set(
  words(`
    orang person someone somebody seseorang support tim team karyawan pegawai owner pemilik people
    anyone anybody staff staf supervisor manager manajer rep
  `),
);

/** Two-word names folded into one before matching ("orang asli" = human, "customer service" = cs). */
const PAIRS: ReadonlyArray<[RegExp, RegExp, string]> = [
  [/^(?:customer|costumer|custumer|kustomer|costomer|customr)$/, /^(?:service|servis|srvice|sevice|serivce)$/, 'cs'],
  [/^orang$/, /^(?:asli|beneran|bneran|sungguhan|nyata)$/, 'human'],
  [/^manusia$/, /^(?:asli|beneran|sungguhan|nyata)$/, 'human'],
  [/^(?:real|actual|live)$/, /^(?:person|human|people|agent|agents|operator)$/, 'human'],
  [/^human$/, /^(?:being|agent)$/, 'human'],
  [/^live$/, /^chat$/, 'agent'],
  [/^bukan$/, /^(?:bot|robot|ai|mesin)$/, 'human'],
  [/^not$/, /^(?:bot|robot|ai|machine)$/, 'human'],
];

/** Words that may stand between a verb of wanting and whom it wants ("mau ke cs aja"). */
const FILLER = new Set(
  words(`
    ke sama sm ama dengan dgn kepada kpd ama ya yg yang dong donk deh aja saja langsung lgsg lsg kak ka
    kakak seorang salah satu please pls plz plis tolong bisa bs to with a an the some your one me us
    for i saya aku gw gue just
  `),
);

/** Words that only address the chat or are polite: a message of these and a strong name is a request ("CS dong"). */
const POLITE = new Set(words('please pls plz plis dong donk deh aja saja ya yah sih kak ka kakak now sekarang asap'));

/** Names people call the chat itself by: not a request on their own ("admin?" is "hello?"). */
const ADDRESS = new Set(words('admin admn mimin min kak kakak'));

/** Weak names that still ask when a verb of talking follows ("is there someone I can talk to"). */
const SOMEONE = new Set(words('someone somebody anyone anybody seseorang person'));

/** Prepositions that make a weak name a request after a verb of wanting ("mau sama orang"). */
const WITH = new Set(words('sama sm ama dengan dgn ke kepada kpd with to'));

const NEGATION = new Set(
  words('jangan jgn usah gausah gaush tidak tdk gak ga gk nggak ngga nggk enggak engga ndak not dont don never'),
);
/** "gak bisa hubungi cs" (cannot reach) still asks for a person. */
const ABILITY = new Set(words('bisa bs dapat can could cannot cant'));

/** Letters repeated three times or more become one ("adminnn" → "admin", "pleaseee" → "please"). */
const collapseRepeats = (word: string) => word.replace(/(\p{L})\1{2,}/gu, '$1');

/** Possessive and chat suffixes on a name ("adminnya", "csnya", Javanese "admine"). */
function name(word: string): string {
  for (const suffix of ['nya', 'ny']) {
    const base = word.slice(0, -suffix.length);
    if (word.endsWith(suffix) && base.length >= 2 && (STRONG.has(base) || WEAK.has(base))) return base;
  }
  if (word.endsWith('e') && STRONG.has(word.slice(0, -1))) return word.slice(0, -1);
  return word;
}

/** Whether two words are at most one insertion, deletion, substitution or swap apart. */
function nearlyEqual(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (i === a.length && i === b.length) return true;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true; // substitution
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2); // swap
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}

/**
 * Long words worth recognising misspelt. Only these: a misspelling rule on every word would make
 * "contract" a "contact" and "sambungan" (a connection) a "sambungin".
 */
const FUZZY = words(
  'bicara berbicara hubungi hubungkan menghubungi sambungkan ngobrol operator representative manusia petugas',
);

/** A misspelt verb or name stands for the word it nearly is ("opertor", "bicaraa", "hubngi"). */
function canonical(word: string): string {
  if (word.length < 5 || TALK.has(word) || WANT.has(word) || STRONG.has(word) || WEAK.has(word)) return word;
  return FUZZY.find((known) => nearlyEqual(word, known)) ?? word;
}

function requestWords(text: string): string[] {
  const raw = lexicalWords(text).map((word) => canonical(name(collapseRepeats(word))));
  const folded: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const pair = PAIRS.find(([first, second]) => first.test(raw[i]) && i + 1 < raw.length && second.test(raw[i + 1]));
    if (pair) {
      folded.push(pair[2]);
      i++;
    } else {
      folded.push(raw[i]);
    }
  }
  return folded;
}

function negated(tokens: string[], verb: number): boolean {
  const before = tokens.slice(Math.max(0, verb - 4), verb);
  const negation = before.findIndex((word) => NEGATION.has(word));
  if (negation < 0) return false;
  return !before.slice(negation + 1).some((word) => ABILITY.has(word)) && !ABILITY.has(tokens[verb - 1] ?? '');
}

/**
 * Whether a message asks for a person rather than the bot, and the words that said so (for the
 * trace), or null. Recognised:
 *   - a verb of talking and, within four words after it, whom ("mau bicara dengan CS", "talk to
 *     a human", "hubungkan saya ke agen", "can I speak to someone");
 *   - a name and, within four words after it, a verb of talking ("is there a human I can talk to",
 *     "ada admin yang bisa dihubungi");
 *   - a verb of wanting and a name with only small words between ("minta admin dong", "I need a
 *     real person", "mau sama orang asli");
 *   - a message that is only a name and politeness ("CS dong", "human please", "agent pls").
 * Not a request: naming the chat while asking something ("Halo admin, berapa harganya?"), a
 * count of people ("untuk 4 orang"), a negation ("jangan sambungkan ke CS", "I don't want to talk
 * to an agent").
 */
export function asksForHuman(text: string): string | null {
  const tokens = requestWords(text);
  const isName = (word: string) => STRONG.has(word) || WEAK.has(word);
  const phrase = (from: number, to: number) => tokens.slice(from, to + 1).join(' ');

  for (let i = 0; i < tokens.length; i++) {
    const word = tokens[i];
    if (TALK.has(word) && !negated(tokens, i)) {
      for (let j = i + 1; j <= i + 4 && j < tokens.length; j++) if (isName(tokens[j])) return phrase(i, j);
    }
    if (STRONG.has(word) || SOMEONE.has(word)) {
      for (let j = i + 1; j <= i + 4 && j < tokens.length; j++) {
        if (TALK.has(tokens[j]) && !negated(tokens, i)) return phrase(i, j);
      }
    }
    if (WANT.has(word) && !negated(tokens, i)) {
      for (let j = i + 1; j <= i + 4 && j < tokens.length; j++) {
        const candidate = tokens[j];
        if (STRONG.has(candidate) || (WEAK.has(candidate) && WITH.has(tokens[j - 1]))) return phrase(i, j);
        if (!FILLER.has(candidate)) break;
      }
    }
  }

  const names = tokens.filter((word) => STRONG.has(word) && !ADDRESS.has(word));
  if (names.length > 0 && tokens.every((word) => STRONG.has(word) || POLITE.has(word))) return tokens.join(' ');
  return null;
}

// ---------------------------------------------------------------------------------------------
// Keywords

/** Suffixes a keyword may carry in a message ("komplain" in "komplainnya", "refund" in "refunds"). */
const KEYWORD_SUFFIXES = ['', 'nya', 'kan', 'an', 'in', 'lah', 'kah', 's', 'es', 'ed', 'ing'];

/** The first of the bot's handoff keywords the message contains as whole words, or null. */
export function matchKeyword(text: string, keywords: string[]): string | null {
  const tokens = lexicalWords(text).map(collapseRepeats);
  for (const keyword of keywords) {
    const parts = lexicalWords(keyword);
    if (parts.length === 0) continue;
    for (let i = 0; i + parts.length <= tokens.length; i++) {
      const matches = parts.every((part, k) => {
        const token = tokens[i + k];
        if (k < parts.length - 1) return token === part;
        return token.startsWith(part) && KEYWORD_SUFFIXES.includes(token.slice(part.length));
      });
      if (matches) return keyword;
    }
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Fallbacks in a row

export interface TurnRecord {
  role: 'user' | 'assistant';
  kind?: string;
}

/** How many of the bot's latest replies in a row were fallbacks (the person's messages between them do not count). */
export function fallbacksInARow(history: TurnRecord[]): number {
  let count = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    // Small talk between two fallbacks ("ok", "makasih") neither ends nor extends the run.
    if (history[i].role !== 'assistant' || history[i].kind === 'smalltalk') continue;
    if (history[i].kind !== 'fallback') break;
    count++;
  }
  return count;
}

// ---------------------------------------------------------------------------------------------
// Business hours

const WEEKDAYS: Record<string, Weekday> = {
  Mon: 'mon',
  Tue: 'tue',
  Wed: 'wed',
  Thu: 'thu',
  Fri: 'fri',
  Sat: 'sat',
  Sun: 'sun',
};

/** The weekday and "HH:MM" at `now` in a timezone. */
export function localTime(now: Date, timezone: string): { day: Weekday; time: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: timezone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: WEEKDAYS[part('weekday')], time: `${part('hour').padStart(2, '0')}:${part('minute')}` };
}

/** Whether people are there at `now`: always without business hours, else within a day's interval (end exclusive). */
export function withinBusinessHours(hours: BusinessHours | null, now: Date): boolean {
  if (!hours) return true;
  const { day, time } = localTime(now, hours.timezone);
  return (hours.days[day] ?? []).some(([start, end]) => start <= time && time < end);
}

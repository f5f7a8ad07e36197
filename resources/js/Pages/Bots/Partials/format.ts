import type { AvatarColor, BotLanguage, BotStatus, BotSummary, Grounding, TurnKind } from './types';

/** Up to two letters from a name: "Asisten Kopi" → "AK", "kopi" → "K"; "?" for none. */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** Whole class names, so that Tailwind finds them in the source. */
export const avatarClasses: Record<AvatarColor, string> = {
  indigo: 'bg-indigo-500',
  emerald: 'bg-emerald-500',
  amber: 'bg-amber-500',
  rose: 'bg-rose-500',
  sky: 'bg-sky-500',
  violet: 'bg-violet-500',
  slate: 'bg-slate-500',
};

export function avatarClass(color: string): string {
  return avatarClasses[color as AvatarColor] ?? avatarClasses.indigo;
}

export const colorLabels: Record<AvatarColor, string> = {
  indigo: 'Indigo',
  emerald: 'Emerald',
  amber: 'Amber',
  rose: 'Rose',
  sky: 'Sky',
  violet: 'Violet',
  slate: 'Slate',
};

export const statusLabels: Record<BotStatus, string> = { draft: 'Draft', active: 'Active', paused: 'Paused' };

export const statusHints: Record<BotStatus, string> = {
  draft: 'Not answering anyone yet: try it here, then publish it.',
  active: 'Answers with its published version.',
  paused: 'Stays quiet; nothing is deleted and it can be made active again.',
};

export const languageLabels: Record<BotLanguage, string> = {
  auto: 'Automatic',
  indonesian: 'Indonesian',
  english: 'English',
};

export const groundingLabels: Record<Grounding, { label: string; hint: string }> = {
  strict: {
    label: 'Strict',
    hint: 'Answers only from the linked knowledge; says the fallback message when nothing there matches.',
  },
  balanced: {
    label: 'Balanced',
    hint: 'Prefers the linked knowledge, but may answer from general knowledge when it has nothing.',
  },
};

export { weekdayNames as weekdayLabels } from '../../../../../server/bot-engine/day-names';

export const kindLabels: Record<TurnKind, string> = {
  answer: 'Answer',
  curated: 'Curated answer',
  fallback: 'Fallback',
  handoff: 'Handoff',
  smalltalk: 'Small talk',
};

export const sourceLabels: Record<string, string> = { test: 'Test chat', api: 'API', replay: 'Replay' };

/** "$0", "$0.000412", "$0.0213", "under $0.000001", "unknown price". */
export function formatCost(usd: number | null | undefined): string {
  if (usd === null || usd === undefined) return 'unknown price';
  if (usd === 0) return '$0';
  if (usd < 0.000001) return 'under $0.000001';
  return `$${usd < 0.01 ? String(Number(usd.toPrecision(3))) : usd.toFixed(4)}`;
}

/** A long text cut to `max` characters with an ellipsis. */
export function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}

/**
 * The bot's AI credits this billing period against its own cap: "120 of 500 cap", "120, no cap";
 * with ", cap reached" once it has used all of it.
 */
export function creditCapLine(bot: Pick<BotSummary, 'credits_this_period' | 'monthly_credit_cap'>): string {
  const used = (bot.credits_this_period ?? 0).toLocaleString('en-US');
  if (bot.monthly_credit_cap === null) return `${used}, no cap`;
  const line = `${used} of ${bot.monthly_credit_cap.toLocaleString('en-US')} cap`;
  return (bot.credits_this_period ?? 0) >= bot.monthly_credit_cap ? `${line}, cap reached` : line;
}

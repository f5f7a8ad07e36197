import type { MessageRow } from '../../db/repositories/conversation-repository';

const reasons: Record<string, string> = {
  user_request: 'The customer asked for a person.',
  keyword: 'The customer used a handoff keyword.',
  repeated_fallback: 'The bot could not answer several times in a row.',
  low_confidence: 'The bot found nothing in its knowledge it was confident about.',
  offline: 'Handed over outside business hours.',
  quota: "The team's AI replies for this period are used up.",
  manual: 'Handed over by a teammate.',
  rule: "A team's automation rule handed it over.",
};

const clip = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

/**
 * What an agent reads first when a conversation is handed over, written without a model so it
 * works offline and costs nothing: why, what the customer asked (their latest messages, newest
 * last), and what the bot last said.
 */
export function handoffSummary(messages: Pick<MessageRow, 'sender' | 'text'>[], reason: string): string {
  const asked = messages.filter((row) => row.sender === 'contact' && row.text.trim() !== '').slice(-3);
  const lastBot = [...messages].reverse().find((row) => row.sender === 'bot' && row.text.trim() !== '');
  const lines = [reasons[reason] ?? `Handed over (${reason}).`];
  if (asked.length > 0) lines.push(`Customer: ${asked.map((row) => `“${clip(row.text, 160)}”`).join(' · ')}`);
  if (lastBot) lines.push(`Bot last said: “${clip(lastBot.text, 200)}”`);
  return lines.join('\n');
}

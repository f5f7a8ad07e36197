import type { HandoffReasonCode } from '../../db/schema/channels';

/**
 * Why a conversation waits for a person, in the words every screen uses for it: the inbox's list
 * and contact panel, the dashboard's activity, the reports' chart and their CSV export. Imported by
 * the client too, so it stays free of anything but the type.
 */
export const handoffReasonLabels: Record<HandoffReasonCode, string> = {
  user_request: 'Asked for a person',
  keyword: 'Handoff keyword',
  repeated_fallback: 'Bot could not answer',
  low_confidence: 'Low confidence',
  offline: 'Outside business hours',
  quota: 'AI credits used up',
  manual: 'Taken over',
  rule: 'Automation rule',
};

/** The label of a reason read from stored rows, where an unknown code shows as itself. */
export function handoffReasonLabel(reason: string): string {
  return Object.hasOwn(handoffReasonLabels, reason) ? handoffReasonLabels[reason as HandoffReasonCode] : reason;
}

/** The reason as the end of a sentence ("… is waiting for a person: the customer asked for one"). */
export const handoffReasonWords: Record<HandoffReasonCode, string> = {
  user_request: 'the customer asked for one',
  keyword: 'a handoff keyword was used',
  repeated_fallback: 'the bot could not answer several times',
  low_confidence: 'the bot was not sure of its answer',
  offline: 'it came in outside business hours',
  quota: "the team's AI replies for this period are used up",
  manual: 'it was handed over',
  rule: 'an automation rule asked for one',
};

/** The thread's line when a conversation starts waiting for a person (the team reads it; the widget never shows it). */
export function handoffLine(reason: HandoffReasonCode): string {
  return `Waiting for a person: ${handoffReasonWords[reason]}.`;
}

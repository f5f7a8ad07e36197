import { describe, expect, it } from 'vitest';
import { gapReasonOf, statusAfter } from '../../../server/domain/gaps/collect-question';
import type { TurnResult } from '../../../server/bot-engine/turn';

/** Which bot turns leave a question for the knowledge-gap inbox, and how a gap's status follows a new question. */
const turn = (
  kind: TurnResult['kind'],
  handoff: NonNullable<TurnResult['handoff']>['reason'] | null = null,
  provider = 'extractive',
): Pick<TurnResult, 'kind' | 'handoff' | 'trace'> => ({
  kind,
  handoff: handoff ? { reason: handoff, message: 'Sebentar ya, saya sambungkan.' } : null,
  trace: { provider: { kind: provider } } as TurnResult['trace'],
});

describe('gapReasonOf', () => {
  it.each([
    ['an answer', turn('answer'), null],
    ['a curated answer', turn('curated'), null],
    ['a fallback', turn('fallback'), { reason: 'fallback', previous: false }],
    [
      'a fallback then a low-confidence handoff',
      turn('fallback', 'low_confidence'),
      { reason: 'fallback', previous: false },
    ],
    ['the third fallback in a row', turn('fallback', 'repeated_fallback'), { reason: 'handoff', previous: false }],
    ['a fallback outside business hours', turn('fallback', 'offline'), { reason: 'handoff', previous: false }],
    ['an unsure answer handed over', turn('answer', 'low_confidence'), { reason: 'low_confidence', previous: false }],
    [
      'an unsure answer outside business hours',
      turn('answer', 'offline'),
      { reason: 'low_confidence', previous: false },
    ],
    ['a request for a person', turn('handoff', 'user_request'), { reason: 'handoff', previous: true }],
    ['a handoff keyword', turn('handoff', 'keyword'), { reason: 'handoff', previous: true }],
    [
      'a request for a person outside business hours',
      turn('handoff', 'offline'),
      { reason: 'handoff', previous: true },
    ],
    ['the model server failing', turn('fallback', 'repeated_fallback', 'error'), null],
  ] as const)('%s', (_name, result, expected) => {
    expect(gapReasonOf(result)).toEqual(expected);
  });
});

describe('statusAfter', () => {
  const dismissedAt = new Date('2026-11-20T10:00:00Z');

  it('opens a dismissed gap again for a question asked after it was dismissed, not for one asked before', () => {
    expect(statusAfter({ status: 'dismissed', dismissedAt }, new Date('2026-11-20T10:00:01Z'))).toEqual({
      status: 'open',
      dismissedAt: null,
    });
    expect(statusAfter({ status: 'dismissed', dismissedAt }, new Date('2026-11-20T09:59:59Z'))).toEqual({
      status: 'dismissed',
      dismissedAt,
    });
  });

  it('opens an answered gap again for any new question: it was not answered after all', () => {
    expect(statusAfter({ status: 'answered', dismissedAt: null }, new Date())).toEqual({
      status: 'open',
      dismissedAt: null,
    });
    expect(statusAfter({ status: 'open', dismissedAt: null }, new Date())).toEqual({
      status: 'open',
      dismissedAt: null,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { conditionHolds, wordFound, type AutomationFacts } from '../../server/domain/automations/match';

/** How automation rules read a message and a contact (server/domain/automations/match.ts). */
describe('automation rule matching', () => {
  it('finds a word or phrase where a word starts, whatever its case and accents', () => {
    expect(wordFound('Saya mau KOMPLAINNYA soal pesanan', ['refund', 'komplain'])).toBe('komplain');
    expect(wordFound('(refund) dong', ['refund'])).toBe('refund');
    expect(wordFound('barang   rusak parah', ['barang rusak'])).toBe('barang rusak');
    expect(wordFound('Café tutup?', ['cafe'])).toBe('cafe');
    // Not inside another word, though a later place may start one.
    expect(wordFound('prefund', ['refund'])).toBeNull();
    expect(wordFound('prefund lalu refund', ['refund'])).toBe('refund');
    expect(wordFound('anything', ['', '  '])).toBeNull();
  });

  const facts = (attributes: Record<string, unknown>): AutomationFacts => ({
    trigger: 'customer_message',
    text: '',
    firstMessage: false,
    channelId: 1,
    attributes,
    fields: [
      { key: 'member_tier', label: 'Member tier', type: 'list', options: ['Silver', 'Gold'] },
      { key: 'poin', label: 'Poin', type: 'number', options: [] },
      { key: 'aktif', label: 'Aktif', type: 'yes_no', options: [] },
    ],
    handoffReason: null,
    waitedMinutes: null,
  });

  it("compares a contact's field in its type", () => {
    const gold = facts({ member_tier: 'Gold', poin: 1250, aktif: true });
    expect(conditionHolds({ type: 'contact_field', key: 'member_tier', operator: 'is', value: 'gold' }, gold)).toBe(
      true,
    );
    expect(
      conditionHolds({ type: 'contact_field', key: 'member_tier', operator: 'is_not', value: 'Silver' }, gold),
    ).toBe(true);
    expect(conditionHolds({ type: 'contact_field', key: 'poin', operator: 'at_least', value: '1250' }, gold)).toBe(
      true,
    );
    expect(conditionHolds({ type: 'contact_field', key: 'poin', operator: 'at_most', value: '1000' }, gold)).toBe(
      false,
    );
    expect(conditionHolds({ type: 'contact_field', key: 'aktif', operator: 'is', value: 'yes' }, gold)).toBe(true);
    const unknown = facts({});
    expect(conditionHolds({ type: 'contact_field', key: 'poin', operator: 'is_not_set' }, unknown)).toBe(true);
    expect(conditionHolds({ type: 'contact_field', key: 'poin', operator: 'at_least', value: '0' }, unknown)).toBe(
      false,
    );
    // "is not" holds for a contact without the value.
    expect(
      conditionHolds({ type: 'contact_field', key: 'member_tier', operator: 'is_not', value: 'Gold' }, unknown),
    ).toBe(true);
  });

  it('holds a wait from its minutes on, and never outside a waiting rule', () => {
    expect(conditionHolds({ type: 'waited', minutes: 15 }, { ...facts({}), waitedMinutes: 15 })).toBe(true);
    expect(conditionHolds({ type: 'waited', minutes: 15 }, { ...facts({}), waitedMinutes: 14 })).toBe(false);
    expect(conditionHolds({ type: 'waited', minutes: 15 }, facts({}))).toBe(false);
  });
});

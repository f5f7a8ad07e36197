import { describe, expect, it } from 'vitest';
import {
  asksAboutThemselves,
  customerPassage,
  factsAsked,
  factsReply,
  onlyAbout,
  type CustomerFact,
} from '../../../server/bot-engine/customer';

const poin: CustomerFact = { label: 'Poin', value: { indonesian: '1.250', english: '1,250' } };
const tier: CustomerFact = { label: 'Member tier', value: { indonesian: 'Gold', english: 'Gold' } };
const kota: CustomerFact = { label: 'Kota', value: { indonesian: 'Bandung', english: 'Bandung' } };
const lahir: CustomerFact = {
  label: 'Tanggal lahir',
  value: { indonesian: '17 Agustus 1990', english: '17 August 1990' },
};
const facts = [poin, tier, kota, lahir];
const labels = (asked: CustomerFact[]) => asked.map((fact) => fact.label);

describe('the customer asking about themselves', () => {
  it.each([
    ['berapa poin saya?', true],
    ['poinku brp kak', true],
    ['member tier gw apa', true],
    ['aku tinggal di kota mana ya', true],
    ['How many points do I have?', true],
    ['what is my tier', true],
    ['berapa poin untuk kopi gratis?', false],
    ['ada buku menu?', false],
    ['How many points for a free coffee?', false],
  ])('%s → %s', (message, expected) => {
    expect(asksAboutThemselves(message)).toBe(expected);
  });
});

describe('factsAsked', () => {
  it('finds the facts whose label the question holds, in a form, a translation or half of its words', () => {
    expect(labels(factsAsked('berapa poin saya?', facts))).toEqual(['Poin']);
    expect(labels(factsAsked('poinku brp', facts))).toEqual(['Poin']);
    expect(labels(factsAsked('How many points do I have?', facts))).toEqual(['Poin']);
    expect(labels(factsAsked('saya member apa ya?', facts))).toEqual(['Member tier']);
    expect(labels(factsAsked('tanggal lahir saya yg tercatat apa?', facts))).toEqual(['Tanggal lahir']);
    expect(labels(factsAsked('poin dan tier member saya?', facts))).toEqual(['Poin', 'Member tier']);
  });

  it('finds none when the question is not about the asker, or there are no facts', () => {
    expect(factsAsked('berapa poin untuk kopi gratis?', facts)).toEqual([]);
    expect(factsAsked('berapa poin saya?', [])).toEqual([]);
    expect(factsAsked('jam buka outlet saya terdekat?', facts)).toEqual([]);
  });
});

describe('onlyAbout', () => {
  it('holds when everything the question is about is the asked labels', () => {
    expect(onlyAbout('poin saya berapa kak?', [poin])).toBe(true);
    expect(onlyAbout('poinku brp', [poin])).toBe(true);
    expect(onlyAbout('How many points do I have?', [poin])).toBe(true);
    expect(onlyAbout('member tier gw apa', [tier])).toBe(true);
  });

  it('does not when the question asks something more', () => {
    expect(onlyAbout('berapa poin saya untuk dapat kopi gratis?', [poin])).toBe(false);
    expect(onlyAbout('ada outlet di kota saya?', [kota])).toBe(false);
    expect(onlyAbout('poin saya?', [])).toBe(false);
  });
});

describe('factsReply and customerPassage', () => {
  it('says one fact in a sentence in the reply language, several as a list', () => {
    expect(factsReply([poin], 'indonesian')).toBe('Menurut catatan kami, Poin Anda 1.250.');
    expect(factsReply([poin], null)).toBe('Menurut catatan kami, Poin Anda 1.250.');
    expect(factsReply([poin], 'english')).toBe('According to our records, your Poin is 1,250.');
    const member = { label: 'Member', value: { indonesian: 'Ya', english: 'Yes' }, yesNo: true as const };
    expect(factsReply([member], 'indonesian')).toBe('Menurut catatan kami: Member, Ya.');
    expect(factsReply([member], 'english')).toBe('According to our records: Member, Yes.');
    expect(factsReply([poin, lahir], 'english')).toBe(
      'According to our records:\n- Poin: 1,250\n- Tanggal lahir: 17 August 1990',
    );
  });

  it('writes the facts as a passage that is no chunk', () => {
    expect(customerPassage([poin, tier], 'indonesian', 1)).toMatchObject({
      marker: 1,
      chunkId: 0,
      sourceId: 0,
      customer: true,
      content: 'Poin: 1.250\nMember tier: Gold',
    });
  });
});

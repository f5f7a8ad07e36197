import { describe, expect, it } from 'vitest';
import { fillVariables, firstName, unknownVariables } from '../../server/domain/conversations/reply-variables';

describe('reply variables', () => {
  const values = {
    'contact.name': 'Budi Santoso',
    'contact.first_name': 'Budi',
    'contact.phone': '+62 812-3456-7890',
    'contact.email': null,
    'agent.name': 'Rina Wijaya',
    'agent.first_name': 'Rina',
    'conversation.number': '128',
  };

  it('fills each variable, spaced or not, in any case', () => {
    expect(
      fillVariables(
        'Halo Kak {{contact.first_name}}, saya {{ agent.first_name }} ({{Agent.Name}}). #{{conversation.number}}',
        values,
      ),
    ).toBe('Halo Kak Budi, saya Rina (Rina Wijaya). #128');
  });

  it('puts the fallback, or nothing, for an empty value', () => {
    expect(fillVariables('E-mail: {{contact.email | belum ada}}.', values)).toBe('E-mail: belum ada.');
    expect(fillVariables('E-mail: {{contact.email}}.', values)).toBe('E-mail:.');
    expect(fillVariables('Terima kasih, Kak {{contact.email}}. Sampai jumpa {{contact.email}}', values)).toBe(
      'Terima kasih, Kak. Sampai jumpa',
    );
    expect(fillVariables('Halo {{contact.email}} Kak', values)).toBe('Halo  Kak');
    expect(fillVariables('Halo {{ contact.first_name | Kak }}!', { ...values, 'contact.first_name': '  ' })).toBe(
      'Halo Kak!',
    );
  });

  it('leaves what is not a variable as written', () => {
    const text = 'Kode {{promo}} berlaku, {{ contact.nama }} dan {{}} dan {{a|b|c}} tetap.';
    expect(fillVariables(text, values)).toBe(text);
    expect(unknownVariables(text)).toEqual(['promo', 'contact.nama']);
    expect(unknownVariables('Halo {{contact.name}} {{CONTACT.PHONE}}')).toEqual([]);
  });

  it('takes the first word of a name', () => {
    expect(firstName('  Siti  Nurhaliza ')).toBe('Siti');
    expect(firstName('')).toBeNull();
    expect(firstName(null)).toBeNull();
  });
});

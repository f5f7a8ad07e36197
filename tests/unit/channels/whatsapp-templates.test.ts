import { describe, expect, it } from 'vitest';
import { fillTemplate, templateShape, type TemplateDefinition } from '../../../server/channels/whatsapp/templates';
import { ValidationError } from '../../../server/support/errors';

const template = (overrides: Partial<TemplateDefinition>): TemplateDefinition => ({
  name: 'order_update',
  language: 'id',
  category: 'UTILITY',
  parameterFormat: 'POSITIONAL',
  components: [],
  ...overrides,
});

/** The field messages of a refused fill. */
function refusal(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error('expected a ValidationError');
}

const shipping = template({
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Pesanan {{1}}', example: { header_text: ['INV-7'] } },
    {
      type: 'BODY',
      text: 'Halo {{2}}, pesanan {{1}} dikirim lewat {{3}}.',
      example: { body_text: [['INV-7', 'Budi', 'JNE']] },
    },
    { type: 'FOOTER', text: 'Kopi Nusantara' },
    {
      type: 'BUTTONS',
      buttons: [
        {
          type: 'URL',
          text: 'Lacak',
          url: 'https://kopi.test/lacak/{{1}}',
          example: ['https://kopi.test/lacak/INV-7'],
        },
        { type: 'PHONE_NUMBER', text: 'Telepon', phone_number: '+6281288004521' },
        { type: 'QUICK_REPLY', text: 'Terima kasih' },
      ],
    },
  ],
});

describe('templateShape', () => {
  it('asks for positional placeholders by number, with the examples Meta approved', () => {
    const shape = templateShape(shipping);
    expect(shape.unsendable).toBeNull();
    expect(shape.fields.map((field) => [field.key, field.label, field.example, field.maxLength])).toEqual([
      ['header_1', 'Header {{1}}', 'INV-7', 60],
      ['body_1', 'Body {{1}}', 'INV-7', 1024],
      ['body_2', 'Body {{2}}', 'Budi', 1024],
      ['body_3', 'Body {{3}}', 'JNE', 1024],
      ['button_0', 'Link of the “Lacak” button', 'INV-7', 2000],
    ]);
    expect(shape.fields[4].hint).toBe('The end of https://kopi.test/lacak/…');
    expect(shape).toMatchObject({ headerText: 'Pesanan {{1}}', headerMedia: null, footer: 'Kopi Nusantara' });
    expect(shape.buttons.map((button) => button.type)).toEqual(['URL', 'PHONE_NUMBER', 'QUICK_REPLY']);
  });

  it('asks for named placeholders by name, a media header by its kind, a copy-code button by its code', () => {
    const shape = templateShape(
      template({
        parameterFormat: 'NAMED',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          {
            type: 'BODY',
            text: 'Halo {{nama}}, kupon {{ diskon }} untukmu, {{nama}}.',
            example: {
              body_text_named_params: [
                { param_name: 'nama', example: 'Budi' },
                { param_name: 'diskon', example: '20%' },
              ],
            },
          },
          { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: ['KOPI20'] }] },
        ],
      }),
    );
    expect(shape.headerMedia).toBe('image');
    expect(shape.fields.map((field) => [field.key, field.kind, field.example])).toEqual([
      ['body_nama', 'text', 'Budi'],
      ['body_diskon', 'text', '20%'],
      ['button_0', 'code', 'KOPI20'],
    ]);
  });

  it('says why a template cannot be sent from the inbox', () => {
    expect(
      templateShape(template({ category: 'AUTHENTICATION', components: [{ type: 'BODY', text: '{{1}}' }] })).unsendable,
    ).toMatch(/one-time codes/);
    expect(
      templateShape(
        template({
          components: [
            { type: 'HEADER', format: 'LOCATION' },
            { type: 'BODY', text: 'Hi' },
          ],
        }),
      ).unsendable,
    ).toBe('Its location header cannot be filled in from Kawan.');
    expect(
      templateShape(
        template({
          components: [
            { type: 'BODY', text: 'Hi' },
            { type: 'BUTTONS', buttons: [{ type: 'FLOW', text: 'Pesan' }] },
          ],
        }),
      ).unsendable,
    ).toBe('Its flow button cannot be filled in from Kawan.');
    expect(
      templateShape(template({ components: [{ type: 'BODY', text: 'Hi' }, { type: 'CAROUSEL' }] })).unsendable,
    ).toBe('Its carousel part cannot be filled in from Kawan.');
  });
});

describe('fillTemplate', () => {
  it('builds the components in Meta’s order and the text the customer reads', () => {
    const filled = fillTemplate(shipping, {
      header_1: 'INV-9',
      body_1: 'INV-9',
      body_2: ' Sari ',
      body_3: 'SiCepat',
      button_0: 'INV-9',
    });
    expect(filled.text).toBe('Pesanan INV-9\n\nHalo Sari, pesanan INV-9 dikirim lewat SiCepat.\n\nKopi Nusantara');
    expect(filled.headerMedia).toBeNull();
    expect(filled.components).toEqual([
      { type: 'header', parameters: [{ type: 'text', text: 'INV-9' }] },
      {
        type: 'body',
        parameters: [
          { type: 'text', text: 'INV-9' },
          { type: 'text', text: 'Sari' },
          { type: 'text', text: 'SiCepat' },
        ],
      },
      { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: 'INV-9' }] },
    ]);
  });

  it('names each parameter of a named template and sends a copy-code button its code', () => {
    const filled = fillTemplate(
      template({
        parameterFormat: 'NAMED',
        components: [
          { type: 'HEADER', format: 'VIDEO' },
          { type: 'BODY', text: 'Halo {{nama}}!' },
          { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Stop' }, { type: 'COPY_CODE' }] },
        ],
      }),
      { body_nama: 'Budi', button_1: 'KOPI20' },
    );
    expect(filled.headerMedia).toBe('video');
    expect(filled.text).toBe('Halo Budi!');
    expect(filled.components).toEqual([
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'nama', text: 'Budi' }] },
      {
        type: 'button',
        sub_type: 'copy_code',
        index: '1',
        parameters: [{ type: 'coupon_code', coupon_code: 'KOPI20' }],
      },
    ]);
  });

  it('refuses each missing or malformed value under its own key, as Meta would', () => {
    expect(refusal(() => fillTemplate(shipping, {}))).toEqual({
      'parameters.header_1': 'Fill in Header {{1}}.',
      'parameters.body_1': 'Fill in Body {{1}}.',
      'parameters.body_2': 'Fill in Body {{2}}.',
      'parameters.body_3': 'Fill in Body {{3}}.',
      'parameters.button_0': 'Fill in Link of the “Lacak” button.',
    });
    const errors = refusal(() =>
      fillTemplate(shipping, {
        header_1: 'x'.repeat(55),
        body_1: 'baris satu\nbaris dua',
        body_2: 'Budi     Santoso',
        body_3: ['JNE'],
        button_0: 'INV 9',
      }),
    );
    expect(errors).toEqual({
      'parameters.header_1': 'The header may be at most 60 characters with its value in.',
      'parameters.body_1': 'Body {{1}} cannot hold a new line, a tab or more than four spaces in a row.',
      'parameters.body_2': 'Body {{2}} cannot hold a new line, a tab or more than four spaces in a row.',
      'parameters.body_3': 'Fill in Body {{3}}.',
      'parameters.button_0': 'Link of the “Lacak” button cannot hold spaces.',
    });
    const coupon = template({
      components: [
        { type: 'BODY', text: 'Hi' },
        { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE' }] },
      ],
    });
    expect(refusal(() => fillTemplate(coupon, { button_0: 'KODE-YANG-TERLALU-PANJANG' }))).toEqual({
      'parameters.button_0': 'Code the customer copies may be at most 15 characters.',
    });
  });

  it('refuses a template Kawan cannot send, under template', () => {
    expect(
      refusal(() =>
        fillTemplate(template({ category: 'AUTHENTICATION', components: [{ type: 'BODY', text: 'Hi' }] }), {}),
      ),
    ).toEqual({
      template:
        'This template cannot be sent here. Authentication templates carry one-time codes: your own systems send them.',
    });
  });
});

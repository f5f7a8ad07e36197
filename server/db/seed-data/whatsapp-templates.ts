import type { WhatsappTemplateRow } from '../repositories/channel-repository';

/**
 * The demo WhatsApp number's message templates, as WhatsApp Manager would list them once approved:
 * one of each kind the inbox's template picker handles (positional values with a link button, a
 * picture header with named values and a coupon code, a plain follow-up) and an authentication
 * template, which agents do not send.
 */
export const demoWhatsappTemplates: Pick<
  WhatsappTemplateRow,
  'name' | 'language' | 'status' | 'category' | 'body' | 'parameterFormat' | 'components'
>[] = [
  {
    name: 'pesanan_siap',
    language: 'id',
    status: 'APPROVED',
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    body: 'Halo {{1}}, pesanan {{2}} di Kopi Nusantara {{3}} sudah siap diambil. Tunjukkan pesan ini di kasir ya.',
    components: [
      { type: 'HEADER', format: 'TEXT', text: 'Pesanan {{1}}', example: { header_text: ['KN-2041'] } },
      {
        type: 'BODY',
        text: 'Halo {{1}}, pesanan {{2}} di Kopi Nusantara {{3}} sudah siap diambil. Tunjukkan pesan ini di kasir ya.',
        example: { body_text: [['Sari', 'KN-2041', 'Kemang']] },
      },
      { type: 'FOOTER', text: 'Kopi Nusantara' },
      {
        type: 'BUTTONS',
        buttons: [
          {
            type: 'URL',
            text: 'Lihat pesanan',
            url: 'https://kopinusantara.id/pesanan/{{1}}',
            example: ['https://kopinusantara.id/pesanan/KN-2041'],
          },
          { type: 'QUICK_REPLY', text: 'Terima kasih' },
        ],
      },
    ],
  },
  {
    name: 'promo_menu_baru',
    language: 'id',
    status: 'APPROVED',
    category: 'MARKETING',
    parameterFormat: 'NAMED',
    body: 'Halo {{nama}}! {{menu}} sudah hadir di semua outlet Kopi Nusantara. Tunjukkan kode di bawah untuk potongan 20%.',
    components: [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['https://kopinusantara.id/promo.jpg'] } },
      {
        type: 'BODY',
        text: 'Halo {{nama}}! {{menu}} sudah hadir di semua outlet Kopi Nusantara. Tunjukkan kode di bawah untuk potongan 20%.',
        example: {
          body_text_named_params: [
            { param_name: 'nama', example: 'Sari' },
            { param_name: 'menu', example: 'Es Kopi Pandan' },
          ],
        },
      },
      { type: 'FOOTER', text: 'Balas STOP untuk berhenti menerima promo' },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'COPY_CODE', text: 'Salin kode', example: ['PANDAN20'] },
          { type: 'QUICK_REPLY', text: 'Berhenti promo' },
        ],
      },
    ],
  },
  {
    name: 'follow_up',
    language: 'en',
    status: 'APPROVED',
    category: 'UTILITY',
    parameterFormat: 'POSITIONAL',
    body: "Hi {{1}}, we haven't heard back from you. Is there anything else we can help you with?",
    components: [
      {
        type: 'BODY',
        text: "Hi {{1}}, we haven't heard back from you. Is there anything else we can help you with?",
        example: { body_text: [['Sari']] },
      },
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'QUICK_REPLY', text: 'Yes, please' },
          { type: 'QUICK_REPLY', text: 'No, thanks' },
        ],
      },
    ],
  },
  {
    name: 'kode_verifikasi',
    language: 'id',
    status: 'APPROVED',
    category: 'AUTHENTICATION',
    parameterFormat: 'POSITIONAL',
    body: '{{1}} adalah kode verifikasi Anda. Demi keamanan, jangan bagikan kode ini.',
    components: [
      {
        type: 'BODY',
        text: '{{1}} adalah kode verifikasi Anda. Demi keamanan, jangan bagikan kode ini.',
        example: { body_text: [['482913']] },
      },
      { type: 'BUTTONS', buttons: [{ type: 'OTP', text: 'Salin kode' }] },
    ],
  },
];

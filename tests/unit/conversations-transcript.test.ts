import { describe, expect, it } from 'vitest';
import { transcriptText } from '../../server/domain/conversations/transcript';
import type { MessageRow } from '../../server/db/repositories/conversation-repository';

const at = (iso: string) => new Date(iso);
function message(
  values: Partial<MessageRow> & { senderName?: string | null },
): MessageRow & { senderName?: string | null } {
  return {
    id: 1,
    teamId: 1,
    conversationId: 1,
    channelId: 1,
    direction: 'inbound',
    sender: 'contact',
    senderUserId: null,
    kind: 'text',
    text: '',
    attachments: [],
    externalId: null,
    clientId: null,
    inReplyToId: null,
    replyToExternalId: null,
    status: 'received',
    error: null,
    attempts: 0,
    sentAt: null,
    deliveredAt: null,
    readAt: null,
    ai: null,
    template: null,
    choices: null,
    feedback: null,
    mentionedUserIds: null,
    broadcastId: null,
    createdAt: at('2026-12-06T07:31:00Z'),
    ...values,
  };
}

describe('transcriptText', () => {
  it('writes the header and every message with its time in the team’s zone and who wrote it', () => {
    const text = transcriptText(
      {
        number: 42,
        channelName: 'WhatsApp Jakarta',
        contactName: 'Budi Santoso',
        contactPhone: '+6281234567890',
        contactEmail: null,
        createdAt: at('2026-12-06T07:30:00Z'),
        state: 'resolved',
        timezone: 'Asia/Jakarta',
      },
      [
        message({ text: 'Outlet Kemang buka jam berapa?' }),
        message({ direction: 'outbound', sender: 'bot', senderName: 'Asisten Kopi', text: 'Buka 07.00–22.00 [1].' }),
        message({ direction: 'outbound', sender: 'system', kind: 'event', text: 'Dewi joined the conversation.' }),
        message({ direction: 'outbound', sender: 'agent', senderName: 'Dewi', kind: 'note', text: 'Pelanggan tetap.' }),
        message({ direction: 'outbound', sender: 'system', kind: 'note', text: 'Minta foto pesanan.' }),
        message({
          sender: 'contact',
          kind: 'image',
          text: 'Ini struknya\nterima kasih',
          attachments: [{ name: 'struk.png', mime: 'image/png' }],
          createdAt: at('2026-12-06T17:05:00Z'),
        }),
        message({ direction: 'outbound', sender: 'agent', senderName: 'Dewi', kind: 'template', text: 'Halo Budi' }),
      ],
    );
    expect(text).toBe(
      [
        'Conversation #42 · WhatsApp Jakarta',
        'Contact: Budi Santoso (+6281234567890)',
        'Started: 2026-12-06 14:30 (Asia/Jakarta) · State: resolved',
        '',
        '2026-12-06 14:31  Budi Santoso: Outlet Kemang buka jam berapa?',
        '2026-12-06 14:31  Asisten Kopi (bot): Buka 07.00–22.00 [1].',
        '2026-12-06 14:31  — Dewi joined the conversation. —',
        '2026-12-06 14:31  Dewi (internal note): Pelanggan tetap.',
        '2026-12-06 14:31  Automation rule (internal note): Minta foto pesanan.',
        '2026-12-07 00:05  Budi Santoso: Ini struknya',
        '    terima kasih [file: struk.png]',
        '2026-12-06 14:31  Dewi (template): Halo Budi',
        '',
      ].join('\n'),
    );
  });

  it('names a contact without a name by their phone or e-mail, else "Customer"', () => {
    const header = {
      number: 1,
      channelName: 'Website',
      contactName: null,
      contactPhone: null,
      contactEmail: 'rina@example.com',
      createdAt: at('2026-12-06T00:00:00Z'),
      state: 'bot',
      timezone: 'UTC',
    };
    expect(transcriptText(header, [message({ text: 'Halo' })])).toContain('07:31  rina@example.com: Halo');
    expect(transcriptText({ ...header, contactEmail: null }, [message({ text: 'Halo' })])).toContain(
      '  Customer: Halo',
    );
  });
});

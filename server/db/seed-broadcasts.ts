import { eq, sql } from 'drizzle-orm';
import type { Database } from './client';
import { rowsOf } from './rows';
import {
  broadcastRecipients,
  broadcasts,
  contactIdentities,
  contacts,
  conversationActivities,
  conversationLabels,
  conversations,
  messages,
} from './schema/index';
import { channelRepository } from './repositories/channel-repository';
import { filledFor } from '../domain/broadcasts/broadcasts';
import { firstName } from '../domain/conversations/reply-variables';

/**
 * The demo team's broadcasts: one sent two days ago on its WhatsApp number (the new menu, to ten
 * contacts with a phone: most read it, one copy failed, two customers answered and were answered by
 * the agent), and one scheduled for next week to its VIP customers. The sent one is written as
 * history (the demo's WhatsApp reaches nobody); each copy is a resolved conversation of its own.
 */
export async function seedDemoBroadcasts(
  db: Database,
  input: { teamId: number; channelId: number; ownerId: number; agent: { id: number; name: string } },
): Promise<void> {
  const { teamId, channelId } = input;
  const template = (await channelRepository(db, teamId).templates(channelId)).find(
    (row) => row.name === 'promo_menu_baru',
  );
  if (!template) return;
  const day = 86_400_000;
  const startedAt = new Date(Date.now() - 2 * day - 5 * 3_600_000);
  const parameters = { body_nama: '{{contact.first_name | Kak}}', body_menu: 'Es Kopi Pandan', button_0: 'PANDAN20' };
  const people = rowsOf<{ id: number; name: string | null; phone_e164: string }>(
    await db.execute(sql`
      select id, name, phone_e164 from contacts
       where team_id = ${teamId} and phone_e164 is not null
         and not exists (select 1 from contact_identities i
                          where i.team_id = ${teamId} and i.channel_type = 'whatsapp'
                            and i.external_user_id = regexp_replace(contacts.phone_e164, '[^0-9]', '', 'g')
                            and i.contact_id <> contacts.id)
       order by id limit 10`),
  );
  const [sent] = await db
    .insert(broadcasts)
    .values({
      teamId,
      channelId,
      createdBy: input.ownerId,
      name: 'Menu baru: Es Kopi Pandan',
      templateName: template.name,
      templateLanguage: template.language,
      parameters,
      audience: { kind: 'all' },
      status: 'sent',
      scheduledAt: startedAt,
      startedAt,
      finishedAt: new Date(startedAt.getTime() + 40_000),
      recipientCount: people.length,
      createdAt: startedAt,
      updatedAt: startedAt,
    })
    .returning();
  // Where each copy ended: most read, a few delivered or only sent, one refused by WhatsApp.
  const outcomes = [
    'read',
    'read',
    'read',
    'read',
    'read',
    'delivered',
    'delivered',
    'sent',
    'failed',
    'read',
  ] as const;
  const answers = new Map([
    [0, ['Masih berlaku sampai kapan promonya kak?', 'Sampai akhir Desember, Kak. Tunjukkan kodenya di kasir ya.']],
    [3, ['Es Kopi Pandan ada yang less sugar?', 'Ada, Kak: bisa minta less sugar atau tanpa gula di kasir.']],
  ]);
  for (const [index, person] of people.entries()) {
    const at = new Date(startedAt.getTime() + index * 4_000);
    const result = filledFor(template, parameters, {
      'contact.name': person.name,
      'contact.first_name': firstName(person.name),
    });
    if ('problem' in result) continue;
    // Their number is their WhatsApp identity, as a live broadcast records it.
    const waId = person.phone_e164.replace(/\D/g, '');
    await db
      .insert(contactIdentities)
      .values({
        teamId,
        contactId: person.id,
        channelType: 'whatsapp',
        channelId,
        externalUserId: waId,
        displayName: person.name,
      })
      .onConflictDoNothing();
    const outcome = outcomes[index % outcomes.length];
    const answer = answers.get(index);
    const lastAt = answer ? new Date(at.getTime() + 30 * 60_000) : at;
    const [conversation] = await db
      .insert(conversations)
      .values({
        teamId,
        number: sql`next_conversation_number(${teamId}::int)`,
        channelId,
        contactId: person.id,
        threadId: waId,
        state: 'resolved',
        assigneeId: answer ? input.agent.id : null,
        resolvedAt: new Date(lastAt.getTime() + day),
        resolvedBy: answer ? 'human' : 'auto_idle',
        lastMessageAt: lastAt,
        lastInboundAt: answer ? new Date(at.getTime() + 20 * 60_000) : null,
        lastPreview: (answer ? answer[1] : result.filled.text).slice(0, 255),
        inboundCount: answer ? 1 : 0,
        humanReplyCount: answer ? 1 : 0,
        firstHumanReplyAt: answer ? lastAt : null,
        createdAt: at,
        updatedAt: lastAt,
      })
      .returning();
    const [copy] = await db
      .insert(messages)
      .values({
        teamId,
        conversationId: conversation.id,
        channelId,
        direction: 'outbound',
        sender: 'agent',
        senderUserId: input.ownerId,
        kind: 'template',
        text: result.filled.text,
        externalId: `wamid.demo-broadcast-${sent.id}-${index}`,
        template: {
          name: template.name,
          language: template.language,
          components: result.filled.components,
          headerMedia: null,
        },
        broadcastId: sent.id,
        status: outcome,
        error:
          outcome === 'failed'
            ? { code: '131026', message: 'Message undeliverable: the number is not on WhatsApp.' }
            : null,
        attempts: 1,
        sentAt: outcome === 'failed' ? null : at,
        deliveredAt: outcome === 'delivered' || outcome === 'read' ? new Date(at.getTime() + 3_000) : null,
        readAt: outcome === 'read' ? new Date(at.getTime() + 5 * 60_000) : null,
        createdAt: at,
      })
      .returning({ id: messages.id });
    if (answer) {
      await db
        .update(contacts)
        .set({ lastSeenAt: new Date(at.getTime() + 20 * 60_000) })
        .where(eq(contacts.id, person.id));
      await db.insert(messages).values([
        {
          teamId,
          conversationId: conversation.id,
          channelId,
          direction: 'inbound',
          sender: 'contact',
          text: answer[0],
          externalId: `wamid.demo-answer-${sent.id}-${index}`,
          status: 'received',
          createdAt: new Date(at.getTime() + 20 * 60_000),
        },
        {
          teamId,
          conversationId: conversation.id,
          channelId,
          direction: 'outbound',
          sender: 'agent',
          senderUserId: input.agent.id,
          text: answer[1],
          externalId: `wamid.demo-reply-${sent.id}-${index}`,
          status: 'read',
          attempts: 1,
          sentAt: lastAt,
          deliveredAt: lastAt,
          readAt: lastAt,
          createdAt: lastAt,
        },
      ]);
    }
    // What the triggers would have written for its state changes ('opened' they write themselves).
    const resolvedAt = conversation.resolvedAt!;
    await db.insert(conversationActivities).values([
      ...(answer
        ? [{ teamId, conversationId: conversation.id, type: 'taken' as const, userId: input.agent.id, at: lastAt }]
        : []),
      {
        teamId,
        conversationId: conversation.id,
        type: 'resolved' as const,
        reason: answer ? 'human' : 'auto_idle',
        userId: answer ? input.agent.id : null,
        at: resolvedAt,
      },
    ]);
    await db.insert(broadcastRecipients).values({
      teamId,
      broadcastId: sent.id,
      contactId: person.id,
      phoneE164: person.phone_e164,
      status: 'queued',
      messageId: copy.id,
      createdAt: at,
    });
  }

  const [vip] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from ${conversationLabels} where team_id = ${teamId} and name = 'VIP'`),
  );
  const nextWeek = new Date(Date.now() + 6 * day);
  nextWeek.setUTCHours(2, 0, 0, 0);
  await db.insert(broadcasts).values({
    teamId,
    channelId,
    createdBy: input.ownerId,
    name: 'Pesanan siap: pelanggan VIP',
    templateName: 'pesanan_siap',
    templateLanguage: 'id',
    parameters: {
      header_1: 'VIP',
      body_1: '{{contact.first_name | Kak}}',
      body_2: 'VIP-DES',
      body_3: 'Kemang',
      button_0: 'VIP-DES',
    },
    audience: vip ? { kind: 'label', labelId: vip.id } : { kind: 'all' },
    status: 'scheduled',
    scheduledAt: nextWeek,
  });
}

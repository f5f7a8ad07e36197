import { useState } from 'react';
import DialogModal from '@/Components/DialogModal';
import SecondaryButton from '@/Components/SecondaryButton';
import Select from '@/Components/Select';
import { formatPhone } from '@/lib/phone';
import { route } from '@/lib/route';
import TemplatePicker from '../../Conversations/Partials/TemplatePicker';
import type { ContactsShowProps } from './types';

/**
 * A conversation a teammate starts with the contact on WhatsApp: WhatsApp lets a business write first
 * only with an approved template, so the dialog is the inbox's template picker, on the number chosen.
 * The thread opens on it once sent.
 */
export default function StartWhatsApp({
  show,
  contact,
  channels,
  onClose,
}: {
  show: boolean;
  contact: ContactsShowProps['contact'];
  channels: ContactsShowProps['whatsapp_channels'];
  onClose: () => void;
}) {
  const [channelId, setChannelId] = useState(channels[0]?.id ?? 0);
  const channel = channels.find((item) => item.id === channelId) ?? channels[0];
  return (
    <DialogModal
      show={show}
      onClose={onClose}
      maxWidth="4xl"
      title="Message on WhatsApp"
      footer={<SecondaryButton onClick={onClose}>Close</SecondaryButton>}
    >
      {!contact.phone ? (
        <p>Add their phone number first (Edit, on the contact&apos;s card): it is how WhatsApp knows them.</p>
      ) : channel ? (
        <div className="space-y-4">
          {channels.length > 1 && (
            <div>
              <label htmlFor="start-whatsapp-channel" className="block text-sm font-medium text-gray-700">
                From
              </label>
              <Select
                id="start-whatsapp-channel"
                className="mt-1 block w-full sm:w-80"
                value={String(channel.id)}
                onChange={(event) => setChannelId(Number(event.target.value))}
              >
                {channels.map((item) => (
                  <option key={item.id} value={item.id}>
                    {item.name}
                  </option>
                ))}
              </Select>
            </div>
          )}
          <TemplatePicker
            key={channel.id}
            url={route('contacts.conversations.store', { contact: contact.id })}
            templates={channel.templates}
            extra={{ channel_id: channel.id }}
            errorBag="startConversation"
            intro={`WhatsApp lets a business write first only with an approved template. It goes to ${formatPhone(contact.phone)} from ${channel.name}, and the conversation opens once it is sent.`}
          />
        </div>
      ) : null}
    </DialogModal>
  );
}

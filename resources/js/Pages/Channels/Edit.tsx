import { Head, Link } from '@inertiajs/react';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import ChannelSettingsForm from './Partials/ChannelSettingsForm';
import { secretFields, toFormData } from './Partials/channel-form';
import { ChannelTypeLabel } from './Partials/ChannelBadges';
import DeleteChannelForm from './Partials/DeleteChannelForm';
import { shorten } from './Partials/format';
import type { ChannelEditProps, TelegramSettings } from './Partials/types';

/**
 * Channels/Edit: the channel's settings for its type and whether it is active (PUT channels.update;
 * secrets left blank keep what is saved), then deleting it. Read-only for those who may not change it.
 */
export default function Edit({ channel, bots, can }: ChannelEditProps) {
  const editable = can.update;
  const telegramUsername = channel.type === 'telegram' ? (channel.settings as TelegramSettings).bot_username : '';

  return (
    <>
      <Head title={`Edit ${channel.name}`} />
      <PageHeader title={shorten(channel.name, 60)}>
        <Link
          href={route('channels.show', { channel: channel.id })}
          className="ms-4 shrink-0 text-sm text-gray-600 underline hover:text-gray-900"
        >
          Back to the channel
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <div className="mb-6 flex flex-wrap items-center gap-x-4 gap-y-1 px-4 text-sm text-gray-600 sm:px-0">
          <ChannelTypeLabel type={channel.type} />
          {telegramUsername && <span>Connected as @{telegramUsername.replace(/^@/, '')}</span>}
          {!editable && <span>Your role in this team may read these settings; an owner or admin changes them.</span>}
        </div>

        <ChannelSettingsForm
          key={channel.id}
          mode="edit"
          editable={editable}
          initial={toFormData(channel.type, channel.settings, {
            name: channel.name,
            bot_id: channel.bot?.id ?? null,
            status: channel.status,
          })}
          bots={bots}
          secretsSet={channel.secrets_set}
          onSubmit={(form) =>
            form.put(route('channels.update', { channel: channel.id }), {
              preserveScroll: true,
              // A secret typed in is saved now: blank again, with the "Saved" placeholder.
              onSuccess: () => form.reset(...secretFields[channel.type]),
            })
          }
        />

        {can.delete && (
          <>
            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <DeleteChannelForm channel={channel} />
            </div>
          </>
        )}
      </div>
    </>
  );
}

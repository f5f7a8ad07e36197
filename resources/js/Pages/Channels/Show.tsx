import { Head, Link } from '@inertiajs/react';
import ButtonLink from '@/Components/ButtonLink';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import { ChannelStatusBadge, ChannelTypeLabel, HealthBadge } from './Partials/ChannelBadges';
import EventLog from './Partials/EventLog';
import HealthSection from './Partials/HealthSection';
import SecretSection, { hasGeneratedSecret, RevealedSecretBanner } from './Partials/SecretSection';
import SetupSection from './Partials/SetupSection';
import TemplatesSection from './Partials/TemplatesSection';
import { displayIdentifier, shorten } from './Partials/format';
import type { ChannelShowProps } from './Partials/types';
import { useLiveChannel } from './Partials/use-live-channel';

/**
 * Channels/Show: the channel at a glance, what to do to connect it, its health (with a credential
 * check), its secret, WhatsApp templates, and the event log with replays. Live: `ChannelChanged`
 * for this channel reloads the channel and the log.
 */
export default function Show({ channel, setup, events, templates, revealed_secret, can }: ChannelShowProps) {
  useLiveChannel(channel.id, ['channel', 'events']);
  const identifier = displayIdentifier(channel);

  return (
    <>
      <Head title={channel.name} />
      <PageHeader title={shorten(channel.name, 40)}>
        <div className="ms-4 flex shrink-0 items-center gap-4">
          <Link
            href={route('channels.index')}
            className="hidden text-sm text-gray-600 underline hover:text-gray-900 sm:inline"
          >
            All channels
          </Link>
          <ButtonLink
            href={route('channels.edit', { channel: channel.id })}
            variant={can.update ? 'primary' : 'secondary'}
          >
            {can.update ? 'Edit' : 'Settings'}
          </ButtonLink>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 sm:px-0" aria-label="Overview" role="group">
          <ChannelTypeLabel type={channel.type} />
          <ChannelStatusBadge status={channel.status} />
          <HealthBadge health={channel.health} detail={channel.health_detail} />
          {identifier && <span className="text-sm font-medium break-all text-gray-700">{identifier}</span>}
          <span className="text-sm text-gray-600">
            {channel.bot ? (
              <>
                Answered by{' '}
                <Link href={route('bots.show', channel.bot.id)} className="font-medium underline hover:text-gray-900">
                  {channel.bot.name}
                </Link>
              </>
            ) : (
              'No bot — people only'
            )}
          </span>
        </div>

        {revealed_secret && (
          <div className="mt-6">
            <RevealedSecretBanner secret={revealed_secret} />
          </div>
        )}

        <div className="mt-10">
          <SetupSection type={channel.type} setup={setup} />
        </div>

        <SectionBorder />
        <div className="mt-10 sm:mt-0">
          <HealthSection channel={channel} canCheck={can.update} />
        </div>

        {hasGeneratedSecret(channel) && (
          <>
            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <SecretSection channel={channel} canRotate={can.update} />
            </div>
          </>
        )}

        {channel.type === 'whatsapp' && (
          <>
            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <TemplatesSection channelId={channel.id} templates={templates ?? []} canSync={can.update} />
            </div>
          </>
        )}

        <SectionBorder />
        <section
          aria-labelledby="event-log-title"
          className="mt-10 bg-white px-4 py-5 shadow-sm sm:mt-0 sm:rounded-lg sm:p-6"
        >
          <h3 id="event-log-title" className="text-lg font-medium text-gray-900">
            Event log
          </h3>
          {channel.type === 'web' && events.meta.total === 0 ? (
            <p className="mt-1 text-sm text-gray-600">
              The web chat widget talks to Kawan directly, without a provider in between, so there are no webhook
              deliveries to log: its messages are in the{' '}
              <Link href={route('conversations.index')} className="underline">
                inbox
              </Link>
              .
            </p>
          ) : (
            <>
              <p className="mt-1 mb-4 text-sm text-gray-600">
                Every request the provider sent and every delivery Kawan made, with its signature check and what became
                of it. Resent duplicates are counted, not processed twice.
              </p>
              <EventLog channelId={channel.id} events={events} canReplay={can.update} />
            </>
          )}
        </section>
      </div>
    </>
  );
}

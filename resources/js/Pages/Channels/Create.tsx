import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import Icon from '@/Components/Icon';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import ChannelSettingsForm from './Partials/ChannelSettingsForm';
import { toFormData } from './Partials/channel-form';
import { typeIcons, typeLabels } from './Partials/format';
import type { ChannelCreateProps, ChannelType, ChannelTypeInfo } from './Partials/types';

/** The four types as cards; choosing one opens its form. */
function TypePicker({ types, onChoose }: { types: ChannelTypeInfo[]; onChoose: (type: ChannelType) => void }) {
  return (
    <section aria-labelledby="channel-type-title" className="px-4 sm:px-0">
      <h3 id="channel-type-title" className="text-lg font-medium text-gray-900">
        Where do your customers write to you?
      </h3>
      <p className="mt-1 text-sm text-gray-600">Choose the kind of channel; you can add more channels later.</p>
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {types.map((info) => (
          <li key={info.type}>
            <button
              type="button"
              onClick={() => onChoose(info.type)}
              className="flex h-full w-full cursor-pointer gap-4 rounded-lg bg-white p-5 text-start shadow-sm ring-1 ring-gray-200 transition hover:ring-indigo-300 focus:ring-2 focus:ring-indigo-500 focus:outline-hidden"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
                <Icon name={typeIcons[info.type]} className="size-5" />
              </span>
              <span>
                <span className="block text-base font-semibold text-gray-900">{info.label}</span>
                <span className="mt-1 block text-sm text-gray-600">{info.description}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Channels/Create: choose a type (or arrive with ?type=…), then that type's settings; POST
 * channels.store creates the channel and opens its page with what is left to set up.
 */
export default function Create({ types, bots, type: initialType, defaults }: ChannelCreateProps) {
  const [type, setType] = useState<ChannelType | null>(initialType);
  const label = type ? (types.find((info) => info.type === type)?.label ?? typeLabels[type]) : null;
  const title = label ? `New ${label} channel` : 'New channel';
  const onlyBot = bots.length === 1 ? bots[0].id : null;

  return (
    <>
      <Head title={title} />
      <PageHeader title={title}>
        <div className="ms-4 flex shrink-0 items-center gap-4">
          {type && (
            <button
              type="button"
              onClick={() => setType(null)}
              className="cursor-pointer text-sm text-gray-600 underline hover:text-gray-900"
            >
              Change type
            </button>
          )}
          <Link href={route('channels.index')} className="text-sm text-gray-600 underline hover:text-gray-900">
            All channels
          </Link>
        </div>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {type === null ? (
          <TypePicker types={types} onChoose={setType} />
        ) : (
          <ChannelSettingsForm
            key={type}
            mode="create"
            initial={toFormData(type, defaults[type], { bot_id: onlyBot })}
            bots={bots}
            onSubmit={(form) => form.post(route('channels.store'))}
          />
        )}
      </div>
    </>
  );
}

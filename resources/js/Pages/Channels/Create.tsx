import { useState } from 'react';
import { Head, Link } from '@inertiajs/react';
import Icon from '@/Components/Icon';
import { PlanLimitNotice } from '@/Components/PlanLimit';
import { PageHeader } from '@/Layouts/AppLayout';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';
import ChannelSettingsForm from './Partials/ChannelSettingsForm';
import { toFormData } from './Partials/channel-form';
import { typeIcons, typeLabels } from './Partials/format';
import type { ChannelCreateProps, ChannelType, ChannelTypeInfo } from './Partials/types';

type TypePickerProps = {
  types: ChannelTypeInfo[];
  /** The types the team's plan includes; the others are shown disabled. */
  allowed: ChannelType[];
  /** Each type's first plan by name ("Starter"). */
  typePlans: Record<ChannelType, string>;
  /** The team's plan by name. */
  planName: string;
  onChoose: (type: ChannelType) => void;
};

/**
 * The four types as cards; choosing one opens its form. A type the plan leaves out is a disabled
 * card that says which plans have it ("Starter and above").
 */
function TypePicker({ types, allowed, typePlans, planName, onChoose }: TypePickerProps) {
  const left = types.filter((info) => !allowed.includes(info.type));
  return (
    <section aria-labelledby="channel-type-title" className="px-4 sm:px-0">
      <h3 id="channel-type-title" className="text-lg font-medium text-gray-900">
        Where do your customers write to you?
      </h3>
      <p className="mt-1 text-sm text-gray-600">
        Choose the kind of channel; you can add more channels later.
        {left.length > 0 && ` Your ${planName} plan leaves out the greyed types; each says which plans include it.`}
      </p>
      <ul className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
        {types.map((info) => {
          const included = allowed.includes(info.type);
          return (
            <li key={info.type}>
              <button
                type="button"
                onClick={() => onChoose(info.type)}
                disabled={!included}
                aria-describedby={included ? undefined : `channel-type-${info.type}-plan`}
                className={cn(
                  'flex h-full w-full gap-4 rounded-lg p-5 text-start ring-1 transition focus:ring-2 focus:ring-indigo-500 focus:outline-hidden',
                  included
                    ? 'cursor-pointer bg-white shadow-sm ring-gray-200 hover:ring-indigo-300'
                    : 'cursor-not-allowed bg-gray-50 ring-gray-200',
                )}
              >
                <span
                  className={cn(
                    'flex size-10 shrink-0 items-center justify-center rounded-full',
                    included ? 'bg-indigo-50 text-indigo-600' : 'bg-gray-100 text-gray-400',
                  )}
                >
                  <Icon name={typeIcons[info.type]} className="size-5" />
                </span>
                <span>
                  <span className="flex flex-wrap items-center gap-2">
                    <span className={cn('text-base font-semibold', included ? 'text-gray-900' : 'text-gray-500')}>
                      {info.label}
                    </span>
                    {!included && (
                      <span
                        id={`channel-type-${info.type}-plan`}
                        className="inline-flex items-center rounded-full bg-gray-200 px-2 py-0.5 text-xs font-medium text-gray-700"
                      >
                        {typePlans[info.type]} and above
                      </span>
                    )}
                  </span>
                  <span className={cn('mt-1 block text-sm', included ? 'text-gray-600' : 'text-gray-500')}>
                    {info.description}
                  </span>
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * Channels/Create: choose a type the plan includes (or arrive with ?type=…), then that type's
 * settings; POST channels.store creates the channel and opens its page with what is left to set
 * up. Once the plan's channels are all used, a notice says so in the picker's place.
 */
export default function Create({
  types,
  bots,
  type: initialType,
  defaults,
  plan_channel_types,
  plan_name,
  channel_type_plans,
  limit,
}: ChannelCreateProps) {
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
        {limit.reached ? (
          <PlanLimitNotice limit={limit} noun={{ one: 'channel', many: 'channels' }} className="mx-4 sm:mx-0" />
        ) : type === null ? (
          <TypePicker
            types={types}
            allowed={plan_channel_types}
            typePlans={channel_type_plans}
            planName={plan_name}
            onChoose={setType}
          />
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

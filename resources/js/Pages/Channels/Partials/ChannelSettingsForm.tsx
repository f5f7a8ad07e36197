import { useState } from 'react';
import { useForm, type InertiaFormProps } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import SectionBorder from '@/Components/SectionBorder';
import Select from '@/Components/Select';
import TextField from '@/Components/TextField';
import Toggle from '@/Components/Toggle';
import type { ChannelFormData, ChannelFormKey } from './channel-form';
import TypeSettingsFields, { type FieldBag } from './TypeSettingsFields';
import type { BotOption, ChannelType } from './types';

export type ChannelForm = InertiaFormProps<ChannelFormData>;

type ChannelSettingsFormProps = {
  /** From `toFormData`: the type's fields only; with `status` on Edit. */
  initial: ChannelFormData;
  bots: BotOption[];
  /** Which secrets are saved (Edit): their fields stay blank with a "Saved" placeholder. */
  secretsSet?: Record<string, boolean>;
  /** Create: one Create button at the end. Edit: a Save in each section. */
  mode: 'create' | 'edit';
  editable?: boolean;
  onSubmit: (form: ChannelForm) => void;
};

const typeSections: Record<ChannelType, { title: string; description: string }> = {
  web: {
    title: 'Widget',
    description: 'Where the chat widget may open, how it looks, and what it says first.',
  },
  whatsapp: {
    title: 'WhatsApp Cloud API',
    description:
      'The number’s IDs and the credentials from Meta’s App Dashboard. Kawan checks them against Meta when you save.',
  },
  telegram: {
    title: 'Telegram bot',
    description: 'The token of the Telegram bot that answers. Kawan connects its webhook when you save.',
  },
  webhook: {
    title: 'Webhook',
    description: 'Your system sends messages to Kawan’s API; Kawan sends the replies and events back to your URL.',
  },
};

/**
 * The settings of one channel type, as Channels/Create and Channels/Edit share them: the name, the
 * bot that answers (and on Edit whether the channel is active), then the type's own fields. The
 * page says how to send it (`onSubmit` gets the form); messages appear beside their fields.
 */
export default function ChannelSettingsForm({
  initial,
  bots,
  secretsSet = {},
  mode,
  editable = true,
  onSubmit,
}: ChannelSettingsFormProps) {
  const form = useForm<ChannelFormData>(initial);
  const [savedFrom, setSavedFrom] = useState<'channel' | 'settings' | null>(null);
  const errors = form.errors as Partial<Record<ChannelFormKey, string>>;
  const { data } = form;

  const bag: FieldBag = {
    data,
    set: (key, value) => form.setData((current) => ({ ...current, [key]: value })),
    error: (key) => errors[key],
    secretsSet,
    disabled: !editable,
  };

  const submit = (section: 'channel' | 'settings') => {
    if (!editable) return;
    setSavedFrom(section);
    onSubmit(form);
  };

  const actions = (section: 'channel' | 'settings') => {
    if (!editable) return undefined;
    const busy = { className: form.processing ? 'opacity-25' : undefined, disabled: form.processing };
    if (mode === 'create')
      return section === 'settings' ? <PrimaryButton {...busy}>Create channel</PrimaryButton> : undefined;
    return (
      <>
        {form.hasErrors && savedFrom === section && !form.processing && (
          <p className="me-auto text-start text-sm text-red-600" role="alert">
            Not saved: check the messages beside the fields.
          </p>
        )}
        <ActionMessage on={form.recentlySuccessful && savedFrom === section} className="me-3">
          Saved.
        </ActionMessage>
        <PrimaryButton {...busy}>Save</PrimaryButton>
      </>
    );
  };

  const selectedBot = bots.find((bot) => bot.id === data.bot_id);
  const typeSection = typeSections[data.type];

  return (
    <>
      <FormSection
        title="Channel"
        description="Its name in Kawan, and the bot that answers on it. Without a bot, your team answers every conversation in the inbox."
        onSubmitted={() => submit('channel')}
        actions={actions('channel')}
      >
        <TextField
          id="channel-name"
          label="Name"
          className="col-span-6 sm:col-span-4"
          value={data.name}
          onChange={(value) => bag.set('name', value)}
          error={errors.name}
          disabled={!editable}
          maxLength={100}
          autoComplete="off"
          isFocused={mode === 'create'}
          hint="For your team: “Website”, “WhatsApp Jakarta”."
        />

        <div className="col-span-6 sm:col-span-4">
          <InputLabel htmlFor="channel-bot_id" value="Bot" />
          <Select
            id="channel-bot_id"
            className="mt-1 block w-full"
            value={data.bot_id === null ? '' : String(data.bot_id)}
            onChange={(event) => bag.set('bot_id', event.target.value === '' ? null : Number(event.target.value))}
            disabled={!editable}
            aria-invalid={errors.bot_id ? true : undefined}
            aria-describedby="channel-bot_id-hint channel-bot_id-error"
          >
            <option value="">No bot — people only</option>
            {bots.map((bot) => (
              <option key={bot.id} value={bot.id}>
                {bot.published ? bot.name : `${bot.name} (not published)`}
              </option>
            ))}
          </Select>
          <p id="channel-bot_id-hint" className="mt-1 text-xs text-gray-500">
            {selectedBot && !selectedBot.published
              ? 'This bot is not published yet: it stays quiet here until you publish it.'
              : 'Answers first; it hands a conversation to your team as its handoff settings say.'}
          </p>
          <InputError id="channel-bot_id-error" className="mt-2" message={errors.bot_id} />
        </div>

        {data.status !== undefined && (
          <div className="col-span-6">
            <Toggle
              checked={data.status === 'active'}
              onChange={(on) => bag.set('status', on ? 'active' : 'paused')}
              label="Active"
              accessibleLabel="Channel active"
              disabled={!editable}
            />
            <p className="mt-1 text-xs text-gray-500">
              {data.status === 'active'
                ? 'Receives messages and answers them.'
                : 'Paused: messages are not answered; the settings and conversations are kept.'}
            </p>
            <InputError id="channel-status-error" className="mt-2" message={errors.status} />
          </div>
        )}

        {errors.type && <InputError className="col-span-6" message={errors.type} />}
      </FormSection>

      <SectionBorder />

      <div className="mt-10 sm:mt-0">
        <FormSection
          title={typeSection.title}
          description={typeSection.description}
          onSubmitted={() => submit('settings')}
          actions={actions('settings')}
        >
          <TypeSettingsFields bag={bag} />
        </FormSection>
      </div>
    </>
  );
}

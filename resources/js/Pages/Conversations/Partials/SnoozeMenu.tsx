import { useState } from 'react';
import { router, useForm } from '@inertiajs/react';
import DialogModal from '@/Components/DialogModal';
import Dropdown from '@/Components/Dropdown';
import Icon from '@/Components/Icon';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import TextInput from '@/Components/TextInput';
import { formatDateTime } from '@/lib/dates';
import { route } from '@/lib/route';
import { customBounds, localInputValue, snoozeChoices, snoozeMaxDays } from './snooze';
import type { ConversationDetail } from './types';

const menuItem =
  'flex w-full items-center justify-between gap-4 px-4 py-2 text-start text-sm leading-5 text-gray-700 transition hover:bg-gray-100 focus:bg-gray-100 focus:outline-hidden';

/**
 * Snooze: out of the working tabs until a time (in an hour, in three, tomorrow morning, next
 * week, or a date and time picked), back by itself then or when the customer writes. A snoozed
 * conversation offers "Unsnooze" instead.
 */
export default function SnoozeMenu({ conversation }: { conversation: ConversationDetail }) {
  const params = { conversation: conversation.id };
  const form = useForm({ until: '' });
  const [picking, setPicking] = useState(false);
  const [custom, setCustom] = useState('');
  const [bounds, setBounds] = useState(() => customBounds(new Date()));

  const snoozeUntil = (until: Date, onSuccess?: () => void) => {
    form.transform(() => ({ until: until.toISOString() }));
    form.post(route('conversations.snooze', params), { preserveScroll: true, onSuccess });
  };

  if (conversation.snoozed_until) {
    return (
      <SecondaryButton
        disabled={form.processing}
        onClick={() => router.post(route('conversations.unsnooze', params), {}, { preserveScroll: true })}
        title={`Snoozed until ${formatDateTime(conversation.snoozed_until)}`}
      >
        Unsnooze
      </SecondaryButton>
    );
  }

  const openPicker = () => {
    const now = new Date();
    setBounds(customBounds(now));
    setCustom(localInputValue(new Date(now.getTime() + 24 * 60 * 60 * 1000)));
    form.clearErrors();
    setPicking(true);
  };

  const saveCustom = () => {
    const until = new Date(custom);
    if (!custom || Number.isNaN(until.getTime())) {
      form.setError('until', 'Choose a date and a time.');
      return;
    }
    snoozeUntil(until, () => setPicking(false));
  };

  return (
    <div className="relative">
      <Dropdown
        align="right"
        width="72"
        trigger={
          <>
            <Icon name="clock" className="me-1.5 size-4" />
            Snooze
          </>
        }
        triggerClassName="inline-flex items-center rounded-md border border-gray-300 bg-white px-4 py-2 text-xs font-semibold tracking-widest text-gray-700 uppercase shadow-xs transition hover:bg-gray-50 focus:ring-2 focus:ring-indigo-500 focus:ring-offset-2 focus:outline-hidden disabled:opacity-25"
      >
        <p className="px-4 pt-1 pb-2 text-xs text-gray-500">Back in the inbox at</p>
        {snoozeChoices(new Date()).map((choice) => (
          <button
            key={choice.key}
            type="button"
            className={menuItem}
            disabled={form.processing}
            onClick={() => snoozeUntil(choice.until)}
          >
            <span className="whitespace-nowrap">{choice.label}</span>
            <span className="text-xs whitespace-nowrap text-gray-500">{choice.when}</span>
          </button>
        ))}
        <div className="border-t border-gray-200" />
        <button type="button" className={menuItem} onClick={openPicker}>
          Pick a date and time…
        </button>
      </Dropdown>
      {!picking && form.errors.until && (
        <InputError message={form.errors.until} className="absolute end-0 mt-1 w-64 text-end" />
      )}
      <DialogModal
        show={picking}
        onClose={() => setPicking(false)}
        maxWidth="md"
        title="Snooze until"
        footer={
          <>
            <SecondaryButton onClick={() => setPicking(false)}>Cancel</SecondaryButton>
            <PrimaryButton type="button" className="ms-3" onClick={saveCustom} disabled={form.processing}>
              Snooze
            </PrimaryButton>
          </>
        }
      >
        <p>
          The conversation leaves the Open tab and comes back at this time, or as soon as the customer writes. Up to{' '}
          {snoozeMaxDays} days ahead.
        </p>
        <div className="mt-4">
          <InputLabel htmlFor="snooze-until" value="Date and time" />
          <TextInput
            id="snooze-until"
            type="datetime-local"
            className="mt-1 block w-full"
            value={custom}
            min={bounds.min}
            max={bounds.max}
            onChange={(event) => setCustom(event.target.value)}
            aria-invalid={form.errors.until ? true : undefined}
            aria-describedby={form.errors.until ? 'snooze-until-error' : undefined}
          />
          <InputError id="snooze-until-error" message={form.errors.until} className="mt-2" />
        </div>
      </DialogModal>
    </div>
  );
}

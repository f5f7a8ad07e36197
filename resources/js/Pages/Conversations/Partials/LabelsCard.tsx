import { useState } from 'react';
import { Link, useForm } from '@inertiajs/react';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';
import { LabelChip, labelsOf, type Label } from './labels';
import type { ConversationDetail } from './types';

/**
 * The conversation's labels beside the thread; whoever answers conversations changes them from a
 * list of the team's labels (the whole set is saved at once). Live: a teammate's change shows here.
 */
export default function LabelsCard({
  conversation,
  labels,
  canEdit,
}: {
  conversation: ConversationDetail;
  labels: Label[];
  canEdit: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const ids = conversation.label_ids ?? [];
  const form = useForm<{ label_ids: number[] }>({ label_ids: ids });
  const current = labelsOf(ids, labels);

  const start = () => {
    form.clearErrors();
    form.setData('label_ids', [...ids]);
    setEditing(true);
  };
  const toggle = (id: number, on: boolean) =>
    form.setData(
      'label_ids',
      on ? [...form.data.label_ids, id] : form.data.label_ids.filter((labelId) => labelId !== id),
    );
  const save = () =>
    form.put(route('conversations.labels.update', { conversation: conversation.id }), {
      errorBag: 'labels',
      preserveScroll: true,
      onSuccess: () => setEditing(false),
    });

  return (
    <section aria-label="Labels" className="bg-white px-4 py-5 shadow-sm sm:rounded-lg sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h3 className="text-base font-medium text-gray-900">Labels</h3>
        {canEdit && !editing && labels.length > 0 && (
          <button
            type="button"
            className="cursor-pointer text-sm text-gray-500 underline hover:text-gray-700"
            onClick={start}
          >
            Edit
          </button>
        )}
      </div>
      {editing ? (
        <form
          className="mt-3"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <ul className="max-h-64 space-y-2 overflow-y-auto" aria-label="The team's labels">
            {labels.map((label) => (
              <li key={label.id}>
                <label className="flex cursor-pointer items-center gap-2">
                  <Checkbox
                    checked={form.data.label_ids.includes(label.id)}
                    onChange={(event) => toggle(label.id, event.target.checked)}
                  />
                  <LabelChip label={label} />
                  {label.description && <span className="truncate text-xs text-gray-500">{label.description}</span>}
                </label>
              </li>
            ))}
          </ul>
          <InputError className="mt-2" message={form.errors.label_ids} />
          <div className="mt-4 flex items-center gap-3">
            <PrimaryButton disabled={form.processing}>Save</PrimaryButton>
            <SecondaryButton onClick={() => setEditing(false)}>Cancel</SecondaryButton>
          </div>
        </form>
      ) : current.length > 0 ? (
        <div className="mt-2 flex flex-wrap gap-1.5">
          {current.map((label) => (
            <Link
              key={label.id}
              href={route('conversations.index', { label: label.id })}
              title={`Conversations labelled ${label.name}`}
            >
              <LabelChip label={label} />
            </Link>
          ))}
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-500">
          {labels.length > 0 ? (
            'No labels.'
          ) : canEdit ? (
            <>
              Your team has no labels yet.{' '}
              <Link href={route('labels.index')} className="underline hover:text-gray-700">
                Add some
              </Link>{' '}
              to sort conversations by what they are about.
            </>
          ) : (
            'Your team has no labels yet.'
          )}
        </p>
      )}
    </section>
  );
}

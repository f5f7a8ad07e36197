import { Head, Link, type useForm } from '@inertiajs/react';
import InputError from '@/Components/InputError';
import TextField from '@/Components/TextField';
import { cn } from '@/lib/cn';
import { fieldProps } from '@/lib/form-field';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { LabelChip, labelTones, type Label } from './Partials/labels';
import {
  DeleteConfirmation,
  EditDialog,
  InboxLink,
  ManagedRow,
  ManagedSections,
  RowActions,
  useManagedList,
} from './Partials/ManagedList';
import { PageHeader } from '@/Layouts/AppLayout';
import type { LabelColor } from '../../../../server/db/schema/labels';

export interface LabelsProps {
  labels: Array<Label & { conversations: number }>;
  colors: LabelColor[];
  limits: { name: number; description: number; perTeam: number; perConversation: number };
}

type LabelForm = { name: string; color: LabelColor; description: string };

/** Name, colour and description: the same for a new label and a change. */
function LabelFields({
  form,
  idPrefix,
  colors,
  limits,
}: {
  form: ReturnType<typeof useForm<LabelForm>>;
  idPrefix: string;
  colors: LabelColor[];
  limits: LabelsProps['limits'];
}) {
  return (
    <>
      <TextField
        label="Name"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'name')}
        id={`${idPrefix}-name`}
        autoComplete="off"
        maxLength={limits.name}
        hint="Short, as the inbox shows it: “Pesanan”, “Keluhan”, “VIP”."
      />
      <fieldset className="col-span-6">
        <legend className="block text-sm font-medium text-gray-700">Colour</legend>
        <div className="mt-2 flex flex-wrap gap-3">
          {colors.map((color) => (
            <label key={color} className="cursor-pointer" title={color}>
              <input
                type="radio"
                name={`${idPrefix}-color`}
                value={color}
                checked={form.data.color === color}
                onChange={() => form.setData('color', color)}
                className="peer sr-only"
                aria-label={color[0].toUpperCase() + color.slice(1)}
              />
              <span
                aria-hidden="true"
                className={cn(
                  'block size-7 rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-gray-900 peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500',
                  labelTones[color].dot,
                )}
              />
            </label>
          ))}
        </div>
        <InputError className="mt-2" message={form.errors.color} />
      </fieldset>
      <TextField
        label="Description"
        className="col-span-6"
        {...fieldProps(form, 'description')}
        id={`${idPrefix}-description`}
        maxLength={limits.description}
        hint="Optional: when to use it, for the rest of the team."
      />
      {form.data.name.trim() !== '' && (
        <div className="col-span-6 text-sm text-gray-600">
          Preview: <LabelChip label={{ name: form.data.name.trim(), color: form.data.color }} />
        </div>
      )}
    </>
  );
}

/**
 * Conversations/Labels: the team's labels, which agents put on conversations (an order, a
 * complaint, a regular) and the inbox filters by. Whoever answers conversations keeps them.
 */
export default function Labels({ labels, colors, limits }: LabelsProps) {
  type Row = LabelsProps['labels'][number];
  const list = useManagedList<Row, LabelForm>({
    blank: { name: '', color: 'gray', description: '' },
    dataOf: (label) => ({ name: label.name, color: label.color, description: label.description }),
    urls: {
      store: route('labels.store'),
      update: (label) => route('labels.update', { label: label.id }),
      destroy: (label) => route('labels.destroy', { label: label.id }),
    },
    bags: { create: 'createLabel', update: 'updateLabel' },
  });
  const { createForm, editForm, deleteForm, editing, deleting } = list;
  const full = labels.length >= limits.perTeam;

  return (
    <>
      <Head title="Labels" />
      <PageHeader title="Labels">
        <InboxLink />
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <ManagedSections
          add={{
            title: 'New label',
            description:
              'Labels sort conversations by what they are about: an order, a complaint, a reservation, a regular customer. Put them on a conversation from its page, and filter the inbox by one.',
            onSubmit: list.create,
            saved: createForm.recentlySuccessful,
            processing: createForm.processing,
            full,
            fullMessage: `Your team keeps ${limits.perTeam} labels, as many as it can. Delete one you no longer use to add another.`,
            fields: <LabelFields form={createForm} idPrefix="new-label" colors={colors} limits={limits} />,
          }}
          list={{
            title: "Your team's labels",
            description: `${plural(labels.length, 'label')} of ${limits.perTeam}, by name. A conversation can have up to ${limits.perConversation}.`,
            label: 'Labels',
            emptyTitle: 'No labels yet',
            emptyText: 'Add the few your team sorts conversations by; you can change them at any time.',
            items: labels.map((label) => (
              <ManagedRow
                key={label.id}
                actions={
                  <RowActions
                    name={label.name}
                    onEdit={() => list.startEditing(label)}
                    onDelete={() => list.startDeleting(label)}
                  />
                }
              >
                <div className="flex flex-wrap items-center gap-3">
                  <LabelChip label={label} />
                  <Link
                    href={route('conversations.index', { label: label.id })}
                    className="text-xs text-gray-500 underline hover:text-gray-700"
                  >
                    {plural(label.conversations, 'conversation')}
                  </Link>
                </div>
                {label.description && <p className="mt-1 text-sm text-gray-600">{label.description}</p>}
              </ManagedRow>
            )),
          }}
        />
      </div>

      <EditDialog
        show={editing !== null}
        onClose={list.stopEditing}
        title={editing ? `Edit ${editing.name}` : 'Edit label'}
        onSave={list.update}
        processing={editForm.processing}
      >
        <LabelFields form={editForm} idPrefix="edit-label" colors={colors} limits={limits} />
      </EditDialog>

      <DeleteConfirmation
        show={deleting !== null}
        onClose={list.stopDeleting}
        title="Delete label"
        onDelete={list.destroy}
        processing={deleteForm.processing}
      >
        Delete {deleting?.name}?{' '}
        {deleting && deleting.conversations > 0
          ? `It comes off ${plural(deleting.conversations, 'conversation')}.`
          : 'No conversation has it.'}
      </DeleteConfirmation>
    </>
  );
}

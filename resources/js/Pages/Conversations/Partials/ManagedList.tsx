import { useState, type ReactNode } from 'react';
import { Link, useForm } from '@inertiajs/react';
import type { FormDataType } from '@inertiajs/core';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import FormSection from '@/Components/FormSection';
import SectionBorder from '@/Components/SectionBorder';
import DangerButton from '@/Components/DangerButton';
import DialogModal from '@/Components/DialogModal';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';

/**
 * What the inbox's pages for a team's list (saved replies, labels) share: the forms that add,
 * change and delete an item, with each form's error bag, and the dialogs that change and delete
 * one. Each page keeps its fields, its rows and its words.
 */
export function useManagedList<Item extends { id: number }, Data extends FormDataType<Data>>(options: {
  blank: Data;
  /** The edit form's values for an item. */
  dataOf: (item: Item) => Data;
  urls: { store: string; update: (item: Item) => string; destroy: (item: Item) => string };
  bags: { create: string; update: string };
}) {
  const { blank, dataOf, urls, bags } = options;
  const createForm = useForm<Data>(blank);
  const editForm = useForm<Data>(blank);
  const deleteForm = useForm({});
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);

  return {
    createForm,
    editForm,
    deleteForm,
    editing,
    deleting,
    create: () =>
      createForm.post(urls.store, {
        errorBag: bags.create,
        preserveScroll: true,
        onSuccess: () => createForm.reset(),
      }),
    startEditing: (item: Item) => {
      editForm.clearErrors();
      editForm.setData(dataOf(item));
      setEditing(item);
    },
    stopEditing: () => setEditing(null),
    update: () => {
      if (!editing) return;
      editForm.put(urls.update(editing), {
        errorBag: bags.update,
        preserveScroll: true,
        onSuccess: () => setEditing(null),
      });
    },
    startDeleting: (item: Item) => setDeleting(item),
    stopDeleting: () => setDeleting(null),
    destroy: () => {
      if (!deleting) return;
      deleteForm.delete(urls.destroy(deleting), { preserveScroll: true, onSuccess: () => setDeleting(null) });
    },
  };
}

/**
 * The way back to the inbox, in the page's header. (The pages render the header themselves: a
 * partial that imports the layout would fold the layout into a shared chunk of the build.)
 */
export function InboxLink() {
  return (
    <Link href={route('conversations.index')} className="text-sm text-gray-600 underline hover:text-gray-900">
      Inbox
    </Link>
  );
}

/** A row's Edit and Delete, named after the item for screen readers. */
export function RowActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex shrink-0 items-start gap-4">
      <button
        type="button"
        className="cursor-pointer text-sm text-gray-500 underline hover:text-gray-700"
        onClick={onEdit}
        aria-label={`Edit ${name}`}
      >
        Edit
      </button>
      <button
        type="button"
        className="cursor-pointer text-sm text-red-500 hover:text-red-700"
        onClick={onDelete}
        aria-label={`Delete ${name}`}
      >
        Delete
      </button>
    </div>
  );
}

/** The dialog that changes an item: its fields on the form grid, Cancel and Save. */
export function EditDialog({
  show,
  title,
  onClose,
  onSave,
  processing,
  children,
}: {
  show: boolean;
  title: string;
  onClose: () => void;
  onSave: () => void;
  processing: boolean;
  children: ReactNode;
}) {
  return (
    <DialogModal
      show={show}
      onClose={onClose}
      title={title}
      footer={
        <>
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <PrimaryButton type="button" className="ms-3" onClick={onSave} disabled={processing}>
            Save
          </PrimaryButton>
        </>
      }
    >
      <div className="grid grid-cols-6 gap-6">{children}</div>
    </DialogModal>
  );
}

/** The confirmation before an item is deleted: what deleting it does, Cancel and Delete. */
export function DeleteConfirmation({
  show,
  title,
  onClose,
  onDelete,
  processing,
  children,
}: {
  show: boolean;
  title: string;
  onClose: () => void;
  onDelete: () => void;
  processing: boolean;
  children: ReactNode;
}) {
  return (
    <ConfirmationModal
      show={show}
      onClose={onClose}
      title={title}
      footer={
        <>
          <SecondaryButton onClick={onClose}>Cancel</SecondaryButton>
          <DangerButton className="ms-3" onClick={onDelete} disabled={processing}>
            Delete
          </DangerButton>
        </>
      }
    >
      {children}
    </ConfirmationModal>
  );
}

/**
 * The page's two sections: the form that adds an item (Save off once the team keeps as many as it
 * may, with `fullMessage` saying so), then the team's items (`emptyTitle` and `emptyText` while it
 * has none).
 */
export function ManagedSections({
  add,
  list,
}: {
  add: {
    title: string;
    description: string;
    onSubmit: () => void;
    saved: boolean;
    processing: boolean;
    full: boolean;
    fullMessage: string;
    fields: ReactNode;
  };
  list: {
    title: string;
    description: string;
    label: string;
    emptyTitle: string;
    emptyText: string;
    items: ReactNode[];
  };
}) {
  return (
    <>
      <FormSection
        title={add.title}
        description={add.description}
        onSubmitted={add.onSubmit}
        actions={
          <>
            <ActionMessage on={add.saved} className="me-3">
              Saved.
            </ActionMessage>
            <PrimaryButton disabled={add.processing || add.full}>Save</PrimaryButton>
          </>
        }
      >
        {add.fields}
        {add.full && <p className="col-span-6 text-sm text-amber-700">{add.fullMessage}</p>}
      </FormSection>

      <SectionBorder />

      <div className="mt-10 sm:mt-0">
        <ActionSection title={list.title} description={list.description}>
          {list.items.length === 0 ? (
            <div className="text-sm text-gray-600">
              <p className="font-medium text-gray-900">{list.emptyTitle}</p>
              <p className="mt-1">{list.emptyText}</p>
            </div>
          ) : (
            <ul className="divide-y divide-gray-100" aria-label={list.label}>
              {list.items}
            </ul>
          )}
        </ActionSection>
      </div>
    </>
  );
}

/** One item of the list: what it is, then its Edit and Delete. */
export function ManagedRow({ children, actions }: { children: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:gap-6">
      <div className="min-w-0 flex-1">{children}</div>
      {actions}
    </li>
  );
}

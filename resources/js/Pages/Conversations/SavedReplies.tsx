import { Head, type useForm } from '@inertiajs/react';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import type { SavedReply } from './Partials/saved-replies';
import { variablesOf } from '../../../../server/domain/conversations/reply-variables';
import type { ContactFieldShape } from '../../../../server/domain/contacts/field-values';
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

export interface SavedRepliesProps {
  replies: SavedReply[];
  limits: { shortcut: number; text: number; perTeam: number };
  /** The team's own contact fields, variables too (`{{contact.kota}}`). */
  contact_fields: ContactFieldShape[];
}

/** The shortcut and text fields, the same for a new reply and a change. */
function ReplyFields({
  form,
  idPrefix,
  limits,
  fields,
}: {
  form: ReturnType<typeof useForm<{ shortcut: string; text: string }>>;
  idPrefix: string;
  limits: SavedRepliesProps['limits'];
  fields: ContactFieldShape[];
}) {
  return (
    <>
      <TextField
        label="Shortcut"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'shortcut')}
        id={`${idPrefix}-shortcut`}
        autoComplete="off"
        maxLength={limits.shortcut}
        hint="Letters, digits, dashes and underscores. In a reply, type / and the shortcut to put the text in."
      />
      <TextAreaField
        label="Text"
        className="col-span-6"
        rows={5}
        {...fieldProps(form, 'text')}
        id={`${idPrefix}-text`}
        maxLength={limits.text}
        hint={
          <>
            You can still change it in the reply box before sending. Variables are filled in as it is put in:{' '}
            {variablesOf(fields).map(([name, meaning]) => (
              <code key={name} title={meaning} className="me-1 rounded bg-gray-100 px-1 py-0.5 text-gray-700">
                {`{{${name}}}`}
              </code>
            ))}
            ; a fallback after a bar stands in for an unknown value:{' '}
            <code className="rounded bg-gray-100 px-1 py-0.5 text-gray-700">{'{{contact.first_name | Kak}}'}</code>.
          </>
        }
      />
    </>
  );
}

/**
 * Conversations/SavedReplies: the answers the team gives often, each under a shortcut that the
 * inbox's reply box finds after a "/". Whoever answers conversations keeps them.
 */
export default function SavedReplies({ replies, limits, contact_fields: fields }: SavedRepliesProps) {
  const list = useManagedList<SavedReply, { shortcut: string; text: string }>({
    blank: { shortcut: '', text: '' },
    dataOf: (reply) => ({ shortcut: reply.shortcut, text: reply.text }),
    urls: {
      store: route('saved-replies.store'),
      update: (reply) => route('saved-replies.update', { savedReply: reply.id }),
      destroy: (reply) => route('saved-replies.destroy', { savedReply: reply.id }),
    },
    bags: { create: 'createSavedReply', update: 'updateSavedReply' },
  });
  const { createForm, editForm, deleteForm, editing, deleting } = list;
  const full = replies.length >= limits.perTeam;

  return (
    <>
      <Head title="Saved replies" />
      <PageHeader title="Saved replies">
        <InboxLink />
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <ManagedSections
          add={{
            title: 'New saved reply',
            description:
              'Answers your team gives often: opening hours, how to pay, where an order is. In a conversation, type / and a few letters of the shortcut, then Enter.',
            onSubmit: list.create,
            saved: createForm.recentlySuccessful,
            processing: createForm.processing,
            full,
            fullMessage: `Your team keeps ${limits.perTeam} saved replies, as many as it can. Delete one you no longer use to add another.`,
            fields: <ReplyFields form={createForm} idPrefix="new-reply" limits={limits} fields={fields} />,
          }}
          list={{
            title: "Your team's saved replies",
            description: `${plural(replies.length, 'saved reply', 'saved replies')} of ${limits.perTeam}, by shortcut. Everyone who answers conversations in the team uses and changes them.`,
            label: 'Saved replies',
            emptyTitle: 'No saved replies yet',
            emptyText: 'Save the answers you type again and again. They appear in the reply box when you type /.',
            items: replies.map((reply) => (
              <ManagedRow
                key={reply.id}
                actions={
                  <RowActions
                    name={`/${reply.shortcut}`}
                    onEdit={() => list.startEditing(reply)}
                    onDelete={() => list.startDeleting(reply)}
                  />
                }
              >
                <div className="text-sm font-semibold text-gray-900">/{reply.shortcut}</div>
                <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-gray-600">{reply.text}</p>
              </ManagedRow>
            )),
          }}
        />
      </div>

      <EditDialog
        show={editing !== null}
        onClose={list.stopEditing}
        title={editing ? `Edit /${editing.shortcut}` : 'Edit saved reply'}
        onSave={list.update}
        processing={editForm.processing}
      >
        <ReplyFields form={editForm} idPrefix="edit-reply" limits={limits} fields={fields} />
      </EditDialog>

      <DeleteConfirmation
        show={deleting !== null}
        onClose={list.stopDeleting}
        title="Delete saved reply"
        onDelete={list.destroy}
        processing={deleteForm.processing}
      >
        Delete /{deleting?.shortcut}? Nobody in your team will find it in the reply box any more.
      </DeleteConfirmation>
    </>
  );
}

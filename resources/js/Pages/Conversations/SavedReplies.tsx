import { Head, type useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import SectionBorder from '@/Components/SectionBorder';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import type { SavedReply } from './Partials/saved-replies';
import { DeleteConfirmation, EditDialog, InboxLink, RowActions, useManagedList } from './Partials/ManagedList';
import { PageHeader } from '@/Layouts/AppLayout';

export interface SavedRepliesProps {
  replies: SavedReply[];
  limits: { shortcut: number; text: number; perTeam: number };
}

/** The shortcut and text fields, the same for a new reply and a change. */
function ReplyFields({
  form,
  idPrefix,
  limits,
}: {
  form: ReturnType<typeof useForm<{ shortcut: string; text: string }>>;
  idPrefix: string;
  limits: SavedRepliesProps['limits'];
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
        hint="Sent as it is written; you can still change it in the reply box before sending."
      />
    </>
  );
}

/**
 * Conversations/SavedReplies: the answers the team gives often, each under a shortcut that the
 * inbox's reply box finds after a "/". Whoever answers conversations keeps them.
 */
export default function SavedReplies({ replies, limits }: SavedRepliesProps) {
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
        <FormSection
          title="New saved reply"
          description="Answers your team gives often: opening hours, how to pay, where an order is. In a conversation, type / and a few letters of the shortcut, then Enter."
          onSubmitted={list.create}
          actions={
            <>
              <ActionMessage on={createForm.recentlySuccessful} className="me-3">
                Saved.
              </ActionMessage>
              <PrimaryButton disabled={createForm.processing || full}>Save</PrimaryButton>
            </>
          }
        >
          <ReplyFields form={createForm} idPrefix="new-reply" limits={limits} />
          {full && (
            <p className="col-span-6 text-sm text-amber-700">
              Your team keeps {limits.perTeam} saved replies, as many as it can. Delete one you no longer use to add
              another.
            </p>
          )}
        </FormSection>

        <SectionBorder />

        <div className="mt-10 sm:mt-0">
          <ActionSection
            title="Your team's saved replies"
            description={`${plural(replies.length, 'saved reply', 'saved replies')} of ${limits.perTeam}, by shortcut. Everyone who answers conversations in the team uses and changes them.`}
          >
            {replies.length === 0 ? (
              <div className="text-sm text-gray-600">
                <p className="font-medium text-gray-900">No saved replies yet</p>
                <p className="mt-1">
                  Save the answers you type again and again. They appear in the reply box when you type /.
                </p>
              </div>
            ) : (
              <ul className="divide-y divide-gray-100" aria-label="Saved replies">
                {replies.map((reply) => (
                  <li key={reply.id} className="flex flex-col gap-2 py-4 first:pt-0 last:pb-0 sm:flex-row sm:gap-6">
                    <div className="min-w-0 flex-1">
                      <div className="text-sm font-semibold text-gray-900">/{reply.shortcut}</div>
                      <p className="mt-1 line-clamp-3 text-sm break-words whitespace-pre-line text-gray-600">
                        {reply.text}
                      </p>
                    </div>
                    <RowActions
                      name={`/${reply.shortcut}`}
                      onEdit={() => list.startEditing(reply)}
                      onDelete={() => list.startDeleting(reply)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </ActionSection>
        </div>
      </div>

      <EditDialog
        show={editing !== null}
        onClose={list.stopEditing}
        title={editing ? `Edit /${editing.shortcut}` : 'Edit saved reply'}
        onSave={list.update}
        processing={editForm.processing}
      >
        <ReplyFields form={editForm} idPrefix="edit-reply" limits={limits} />
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

import { useState } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import DialogModal from '@/Components/DialogModal';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import SectionBorder from '@/Components/SectionBorder';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { PageHeader } from '@/Layouts/AppLayout';
import { fieldProps } from '@/lib/form-field';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import type { SavedReply } from './Partials/saved-replies';

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
  const createForm = useForm({ shortcut: '', text: '' });
  const editForm = useForm({ shortcut: '', text: '' });
  const deleteForm = useForm({});
  const [editing, setEditing] = useState<SavedReply | null>(null);
  const [deleting, setDeleting] = useState<SavedReply | null>(null);
  const full = replies.length >= limits.perTeam;

  const create = () =>
    createForm.post(route('saved-replies.store'), {
      errorBag: 'createSavedReply',
      preserveScroll: true,
      onSuccess: () => createForm.reset(),
    });

  const startEditing = (reply: SavedReply) => {
    editForm.clearErrors();
    editForm.setData({ shortcut: reply.shortcut, text: reply.text });
    setEditing(reply);
  };

  const update = () => {
    if (!editing) return;
    editForm.put(route('saved-replies.update', { savedReply: editing.id }), {
      errorBag: 'updateSavedReply',
      preserveScroll: true,
      onSuccess: () => setEditing(null),
    });
  };

  const destroy = () => {
    if (!deleting) return;
    deleteForm.delete(route('saved-replies.destroy', { savedReply: deleting.id }), {
      preserveScroll: true,
      onSuccess: () => setDeleting(null),
    });
  };

  return (
    <>
      <Head title="Saved replies" />
      <PageHeader title="Saved replies">
        <Link href={route('conversations.index')} className="text-sm text-gray-600 underline hover:text-gray-900">
          Inbox
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <FormSection
          title="New saved reply"
          description="Answers your team gives often: opening hours, how to pay, where an order is. In a conversation, type / and a few letters of the shortcut, then Enter."
          onSubmitted={create}
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
                    <div className="flex shrink-0 items-start gap-4">
                      <button
                        type="button"
                        className="cursor-pointer text-sm text-gray-500 underline hover:text-gray-700"
                        onClick={() => startEditing(reply)}
                        aria-label={`Edit /${reply.shortcut}`}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="cursor-pointer text-sm text-red-500 hover:text-red-700"
                        onClick={() => setDeleting(reply)}
                        aria-label={`Delete /${reply.shortcut}`}
                      >
                        Delete
                      </button>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </ActionSection>
        </div>
      </div>

      <DialogModal
        show={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit /${editing.shortcut}` : 'Edit saved reply'}
        footer={
          <>
            <SecondaryButton onClick={() => setEditing(null)}>Cancel</SecondaryButton>
            <PrimaryButton type="button" className="ms-3" onClick={update} disabled={editForm.processing}>
              Save
            </PrimaryButton>
          </>
        }
      >
        <div className="grid grid-cols-6 gap-6">
          <ReplyFields form={editForm} idPrefix="edit-reply" limits={limits} />
        </div>
      </DialogModal>

      <ConfirmationModal
        show={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete saved reply"
        footer={
          <>
            <SecondaryButton onClick={() => setDeleting(null)}>Cancel</SecondaryButton>
            <DangerButton className="ms-3" onClick={destroy} disabled={deleteForm.processing}>
              Delete
            </DangerButton>
          </>
        }
      >
        Delete /{deleting?.shortcut}? Nobody in your team will find it in the reply box any more.
      </ConfirmationModal>
    </>
  );
}

import { useState } from 'react';
import { router } from '@inertiajs/react';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import Select from '@/Components/Select';
import SnoozeMenu from './SnoozeMenu';
import { route } from '@/lib/route';
import type { Agent, ConversationAbilities, ConversationDetail } from './types';

type Action = 'conversations.assign' | 'conversations.handback' | 'conversations.resolve' | 'conversations.reopen';

/**
 * What can be done with the conversation, by its state and the viewer's abilities: take it over
 * (bot or waiting), give it to someone (or nobody), hand it back to the bot, snooze it (or end its
 * snooze), resolve or reopen it.
 */
export default function ActionBar({
  conversation,
  agents,
  can,
  userId,
}: {
  conversation: ConversationDetail;
  agents: Agent[];
  can: ConversationAbilities;
  userId: number | null;
}) {
  const [busy, setBusy] = useState(false);
  const { state } = conversation;
  const params = { conversation: conversation.id };

  const act = (name: Action, data: Record<string, number | null> = {}) =>
    router.post(route(name, params), data, {
      preserveScroll: true,
      onStart: () => setBusy(true),
      onFinish: () => setBusy(false),
    });

  const takeOver = can.reply && userId !== null && (state === 'bot' || state === 'queued');
  const handBack = can.reply && (state === 'human' || state === 'queued');
  // A conversation a person has or waits for; the bot's needs nobody to come back to it.
  const snooze = can.reply && (state === 'human' || state === 'queued' || conversation.snoozed_until !== null);
  const resolve = can.resolve && state !== 'resolved';
  const reopen = can.resolve && state === 'resolved';
  const assigneeKnown =
    conversation.assignee === null || agents.some((agent) => agent.id === conversation.assignee?.id);

  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Conversation actions">
      {takeOver && (
        <PrimaryButton type="button" disabled={busy} onClick={() => act('conversations.assign', { user_id: userId })}>
          Take over
        </PrimaryButton>
      )}
      {can.assign && (
        <div>
          <label htmlFor="conversation-assignee" className="sr-only">
            Assigned to
          </label>
          <Select
            id="conversation-assignee"
            className="py-1.5 text-sm"
            disabled={busy}
            value={conversation.assignee ? String(conversation.assignee.id) : ''}
            onChange={(event) =>
              act('conversations.assign', { user_id: event.target.value === '' ? null : Number(event.target.value) })
            }
          >
            <option value="">Unassigned</option>
            {!assigneeKnown && conversation.assignee && (
              <option value={conversation.assignee.id}>{conversation.assignee.name}</option>
            )}
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.id === userId ? `${agent.name} (you)` : agent.name}
                {agent.away ? ' · away' : ''}
              </option>
            ))}
          </Select>
        </div>
      )}
      {handBack && (
        <SecondaryButton
          disabled={busy || conversation.bot === null}
          title={conversation.bot === null ? 'This channel has no bot to hand it to' : undefined}
          onClick={() => act('conversations.handback')}
        >
          Hand back to bot
        </SecondaryButton>
      )}
      {snooze && <SnoozeMenu conversation={conversation} />}
      {resolve && (
        <SecondaryButton disabled={busy} onClick={() => act('conversations.resolve')}>
          Resolve
        </SecondaryButton>
      )}
      {reopen && (
        <SecondaryButton disabled={busy} onClick={() => act('conversations.reopen')}>
          Reopen
        </SecondaryButton>
      )}
    </div>
  );
}

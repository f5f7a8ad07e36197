import { useState } from 'react';
import { router } from '@inertiajs/react';
import Checkbox from '@/Components/Checkbox';
import SecondaryButton from '@/Components/SecondaryButton';
import Select from '@/Components/Select';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import { priorityLabels, priorityOrder } from './format';
import type { Label } from './labels';
import type { Agent, ConversationAbilities } from './types';

/**
 * Above the list while conversations are ticked: how many, tick or untick the whole page, and what
 * to do with them all (resolve; assign to someone or nobody; mark a priority; add a label). One
 * request, `conversations.bulk`; the banner says how many changed, and the list reloads.
 */
export default function BulkBar({
  selected,
  pageIds,
  onSelect,
  agents,
  labels,
  can,
}: {
  selected: number[];
  pageIds: number[];
  onSelect: (ids: number[]) => void;
  agents: Agent[];
  labels: readonly Label[];
  can: ConversationAbilities;
}) {
  const [busy, setBusy] = useState(false);
  const all = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  const run = (data: Record<string, string | number | null>) =>
    router.post(
      route('conversations.bulk'),
      { ids: selected, ...data },
      {
        preserveScroll: true,
        onStart: () => setBusy(true),
        onFinish: () => setBusy(false),
        onSuccess: () => onSelect([]),
      },
    );

  return (
    <div
      role="region"
      aria-label="Bulk actions"
      className="flex flex-wrap items-center gap-3 rounded-lg bg-indigo-50 px-4 py-3 ring-1 ring-indigo-200 sm:px-6"
    >
      <label className="flex items-center gap-2 text-sm font-medium text-indigo-900">
        <Checkbox
          checked={all}
          onChange={() => onSelect(all ? [] : pageIds)}
          aria-label="Select every conversation on this page"
        />
        {plural(selected.length, 'conversation')} selected
      </label>
      <div className="flex flex-1 flex-wrap items-center justify-end gap-2">
        {can.assign && (
          <Select
            aria-label="Assign the selected conversations"
            className="py-1.5 text-sm"
            value=""
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value;
              if (value !== '') run({ action: 'assign', user_id: value === 'nobody' ? null : Number(value) });
            }}
          >
            <option value="">Assign to…</option>
            <option value="nobody">Nobody</option>
            {agents.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name}
              </option>
            ))}
          </Select>
        )}
        <Select
          aria-label="Mark the priority of the selected conversations"
          className="py-1.5 text-sm"
          value=""
          disabled={busy}
          onChange={(event) => {
            const value = event.target.value;
            if (value !== '') run({ action: 'priority', priority: value === 'none' ? null : value });
          }}
        >
          <option value="">Priority…</option>
          {[...priorityOrder].reverse().map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabels[priority]}
            </option>
          ))}
          <option value="none">None</option>
        </Select>
        {labels.length > 0 && (
          <Select
            aria-label="Add a label to the selected conversations"
            className="py-1.5 text-sm"
            value=""
            disabled={busy}
            onChange={(event) => {
              const value = event.target.value;
              if (value !== '') run({ action: 'label', label_id: Number(value) });
            }}
          >
            <option value="">Add label…</option>
            {labels.map((label) => (
              <option key={label.id} value={label.id}>
                {label.name}
              </option>
            ))}
          </Select>
        )}
        {can.resolve && (
          <SecondaryButton disabled={busy} onClick={() => run({ action: 'resolve' })}>
            Resolve
          </SecondaryButton>
        )}
        <button
          type="button"
          className="text-sm text-indigo-700 underline hover:text-indigo-900"
          onClick={() => onSelect([])}
        >
          Clear
        </button>
      </div>
    </div>
  );
}

import { useState } from 'react';
import { router, useForm } from '@inertiajs/react';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import TextAreaField from '@/Components/TextAreaField';
import Toggle from '@/Components/Toggle';
import { cn } from '@/lib/cn';
import { formatDateTime } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import type { Chunk } from './types';

/** A meta value as text; chunk meta is loose JSON (page, heading, sheet, row, url, question). */
function metaText(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** Where the chunk comes from inside its source: page, sheet and row. */
function whereFrom(chunk: Chunk): string[] {
  const page = metaText(chunk.meta.page);
  const sheet = metaText(chunk.meta.sheet);
  const row = metaText(chunk.meta.row);
  return [page && `Page ${page}`, sheet && `Sheet “${sheet}”`, row && `Row ${row}`].filter((part): part is string =>
    Boolean(part),
  );
}

type ChunkItemProps = {
  chunk: Chunk;
  knowledgeId: number;
  canUpdate: boolean;
  /** Called after a change was saved, to load the page of chunks again. */
  onChanged: () => void;
};

/**
 * One chunk of the preview: where it comes from, its text, its statistics; for those who may, a
 * switch to leave it out of answers and an editor for its text (PUT knowledges.chunks.update).
 */
export default function ChunkItem({ chunk, knowledgeId, canUpdate, onChanged }: ChunkItemProps) {
  const [editing, setEditing] = useState(false);
  const [toggling, setToggling] = useState(false);
  const form = useForm({ content: chunk.content });
  const url = route('knowledges.chunks.update', [knowledgeId, chunk.id]);
  const from = whereFrom(chunk);
  const address = metaText(chunk.meta.url);

  const edit = () => {
    form.setData('content', chunk.content);
    form.clearErrors();
    setEditing(true);
  };

  const save = () => {
    form.put(url, {
      errorBag: 'updateChunk',
      preserveScroll: true,
      preserveUrl: true,
      onSuccess: () => {
        setEditing(false);
        onChanged();
      },
    });
  };

  const toggle = (enabled: boolean) => {
    router.put(
      url,
      { enabled },
      {
        errorBag: 'updateChunk',
        preserveScroll: true,
        preserveUrl: true,
        onStart: () => setToggling(true),
        onFinish: () => setToggling(false),
        onSuccess: onChanged,
      },
    );
  };

  return (
    <li
      className={cn('rounded-md border border-gray-200 p-3', !chunk.enabled && 'bg-gray-50')}
      aria-label={`Chunk ${chunk.position + 1}`}
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-xs font-semibold text-gray-400 tabular-nums">#{chunk.position + 1}</span>
        {chunk.edited && <StatusBadge tone="indigo">Edited</StatusBadge>}
        {!chunk.enabled && <StatusBadge tone="gray">Not used in answers</StatusBadge>}
      </div>
      {chunk.context && <p className="mt-1 text-xs break-words whitespace-pre-line text-gray-500">{chunk.context}</p>}

      {editing ? (
        <div className="mt-2">
          <TextAreaField
            label={<span className="sr-only">Text of chunk {chunk.position + 1}</span>}
            rows={8}
            inputClassName="text-sm"
            value={form.data.content}
            error={form.errors.content}
            onChange={(value) => form.setData('content', value)}
            id={`chunk-${chunk.id}-content`}
            hint="It is indexed again at once. Refreshing the source keeps your edit unless the source’s own text for this passage changes."
          />
          <div className="mt-3 flex justify-end gap-3">
            <SecondaryButton onClick={() => setEditing(false)}>Cancel</SecondaryButton>
            <PrimaryButton
              type="button"
              onClick={save}
              disabled={form.processing}
              className={form.processing ? 'opacity-25' : undefined}
            >
              Save
            </PrimaryButton>
          </div>
        </div>
      ) : (
        <div
          className={cn(
            'mt-2 max-h-80 overflow-y-auto text-sm break-words whitespace-pre-wrap',
            chunk.enabled ? 'text-gray-800' : 'text-gray-500',
          )}
        >
          {chunk.content}
        </div>
      )}

      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-xs text-gray-500">
        {from.length > 0 && <span>{from.join(' · ')}</span>}
        {address && (
          <a
            href={address}
            target="_blank"
            rel="noopener noreferrer"
            className="min-w-0 break-all underline hover:text-gray-700"
          >
            {address}
          </a>
        )}
        <span>{plural(chunk.tokens, 'token')}</span>
        <span title={chunk.last_hit_at ? `Last used ${formatDateTime(chunk.last_hit_at)}` : undefined}>
          {plural(chunk.hit_count, 'hit')}
        </span>
        {canUpdate && !editing && (
          <>
            <Toggle
              checked={chunk.enabled}
              onChange={toggle}
              disabled={toggling}
              label="Used in answers"
              accessibleLabel={`Use chunk ${chunk.position + 1} in answers`}
              className="text-xs"
            />
            <button
              type="button"
              className="cursor-pointer text-xs text-gray-500 underline hover:text-gray-700"
              onClick={edit}
              aria-label={`Edit chunk ${chunk.position + 1}`}
            >
              Edit
            </button>
          </>
        )}
      </div>
    </li>
  );
}

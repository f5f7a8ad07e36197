import { useEffect, useState } from 'react';
import { router } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import Pagination from '@/Components/Pagination';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';
import EditSourceModal from './EditSourceModal';
import SourceFilters from './SourceFilters';
import SourceItem from './SourceItem';
import SourcePreview, { useChunkPreview } from './SourcePreview';
import { sourceStateLabels, visitSourceList } from './source-list-query';
import type {
  ChunkPreview,
  Knowledge,
  KnowledgeAbilities,
  LanguageOption,
  RefreshSchedule,
  Source,
  SourceLimits,
  SourceListInfo,
} from './types';

type SourceListProps = {
  knowledge: Knowledge;
  /** The page of sources shown. */
  sources: Source[];
  list: SourceListInfo;
  languages: LanguageOption[];
  refreshSchedules: RefreshSchedule[];
  limits: SourceLimits;
  can: KnowledgeAbilities;
  preview: ChunkPreview | null | undefined;
};

/**
 * The knowledge base's sources with their state, a page at a time, searchable and by state, and
 * what may be done to each: turn it off or on, read it again (Refresh, Retry), edit it, delete it,
 * look at its chunks.
 */
export default function SourceList({
  knowledge,
  sources,
  list,
  languages,
  refreshSchedules,
  limits,
  can,
  preview,
}: SourceListProps) {
  const [editing, setEditing] = useState<Source | null>(null);
  const [deleting, setDeleting] = useState<Source | null>(null);
  const [deletingNow, setDeletingNow] = useState(false);
  const chunks = useChunkPreview();
  // A source of another page (a citation's link) comes with its chunks.
  const previewed = chunks.shown
    ? (sources.find((source) => source.id === chunks.shown?.sourceId) ??
      (preview?.source_id === chunks.shown.sourceId ? preview.source : undefined))
    : undefined;
  const { filters, meta, counts } = list;
  const filtered = filters.search !== '' || filters.state !== 'all';

  const params = (source: Source): [number, number] => [knowledge.id, source.id];

  // Reached from a cited answer (`?preview=<source>`): that source's chunks open at once.
  const linked =
    typeof window === 'undefined' ? null : Number(new URLSearchParams(window.location.search).get('preview'));
  useEffect(() => {
    if (linked) chunks.load(linked, 1);
    // Only on arrival: the link names one source once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggle = (source: Source, enabled: boolean) => {
    router.put(route('knowledges.sources.update', params(source)), { enabled }, { preserveScroll: true });
  };

  const refresh = (source: Source) => {
    router.post(route('knowledges.sources.refresh', params(source)), {}, { preserveScroll: true });
  };

  const destroy = () => {
    if (!deleting) return;
    router.delete(route('knowledges.sources.destroy', params(deleting)), {
      preserveScroll: true,
      onStart: () => setDeletingNow(true),
      onFinish: () => setDeletingNow(false),
      onSuccess: () => setDeleting(null),
    });
  };

  return (
    <ActionSection
      title="Sources"
      description="What the bots answer from. Each source is read, split into passages (chunks) and indexed; its progress shows here as it happens. A source turned off stays here but is left out of answers."
    >
      {counts.all > 0 && <SourceFilters knowledgeId={knowledge.id} list={list} />}
      {counts.all === 0 ? (
        <p className="text-sm text-gray-600">
          No sources yet.{can.update ? ' Add the first one above: a few questions and answers are a good start.' : ''}
        </p>
      ) : sources.length === 0 ? (
        <div className="py-6 text-center text-sm text-gray-600">
          <p className="break-words">
            {filters.search
              ? `No ${filters.state === 'all' ? '' : `${sourceStateLabels[filters.state].toLowerCase()} `}sources match “${filters.search}”.`
              : `No sources are ${sourceStateLabels[filters.state].toLowerCase()}.`}
          </p>
          {filtered && (
            <SecondaryButton
              className="mt-3"
              onClick={() => visitSourceList(knowledge.id, { search: '', state: 'all' })}
            >
              Show all sources
            </SecondaryButton>
          )}
        </div>
      ) : (
        <ul className="divide-y divide-gray-200" aria-label="Sources">
          {sources.map((source) => (
            <SourceItem
              key={source.id}
              source={source}
              languages={languages}
              can={can}
              onToggle={(enabled) => toggle(source, enabled)}
              onRefresh={() => refresh(source)}
              onEdit={() => setEditing(source)}
              onDelete={() => setDeleting(source)}
              onPreview={() => chunks.load(source.id, 1)}
            />
          ))}
        </ul>
      )}
      {meta.last_page > 1 && (
        <Pagination
          className="mt-4"
          label="Pages of sources"
          noun="sources"
          from={meta.from}
          to={meta.to}
          total={meta.total}
          previous={meta.current_page > 1 ? () => visitSourceList(knowledge.id, filters, meta.current_page - 1) : null}
          next={
            meta.current_page < meta.last_page
              ? () => visitSourceList(knowledge.id, filters, meta.current_page + 1)
              : null
          }
        />
      )}

      {editing && (
        <EditSourceModal
          key={editing.id}
          source={editing}
          limits={limits}
          refreshSchedules={refreshSchedules}
          onClose={() => setEditing(null)}
        />
      )}

      {chunks.shown && previewed && (
        <SourcePreview
          source={previewed}
          preview={preview}
          page={chunks.shown.page}
          loading={chunks.loading}
          canUpdate={can.update}
          onPage={(page) => chunks.load(previewed.id, page)}
          onClose={chunks.close}
        />
      )}

      <ConfirmationModal
        show={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete source"
        footer={
          <>
            <SecondaryButton onClick={() => setDeleting(null)}>Cancel</SecondaryButton>
            <DangerButton className={deletingNow ? 'opacity-25' : undefined} disabled={deletingNow} onClick={destroy}>
              Delete
            </DangerButton>
          </>
        }
      >
        Are you sure you want to delete <span className="font-medium break-words">{deleting?.title}</span>? Its chunks
        are removed at once and the bots no longer answer from it.
      </ConfirmationModal>
    </ActionSection>
  );
}

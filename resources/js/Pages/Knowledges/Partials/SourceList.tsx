import { useEffect, useState } from 'react';
import { router } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';
import EditSourceModal from './EditSourceModal';
import SourceItem from './SourceItem';
import SourcePreview, { useChunkPreview } from './SourcePreview';
import type {
  ChunkPreview,
  Knowledge,
  KnowledgeAbilities,
  LanguageOption,
  RefreshSchedule,
  Source,
  SourceLimits,
} from './types';

type SourceListProps = {
  knowledge: Knowledge;
  sources: Source[];
  languages: LanguageOption[];
  refreshSchedules: RefreshSchedule[];
  limits: SourceLimits;
  can: KnowledgeAbilities;
  preview: ChunkPreview | null | undefined;
};

/**
 * The knowledge base's sources with their state, and what may be done to each: turn it off or on,
 * read it again (Refresh, Retry), edit it, delete it, look at its chunks.
 */
export default function SourceList({
  knowledge,
  sources,
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
  const previewed = chunks.shown ? sources.find((source) => source.id === chunks.shown?.sourceId) : undefined;

  const params = (source: Source): [number, number] => [knowledge.id, source.id];

  // Reached from a cited answer (`?preview=<source>`): that source's chunks open at once.
  const linked = typeof window === 'undefined' ? null : Number(new URLSearchParams(window.location.search).get('preview'));
  useEffect(() => {
    if (linked && sources.some((source) => source.id === linked)) chunks.load(linked, 1);
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
      {sources.length === 0 ? (
        <p className="text-sm text-gray-600">
          No sources yet.{can.update ? ' Add the first one above: a few questions and answers are a good start.' : ''}
        </p>
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

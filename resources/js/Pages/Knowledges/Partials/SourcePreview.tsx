import { useState } from 'react';
import { router } from '@inertiajs/react';
import DialogModal from '@/Components/DialogModal';
import Pagination from '@/Components/Pagination';
import SecondaryButton from '@/Components/SecondaryButton';
import { plural } from '@/lib/plural';
import ChunkItem from './ChunkItem';
import type { ChunkPreview, Source } from './types';

/**
 * Which source's chunks are shown, and loading a page of them: a partial reload of the `preview`
 * prop (`?preview=<source>&preview_page=<n>`) that leaves the address as it is.
 */
export function useChunkPreview() {
  const [shown, setShown] = useState<{ sourceId: number; page: number } | null>(null);
  const [loading, setLoading] = useState(false);

  const load = (sourceId: number, page: number) => {
    setShown({ sourceId, page });
    router.reload({
      only: ['preview'],
      data: { preview: sourceId, preview_page: page },
      preserveUrl: true,
      onStart: () => setLoading(true),
      onFinish: () => setLoading(false),
    });
  };

  return { shown, loading, load, close: () => setShown(null) };
}

type SourcePreviewProps = {
  source: Source;
  preview: ChunkPreview | null | undefined;
  page: number;
  loading: boolean;
  canUpdate: boolean;
  onPage: (page: number) => void;
  onClose: () => void;
};

/**
 * The chunks of one source, a page at a time, as retrieval sees them. The last page loaded stays on
 * screen while another loads (and while a saved edit comes back without it).
 */
export default function SourcePreview({
  source,
  preview,
  page,
  loading,
  canUpdate,
  onPage,
  onClose,
}: SourcePreviewProps) {
  const [kept, setKept] = useState<ChunkPreview | null>(null);
  const fresh = preview && preview.source_id === source.id ? preview : null;
  if (fresh && fresh !== kept) setKept(fresh);
  const current = fresh ?? (kept && kept.source_id === source.id ? kept : null);
  const waiting = loading || current === null || current.page !== page;

  return (
    <DialogModal
      show
      onClose={onClose}
      title={<span className="break-words">Chunks of {source.title}</span>}
      footer={<SecondaryButton onClick={onClose}>Close</SecondaryButton>}
    >
      <p>
        The passages the bots are given from this source
        {current ? ` (${plural(current.total, 'chunk')})` : ''}.
        {canUpdate && ' Correct one by editing it, or leave it out of answers.'}
      </p>

      <div aria-busy={waiting} className="mt-4">
        {current === null && !loading && preview === null ? (
          <p className="py-8 text-center text-gray-500">These chunks could not be loaded; the source may be gone.</p>
        ) : current === null ? (
          <p className="py-8 text-center text-gray-500" role="status">
            Loading the chunks…
          </p>
        ) : current.chunks.length === 0 ? (
          <p className="py-8 text-center text-gray-500">This source has no chunks yet.</p>
        ) : (
          <ol className={waiting ? 'space-y-3 opacity-60 transition-opacity' : 'space-y-3'} aria-label="Chunks">
            {current.chunks.map((chunk) => (
              <ChunkItem
                key={chunk.id}
                chunk={chunk}
                knowledgeId={source.knowledge_id}
                canUpdate={canUpdate}
                onChanged={() => onPage(current.page)}
              />
            ))}
          </ol>
        )}
      </div>

      {current && (
        <Pagination
          className="mt-4"
          label="Chunk pages"
          from={null}
          to={null}
          total={current.total}
          summary={`Page ${current.page} of ${current.last_page}`}
          previous={current.page > 1 ? () => !waiting && onPage(current.page - 1) : null}
          next={current.page < current.last_page ? () => !waiting && onPage(current.page + 1) : null}
        />
      )}
    </DialogModal>
  );
}

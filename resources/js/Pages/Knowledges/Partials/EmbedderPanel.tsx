import { useState } from 'react';
import { router } from '@inertiajs/react';
import ConfirmationModal from '@/Components/ConfirmationModal';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { route } from '@/lib/route';
import { embedderName } from './format';
import type { Knowledge } from './types';

type EmbedderPanelProps = {
  knowledge: Knowledge;
  canUpdate: boolean;
};

/**
 * Which embedding model indexes the knowledge base, and, when new knowledge would be indexed
 * differently or this model is gone from the server, a confirmed "Re-embed" (PUT knowledges.update
 * with its saved settings and `reembed: true`).
 */
export default function EmbedderPanel({ knowledge, canUpdate }: EmbedderPanelProps) {
  const { embedder } = knowledge;
  const [confirming, setConfirming] = useState(false);
  const [processing, setProcessing] = useState(false);
  const offerReembed = embedder.outdated || !embedder.available;

  const reembed = () => {
    router.put(
      route('knowledges.update', knowledge.id),
      { name: knowledge.name, description: knowledge.description, language: knowledge.language, reembed: true },
      {
        errorBag: 'reembedKnowledge',
        preserveScroll: true,
        onStart: () => setProcessing(true),
        onFinish: () => setProcessing(false),
        onSuccess: () => setConfirming(false),
      },
    );
  };

  return (
    <div
      className="col-span-6 rounded-md border border-gray-200 bg-gray-50 p-4 text-sm"
      data-testid="knowledge-embedder"
    >
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium text-gray-700">Embedding model</span>
        {!embedder.available ? (
          <StatusBadge tone="yellow">Not available</StatusBadge>
        ) : embedder.outdated ? (
          <StatusBadge tone="gray">Older model</StatusBadge>
        ) : null}
      </div>
      <p className="mt-1 break-words text-gray-600">{embedder.label}</p>

      {!embedder.available ? (
        <p className="mt-2 text-yellow-800">
          This model is not configured on this server: questions are answered by full-text search alone, and new or
          changed sources cannot be indexed. Re-embed to move to {embedder.default_label}.
        </p>
      ) : embedder.outdated ? (
        <p className="mt-2 text-gray-600">
          New knowledge bases are indexed with {embedder.default_label}. Re-embedding indexes every passage again with
          it; the current index keeps answering until each source is done.
        </p>
      ) : null}

      {offerReembed && canUpdate && (
        <SecondaryButton className="mt-3" onClick={() => setConfirming(true)}>
          Re-embed with {embedderName(embedder.default_label)}
        </SecondaryButton>
      )}

      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title="Re-embed knowledge base"
        footer={
          <>
            <SecondaryButton onClick={() => setConfirming(false)}>Cancel</SecondaryButton>
            <PrimaryButton
              type="button"
              className={processing ? 'opacity-25' : undefined}
              disabled={processing}
              onClick={reembed}
            >
              Re-embed
            </PrimaryButton>
          </>
        }
      >
        Every source of <span className="break-words">{knowledge.name}</span> is read and indexed again with{' '}
        {embedder.default_label}. Large sources take a while; each shows its progress below. Unsaved changes in the form
        above are not part of this.
      </ConfirmationModal>
    </div>
  );
}

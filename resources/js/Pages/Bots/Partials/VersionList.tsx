import { useState } from 'react';
import { router } from '@inertiajs/react';
import ConfirmationModal from '@/Components/ConfirmationModal';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime, fromNow } from '@/lib/dates';
import { route } from '@/lib/route';
import type { BotSummary, BotVersion } from './types';

type VersionListProps = {
  bot: BotSummary;
  versions: BotVersion[];
  /** Offer "Restore to draft". */
  canRestore: boolean;
};

/**
 * The published versions, newest first, each with its note and date; "Restore to draft" (after a
 * confirmation) makes a version's settings the draft again: POST bots.versions.restore, then the
 * edit page with the restored settings.
 */
export default function VersionList({ bot, versions, canRestore }: VersionListProps) {
  const [restoring, setRestoring] = useState<BotVersion | null>(null);
  const [processing, setProcessing] = useState(false);

  const restore = () => {
    if (!restoring) return;
    router.post(
      route('bots.versions.restore', [bot.id, restoring.id]),
      {},
      {
        // The edit form starts again from the restored settings.
        preserveState: false,
        onStart: () => setProcessing(true),
        onFinish: () => setProcessing(false),
        onSuccess: () => setRestoring(null),
      },
    );
  };

  if (versions.length === 0) {
    return <p className="text-sm text-gray-600">Nothing published yet. Publishing the draft makes it version 1.</p>;
  }

  return (
    <>
      <ol className="divide-y divide-gray-100" aria-label="Versions">
        {versions.map((version) => (
          <li key={version.id} className="py-3 first:pt-0 last:pb-0" aria-label={`Version ${version.version}`}>
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-sm font-medium text-gray-900">Version {version.version}</span>
                {version.version === bot.published_version && (
                  <StatusBadge tone="green" dot>
                    Live
                  </StatusBadge>
                )}
              </div>
              {version.note && <p className="mt-0.5 text-sm break-words text-gray-600">{version.note}</p>}
              {version.created_at && (
                <p className="mt-0.5 text-xs text-gray-500" title={formatDateTime(version.created_at)}>
                  Published {fromNow(version.created_at)}
                </p>
              )}
              {canRestore && (
                <button
                  type="button"
                  className="mt-1 cursor-pointer text-xs font-medium text-indigo-700 hover:text-indigo-600 focus:underline focus:outline-hidden"
                  onClick={() => setRestoring(version)}
                >
                  Restore <span className="sr-only">version {version.version}</span> to draft
                </button>
              )}
            </div>
          </li>
        ))}
      </ol>

      <ConfirmationModal
        show={restoring !== null}
        onClose={() => setRestoring(null)}
        title={restoring ? `Restore version ${restoring.version}?` : 'Restore'}
        footer={
          <>
            <SecondaryButton onClick={() => setRestoring(null)}>Cancel</SecondaryButton>
            <PrimaryButton
              type="button"
              className={processing ? 'opacity-25' : undefined}
              disabled={processing}
              onClick={restore}
            >
              Restore
            </PrimaryButton>
          </>
        }
      >
        Its settings replace the draft, and whatever the draft has now is lost. The live version does not change until
        you publish.
      </ConfirmationModal>
    </>
  );
}

import DialogModal from '@/Components/DialogModal';
import SecondaryButton from '@/Components/SecondaryButton';

/** The keyboard shortcuts of a page, as the "?" key shows them. */
export default function ShortcutsHelp({
  show,
  onClose,
  shortcuts,
}: {
  show: boolean;
  onClose: () => void;
  shortcuts: readonly (readonly [keys: string, what: string])[];
}) {
  return (
    <DialogModal
      show={show}
      onClose={onClose}
      maxWidth="md"
      title="Keyboard shortcuts"
      footer={<SecondaryButton onClick={onClose}>Close</SecondaryButton>}
    >
      <dl className="divide-y divide-gray-100" aria-label="Keyboard shortcuts">
        {shortcuts.map(([keys, what]) => (
          <div key={keys} className="flex items-center justify-between gap-4 py-2">
            <dt className="text-sm text-gray-700">{what}</dt>
            <dd className="flex shrink-0 gap-1">
              {keys.split(' ').map((key) => (
                <kbd
                  key={key}
                  className="min-w-6 rounded border border-gray-300 bg-gray-50 px-1.5 py-0.5 text-center font-mono text-xs text-gray-700 shadow-xs"
                >
                  {key}
                </kbd>
              ))}
            </dd>
          </div>
        ))}
      </dl>
    </DialogModal>
  );
}

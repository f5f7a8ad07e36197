import { useState, type DragEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

type FileDropProps = {
  id: string;
  /** The input's `accept`: ".pdf,.docx,…". */
  accept?: string;
  file: File | null;
  onChange: (file: File | null) => void;
  disabled?: boolean;
  /** What may be dropped: types and the largest size. */
  hint?: ReactNode;
  /** Shown under the chosen file's name (its size, say). */
  fileHint?: ReactNode;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A file input as a dashed drop zone: click (or focus and press Enter/Space) to pick a file, or
 * drop one on it. The native input stays in the page, visually hidden, so labels, keyboard and
 * screen readers work as with any file input.
 */
export default function FileDrop({
  id,
  accept,
  file,
  onChange,
  disabled,
  hint,
  fileHint,
  invalid,
  describedBy,
}: FileDropProps) {
  const [over, setOver] = useState(false);

  const dragOver = (event: DragEvent<HTMLLabelElement>) => {
    if (disabled) return;
    event.preventDefault();
    setOver(true);
  };

  const drop = (event: DragEvent<HTMLLabelElement>) => {
    event.preventDefault();
    setOver(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChange(dropped);
  };

  return (
    <div>
      <label
        htmlFor={id}
        onDragOver={dragOver}
        onDragEnter={dragOver}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        className={cn(
          'flex w-full flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-6 text-center transition focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-500/20',
          disabled ? 'cursor-not-allowed bg-gray-50 opacity-60' : 'cursor-pointer hover:border-gray-400',
          over ? 'border-indigo-500 bg-indigo-50' : invalid ? 'border-red-300' : 'border-gray-300',
        )}
      >
        <svg
          className="size-8 text-gray-400"
          fill="none"
          viewBox="0 0 24 24"
          strokeWidth={1.5}
          stroke="currentColor"
          aria-hidden="true"
        >
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            d="M3 16.5v2.25A2.25 2.25 0 0 0 5.25 21h13.5A2.25 2.25 0 0 0 21 18.75V16.5m-13.5-9L12 3m0 0 4.5 4.5M12 3v13.5"
          />
        </svg>
        {file ? (
          <span className="mt-2 block max-w-full text-sm font-medium break-all text-gray-900">{file.name}</span>
        ) : (
          <span className="mt-2 block text-sm text-gray-600">
            <span className="font-semibold text-indigo-700">Choose a file</span> or drag it here
          </span>
        )}
        {file && fileHint && <span className="mt-1 block text-xs text-gray-500">{fileHint}</span>}
        {hint && <span className="mt-1 block text-xs text-gray-500">{hint}</span>}
        <input
          id={id}
          type="file"
          accept={accept}
          disabled={disabled}
          className="sr-only"
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy}
          // Cleared on each pick, so that choosing the same file again after a reset is a change.
          onClick={(event) => {
            event.currentTarget.value = '';
          }}
          onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        />
      </label>
      {file && !disabled && (
        <button
          type="button"
          className="mt-2 cursor-pointer text-sm text-gray-500 underline hover:text-gray-700"
          onClick={() => onChange(null)}
        >
          Remove file
        </button>
      )}
    </div>
  );
}

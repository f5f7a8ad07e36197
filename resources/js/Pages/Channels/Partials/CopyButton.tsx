import { useEffect, useState } from 'react';
import ActionMessage from '@/Components/ActionMessage';
import SecondaryButton from '@/Components/SecondaryButton';
import { cn } from '@/lib/cn';

const SHOWN_MS = 2000;

/** Copies `text` with the asynchronous clipboard and says "Copied." for a moment (or that it could not). */
export default function CopyButton({ text, label, className }: { text: string; label: string; className?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), SHOWN_MS);
    return () => window.clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <div className={cn('flex shrink-0 items-center', className)}>
      {/* Spaced only while it says something: empty, it would push the button off its line's start. */}
      <ActionMessage on={state !== 'idle'} className="not-empty:me-3">
        {state === 'failed' ? 'Select it and copy it by hand.' : 'Copied.'}
      </ActionMessage>
      <SecondaryButton onClick={() => void copy()} aria-label={`Copy ${label}`}>
        Copy
      </SecondaryButton>
    </div>
  );
}

/** A labelled block of code or a URL, with its Copy button. */
export function CopyableCode({ label, code, hint }: { label: string; code: string; hint?: string }) {
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h4 className="text-sm font-medium text-gray-900">{label}</h4>
          {hint && <p className="text-xs text-gray-500">{hint}</p>}
        </div>
        <CopyButton text={code} label={label.toLowerCase()} />
      </div>
      <pre
        className="mt-2 overflow-x-auto rounded-md bg-gray-900 p-3 font-mono text-xs leading-relaxed break-all whitespace-pre-wrap text-gray-100"
        aria-label={label}
      >
        <code>{code}</code>
      </pre>
    </div>
  );
}

import { useState } from 'react';

/** A block of code (a curl line, a JSON example) under a bar naming its language, with a copy button. */
export default function CodeBlock({
  code,
  label,
  language,
}: {
  code: string;
  label: string;
  language: 'shell' | 'json';
}) {
  const [copied, setCopied] = useState(false);
  const copy = () => {
    void navigator.clipboard?.writeText(code).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  };

  return (
    <div className="overflow-hidden rounded-md bg-gray-900">
      <div className="flex items-center justify-between border-b border-gray-700 px-3 py-1">
        <span className="font-mono text-[0.7rem] tracking-wider text-gray-400 uppercase">{language}</span>
        <button
          type="button"
          onClick={copy}
          className="cursor-pointer rounded-sm px-2 py-0.5 text-xs text-gray-300 hover:bg-gray-700 hover:text-white focus:outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-400"
          aria-label={`Copy ${label}`}
        >
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      <pre className="overflow-x-auto p-3 font-mono text-xs leading-relaxed text-gray-100" aria-label={label}>
        <code>{code}</code>
      </pre>
    </div>
  );
}

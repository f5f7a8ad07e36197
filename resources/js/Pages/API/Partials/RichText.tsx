/** Text from the API reference: paragraphs split on blank lines, `backticks` as code. */
export default function RichText({ text, className = '' }: { text: string; className?: string }) {
  return (
    <>
      {text.split(/\n{2,}/).map((paragraph, index) => (
        <p key={index} className={className}>
          {paragraph.split(/(`[^`]+`)/).map((part, inner) =>
            part.startsWith('`') && part.endsWith('`') && part.length > 1 ? (
              <code key={inner} className="rounded-sm bg-gray-100 px-1 py-0.5 font-mono text-[0.85em] text-gray-800">
                {part.slice(1, -1)}
              </code>
            ) : (
              part
            ),
          )}
        </p>
      ))}
    </>
  );
}

import { cn } from '@/lib/cn';
import type { SavedReply } from './saved-replies';

/**
 * The saved replies that match what follows "/" in the reply box, above it. The box keeps the
 * focus: ↑ and ↓ move, Enter or Tab puts the reply in, Escape closes (saved-replies.ts has the rules).
 */
export default function SavedReplyList({
  id,
  replies,
  active,
  query,
  onChoose,
  onHover,
}: {
  id: string;
  replies: SavedReply[];
  active: number;
  query: string;
  onChoose: (reply: SavedReply) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg">
      {replies.length === 0 ? (
        <p className="px-4 py-3 text-sm text-gray-500">No saved reply matches “/{query}”. Escape closes this list.</p>
      ) : (
        <ul
          id={id}
          role="listbox"
          aria-label="Saved replies"
          className="max-h-72 divide-y divide-gray-100 overflow-y-auto"
        >
          {replies.map((reply, index) => (
            <li
              key={reply.id}
              id={`${id}-${reply.id}`}
              role="option"
              aria-selected={index === active}
              // Chosen on mouse down, so the reply box keeps its focus and caret.
              onMouseDown={(event) => {
                event.preventDefault();
                onChoose(reply);
              }}
              onMouseEnter={() => onHover(index)}
              className={cn('cursor-pointer px-4 py-2', index === active ? 'bg-indigo-50' : 'hover:bg-gray-50')}
            >
              <span className="text-sm font-semibold text-gray-900">/{reply.shortcut}</span>
              <span className="mt-0.5 block truncate text-sm text-gray-600">{reply.text}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

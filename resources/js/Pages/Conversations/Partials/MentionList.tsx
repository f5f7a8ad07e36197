import { cn } from '@/lib/cn';
import { initials } from '../../Bots/Partials/format';
import type { Teammate } from './types';

/**
 * The teammates whose name matches what follows "@" in a note, above the box. The box keeps the
 * focus: ↑ and ↓ move, Enter or Tab puts "@Name" in, Escape closes (mentions.ts has the rules).
 */
export default function MentionList({
  id,
  teammates,
  active,
  onChoose,
  onHover,
}: {
  id: string;
  teammates: Teammate[];
  active: number;
  onChoose: (teammate: Teammate) => void;
  onHover: (index: number) => void;
}) {
  return (
    <div className="absolute inset-x-0 bottom-full z-20 mb-2 overflow-hidden rounded-md border border-gray-200 bg-white shadow-lg">
      <p className="border-b border-gray-100 px-4 py-2 text-xs text-gray-500">
        Mention a teammate: their bell hears it.
      </p>
      <ul id={id} role="listbox" aria-label="Teammates" className="max-h-72 overflow-y-auto py-1">
        {teammates.map((teammate, index) => (
          <li
            key={teammate.id}
            id={`${id}-${teammate.id}`}
            role="option"
            aria-selected={index === active}
            // Chosen on mouse down, so the box keeps its focus and caret.
            onMouseDown={(event) => {
              event.preventDefault();
              onChoose(teammate);
            }}
            onMouseEnter={() => onHover(index)}
            className={cn(
              'flex cursor-pointer items-center gap-3 px-4 py-2 text-sm text-gray-900',
              index === active ? 'bg-indigo-50' : 'hover:bg-gray-50',
            )}
          >
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full bg-gray-200 text-xs font-semibold text-gray-700"
            >
              {initials(teammate.name)}
            </span>
            <span className="truncate font-medium">{teammate.name}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { Link } from '@inertiajs/react';
import Checkbox from '@/Components/Checkbox';
import InputError from '@/Components/InputError';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import type { KnowledgeOption } from './types';

type KnowledgeFieldProps = {
  knowledges: KnowledgeOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  error?: string;
  disabled?: boolean;
  className?: string;
};

/** The knowledge bases a bot answers from, as a checkbox list; a way to make one when there is none. */
export default function KnowledgeField({
  knowledges,
  value,
  onChange,
  error,
  disabled,
  className,
}: KnowledgeFieldProps) {
  const toggle = (id: number, checked: boolean) =>
    onChange(checked ? [...value.filter((known) => known !== id), id] : value.filter((known) => known !== id));

  return (
    <fieldset className={cn('min-w-0', className)} aria-describedby="knowledge-ids-hint knowledge-ids-error">
      <legend className="block text-sm font-medium text-gray-700">Knowledge bases</legend>
      {knowledges.length === 0 ? (
        <p id="knowledge-ids-hint" className="mt-1 text-sm text-gray-600">
          Your team has no knowledge base yet. Without one the bot can only say its fallback message.{' '}
          <Link
            href={route('knowledges.create')}
            className="font-medium text-indigo-700 underline hover:text-indigo-600"
          >
            Create a knowledge base
          </Link>
          , then link it here.
        </p>
      ) : (
        <>
          <p id="knowledge-ids-hint" className="mt-1 text-xs text-gray-500">
            The bot answers from the passages of the knowledge bases you tick.
          </p>
          <ul className="mt-3 space-y-3">
            {knowledges.map((knowledge) => (
              <li key={knowledge.id}>
                <label className="flex items-start gap-3">
                  <Checkbox
                    className="mt-0.5"
                    checked={value.includes(knowledge.id)}
                    disabled={disabled}
                    onChange={(event) => toggle(knowledge.id, event.target.checked)}
                  />
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium break-words text-gray-900">{knowledge.name}</span>
                    <span className="block text-xs text-gray-500">
                      {plural(knowledge.sources_count, 'source')} · {plural(knowledge.chunks_count, 'passage')}
                    </span>
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      <InputError id="knowledge-ids-error" className="mt-2" message={error} />
    </fieldset>
  );
}

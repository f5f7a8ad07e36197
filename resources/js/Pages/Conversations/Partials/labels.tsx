import { cn } from '@/lib/cn';
import type { LabelColor } from '../../../../../server/db/schema/labels';
import type { LabelProps } from '../../../../../server/domain/conversations/labels';

export type Label = LabelProps;

/** Each colour's chip and swatch (whole class names, so Tailwind keeps them). */
export const labelTones: Record<LabelColor, { chip: string; dot: string }> = {
  gray: { chip: 'bg-gray-100 text-gray-700 ring-gray-200', dot: 'bg-gray-400' },
  red: { chip: 'bg-red-50 text-red-700 ring-red-200', dot: 'bg-red-500' },
  amber: { chip: 'bg-amber-50 text-amber-800 ring-amber-200', dot: 'bg-amber-500' },
  green: { chip: 'bg-green-50 text-green-700 ring-green-200', dot: 'bg-green-500' },
  teal: { chip: 'bg-teal-50 text-teal-700 ring-teal-200', dot: 'bg-teal-500' },
  sky: { chip: 'bg-sky-50 text-sky-700 ring-sky-200', dot: 'bg-sky-500' },
  indigo: { chip: 'bg-indigo-50 text-indigo-700 ring-indigo-200', dot: 'bg-indigo-500' },
  violet: { chip: 'bg-violet-50 text-violet-700 ring-violet-200', dot: 'bg-violet-500' },
  pink: { chip: 'bg-pink-50 text-pink-700 ring-pink-200', dot: 'bg-pink-500' },
};

const toneOf = (color: string) => labelTones[color as LabelColor] ?? labelTones.gray;

/** A label as a small coloured chip. */
export function LabelChip({ label, className }: { label: Pick<Label, 'name' | 'color'>; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex max-w-[12rem] items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset',
        toneOf(label.color).chip,
        className,
      )}
    >
      <span aria-hidden="true" className={cn('size-1.5 shrink-0 rounded-full', toneOf(label.color).dot)} />
      <span className="truncate">{label.name}</span>
    </span>
  );
}

/** A conversation's labels in the team's order; ids of labels since deleted are skipped. */
export function labelsOf(ids: readonly number[], labels: readonly Label[]): Label[] {
  return labels.filter((label) => ids.includes(label.id));
}

import ButtonLink from '@/Components/ButtonLink';
import EmptyState from '@/Components/EmptyState';
import { plural } from '@/lib/plural';

/** A page past the last one (a bookmark, rows deleted since): how many there are, and the way back. */
export default function PastLastPage({ total, noun, firstPage }: { total: number; noun: string; firstPage: string }) {
  return (
    <EmptyState
      title="Nothing on this page"
      action={
        <ButtonLink href={firstPage} variant="secondary">
          First page
        </ButtonLink>
      }
    >
      {total === 1
        ? `There is ${plural(total, noun)}, on the first page.`
        : `There are ${plural(total, noun)}, all on earlier pages.`}
    </EmptyState>
  );
}

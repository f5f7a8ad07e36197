import { useState } from 'react';
import { Head, Link, router } from '@inertiajs/react';
import EmptyState from '@/Components/EmptyState';
import Icon from '@/Components/Icon';
import { MetaPagination } from '@/Components/Pagination';
import PastLastPage from '@/Components/PastLastPage';
import { PageHeader } from '@/Layouts/AppLayout';
import { cn } from '@/lib/cn';
import { route } from '@/lib/route';
import AnswerGapModal from './Partials/AnswerGapModal';
import GapCard from './Partials/GapCard';
import ReportTabs from './Partials/ReportTabs';
import { gapStatusLabels, type GapStatus, type ReportsGapsProps } from './Partials/gap-format';

const statuses: GapStatus[] = ['open', 'answered', 'dismissed'];

const gapsUrl = (status: GapStatus, page = 1) =>
  route('reports.gaps', {
    ...(status === 'open' ? {} : { status }),
    ...(page > 1 ? { page } : {}),
  });

const emptyText: Record<GapStatus, { title: string; body: string }> = {
  open: {
    title: 'No knowledge gaps',
    body: 'When a bot falls back, answers unsure, hands a question to a person or gets a thumbs-down, the question shows here, grouped with others asked the same way.',
  },
  answered: {
    title: 'No answered gaps yet',
    body: 'A gap you answer becomes a curated answer in a knowledge base; it shows here with what the bots say when asked its questions again.',
  },
  dismissed: {
    title: 'No dismissed gaps',
    body: 'A dismissed gap waits here until a customer asks it again.',
  },
};

/**
 * Reports/Gaps: the knowledge-gap inbox. Questions the bots could not answer well, grouped by
 * similarity and ranked by the conversations they cost; each can become a curated answer (asked
 * again at once) or be dismissed until it is asked again.
 */
export default function Gaps({ status, counts, gaps, knowledges, can }: ReportsGapsProps) {
  const [answering, setAnswering] = useState<number | null>(null);
  const [dismissing, setDismissing] = useState<number | null>(null);
  const { meta } = gaps;
  const answeringGap = gaps.data.find((gap) => gap.id === answering);

  const dismiss = (id: number) =>
    router.post(
      route('reports.gaps.dismiss', { gap: id }),
      {},
      { preserveScroll: true, onStart: () => setDismissing(id), onFinish: () => setDismissing(null) },
    );

  return (
    <>
      <Head title="Knowledge gaps" />
      <PageHeader title="Reports" />
      <div className="mx-auto max-w-7xl space-y-6 py-10 sm:px-6 lg:px-8">
        <div className="space-y-5 px-4 sm:px-0">
          <ReportTabs current="gaps" openGaps={counts.open} />
          <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
            <p className="max-w-3xl text-sm text-gray-600">
              Questions your bots could not answer well, grouped with others asked the same way, those that cost the
              most conversations first. Answer one to add a curated answer to a knowledge base.
            </p>
            <nav aria-label="Gap status" className="flex shrink-0 gap-1 rounded-lg bg-gray-100 p-1">
              {statuses.map((value) => (
                <Link
                  key={value}
                  href={gapsUrl(value)}
                  preserveScroll
                  aria-current={value === status ? 'page' : undefined}
                  className={cn(
                    'rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition focus:outline-hidden focus-visible:ring-2 focus-visible:ring-indigo-500',
                    value === status ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-600 hover:text-gray-900',
                  )}
                >
                  {gapStatusLabels[value]} <span className="text-gray-500">{counts[value].toLocaleString()}</span>
                </Link>
              ))}
            </nav>
          </div>
        </div>

        {gaps.data.length > 0 ? (
          <div className="space-y-4" aria-label={`${gapStatusLabels[status]} gaps`} role="list">
            {gaps.data.map((gap) => (
              <div key={gap.id} role="listitem">
                <GapCard
                  gap={gap}
                  canAnswer={can.answer}
                  canDismiss={can.dismiss}
                  dismissing={dismissing === gap.id}
                  onAnswer={() => setAnswering(gap.id)}
                  onDismiss={() => dismiss(gap.id)}
                />
              </div>
            ))}
          </div>
        ) : meta.total > 0 ? (
          <PastLastPage total={meta.total} noun="gap" firstPage={gapsUrl(status)} />
        ) : (
          <EmptyState icon={<Icon name="check-circle" className="size-10" />} title={emptyText[status].title}>
            {emptyText[status].body}
          </EmptyState>
        )}

        <MetaPagination
          className="px-4 sm:px-0"
          label="Knowledge gap pages"
          meta={meta}
          noun={['gap', 'gaps']}
          page={(page) => gapsUrl(status, page)}
        />
      </div>
      {answeringGap && <AnswerGapModal gap={answeringGap} knowledges={knowledges} onClose={() => setAnswering(null)} />}
    </>
  );
}

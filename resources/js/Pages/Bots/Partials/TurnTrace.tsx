import { useId, useState, type ReactNode } from 'react';
import StatusBadge, { type BadgeTone } from '@/Components/StatusBadge';
import { cn } from '@/lib/cn';
import { plural } from '@/lib/plural';
import { formatCost, kindLabels, languageLabels } from './format';
import type { RetrievedTrace, StoredTrace, Turn, TurnKind } from './types';
import { handoffReasonWords } from '../../../../../server/domain/conversations/handoff-reasons';

const kindTones: Record<TurnKind, BadgeTone> = {
  answer: 'green',
  curated: 'indigo',
  fallback: 'yellow',
  handoff: 'red',
  smalltalk: 'gray',
};

/** Answer (green), Curated answer (indigo), Fallback (yellow), Handoff (red), Small talk (gray). */
export function KindBadge({ kind }: { kind: TurnKind }) {
  return <StatusBadge tone={kindTones[kind] ?? 'gray'}>{kindLabels[kind] ?? kind}</StatusBadge>;
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="py-2 sm:grid sm:grid-cols-3 sm:gap-4">
      <dt className="text-xs font-medium text-gray-500">{term}</dt>
      <dd className="mt-0.5 text-sm break-words text-gray-800 sm:col-span-2 sm:mt-0">{children}</dd>
    </div>
  );
}

/** What a message answered as small talk was, and what the bot said to it. */
const smallTalkText: Record<NonNullable<StoredTrace['smallTalk']>, string> = {
  greeting: 'A greeting: answered with the welcome message (or a short hello without one), nothing retrieved',
  thanks: 'Thanks: answered as such, nothing retrieved',
  acknowledgement: 'An acknowledgement (“ok”): answered as such, nothing retrieved',
  farewell: 'A goodbye: answered as such, nothing retrieved',
};

function curatedText(curated: StoredTrace['curated']): string {
  if (!curated) return 'Not recorded';
  const score = curated.score !== undefined ? ` (match ${curated.score.toFixed(2)})` : '';
  if (curated.used) return `Used: a Q&A answer given as written${score}`;
  return curated.chunkId !== undefined ? `Not used: the closest Q&A was below the threshold${score}` : 'Not used';
}

function modelText(trace: StoredTrace): string {
  if (trace.provider && !trace.provider.called) return 'No model asked';
  if (trace.provider?.extractive) return 'No model: extractive (quotes the best passages)';
  return trace.model ?? 'No model asked';
}

function RetrievedItem({ chunk }: { chunk: RetrievedTrace }) {
  return (
    <li className="py-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <span className="min-w-0 font-medium break-words text-gray-800">
          {chunk.passage !== undefined && <span className="me-1 text-gray-500">[{chunk.passage}]</span>}
          {chunk.sourceTitle}
        </span>
        <span className="shrink-0 text-xs text-gray-500 tabular-nums">Score {chunk.score.toFixed(4)}</span>
      </div>
      <div className="mt-1 flex flex-wrap gap-1.5">
        {chunk.fulltext && (
          <StatusBadge tone="indigo">
            Full-text #{chunk.fulltext.rank} · {chunk.fulltext.score.toFixed(2)}
          </StatusBadge>
        )}
        {chunk.vector && (
          <StatusBadge tone="green">
            Vector #{chunk.vector.rank} · {chunk.vector.similarity.toFixed(2)} similarity
          </StatusBadge>
        )}
        {chunk.phrasing !== undefined && (
          <StatusBadge tone="gray">Nearest Q&amp;A phrasing · {chunk.phrasing.toFixed(2)}</StatusBadge>
        )}
        {chunk.holdsQuestion && <StatusBadge tone="gray">Holds every word asked</StatusBadge>}
        {chunk.passage === undefined && <StatusBadge tone="gray">Not in the prompt</StatusBadge>}
      </div>
    </li>
  );
}

/** "How this answer was made": the turn's trace, folded until asked for. */
export default function TurnTrace({ turn, className }: { turn: Turn; className?: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const trace = turn.trace ?? {};
  const usage = trace.usage;
  const retrieved = trace.retrieved ?? [];

  return (
    <div className={className}>
      <button
        type="button"
        className="inline-flex cursor-pointer items-center gap-1 text-xs font-medium text-indigo-700 hover:text-indigo-600 focus:underline focus:outline-hidden"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true" className={cn('inline-block transition-transform', open && 'rotate-90')}>
          ›
        </span>
        How this answer was made
      </button>
      {open && (
        <div id={panelId} className="mt-2 rounded-md border border-gray-200 bg-white px-3 py-1 text-start">
          <dl className="divide-y divide-gray-100">
            <Row term="Kind">
              <KindBadge kind={turn.kind} />
            </Row>
            {trace.smallTalk && <Row term="Small talk">{smallTalkText[trace.smallTalk]}</Row>}
            {trace.customer && (
              <Row term="Customer's details">
                {trace.customer.used === 'record'
                  ? `Answered from the record: ${trace.customer.asked.join(', ')}; nothing retrieved, no model`
                  : `Given to the model as passage [1]: ${trace.customer.asked.join(', ')}`}
              </Row>
            )}
            <Row term="Curated answer">{curatedText(trace.curated)}</Row>
            <Row term="Retrieved">
              {retrieved.length === 0 ? (
                'Nothing retrieved'
              ) : (
                <ol className="divide-y divide-gray-100" aria-label="Retrieved passages">
                  {retrieved.map((chunk) => (
                    <RetrievedItem key={chunk.chunkId} chunk={chunk} />
                  ))}
                </ol>
              )}
            </Row>
            {trace.prompt && (
              <Row term="Prompt">
                {plural(trace.prompt.tokens, 'token')}, {plural(trace.prompt.passages, 'passage')},{' '}
                {plural(trace.prompt.historyKept, 'earlier message')} kept
                {trace.prompt.historyDropped > 0 ? `, ${trace.prompt.historyDropped} dropped` : ''}
              </Row>
            )}
            <Row term="Tokens">
              {usage ? (
                <>
                  {usage.promptTokens.toLocaleString()} prompt · {usage.completionTokens.toLocaleString()} completion
                  {usage.estimated && <span className="text-gray-500"> (estimated)</span>}
                </>
              ) : (
                `${turn.prompt_tokens.toLocaleString()} prompt · ${turn.completion_tokens.toLocaleString()} completion`
              )}
            </Row>
            <Row term="Latency">{(trace.latencyMs ?? turn.latency_ms).toLocaleString()} ms</Row>
            <Row term="Model">
              {modelText(trace)}
              {trace.finishReason && <span className="text-gray-500"> · finished: {trace.finishReason}</span>}
            </Row>
            <Row term="Cost">{formatCost(trace.costUsd)}</Row>
            <Row term="Handoff">
              {trace.handoff ? (
                <>
                  Handed off: {handoffReasonWords[trace.handoff.reason]}.{' '}
                  <span className="text-gray-500">{trace.handoffDecision}</span>
                </>
              ) : (
                (trace.handoffDecision ?? 'none')
              )}
            </Row>
            {trace.language !== undefined && (
              <Row term="Reply language">{trace.language ? languageLabels[trace.language] : 'Could not be told'}</Row>
            )}
          </dl>
        </div>
      )}
    </div>
  );
}

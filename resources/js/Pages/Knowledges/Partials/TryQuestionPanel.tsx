import { useState, type FormEvent } from 'react';
import ActionSection from '@/Components/ActionSection';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import StatusBadge from '@/Components/StatusBadge';
import TextInput from '@/Components/TextInput';
import { JsonRequestError, requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';
import SourceTypeIcon from './SourceTypeIcon';
import { sourceTypeLabels } from './format';
import type { Knowledge, RetrievedChunk, SearchResult, SourceType } from './types';

const retrieverLabels = { fulltext: 'Full-text search', vector: 'Vector search' };

/** The first message of a 422 (`{message, errors: {q: [...]}}`), or a general one. */
function failureMessage(error: unknown): string {
  if (error instanceof JsonRequestError && error.status === 422) {
    const body = error.body as { message?: string; errors?: Record<string, string[] | string> } | null;
    const first = Object.values(body?.errors ?? {})[0];
    return (Array.isArray(first) ? first[0] : first) ?? body?.message ?? 'The question is not valid.';
  }
  if (error instanceof JsonRequestError && error.status === 429)
    return 'Too many questions at once; try again in a moment.';
  return 'The search could not be run. Check your connection and try again.';
}

function metaText(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

function ChunkContent({ content }: { content: string }) {
  const [open, setOpen] = useState(false);
  const long = content.length > 320 || content.split('\n').length > 5;

  return (
    <div className="mt-2">
      <div className={`text-sm break-words whitespace-pre-wrap text-gray-800 ${long && !open ? 'line-clamp-5' : ''}`}>
        {content}
      </div>
      {long && (
        <button
          type="button"
          className="mt-1 cursor-pointer text-xs font-medium text-indigo-700 hover:text-indigo-600"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
        >
          {open ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}

function ResultItem({ chunk, rank }: { chunk: RetrievedChunk; rank: number }) {
  const { fulltext, vector } = chunk.retrievers;
  const address = metaText(chunk.meta.url) ?? chunk.source.url;
  const page = metaText(chunk.meta.page);
  const type = (chunk.source.type in sourceTypeLabels ? chunk.source.type : 'text') as SourceType;

  return (
    <li className="rounded-md border border-gray-200 p-4" aria-label={`Result ${rank}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 items-center gap-2">
          <span className="text-sm font-semibold text-gray-400 tabular-nums">#{rank}</span>
          <SourceTypeIcon type={type} className="size-4 shrink-0 text-gray-400" />
          {address ? (
            <a
              href={address}
              target="_blank"
              rel="noopener noreferrer"
              className="min-w-0 truncate text-sm font-medium text-gray-900 underline hover:text-indigo-700"
              title={address}
            >
              {chunk.source.title}
            </a>
          ) : (
            <span className="min-w-0 truncate text-sm font-medium text-gray-900" title={chunk.source.title}>
              {chunk.source.title}
            </span>
          )}
          {page && <span className="shrink-0 text-xs text-gray-500">p. {page}</span>}
        </div>
        <span className="shrink-0 text-xs text-gray-500 tabular-nums" title="Reciprocal rank fusion score">
          Score {chunk.score.toFixed(4)}
        </span>
      </div>
      {chunk.context && <p className="mt-1 text-xs break-words text-gray-500">{chunk.context}</p>}
      <ChunkContent content={chunk.content} />
      <div className="mt-3 flex flex-wrap gap-2">
        {fulltext && (
          <StatusBadge tone="indigo">
            Full-text #{fulltext.rank} · {fulltext.score.toFixed(2)}
          </StatusBadge>
        )}
        {vector && (
          <StatusBadge tone="green">
            Vector #{vector.rank} · {vector.similarity.toFixed(2)} similarity
          </StatusBadge>
        )}
      </div>
    </li>
  );
}

/**
 * "Try a question": what retrieval finds for a question (GET knowledges.search), ranked, with
 * which retriever found each chunk. Open to everyone who may see the knowledge base; questions
 * tried here do not count as hits.
 */
export default function TryQuestionPanel({ knowledge }: { knowledge: Knowledge }) {
  const [question, setQuestion] = useState('');
  const [searching, setSearching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<SearchResult | null>(null);

  const search = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = question.trim();
    if (!q) {
      setError('Type a question first.');
      return;
    }
    setSearching(true);
    setError(null);
    try {
      setResult(
        await requestJson<SearchResult>(
          'GET',
          `${route('knowledges.search', knowledge.id)}?q=${encodeURIComponent(q)}`,
        ),
      );
    } catch (failure) {
      setResult(null);
      setError(failureMessage(failure));
    } finally {
      setSearching(false);
    }
  };

  return (
    <ActionSection
      title="Try a question"
      description="Ask what a customer might ask and see the passages a bot would be given, best first. Questions tried here are not counted as hits."
    >
      <form onSubmit={search} role="search" aria-label="Try a question">
        <label htmlFor="try-question" className="block text-sm font-medium text-gray-700">
          Question to try
        </label>
        <div className="mt-1 flex flex-col gap-3 sm:flex-row">
          <TextInput
            id="try-question"
            type="search"
            className="block w-full"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            placeholder="Do you deliver on Sundays?"
            maxLength={1000}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby="try-question-error"
          />
          <PrimaryButton className={searching ? 'opacity-25' : undefined} disabled={searching}>
            {searching ? 'Searching…' : 'Search'}
          </PrimaryButton>
        </div>
        <InputError id="try-question-error" className="mt-2" message={error ?? undefined} role="alert" />
      </form>

      {result && (
        <div className="mt-6" aria-live="polite">
          <div className="flex flex-wrap items-center gap-2 text-xs text-gray-500">
            <span>Ran:</span>
            {result.retrievers.map((retriever) => (
              <StatusBadge key={retriever} tone={retriever === 'vector' ? 'green' : 'indigo'}>
                {retrieverLabels[retriever]}
              </StatusBadge>
            ))}
            {result.retrievers.length > 0 && !result.retrievers.includes('vector') && (
              <span>
                Vector search did not run
                {knowledge.embedder.available ? '.' : `: ${knowledge.embedder.label} is not available on this server.`}
              </span>
            )}
          </div>

          {result.chunks.length === 0 ? (
            <p className="mt-4 text-sm text-gray-600">
              Nothing in this knowledge base matches “<span className="break-words">{result.query}</span>”. Add a source
              or a Q&amp;A pair that answers it.
            </p>
          ) : (
            <ol className="mt-4 space-y-4" aria-label="Results">
              {result.chunks.map((chunk, index) => (
                <ResultItem key={chunk.id} chunk={chunk} rank={index + 1} />
              ))}
            </ol>
          )}
        </div>
      )}
    </ActionSection>
  );
}

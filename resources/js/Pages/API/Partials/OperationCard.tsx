import type { ReferenceOperation } from '../../../../../server/presenters/api-reference-presenter';
import CodeBlock from './CodeBlock';
import RichText from './RichText';
import SchemaFields from './SchemaFields';

const methodColours: Record<string, string> = {
  GET: 'bg-emerald-100 text-emerald-800',
  POST: 'bg-indigo-100 text-indigo-800',
  PUT: 'bg-amber-100 text-amber-800',
  PATCH: 'bg-amber-100 text-amber-800',
  DELETE: 'bg-red-100 text-red-800',
};

function Heading({ children }: { children: string }) {
  return <h5 className="mt-5 mb-2 text-xs font-semibold tracking-wider text-gray-500 uppercase">{children}</h5>;
}

/** One operation of the API reference: what it needs, takes and answers, and a curl line. */
export default function OperationCard({ operation }: { operation: ReferenceOperation }) {
  const { abilities } = operation;
  return (
    <article id={operation.id} className="scroll-mt-6" aria-labelledby={`${operation.id}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <span
          className={`rounded-sm px-2 py-0.5 font-mono text-xs font-semibold ${methodColours[operation.method] ?? 'bg-gray-100 text-gray-800'}`}
        >
          {operation.method}
        </span>
        <code className="font-mono text-sm font-medium break-all text-gray-900">{operation.path}</code>
        <span className="ms-auto flex flex-wrap gap-1">
          {abilities === null ? (
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-600">public</span>
          ) : abilities.names.length === 0 ? (
            <span className="rounded-full bg-gray-100 px-2 py-0.5 text-xs text-gray-600">any token</span>
          ) : (
            abilities.names.map((name, index) => (
              <span key={name} className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs text-indigo-700">
                {index > 0 && abilities.mode === 'any' ? 'or ' : ''}
                {name}
              </span>
            ))
          )}
        </span>
      </div>
      <h4 id={`${operation.id}-title`} className="mt-2 text-base font-medium text-gray-900">
        {operation.summary}
      </h4>
      <div className="mt-1 space-y-2 text-sm text-gray-600">
        <RichText text={operation.description} />
      </div>

      {operation.parameters.length > 0 && (
        <>
          <Heading>Path parameters</Heading>
          <SchemaFields fields={operation.parameters} caption={`Path parameters of ${operation.summary}`} />
        </>
      )}

      {operation.body && (
        <>
          <Heading>Request body (JSON)</Heading>
          <SchemaFields fields={operation.body.fields} caption={`Request body of ${operation.summary}`} />
          {operation.body.example && (
            <div className="mt-2">
              <CodeBlock code={operation.body.example} label={`Example body of ${operation.summary}`} language="json" />
            </div>
          )}
        </>
      )}

      <Heading>{`Response ${operation.response.status}`}</Heading>
      <p className="mb-2 text-sm text-gray-600">{operation.response.description}</p>
      <SchemaFields fields={operation.response.fields} caption={`Response of ${operation.summary}`} />
      {operation.response.example && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-gray-600 hover:text-gray-900">Example response</summary>
          <div className="mt-2">
            <CodeBlock
              code={operation.response.example}
              label={`Example response of ${operation.summary}`}
              language="json"
            />
          </div>
        </details>
      )}

      {operation.errors.length > 0 && (
        <>
          <Heading>Errors</Heading>
          <ul className="space-y-1 text-sm text-gray-600">
            {operation.errors.map((error) => (
              <li key={error.status} className="flex gap-3">
                <a href={`#error-${error.status}`} className="font-mono text-xs font-semibold text-gray-900 underline">
                  {error.status}
                </a>
                <span className="min-w-0">
                  <RichText text={error.description} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}

      <Heading>Example</Heading>
      <CodeBlock code={operation.curl} label={`curl for ${operation.summary}`} language="shell" />
    </article>
  );
}

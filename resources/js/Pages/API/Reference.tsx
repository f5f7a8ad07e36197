import { Head, Link } from '@inertiajs/react';
import type { ApiReferencePageProps } from '../../../../server/presenters/api-reference-presenter';
import ActionSection from '@/Components/ActionSection';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import CodeBlock from './Partials/CodeBlock';
import OperationCard from './Partials/OperationCard';
import RichText from './Partials/RichText';
import WebhookCard from './Partials/WebhookCard';

/** `MissingAbilities` → `Missing abilities`. */
const words = (name: string) => name.replace(/(?<=[a-z])(?=[A-Z])/g, ' ').replace(/ [A-Z]/g, (s) => s.toLowerCase());

/** The API reference for people: the OpenAPI document grouped by tag, with a curl line per operation. */
export default function Reference({
  title,
  version,
  description,
  baseUrl,
  openapiUrl,
  tokensUrl,
  tags,
  errorShapes,
  webhooks,
}: ApiReferencePageProps) {
  return (
    <>
      <Head title="API Reference" />
      <PageHeader title="API Reference">
        <a
          href={openapiUrl}
          className="text-sm text-gray-600 underline hover:text-gray-900"
          target="_blank"
          rel="noreferrer"
        >
          OpenAPI document
        </a>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <ActionSection
          title="Getting started"
          description={`${title}, version ${version}: what each operation needs, takes and answers, with a curl line to try it.`}
        >
          <div className="space-y-3 text-sm text-gray-600">
            <RichText text={description} />
            <p>
              Make a token on the{' '}
              <Link href={tokensUrl} className="text-indigo-600 underline hover:text-indigo-800">
                API Tokens
              </Link>{' '}
              page, keep it in <code className="font-mono text-gray-800">KAWAN_TOKEN</code>, and every example below
              runs as it is against <code className="font-mono text-gray-800">{baseUrl}</code>:
            </p>
            <CodeBlock
              code={`export KAWAN_TOKEN='…the token shown when you made it…'\n\ncurl '${baseUrl}/api/user' \\\n  -H "Authorization: Bearer $KAWAN_TOKEN" \\\n  -H 'Accept: application/json'`}
              label="Setting up a token"
              language="shell"
            />
            <p>
              Tools that read OpenAPI 3.1 (client generators, Postman, Insomnia) take the same reference from{' '}
              <a href={openapiUrl} className="font-mono text-indigo-600 underline hover:text-indigo-800">
                {openapiUrl}
              </a>
              ; it needs no token.
            </p>
          </div>
        </ActionSection>

        {tags.map((tag) => (
          <div key={tag.name}>
            <SectionBorder />
            <ActionSection
              title={tag.name}
              description={
                <span className="block space-y-1">
                  {tag.operations.map((operation) => (
                    <a
                      key={operation.id}
                      href={`#${operation.id}`}
                      className="block text-gray-600 underline decoration-gray-300 hover:text-gray-900"
                    >
                      {operation.summary}
                    </a>
                  ))}
                </span>
              }
            >
              <div className="divide-y divide-gray-200 [&>*]:py-6 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
                {tag.operations.map((operation) => (
                  <OperationCard key={operation.id} operation={operation} />
                ))}
              </div>
            </ActionSection>
          </div>
        ))}

        {webhooks.length > 0 && (
          <>
            <SectionBorder />
            <ActionSection
              title="Webhook events"
              description={
                <span className="block space-y-1">
                  <span className="block">
                    What Kawan POSTs to your team&apos;s endpoints. Owners and admins add them under Integrations →
                    Webhooks, choosing the events each hears.
                  </span>
                  {webhooks.map((webhook) => (
                    <a
                      key={webhook.type}
                      href={`#webhook-${webhook.type}`}
                      className="block font-mono text-xs text-gray-600 underline decoration-gray-300 hover:text-gray-900"
                    >
                      {webhook.type}
                    </a>
                  ))}
                </span>
              }
            >
              <div className="divide-y divide-gray-200 [&>*]:py-6 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
                {webhooks.map((webhook) => (
                  <WebhookCard key={webhook.type} webhook={webhook} />
                ))}
              </div>
            </ActionSection>
          </>
        )}

        <SectionBorder />
        <ActionSection
          title="Errors"
          description="Every error is JSON with a message. Which of these an operation can answer is listed with it."
        >
          <dl className="space-y-6">
            {errorShapes.map((error) => (
              <div key={error.name} id={`error-${error.status}`} className="scroll-mt-6">
                <dt className="flex items-baseline gap-2">
                  <span className="font-mono text-sm font-semibold text-gray-900">{error.status}</span>
                  <span className="text-sm font-medium text-gray-700">{words(error.name)}</span>
                </dt>
                <dd className="mt-1 space-y-2 text-sm text-gray-600">
                  <RichText text={error.description} />
                  {error.headers.length > 0 && (
                    <p className="text-xs text-gray-500">
                      Headers: <span className="font-mono">{error.headers.join(', ')}</span>
                    </p>
                  )}
                  {error.example && (
                    <CodeBlock code={error.example} label={`Example ${error.status} body`} language="json" />
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </ActionSection>
      </div>
    </>
  );
}

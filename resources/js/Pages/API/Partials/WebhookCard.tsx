import type { ReferenceWebhook } from '../../../../../server/presenters/api-reference-presenter';
import CodeBlock from './CodeBlock';
import RichText from './RichText';
import SchemaFields from './SchemaFields';

/** One webhook event of the API reference: when it is sent, its body's fields and an example. */
export default function WebhookCard({ webhook }: { webhook: ReferenceWebhook }) {
  const id = `webhook-${webhook.type}`;
  return (
    <article id={id} className="scroll-mt-6" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="rounded-sm bg-indigo-100 px-2 py-0.5 font-mono text-xs font-semibold text-indigo-800">
          POST
        </span>
        <code className="font-mono text-sm font-medium break-all text-gray-900">{webhook.type}</code>
      </div>
      <h4 id={`${id}-title`} className="mt-2 text-base font-medium text-gray-900">
        {webhook.summary}
      </h4>
      <div className="mt-1 space-y-2 text-sm text-gray-600">
        <RichText text={webhook.description} />
        <p>{webhook.received}</p>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-gray-600 hover:text-gray-900">Body fields</summary>
        <div className="mt-2">
          <SchemaFields fields={webhook.fields} caption={`Body of ${webhook.type}`} />
        </div>
      </details>
      {webhook.example && (
        <details className="mt-2 text-sm">
          <summary className="cursor-pointer text-gray-600 hover:text-gray-900">Example body</summary>
          <div className="mt-2">
            <CodeBlock code={webhook.example} label={`Example body of ${webhook.type}`} language="json" />
          </div>
        </details>
      )}
    </article>
  );
}

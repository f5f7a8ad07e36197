import { useId } from 'react';
import CopyButton from '../../../Channels/Partials/CopyButton';
import type { RevealedWebhookSecret } from './types';

/** The signing secret made a moment ago (the endpoint added, its secret rolled): shown this once. */
export default function RevealedSecretBanner({ secret }: { secret: RevealedWebhookSecret }) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-4 sm:px-6"
      data-testid="revealed-secret"
    >
      <h3 id={titleId} className="text-sm font-semibold text-yellow-900">
        {secret.label}
      </h3>
      <p className="mt-1 text-sm text-yellow-800">Copy the signing secret now; it is not shown again.</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-center">
        <code
          className="min-w-0 flex-1 rounded-md bg-white px-3 py-2 font-mono text-sm break-all text-gray-900 ring-1 ring-yellow-200"
          aria-label={secret.label}
        >
          {secret.value}
        </code>
        <CopyButton text={secret.value} label={secret.label.toLowerCase()} />
      </div>
    </section>
  );
}

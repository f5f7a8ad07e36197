import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import SecondaryButton from '@/Components/SecondaryButton';
import { formatDateTime } from '@/lib/dates';
import { plural } from '@/lib/plural';
import { route } from '@/lib/route';
import type { WebhookShowProps } from './types';

const code = 'rounded bg-gray-100 px-1 py-0.5 font-mono text-xs break-all text-gray-900';

/** "5 minutes" for 300 seconds; seconds when they are not whole minutes. */
export function toleranceText(seconds: number): string {
  return seconds % 60 === 0 && seconds >= 60 ? plural(seconds / 60, 'minute') : plural(seconds, 'second');
}

/**
 * How a receiver checks that a delivery came from Kawan (the signature header, the HMAC, the age
 * limit, the event id to dedupe on), and rolling the secret (POST integrations.webhooks.secret.rotate)
 * after a confirmation; while the previous one still signs, until when.
 */
export default function SigningSection({
  endpointId,
  previousSecretUntil,
  signing,
}: {
  endpointId: number;
  previousSecretUntil: string | null;
  signing: WebhookShowProps['signing'];
}) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm({});

  // The new secret is shown once, at the top of the page: no preserveScroll.
  const rotate = () =>
    form.post(route('integrations.webhooks.secret.rotate', { webhook: endpointId }), {
      onSuccess: () => setConfirming(false),
    });

  return (
    <ActionSection
      title="Signatures"
      description="Check each request’s signature with the endpoint’s signing secret: it proves the request came from Kawan and was not changed on the way."
    >
      <ol className="list-decimal space-y-3 ps-5 text-sm text-gray-700" aria-label="How to verify a delivery">
        <li>
          Read the <code className={code}>{signing.signature_header}</code> header:{' '}
          <code className={code}>t=&lt;unix time&gt;,v1=&lt;hex&gt;</code>.
        </li>
        <li>
          Compute the HMAC-SHA256 of <code className={code}>&lt;t&gt;.&lt;raw body&gt;</code> (the timestamp, a dot,
          then the body exactly as received) with the signing secret, in hex, and compare it with{' '}
          <code className={code}>v1</code> in constant time. While a rolled secret settles, the header carries a{' '}
          <code className={code}>v1</code> for each secret: accept the request when one matches.
        </li>
        <li>
          Reject a request whose <code className={code}>t</code> is more than {toleranceText(signing.tolerance_seconds)}{' '}
          old.
        </li>
        <li>
          Every attempt of an event carries the same <code className={code}>{signing.event_header}</code> header: skip
          an event whose id you have already handled.
        </li>
      </ol>

      <p className="mt-5 text-sm text-gray-600">
        Kawan keeps the secret encrypted and shows it once, when it is made. Roll it if it may have leaked.
      </p>
      {previousSecretUntil && (
        <p className="mt-2 text-sm text-yellow-800" data-testid="previous-secret">
          The previous secret also signs until{' '}
          <time dateTime={previousSecretUntil}>{formatDateTime(previousSecretUntil)}</time>.
        </p>
      )}

      <div className="mt-5">
        <SecondaryButton onClick={() => setConfirming(true)}>Roll secret</SecondaryButton>
      </div>

      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title="Roll secret"
        footer={
          <>
            <SecondaryButton onClick={() => setConfirming(false)}>Cancel</SecondaryButton>
            <DangerButton
              className={form.processing ? 'opacity-25' : undefined}
              disabled={form.processing}
              onClick={rotate}
            >
              Roll
            </DangerButton>
          </>
        }
      >
        A new secret signs every delivery from now on. The current one keeps signing beside it for 24 hours, time to put
        the new one in your system; after that, only the new one does. The new secret is shown once.
      </ConfirmationModal>
    </ActionSection>
  );
}

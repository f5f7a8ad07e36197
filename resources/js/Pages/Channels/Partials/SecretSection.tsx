import { useState } from 'react';
import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { route } from '@/lib/route';
import CopyButton from './CopyButton';
import type { ChannelDetail, WebSettings } from './types';

/** The secret generated a moment ago (the channel created, the secret rotated): shown this once. */
export function RevealedSecretBanner({ secret }: { secret: { label: string; value: string } }) {
  return (
    <section aria-label="New secret" className="rounded-lg border border-yellow-300 bg-yellow-50 px-4 py-4 sm:px-6">
      <h3 className="text-sm font-semibold text-yellow-900">{secret.label}</h3>
      <p className="mt-1 text-sm text-yellow-800">
        Copy it now and keep it somewhere safe. You won&apos;t see it again.
      </p>
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

/** Whether the channel has a secret of Kawan's making: web with identity verification, and webhooks. */
export function hasGeneratedSecret(channel: ChannelDetail): boolean {
  if (channel.type === 'webhook') return true;
  return channel.type === 'web' && (channel.settings as WebSettings).identity_verification === true;
}

/**
 * The signing secret (webhook) or identity secret (web): whether one is saved, and replacing it
 * (POST channels.secret.rotate) after a confirmation; the new one is shown once.
 */
export default function SecretSection({ channel, canRotate }: { channel: ChannelDetail; canRotate: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const form = useForm({});
  const webhook = channel.type === 'webhook';
  const field = webhook ? 'signing_secret' : 'identity_secret';
  const saved = channel.secrets_set[field] === true;

  const rotate = () =>
    form.post(route('channels.secret.rotate', { channel: channel.id }), {
      preserveScroll: true,
      onSuccess: () => setConfirming(false),
    });

  return (
    <ActionSection
      title={webhook ? 'Signing secret' : 'Identity secret'}
      description={
        webhook
          ? 'Kawan signs the events it sends to your URL with it, and your system signs the messages it sends to Kawan.'
          : 'Your server signs each signed-in user’s id with it, so that the widget knows who is writing.'
      }
    >
      <div className="flex flex-wrap items-center gap-3 text-sm text-gray-700">
        <StatusBadge tone={saved ? 'green' : 'gray'}>{saved ? 'Set' : 'Not set'}</StatusBadge>
        <span>Kawan keeps it encrypted and never shows it again after it is made.</span>
      </div>

      {canRotate && (
        <div className="mt-5">
          <SecondaryButton onClick={() => setConfirming(true)}>Rotate secret</SecondaryButton>
        </div>
      )}

      <ConfirmationModal
        show={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate secret"
        footer={
          <>
            <SecondaryButton onClick={() => setConfirming(false)}>Cancel</SecondaryButton>
            <DangerButton
              className={form.processing ? 'opacity-25' : undefined}
              disabled={form.processing}
              onClick={rotate}
            >
              Rotate
            </DangerButton>
          </>
        }
      >
        A new secret replaces the current one at once: until you put the new one in your {webhook ? 'system' : 'server'}
        , {webhook ? 'its signatures fail' : 'signed-in users are treated as anonymous'}. The new secret is shown once.
      </ConfirmationModal>
    </ActionSection>
  );
}

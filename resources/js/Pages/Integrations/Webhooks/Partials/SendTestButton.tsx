import { useState } from 'react';
import { router } from '@inertiajs/react';
import SecondaryButton from '@/Components/SecondaryButton';
import { route } from '@/lib/route';

/** Sends a `ping` event at once (POST integrations.webhooks.test); the page says how it went. */
export default function SendTestButton({ endpointId }: { endpointId: number }) {
  const [sending, setSending] = useState(false);

  const send = () => {
    setSending(true);
    router.post(
      route('integrations.webhooks.test', { webhook: endpointId }),
      {},
      { preserveScroll: true, onFinish: () => setSending(false) },
    );
  };

  return (
    <SecondaryButton onClick={send} disabled={sending}>
      {sending ? 'Sending…' : 'Send test event'}
    </SecondaryButton>
  );
}

import ActionSection from '@/Components/ActionSection';
import { CopyableCode } from './CopyButton';
import type { ChannelSetup, ChannelType } from './types';

const webhookHints: Partial<Record<ChannelType, string>> = {
  whatsapp: 'Meta’s App Dashboard → WhatsApp → Configuration → Callback URL.',
  telegram: 'Kawan sets it on your bot; here for reference.',
  webhook: 'Your system POSTs messages here, with the channel’s secret.',
};

/** What to do to connect the channel: the URL the provider calls, the snippet, the steps. */
export default function SetupSection({ type, setup }: { type: ChannelType; setup: ChannelSetup }) {
  return (
    <ActionSection
      title="Setup"
      description="What to do, once, so that messages reach Kawan and replies reach your customers."
    >
      <div className="space-y-6">
        {setup.webhook_url && <CopyableCode label="Webhook URL" code={setup.webhook_url} hint={webhookHints[type]} />}
        {setup.snippet && (
          <CopyableCode
            label="Embed snippet"
            code={setup.snippet}
            hint="Paste it before </body> on every page where the chat should appear."
          />
        )}
        {setup.steps.length > 0 && (
          <div>
            <h4 className="text-sm font-medium text-gray-900">Steps</h4>
            <ol className="mt-2 list-decimal space-y-2 ps-5 text-sm text-gray-700" aria-label="Setup steps">
              {setup.steps.map((step, index) => (
                <li key={index} className="break-words">
                  {step}
                </li>
              ))}
            </ol>
          </div>
        )}
        {setup.preview_url && (
          <a
            href={setup.preview_url}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex text-sm font-medium text-indigo-700 underline hover:text-indigo-900"
          >
            Open a test page
          </a>
        )}
      </div>
    </ActionSection>
  );
}

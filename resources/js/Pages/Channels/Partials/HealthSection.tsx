import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { formatDateTime, fromNow } from '@/lib/dates';
import { route } from '@/lib/route';
import type { ChannelDetail } from './types';

function When({ at, never }: { at: string | null; never: string }) {
  if (!at) return <span className="text-gray-500">{never}</span>;
  return (
    <time dateTime={at} title={formatDateTime(at)}>
      {fromNow(at)}
    </time>
  );
}

/**
 * The channel's health: when it last received and sent, its last error, and the credential check,
 * which may be run again (POST channels.check).
 */
export default function HealthSection({ channel, canCheck }: { channel: ChannelDetail; canCheck: boolean }) {
  const form = useForm({});
  const check = channel.credential_check;
  const checkable = channel.type !== 'web';

  return (
    <ActionSection
      title="Health"
      description="Whether messages are arriving and replies are going out, and whether the provider accepts the credentials."
    >
      <p className="text-sm text-gray-700">{channel.health_detail}</p>
      <dl className="mt-4 grid grid-cols-1 gap-x-6 gap-y-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-gray-900">Last inbound</dt>
          <dd className="mt-1 text-gray-700">
            <When at={channel.last_inbound_at} never="Nothing received yet" />
          </dd>
        </div>
        <div>
          <dt className="font-medium text-gray-900">Last outbound</dt>
          <dd className="mt-1 text-gray-700">
            <When at={channel.last_outbound_at} never="Nothing sent yet" />
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-medium text-gray-900">Last error</dt>
          <dd className="mt-1 text-gray-700">
            {channel.last_error ? (
              <>
                <span className="break-words text-red-700">{channel.last_error}</span>
                {channel.last_error_at && (
                  <span className="ms-2 text-xs text-gray-500">
                    <When at={channel.last_error_at} never="" />
                  </span>
                )}
              </>
            ) : (
              <span className="text-gray-500">None</span>
            )}
          </dd>
        </div>
        {checkable && (
          <div className="sm:col-span-2">
            <dt className="font-medium text-gray-900">Credentials</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2 text-gray-700">
              {check ? (
                <>
                  <StatusBadge tone={check.ok ? 'green' : 'red'} dot>
                    {check.ok ? 'Accepted' : 'Refused'}
                  </StatusBadge>
                  <span className="break-words">{check.detail}</span>
                  <span className="text-xs text-gray-500">
                    checked <When at={check.at} never="" />
                  </span>
                </>
              ) : (
                <span className="text-gray-500">Not checked yet</span>
              )}
            </dd>
          </div>
        )}
      </dl>

      {checkable && canCheck && (
        <div className="mt-5">
          <SecondaryButton
            disabled={form.processing}
            onClick={() => form.post(route('channels.check', { channel: channel.id }), { preserveScroll: true })}
          >
            {form.processing ? 'Checking…' : 'Check credentials'}
          </SecondaryButton>
        </div>
      )}
    </ActionSection>
  );
}

import { useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import SecondaryButton from '@/Components/SecondaryButton';
import StatusBadge from '@/Components/StatusBadge';
import { route } from '@/lib/route';
import type { WhatsAppTemplate } from './types';

const statusTone = (status: string) => {
  const value = status.toUpperCase();
  if (value === 'APPROVED') return 'green' as const;
  if (value === 'REJECTED' || value === 'DISABLED' || value === 'PAUSED') return 'red' as const;
  if (value === 'PENDING' || value === 'IN_APPEAL') return 'yellow' as const;
  return 'gray' as const;
};

/**
 * WhatsApp message templates as last synced from Meta (outside the 24-hour window only templates
 * may be sent), and syncing them again (POST channels.templates.sync).
 */
export default function TemplatesSection({
  channelId,
  templates,
  canSync,
}: {
  channelId: number;
  templates: WhatsAppTemplate[];
  canSync: boolean;
}) {
  const form = useForm({});

  return (
    <ActionSection
      title="Message templates"
      description="More than 24 hours after a customer last wrote, WhatsApp lets a business send only templates Meta approved. Create them in WhatsApp Manager, then sync them here."
    >
      {templates.length === 0 ? (
        <p className="text-sm text-gray-600">No templates synced yet.</p>
      ) : (
        <div className="-mx-4 overflow-x-auto sm:mx-0">
          <table className="min-w-full divide-y divide-gray-200 text-sm" aria-label="Message templates">
            <thead>
              <tr className="text-start text-xs font-medium tracking-wide text-gray-500 uppercase">
                <th scope="col" className="px-4 py-2 text-start sm:ps-0">
                  Name
                </th>
                <th scope="col" className="px-4 py-2 text-start">
                  Language
                </th>
                <th scope="col" className="px-4 py-2 text-start">
                  Category
                </th>
                <th scope="col" className="px-4 py-2 text-start">
                  Status
                </th>
                <th scope="col" className="px-4 py-2 text-start sm:pe-0">
                  Body
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {templates.map((template) => (
                <tr key={`${template.name}:${template.language}`}>
                  <td className="px-4 py-2 font-mono text-xs break-all text-gray-900 sm:ps-0">{template.name}</td>
                  <td className="px-4 py-2 text-gray-700">{template.language}</td>
                  <td className="px-4 py-2 text-gray-700 capitalize">{template.category.toLowerCase()}</td>
                  <td className="px-4 py-2">
                    <StatusBadge tone={statusTone(template.status)}>{template.status.toLowerCase()}</StatusBadge>
                  </td>
                  <td className="max-w-xs px-4 py-2 text-gray-600 sm:pe-0">
                    <p className="line-clamp-2 break-words" title={template.body}>
                      {template.body}
                    </p>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {canSync && (
        <div className="mt-5">
          <SecondaryButton
            disabled={form.processing}
            onClick={() =>
              form.post(route('channels.templates.sync', { channel: channelId }), { preserveScroll: true })
            }
          >
            {form.processing ? 'Syncing…' : 'Sync templates'}
          </SecondaryButton>
        </div>
      )}
    </ActionSection>
  );
}

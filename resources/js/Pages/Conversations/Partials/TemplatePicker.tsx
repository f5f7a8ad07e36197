import type { FormEvent } from 'react';
import { useForm } from '@inertiajs/react';
import InputError from '@/Components/InputError';
import PrimaryButton from '@/Components/PrimaryButton';
import Select from '@/Components/Select';
import { route } from '@/lib/route';
import type { ConversationShowProps } from './types';

const keyOf = (template: { name: string; language: string }) => `${template.name}|${template.language}`;

/**
 * WhatsApp outside the 24-hour window: free text is refused, so an approved template is sent
 * instead (it opens the window again once the customer answers).
 */
export default function TemplatePicker({
  conversationId,
  templates,
}: {
  conversationId: number;
  templates: ConversationShowProps['templates'];
}) {
  const form = useForm({ template: '', language: '' });
  const chosen = templates.find(
    (template) => keyOf(template) === keyOf({ name: form.data.template, language: form.data.language }),
  );

  const choose = (key: string) => {
    const template = templates.find((item) => keyOf(item) === key);
    form.setData({ template: template?.name ?? '', language: template?.language ?? '' });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!chosen) return;
    form.post(route('conversations.messages.store', { conversation: conversationId }), {
      preserveScroll: true,
      onSuccess: () => form.reset(),
    });
  };

  const error = form.errors.template ?? form.errors.language;

  return (
    <form onSubmit={submit} aria-label="Send a template" className="space-y-3">
      <p className="text-sm text-gray-700">
        The 24-hour window has closed: WhatsApp only lets you send an approved template until the customer writes again.
      </p>
      {templates.length === 0 ? (
        <p className="text-sm text-gray-500">
          This number has no approved templates yet. Add them in WhatsApp Manager; they appear here once approved.
        </p>
      ) : (
        <>
          <div className="flex gap-2">
            <label htmlFor="composer-template" className="sr-only">
              Template
            </label>
            <Select
              id="composer-template"
              className="block w-full min-w-0 flex-1"
              value={chosen ? keyOf(chosen) : ''}
              onChange={(event) => choose(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby="composer-template-error"
            >
              <option value="">Choose a template…</option>
              {templates.map((template) => (
                <option key={keyOf(template)} value={keyOf(template)}>
                  {template.name} ({template.language})
                </option>
              ))}
            </Select>
            <PrimaryButton disabled={!chosen || form.processing}>Send template</PrimaryButton>
          </div>
          {chosen && (
            <p className="rounded-md bg-white px-3 py-2 text-sm whitespace-pre-wrap text-gray-700 ring-1 ring-gray-200">
              {chosen.body}
            </p>
          )}
          <InputError id="composer-template-error" message={error} role="alert" />
        </>
      )}
    </form>
  );
}

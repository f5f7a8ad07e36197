import { useState } from 'react';
import { router, useForm } from '@inertiajs/react';
import type { presentProvider } from '../../../../../server/presenters/provider-presenter';
import type { TeamShowProps } from '../../../../../server/presenters/team-presenter';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import DialogModal from '@/Components/DialogModal';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import SectionBorder from '@/Components/SectionBorder';
import StatusBadge from '@/Components/StatusBadge';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fromNow } from '@/lib/dates';
import { JsonRequestError, requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';

/** A team's model server as Teams/Show receives it: the key never, only its last four characters. */
export type TeamProvider = ReturnType<typeof presentProvider>;

/** POST team-providers.test. */
type TestResult = { ok: boolean; status?: number; message: string; models?: string[]; latencyMs: number };

type ProviderForm = { name: string; base_url: string; api_key: string; models: string };

type FieldsForm = {
  data: ProviderForm;
  errors: Partial<Record<keyof ProviderForm, string>>;
  setData: (key: keyof ProviderForm, value: string) => void;
};

const linkButton = 'cursor-pointer text-sm focus:underline focus:outline-hidden';

const emptyForm: ProviderForm = { name: '', base_url: '', api_key: '', models: '' };

/** The fields of adding and of editing a server; `editing` says an empty key keeps the stored one. */
function ProviderFields({ form, prefix, editing }: { form: FieldsForm; prefix: string; editing?: TeamProvider }) {
  const field = (name: keyof ProviderForm) => ({
    id: `${prefix}-${name.replace('_', '-')}`,
    value: form.data[name],
    onChange: (value: string) => form.setData(name, value),
    error: form.errors[name],
  });

  return (
    <>
      <TextField
        label="Name"
        className="col-span-6 sm:col-span-4"
        maxLength={100}
        autoComplete="off"
        {...field('name')}
      />
      <TextField
        label="Base URL"
        type="url"
        className="col-span-6 sm:col-span-4"
        placeholder="https://api.openai.com/v1"
        maxLength={2048}
        autoComplete="off"
        {...field('base_url')}
      />
      <TextField
        label="API key"
        type="password"
        className="col-span-6 sm:col-span-4"
        maxLength={500}
        autoComplete="off"
        placeholder={editing?.has_key ? `Keep the stored key (${editing.key_hint ?? 'set'})` : undefined}
        {...field('api_key')}
      >
        <p className="mt-1 text-xs text-gray-500">
          {editing
            ? 'Leave it empty to keep the stored key.'
            : 'Optional: a local server (Ollama, LM Studio) may need none.'}
        </p>
      </TextField>
      <TextAreaField
        label="Models"
        className="col-span-6 sm:col-span-4"
        rows={3}
        hint="One per line; the first is used when a bot names none. Test connection fills them from the server."
        inputClassName="font-mono text-sm"
        {...field('models')}
      />
    </>
  );
}

/**
 * A team's own OpenAI-compatible model servers (owners and admins): add one, then test, edit or
 * remove each. Bots choose one in their Model section.
 */
export default function ModelProviderManager({
  team,
  providers,
}: {
  team: Pick<TeamShowProps['team'], 'id'>;
  providers: TeamProvider[];
}) {
  const addForm = useForm<ProviderForm>(emptyForm);
  const editForm = useForm<ProviderForm>(emptyForm);
  const removeForm = useForm({});
  const [editing, setEditing] = useState<TeamProvider | null>(null);
  const [removing, setRemoving] = useState<TeamProvider | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const [results, setResults] = useState<Record<number, TestResult>>({});

  const addProvider = () => {
    addForm.post(route('team-providers.store', team.id), {
      errorBag: 'saveProvider',
      preserveScroll: true,
      onSuccess: () => addForm.reset(),
    });
  };

  const edit = (provider: TeamProvider) => {
    editForm.setData({
      name: provider.name,
      base_url: provider.base_url,
      api_key: '',
      models: provider.models.join('\n'),
    });
    editForm.clearErrors();
    setEditing(provider);
  };

  const updateProvider = () => {
    if (!editing) return;
    editForm.put(route('team-providers.update', [team.id, editing.id]), {
      errorBag: 'saveProvider',
      preserveScroll: true,
      onSuccess: () => setEditing(null),
    });
  };

  const removeProvider = () => {
    if (!removing) return;
    removeForm.delete(route('team-providers.destroy', [team.id, removing.id]), {
      preserveScroll: true,
      onSuccess: () => setRemoving(null),
    });
  };

  const test = async (provider: TeamProvider) => {
    setTesting(provider.id);
    let result: TestResult;
    try {
      result = await requestJson<TestResult>('POST', route('team-providers.test', [team.id, provider.id]));
      router.reload({ only: ['providers'] });
    } catch (error) {
      const body = error instanceof JsonRequestError ? (error.body as { message?: unknown } | null) : null;
      const message = typeof body?.message === 'string' ? body.message : 'The test could not be run. Try again.';
      result = { ok: false, message, latencyMs: 0 };
    }
    setResults((current) => ({ ...current, [provider.id]: result }));
    setTesting(null);
  };

  return (
    <>
      <SectionBorder />
      <FormSection
        title="Model providers"
        description="Your own OpenAI-compatible servers (OpenAI, Azure OpenAI, Ollama, vLLM, LM Studio…). Bots can answer with them instead of the platform's model. Keys are encrypted and never shown again."
        onSubmitted={addProvider}
        actions={
          <>
            <ActionMessage on={addForm.recentlySuccessful} className="me-3">
              Added.
            </ActionMessage>
            <PrimaryButton className={addForm.processing ? 'opacity-25' : undefined} disabled={addForm.processing}>
              Add
            </PrimaryButton>
          </>
        }
      >
        <ProviderFields form={addForm} prefix="provider" />
      </FormSection>

      {providers.length > 0 && (
        <>
          <SectionBorder />
          <div className="mt-10 sm:mt-0">
            <ActionSection
              title="Manage model providers"
              description="Test a server, change its address, key or models, or remove it. A bot whose server is removed answers with the platform's model."
            >
              <ul className="space-y-6" aria-label="Model providers">
                {providers.map((provider) => {
                  const result = results[provider.id];
                  return (
                    <li key={provider.id} aria-label={provider.name} className="space-y-2">
                      <div className="flex flex-wrap items-start justify-between gap-2">
                        <div className="min-w-0">
                          <div className="font-medium break-words text-gray-900">{provider.name}</div>
                          <div className="text-sm break-all text-gray-500">{provider.base_url}</div>
                          <div className="text-xs text-gray-500">
                            {provider.key_hint ? (
                              <>
                                Key <span className="font-mono">{provider.key_hint}</span>
                              </>
                            ) : (
                              'No key'
                            )}
                          </div>
                        </div>
                        <div className="flex shrink-0 items-center gap-4">
                          <button
                            type="button"
                            className={`${linkButton} text-gray-600 underline hover:text-gray-900 disabled:opacity-50`}
                            onClick={() => void test(provider)}
                            disabled={testing === provider.id}
                            aria-label={`Test the connection to ${provider.name}`}
                          >
                            {testing === provider.id ? 'Testing…' : 'Test connection'}
                          </button>
                          <button
                            type="button"
                            className={`${linkButton} text-gray-600 underline hover:text-gray-900`}
                            onClick={() => edit(provider)}
                            aria-label={`Edit ${provider.name}`}
                          >
                            Edit
                          </button>
                          <button
                            type="button"
                            className={`${linkButton} text-red-500`}
                            onClick={() => setRemoving(provider)}
                            aria-label={`Remove ${provider.name}`}
                          >
                            Remove
                          </button>
                        </div>
                      </div>

                      {provider.models.length > 0 ? (
                        <ul className="flex flex-wrap gap-1.5" aria-label={`Models of ${provider.name}`}>
                          {provider.models.map((model) => (
                            <li key={model}>
                              <StatusBadge className="font-mono">{model}</StatusBadge>
                            </li>
                          ))}
                        </ul>
                      ) : (
                        <p className="text-xs text-gray-500">No models listed: Test connection asks the server.</p>
                      )}

                      <div role="status" aria-live="polite" className="text-xs text-gray-500">
                        {result ? (
                          <span className="flex flex-wrap items-center gap-2">
                            <StatusBadge tone={result.ok ? 'green' : 'red'} dot>
                              {result.ok ? 'Connected' : 'Failed'}
                            </StatusBadge>
                            <span className="break-words">{result.message}</span>
                            {result.latencyMs > 0 && <span>{result.latencyMs} ms</span>}
                          </span>
                        ) : provider.last_tested_at ? (
                          <span className="break-words">
                            Last test {fromNow(provider.last_tested_at)}: {provider.last_test_result}
                          </span>
                        ) : (
                          'Not tested yet.'
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            </ActionSection>
          </div>
        </>
      )}

      <DialogModal
        show={editing !== null}
        onClose={() => setEditing(null)}
        title={editing ? `Edit ${editing.name}` : 'Edit model provider'}
        footer={
          <>
            <SecondaryButton onClick={() => setEditing(null)}>Cancel</SecondaryButton>
            <PrimaryButton
              className={editForm.processing ? 'opacity-25' : undefined}
              disabled={editForm.processing}
              onClick={updateProvider}
            >
              Save
            </PrimaryButton>
          </>
        }
      >
        <form
          className="grid grid-cols-6 gap-6"
          onSubmit={(event) => {
            event.preventDefault();
            updateProvider();
          }}
        >
          {editing && <ProviderFields form={editForm} prefix="edit-provider" editing={editing} />}
        </form>
      </DialogModal>

      <ConfirmationModal
        show={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove model provider"
        footer={
          <>
            <SecondaryButton onClick={() => setRemoving(null)}>Cancel</SecondaryButton>
            <DangerButton
              className={removeForm.processing ? 'opacity-25' : undefined}
              disabled={removeForm.processing}
              onClick={removeProvider}
            >
              Remove
            </DangerButton>
          </>
        }
      >
        Are you sure you would like to remove {removing?.name}? Its key is deleted, and bots that use it answer with the
        platform&apos;s model until another is chosen.
      </ConfirmationModal>
    </>
  );
}

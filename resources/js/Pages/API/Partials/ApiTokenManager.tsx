import { useState } from 'react';
import { useForm, usePage } from '@inertiajs/react';
import type { ApiTokenSummary, ApiTokensPageProps } from '../../../../../server/presenters/api-token-presenter';
import ActionMessage from '@/Components/ActionMessage';
import ActionSection from '@/Components/ActionSection';
import ConfirmationModal from '@/Components/ConfirmationModal';
import DangerButton from '@/Components/DangerButton';
import DialogModal from '@/Components/DialogModal';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import SectionBorder from '@/Components/SectionBorder';
import Select from '@/Components/Select';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import AbilityCheckboxes from './AbilityCheckboxes';
import ApiTokenRow from './ApiTokenRow';
import NewApiTokenModal from './NewApiTokenModal';

/** Jetstream's ApiTokenManager: the creation form, the list of tokens, and their modals. */
export default function ApiTokenManager({
  tokens,
  availablePermissions,
  defaultPermissions,
  expirationChoices,
  permissions,
}: ApiTokensPageProps) {
  const teamName = usePage().props.auth.user?.current_team?.name ?? 'your current team';
  const createForm = useForm({ name: '', permissions: [...defaultPermissions] as string[], expiration: 'never' });
  const updateForm = useForm({ permissions: [] as string[] });
  const deleteForm = useForm({});
  const [plainToken, setPlainToken] = useState<string | null>(null);
  const [managing, setManaging] = useState<ApiTokenSummary | null>(null);
  const [deleting, setDeleting] = useState<ApiTokenSummary | null>(null);

  const createApiToken = () => {
    createForm.post(route('api-tokens.store'), {
      preserveScroll: true,
      onSuccess: (page) => {
        setPlainToken(typeof page.flash?.token === 'string' ? page.flash.token : null);
        createForm.reset();
      },
    });
  };

  const manageApiTokenPermissions = (token: ApiTokenSummary) => {
    updateForm.setData('permissions', token.abilities);
    setManaging(token);
  };

  const updateApiToken = () => {
    if (!managing) return;
    updateForm.put(route('api-tokens.update', { token: managing.id }), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => setManaging(null),
    });
  };

  const deleteApiToken = () => {
    if (!deleting) return;
    deleteForm.delete(route('api-tokens.destroy', { token: deleting.id }), {
      preserveScroll: true,
      preserveState: true,
      onSuccess: () => setDeleting(null),
    });
  };

  return (
    <div>
      {permissions.canCreateApiTokens ? (
        <FormSection
          title="Create API Token"
          description={`API tokens allow third-party services to authenticate with our application on your behalf. A new token acts in ${teamName}, with your role there.`}
          onSubmitted={createApiToken}
          actions={
            <>
              <ActionMessage on={createForm.recentlySuccessful} className="me-3">
                Created.
              </ActionMessage>
              <PrimaryButton disabled={createForm.processing}>Create</PrimaryButton>
            </>
          }
        >
          <TextField
            label="Name"
            className="col-span-6 sm:col-span-4"
            {...fieldProps(createForm, 'name')}
            id="token-name"
            autoComplete="off"
          />

          {availablePermissions.length > 0 && (
            <fieldset className="col-span-6">
              <legend className="block text-sm font-medium text-gray-700">Permissions</legend>
              <AbilityCheckboxes
                idPrefix="create-permission"
                available={availablePermissions}
                checked={createForm.data.permissions}
                onChange={(abilities) => createForm.setData('permissions', abilities)}
              />
              <InputError className="mt-2" message={createForm.errors.permissions} />
            </fieldset>
          )}

          <div className="col-span-6 sm:col-span-4">
            <InputLabel htmlFor="token-expiration" value="Expiration" />
            <Select
              id="token-expiration"
              className="mt-1 block w-full"
              value={createForm.data.expiration}
              onChange={(event) => createForm.setData('expiration', event.target.value)}
              aria-describedby="token-expiration-error"
            >
              {expirationChoices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </Select>
            <InputError id="token-expiration-error" className="mt-2" message={createForm.errors.expiration} />
          </div>
        </FormSection>
      ) : (
        <ActionSection
          title="Create API Token"
          description="API tokens act in the team that is current when you make them."
        >
          <p className="max-w-xl text-sm text-gray-600">
            Your role in {teamName} does not allow creating API tokens. Switch to a team where you may, or ask an owner
            or administrator of {teamName}.
          </p>
        </ActionSection>
      )}

      {tokens.length > 0 && (
        <>
          <SectionBorder />
          <div className="mt-10 sm:mt-0">
            <ActionSection
              title="Manage API Tokens"
              description="You may delete any of your existing tokens if they are no longer needed."
            >
              <ul className="space-y-6" aria-label="API tokens">
                {tokens.map((token) => (
                  <ApiTokenRow
                    key={token.id}
                    token={token}
                    showPermissions={availablePermissions.length > 0}
                    onManage={() => manageApiTokenPermissions(token)}
                    onDelete={() => setDeleting(token)}
                  />
                ))}
              </ul>
            </ActionSection>
          </div>
        </>
      )}

      <NewApiTokenModal token={plainToken} onClose={() => setPlainToken(null)} />

      <DialogModal
        show={managing !== null}
        onClose={() => setManaging(null)}
        title="API Token Permissions"
        footer={
          <>
            <SecondaryButton onClick={() => setManaging(null)}>Cancel</SecondaryButton>
            <PrimaryButton type="button" onClick={updateApiToken} disabled={updateForm.processing}>
              Save
            </PrimaryButton>
          </>
        }
      >
        <AbilityCheckboxes
          idPrefix="update-permission"
          available={availablePermissions}
          checked={updateForm.data.permissions}
          onChange={(abilities) => updateForm.setData('permissions', abilities)}
        />
        <InputError className="mt-2" message={updateForm.errors.permissions} />
      </DialogModal>

      <ConfirmationModal
        show={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete API Token"
        footer={
          <>
            <SecondaryButton onClick={() => setDeleting(null)}>Cancel</SecondaryButton>
            <DangerButton onClick={deleteApiToken} disabled={deleteForm.processing}>
              Delete
            </DangerButton>
          </>
        }
      >
        Are you sure you would like to delete this API token?
      </ConfirmationModal>
    </div>
  );
}

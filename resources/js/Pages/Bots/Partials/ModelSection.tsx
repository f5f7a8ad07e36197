import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import Select from '@/Components/Select';
import TextInput from '@/Components/TextInput';
import type { SectionProps } from './bot-form';
import TextField from '@/Components/TextField';
import type { ProviderOption } from './types';

const DEFAULT_TEMPERATURE = 0.3;

/**
 * Who writes the replies: the platform's model or one of the team's own servers (Teams/Show), and
 * which of its models (empty: the platform's default, or the server's first listed); then the
 * temperature and the longest reply.
 */
export default function ModelSection({
  data,
  setConfig,
  error,
  editable,
  onSubmitted,
  actions,
  defaultModel,
  providers,
}: SectionProps & { defaultModel: string; providers: ProviderOption[] }) {
  const { model } = data.config;
  const setModel = (change: Partial<typeof model>) =>
    setConfig((config) => ({ ...config, model: { ...config.model, ...change } }));
  const provider = providers.find((option) => option.id === model.providerId);
  // Another server's model names mean nothing here: a change of server starts from its default.
  const chooseProvider = (value: string) => setModel({ providerId: value === '' ? null : Number(value), name: '' });
  const providerError = error('model.providerId');
  const typed = Number(model.temperature);
  const slider =
    model.temperature.trim() !== '' && Number.isFinite(typed) ? Math.min(1, Math.max(0, typed)) : DEFAULT_TEMPERATURE;

  return (
    <FormSection
      title="Model"
      description="The language model that writes the replies from the passages, and how freely it words them."
      onSubmitted={onSubmitted}
      actions={actions}
    >
      <div className="col-span-6 sm:col-span-4">
        <InputLabel htmlFor="bot-provider" value="Provider" />
        <Select
          id="bot-provider"
          className="mt-1 block w-full"
          value={model.providerId === null ? '' : String(model.providerId)}
          onChange={(event) => chooseProvider(event.target.value)}
          disabled={!editable}
          aria-invalid={providerError ? true : undefined}
          aria-describedby="bot-provider-hint bot-provider-error"
        >
          <option value="">Platform default ({defaultModel})</option>
          {providers.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </Select>
        <p id="bot-provider-hint" className="mt-1 text-xs text-gray-500">
          {providers.length > 0
            ? "The platform's model, or one of your team's own servers."
            : "Your team's own servers appear here once an owner or admin adds them in the team settings."}
        </p>
        <InputError id="bot-provider-error" className="mt-2" message={providerError} />
      </div>

      {provider && provider.models.length > 0 ? (
        <div className="col-span-6 sm:col-span-4">
          <InputLabel htmlFor="bot-model" value="Model name" />
          <Select
            id="bot-model"
            className="mt-1 block w-full"
            value={model.name}
            onChange={(event) => setModel({ name: event.target.value })}
            disabled={!editable}
            aria-invalid={error('model.name') ? true : undefined}
            aria-describedby="bot-model-hint bot-model-error"
          >
            <option value="">First listed ({provider.models[0]})</option>
            {model.name !== '' && !provider.models.includes(model.name) && (
              <option value={model.name}>{model.name} (not listed)</option>
            )}
            {provider.models.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
          <p id="bot-model-hint" className="mt-1 text-xs text-gray-500">
            The models {provider.name} lists; Test connection in the team settings refreshes them.
          </p>
          <InputError id="bot-model-error" className="mt-2" message={error('model.name')} />
        </div>
      ) : (
        <TextField
          id="bot-model"
          label="Model name"
          className="col-span-6 sm:col-span-4"
          value={model.name}
          onChange={(name) => setModel({ name })}
          error={error('model.name')}
          placeholder={provider ? 'The name the server knows it by' : 'Platform default'}
          hint={
            provider ? (
              <>{provider.name} lists no models: type the one it should use.</>
            ) : (
              <>
                Empty: the platform default,{' '}
                <span className="font-medium break-words text-gray-700">{defaultModel}</span>.
              </>
            )
          }
          disabled={!editable}
          maxLength={255}
          autoComplete="off"
        />
      )}

      <div className="col-span-6 sm:col-span-4">
        <InputLabel htmlFor="bot-temperature" value="Temperature" />
        <div className="mt-1 flex items-center gap-4">
          <input
            type="range"
            min={0}
            max={1}
            step={0.05}
            value={slider}
            disabled={!editable}
            onChange={(event) => setModel({ temperature: event.target.value })}
            aria-label="Temperature slider"
            className="min-w-0 flex-1 accent-indigo-600 disabled:opacity-50"
          />
          <TextInput
            id="bot-temperature"
            type="number"
            min={0}
            max={1}
            step={0.05}
            inputMode="decimal"
            className="block w-24"
            value={model.temperature}
            disabled={!editable}
            onChange={(event) => setModel({ temperature: event.target.value })}
            aria-invalid={error('model.temperature') ? true : undefined}
            aria-describedby="bot-temperature-hint bot-temperature-error"
          />
        </div>
        <p id="bot-temperature-hint" className="mt-1 text-xs text-gray-500">
          From 0 to 1: 0 keeps replies close to the passages, 1 lets the wording vary. Default {DEFAULT_TEMPERATURE}.
        </p>
        <InputError id="bot-temperature-error" className="mt-2" message={error('model.temperature')} />
      </div>

      <TextField
        id="bot-max-tokens"
        label="Max tokens"
        type="number"
        min={16}
        max={8192}
        step={1}
        inputMode="numeric"
        className="col-span-6 sm:col-span-3"
        value={model.maxTokens}
        onChange={(maxTokens) => setModel({ maxTokens })}
        error={error('model.maxTokens')}
        hint="The longest reply it may write, from 16 to 8192 tokens (a token is about ¾ of a word). Default 512."
        disabled={!editable}
      />
    </FormSection>
  );
}

import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import TextInput from '@/Components/TextInput';
import type { SectionProps } from './bot-form';
import InputField from './InputField';

const DEFAULT_TEMPERATURE = 0.3;

/** The model that writes the replies (empty: the platform's), its temperature and the longest reply. */
export default function ModelSection({
  data,
  setConfig,
  error,
  editable,
  onSubmitted,
  actions,
  defaultModel,
}: SectionProps & { defaultModel: string }) {
  const { model } = data.config;
  const setModel = (change: Partial<typeof model>) =>
    setConfig((config) => ({ ...config, model: { ...config.model, ...change } }));
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
      <InputField
        id="bot-model"
        label="Model name"
        className="col-span-6 sm:col-span-4"
        value={model.name}
        onChange={(name) => setModel({ name })}
        error={error('model.name')}
        placeholder="Platform default"
        hint={
          <>
            Empty: the platform default, <span className="font-medium break-words text-gray-700">{defaultModel}</span>.
          </>
        }
        disabled={!editable}
        maxLength={255}
        autoComplete="off"
      />

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

      <InputField
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

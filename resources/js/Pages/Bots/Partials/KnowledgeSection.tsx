import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import type { SectionProps } from './bot-form';
import { groundingLabels } from './format';
import TextField from '@/Components/TextField';
import { plural } from '@/lib/plural';
import KnowledgeField from './KnowledgeField';
import type { BotFormOptions, Grounding, KnowledgeOption } from './types';

type KnowledgeSectionProps = SectionProps & {
  knowledges: KnowledgeOption[];
  options: BotFormOptions;
  /** Linked knowledge bases that no longer exist: unlinked on the next save. */
  missing: number;
};

/** The knowledge it answers from, how strictly, and how passages and curated answers are chosen. */
export default function KnowledgeSection({
  data,
  setConfig,
  error,
  editable,
  onSubmitted,
  actions,
  knowledges,
  options,
  missing,
}: KnowledgeSectionProps) {
  const { config } = data;
  const setRetrieval = (change: Partial<typeof config.retrieval>) =>
    setConfig((current) => ({ ...current, retrieval: { ...current.retrieval, ...change } }));

  return (
    <FormSection
      title="Knowledge & grounding"
      description="The knowledge bases the bot answers from, whether it may go beyond them, and how the passages for each question are chosen."
      onSubmitted={onSubmitted}
      actions={actions}
    >
      <div className="col-span-6">
        <KnowledgeField
          knowledges={knowledges}
          value={config.knowledgeIds}
          onChange={(knowledgeIds) => setConfig((current) => ({ ...current, knowledgeIds }))}
          error={error('knowledgeIds')}
          disabled={!editable}
        />
        {missing > 0 && (
          <p className="mt-2 text-sm text-yellow-700">
            {plural(missing, 'linked knowledge base')} no longer {missing === 1 ? 'exists' : 'exist'}; saving unlinks{' '}
            {missing === 1 ? 'it' : 'them'}.
          </p>
        )}
      </div>

      <fieldset className="col-span-6 min-w-0" aria-describedby="bot-grounding-error">
        <legend className="block text-sm font-medium text-gray-700">Grounding</legend>
        <div className="mt-2 space-y-3">
          {options.grounding.map((mode: Grounding) => (
            <label key={mode} className="flex items-start gap-3">
              <input
                type="radio"
                name="grounding"
                value={mode}
                checked={config.grounding === mode}
                disabled={!editable}
                onChange={() => setConfig((current) => ({ ...current, grounding: mode }))}
                className="mt-0.5 border-gray-300 text-indigo-600 focus:ring-indigo-500 disabled:opacity-50"
                aria-describedby={`bot-grounding-${mode}-hint`}
              />
              <span className="text-sm">
                <span className="block font-medium text-gray-900">{groundingLabels[mode]?.label ?? mode}</span>
                <span id={`bot-grounding-${mode}-hint`} className="block text-gray-500">
                  {groundingLabels[mode]?.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
        <InputError id="bot-grounding-error" className="mt-2" message={error('grounding')} />
      </fieldset>

      <TextField
        id="bot-top-k"
        label="Passages per question"
        type="number"
        min={1}
        max={20}
        step={1}
        inputMode="numeric"
        className="col-span-6 sm:col-span-2"
        value={config.retrieval.topK}
        onChange={(topK) => setRetrieval({ topK })}
        error={error('retrieval.topK')}
        hint="Top-k: how many passages are looked up, 1 to 20. Default 5."
        disabled={!editable}
      />

      <TextField
        id="bot-min-score"
        label="Minimum score"
        type="number"
        min={0}
        max={1}
        step={0.01}
        inputMode="decimal"
        className="col-span-6 sm:col-span-2"
        value={config.retrieval.minScore}
        onChange={(minScore) => setRetrieval({ minScore })}
        error={error('retrieval.minScore')}
        hint="0 to 1: a passage less similar to the question does not count as grounding."
        disabled={!editable}
      />

      <TextField
        id="bot-curated-threshold"
        label="Curated answer threshold"
        type="number"
        min={0}
        max={1}
        step={0.01}
        inputMode="decimal"
        className="col-span-6 sm:col-span-2"
        value={config.retrieval.curatedThreshold}
        onChange={(curatedThreshold) => setRetrieval({ curatedThreshold })}
        error={error('retrieval.curatedThreshold')}
        hint="0 to 1: how closely a question must match a Q&A pair for its answer to be given as written. Default 0.85."
        disabled={!editable}
      />
    </FormSection>
  );
}

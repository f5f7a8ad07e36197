import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import Select from '@/Components/Select';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import AvatarColorField from './AvatarColorField';
import type { SectionProps } from './bot-form';
import { languageLabels, statusHints, statusLabels } from './format';
import type { BotFormOptions, BotLanguage, BotStatus } from './types';

/** Name, description, colour, status, reply language and the instructions the bot follows. */
export default function PersonaSection({
  data,
  setConfig,
  setField,
  error,
  editable,
  onSubmitted,
  actions,
  options,
}: SectionProps & { options: BotFormOptions }) {
  return (
    <FormSection
      title="Persona"
      description="Who the bot is: the name customers see, the language it replies in and the instructions it follows in every reply."
      onSubmitted={onSubmitted}
      actions={actions}
    >
      <TextField
        id="bot-name"
        label="Name"
        className="col-span-6 sm:col-span-4"
        value={data.name}
        onChange={(value) => setField('name', value)}
        error={error('name')}
        disabled={!editable}
        maxLength={100}
        autoComplete="off"
      />

      <TextAreaField
        id="bot-description"
        label="Description (optional)"
        className="col-span-6"
        rows={2}
        value={data.description}
        onChange={(value) => setField('description', value)}
        error={error('description')}
        hint="For your team: what it is for and where it answers. Customers do not see it."
        disabled={!editable}
        maxLength={1000}
      />

      <AvatarColorField
        className="col-span-6"
        colors={options.avatar_colors}
        value={data.avatar_color}
        onChange={(color) => setField('avatar_color', color)}
        name={data.name}
        error={error('avatar_color')}
        disabled={!editable}
      />

      <div className="col-span-6 sm:col-span-3">
        <InputLabel htmlFor="bot-status" value="Status" />
        <Select
          id="bot-status"
          className="mt-1 block w-full"
          value={data.status}
          disabled={!editable}
          onChange={(event) => setField('status', event.target.value as BotStatus)}
          aria-invalid={error('status') ? true : undefined}
          aria-describedby="bot-status-hint bot-status-error"
        >
          {options.statuses.map((status) => (
            <option key={status} value={status}>
              {statusLabels[status] ?? status}
            </option>
          ))}
        </Select>
        <p id="bot-status-hint" className="mt-1 text-xs text-gray-500">
          {statusHints[data.status]}
        </p>
        <InputError id="bot-status-error" className="mt-2" message={error('status')} />
      </div>

      <div className="col-span-6 sm:col-span-3">
        <InputLabel htmlFor="bot-language" value="Reply language" />
        <Select
          id="bot-language"
          className="mt-1 block w-full"
          value={data.config.language}
          disabled={!editable}
          onChange={(event) => {
            const language = event.target.value as BotLanguage;
            setConfig((config) => ({ ...config, language }));
          }}
          aria-invalid={error('language') ? true : undefined}
          aria-describedby="bot-language-hint bot-language-error"
        >
          {options.languages.map((language) => (
            <option key={language} value={language}>
              {languageLabels[language] ?? language}
            </option>
          ))}
        </Select>
        <p id="bot-language-hint" className="mt-1 text-xs text-gray-500">
          {data.config.language === 'auto'
            ? 'Replies in the language of each message, Indonesian or English.'
            : `Always replies in ${languageLabels[data.config.language] ?? data.config.language}.`}
        </p>
        <InputError id="bot-language-error" className="mt-2" message={error('language')} />
      </div>

      <TextAreaField
        id="bot-instructions"
        label="Instructions"
        className="col-span-6"
        rows={8}
        value={data.config.instructions}
        onChange={(instructions) => setConfig((config) => ({ ...config, instructions }))}
        error={error('instructions')}
        hint="Its persona and rules: who it is, how it speaks, what it must never promise. They open every prompt, before the passages from the knowledge."
        disabled={!editable}
        maxLength={20000}
      />
    </FormSection>
  );
}

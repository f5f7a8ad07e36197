import FormSection from '@/Components/FormSection';
import TextAreaField from '@/Components/TextAreaField';
import type { SectionProps } from './bot-form';
import FixedMessageField from './FixedMessageField';

/** What the bot says first, the questions it suggests, and what it says when it has no answer. */
export default function MessagesSection({ data, setConfig, error, editable, onSubmitted, actions }: SectionProps) {
  const { config } = data;

  return (
    <FormSection
      title="Messages"
      description="What the bot says without asking the model: its welcome, the first questions it suggests, and its reply when the knowledge has no answer."
      onSubmitted={onSubmitted}
      actions={actions}
    >
      <FixedMessageField
        id="bot-welcome"
        label="Welcome message"
        hint="The first thing it says when a chat opens, and its answer to a greeting (“halo kak”, “/start”). Empty: no welcome."
        language={config.language}
        value={config.welcomeMessage}
        english={config.english.welcomeMessage}
        onChange={(welcomeMessage) => setConfig((current) => ({ ...current, welcomeMessage }))}
        onEnglishChange={(welcomeMessage) =>
          setConfig((current) => ({ ...current, english: { ...current.english, welcomeMessage } }))
        }
        error={error('welcomeMessage')}
        englishError={error('english.welcomeMessage')}
        disabled={!editable}
      />

      <TextAreaField
        id="bot-suggested"
        label="Suggested first questions"
        className="col-span-6"
        rows={4}
        value={config.suggestedQuestions}
        onChange={(suggestedQuestions) => setConfig((current) => ({ ...current, suggestedQuestions }))}
        error={error('suggestedQuestions')}
        hint="One per line, up to 10: shown as buttons under the welcome message."
        disabled={!editable}
      />

      <FixedMessageField
        id="bot-fallback"
        label="Fallback message"
        hint="Said when nothing in the knowledge answers the question."
        language={config.language}
        value={config.fallbackMessage}
        english={config.english.fallbackMessage}
        onChange={(fallbackMessage) => setConfig((current) => ({ ...current, fallbackMessage }))}
        onEnglishChange={(fallbackMessage) =>
          setConfig((current) => ({ ...current, english: { ...current.english, fallbackMessage } }))
        }
        error={error('fallbackMessage')}
        englishError={error('english.fallbackMessage')}
        disabled={!editable}
      />
    </FormSection>
  );
}

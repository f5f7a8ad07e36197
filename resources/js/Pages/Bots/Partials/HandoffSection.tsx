import FormSection from '@/Components/FormSection';
import TextAreaField from '@/Components/TextAreaField';
import FixedMessageField from './FixedMessageField';
import Toggle from '@/Components/Toggle';
import type { ConfigForm, SectionProps } from './bot-form';
import BusinessHoursField from './BusinessHoursField';
import TextField from '@/Components/TextField';

/** When the bot passes the conversation to a person, and what it says then, within and outside business hours. */
export default function HandoffSection({ data, setConfig, error, editable, onSubmitted, actions }: SectionProps) {
  const { handoff, english } = data.config;
  const setHandoff = (change: Partial<ConfigForm['handoff']>) =>
    setConfig((config) => ({ ...config, handoff: { ...config.handoff, ...change } }));
  const setEnglish = (change: Partial<ConfigForm['english']>) =>
    setConfig((config) => ({ ...config, english: { ...config.english, ...change } }));

  return (
    <FormSection
      title="Handoff"
      description="When the bot hands the conversation to a person on your team, and what it tells the customer when it does."
      onSubmitted={onSubmitted}
      actions={actions}
    >
      <TextAreaField
        id="bot-keywords"
        label="Keywords"
        className="col-span-6"
        rows={3}
        value={handoff.keywords}
        onChange={(keywords) => setHandoff({ keywords })}
        error={error('handoff.keywords')}
        hint="One word or phrase per line (“komplain”, “refund”): a message with one goes to a person at once."
        disabled={!editable}
      />

      <div className="col-span-6 space-y-3">
        <Toggle
          className="text-start"
          label="Hand off when the customer asks for a person"
          checked={handoff.onUserRequest}
          disabled={!editable}
          onChange={(onUserRequest) => setHandoff({ onUserRequest })}
        />
        <Toggle
          className="text-start"
          label="Hand off when the knowledge has nothing it is confident about"
          checked={handoff.onLowConfidence}
          disabled={!editable}
          onChange={(onLowConfidence) => setHandoff({ onLowConfidence })}
        />
      </div>

      <TextField
        id="bot-after-fallbacks"
        label="Hand off after this many fallbacks in a row"
        type="number"
        min={1}
        max={10}
        step={1}
        inputMode="numeric"
        placeholder="Never"
        className="col-span-6 sm:col-span-3"
        value={handoff.afterFallbacks}
        onChange={(afterFallbacks) => setHandoff({ afterFallbacks })}
        error={error('handoff.afterFallbacks')}
        hint="1 to 10; empty: never for this reason."
        disabled={!editable}
      />

      <FixedMessageField
        id="bot-handoff-message"
        label="Handoff message"
        hint="Said when the conversation goes to a person."
        language={data.config.language}
        value={handoff.message}
        english={english.handoffMessage}
        onChange={(message) => setHandoff({ message })}
        onEnglishChange={(handoffMessage) => setEnglish({ handoffMessage })}
        error={error('handoff.message')}
        englishError={error('english.handoffMessage')}
        disabled={!editable}
      />

      <BusinessHoursField
        className="col-span-6"
        value={handoff.businessHours}
        onChange={(update) =>
          setConfig((config) => ({
            ...config,
            handoff: { ...config.handoff, businessHours: update(config.handoff.businessHours) },
          }))
        }
        error={error}
        disabled={!editable}
      />

      <FixedMessageField
        id="bot-offline-message"
        label="Offline message"
        hint="Said instead of the handoff message outside business hours. Your business hours and when your team is back follow it, in the customer’s language, unless this message names a time itself."
        language={data.config.language}
        value={handoff.offlineMessage}
        english={english.offlineMessage}
        onChange={(offlineMessage) => setHandoff({ offlineMessage })}
        onEnglishChange={(offlineMessage) => setEnglish({ offlineMessage })}
        error={error('handoff.offlineMessage')}
        englishError={error('english.offlineMessage')}
        disabled={!editable}
      />
    </FormSection>
  );
}

import FormSection from '@/Components/FormSection';
import TextField from '@/Components/TextField';
import type { SectionProps } from './bot-form';
import { creditCapLine } from './format';
import type { BotSummary } from './types';

/**
 * The bot's monthly AI credit cap: an operational setting kept on the bot (not in the draft), so
 * it holds at once, published or not. Empty: only the plan's quota bounds it.
 */
export default function CreditCapSection({
  data,
  setField,
  error,
  editable,
  onSubmitted,
  actions,
  bot,
}: SectionProps & { bot: BotSummary }) {
  return (
    <FormSection
      title="AI credits"
      description="Each AI reply uses credits from the team's plan. A cap keeps one bot from using them all; it applies at once, without publishing."
      onSubmitted={onSubmitted}
      actions={actions}
    >
      <TextField
        id="bot-credit-cap"
        label="Monthly AI credit cap"
        type="number"
        min={1}
        max={10_000_000}
        step={1}
        inputMode="numeric"
        className="col-span-6 sm:col-span-3"
        value={data.monthly_credit_cap}
        onChange={(value) => setField('monthly_credit_cap', value)}
        error={error('monthly_credit_cap')}
        placeholder="No cap"
        hint="Stops this bot's AI replies for the rest of the billing period once it has used this many credits; the customer gets the fallback message and a person takes over. Empty: no cap."
        disabled={!editable}
      />
      <p className="col-span-6 text-sm text-gray-600" data-testid="bot-credits-this-period">
        AI credits this period: {creditCapLine(bot)}.
      </p>
    </FormSection>
  );
}

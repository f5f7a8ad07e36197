import FormSection from '@/Components/FormSection';
import TextAreaField from '@/Components/TextAreaField';
import type { SectionProps } from './bot-form';

/** Questions kept to try the draft with before publishing it. */
export default function TestQuestionsSection({ data, setField, error, editable, onSubmitted, actions }: SectionProps) {
  return (
    <FormSection
      title="Test questions"
      description="Questions your customers really ask, kept to try each draft with before you publish it."
      onSubmitted={onSubmitted}
      actions={actions}
    >
      <TextAreaField
        id="bot-test-questions"
        label="Questions to try"
        className="col-span-6"
        rows={6}
        value={data.test_questions}
        onChange={(value) => setField('test_questions', value)}
        error={error('test_questions')}
        hint="One per line, up to 50. They show as shortcuts in the test chat on the bot’s page."
        disabled={!editable}
      />
    </FormSection>
  );
}

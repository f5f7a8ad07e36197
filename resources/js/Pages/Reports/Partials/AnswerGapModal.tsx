import { useForm } from '@inertiajs/react';
import ButtonLink from '@/Components/ButtonLink';
import DialogModal from '@/Components/DialogModal';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import SecondaryButton from '@/Components/SecondaryButton';
import Select from '@/Components/Select';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import type { GapProps, ReportsGapsProps } from './gap-format';

type AnswerGapModalProps = {
  gap: GapProps;
  knowledges: ReportsGapsProps['knowledges'];
  onClose: () => void;
};

/** The gap's other questions, once each, as the curated answer's other phrasings. */
function otherPhrasings(gap: GapProps): string {
  const seen = new Set([gap.title.trim().toLowerCase()]);
  const lines: string[] = [];
  for (const example of gap.examples) {
    const key = example.text.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    lines.push(example.text.trim());
  }
  return lines.join('\n');
}

/**
 * Turns a gap into a curated Q&A answer (POST reports.gaps.answer, bag `answerGap`): a knowledge
 * base (the one the gap's bots answer from first), the question, its other phrasings and the
 * answer, which starts from what an agent told a customer. Saving asks the bots the gap's questions
 * again; the answered list then shows what they say now.
 */
export default function AnswerGapModal({ gap, knowledges, onClose }: AnswerGapModalProps) {
  const preferred = gap.knowledge_ids.find((id) => knowledges.some((knowledge) => knowledge.id === id));
  const form = useForm({
    knowledge_id: String(preferred ?? knowledges[0]?.id ?? ''),
    question: gap.title,
    alternatives: otherPhrasings(gap),
    answer: gap.suggested_answer ?? '',
  });
  const used = new Set(gap.knowledge_ids);
  const fromAgent = gap.examples.find((example) => example.agent_reply)?.conversation.number;

  const save = () =>
    form.post(route('reports.gaps.answer', { gap: gap.id }), {
      errorBag: 'answerGap',
      preserveScroll: true,
      onSuccess: onClose,
    });

  return (
    <DialogModal
      show
      onClose={form.processing ? () => {} : onClose}
      closeable={!form.processing}
      title="Answer this gap"
      footer={
        <>
          <SecondaryButton onClick={onClose} disabled={form.processing}>
            Cancel
          </SecondaryButton>
          {knowledges.length > 0 && (
            <PrimaryButton
              type="button"
              className={form.processing ? 'opacity-25' : undefined}
              disabled={form.processing}
              onClick={save}
            >
              {form.processing ? 'Saving and asking again…' : 'Save and ask again'}
            </PrimaryButton>
          )}
        </>
      }
    >
      {knowledges.length === 0 ? (
        <div className="space-y-4">
          <p>A curated answer lives in a knowledge base, and this team has none yet.</p>
          <ButtonLink href={route('knowledges.create')} variant="secondary">
            Create a knowledge base
          </ButtonLink>
        </div>
      ) : (
        <div className="space-y-5">
          <p>
            The answer is saved as a curated question and answer: the bots give it as written when a customer asks
            something close to one of its phrasings. Then the bots are asked this gap&rsquo;s questions again.
          </p>
          <div>
            <InputLabel htmlFor="answer-knowledge">Knowledge base</InputLabel>
            <Select
              id="answer-knowledge"
              className="mt-1 block w-full"
              value={form.data.knowledge_id}
              onChange={(event) => form.setData('knowledge_id', event.target.value)}
              aria-invalid={form.errors.knowledge_id ? true : undefined}
              aria-describedby="answer-knowledge-hint answer-knowledge-error"
            >
              {knowledges.map((knowledge) => (
                <option key={knowledge.id} value={String(knowledge.id)}>
                  {knowledge.name}
                  {used.has(knowledge.id) ? ' (the bot answers from it)' : ''}
                </option>
              ))}
            </Select>
            <p id="answer-knowledge-hint" className="mt-1 text-xs text-gray-500">
              A bot can give the answer only if its published version uses this knowledge base.
            </p>
            <InputError id="answer-knowledge-error" className="mt-2" message={form.errors.knowledge_id} />
          </div>
          <TextField label="Question" {...fieldProps(form, 'question')} id="answer-question" />
          <TextAreaField
            label="Other ways to ask it"
            rows={3}
            {...fieldProps(form, 'alternatives')}
            id="answer-alternatives"
            hint="One per line: how customers asked it."
          />
          <TextAreaField
            label="Answer"
            rows={5}
            {...fieldProps(form, 'answer')}
            id="answer-answer"
            hint={
              fromAgent !== undefined
                ? `From the agent's reply in conversation #${fromAgent}: make it right for every customer who asks.`
                : 'No agent has answered it yet: write what customers should be told.'
            }
          />
        </div>
      )}
    </DialogModal>
  );
}

import { useForm } from '@inertiajs/react';
import ActionMessage from '@/Components/ActionMessage';
import FormSection from '@/Components/FormSection';
import InputError from '@/Components/InputError';
import InputLabel from '@/Components/InputLabel';
import PrimaryButton from '@/Components/PrimaryButton';
import Select from '@/Components/Select';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { fieldProps } from '@/lib/form-field';
import { route } from '@/lib/route';
import EmbedderPanel from './EmbedderPanel';
import type { Knowledge, KnowledgeAbilities, KnowledgeLanguage, LanguageOption } from './types';

type KnowledgeSettingsFormProps = {
  knowledge: Knowledge | null;
  languages: LanguageOption[];
  defaultEmbedder: string;
  can: KnowledgeAbilities;
};

/**
 * Name, description and language of a knowledge base: POST knowledges.store for a new one, PUT
 * knowledges.update (bag `updateKnowledge`) for this one; read-only for those who may not change it.
 */
export default function KnowledgeSettingsForm({
  knowledge,
  languages,
  defaultEmbedder,
  can,
}: KnowledgeSettingsFormProps) {
  const editable = knowledge ? can.update : can.create;
  const form = useForm({
    name: knowledge?.name ?? '',
    description: knowledge?.description ?? '',
    language: knowledge?.language ?? languages[0]?.value ?? 'indonesian',
  });

  const save = () => {
    if (!editable) return;
    if (knowledge) {
      form.put(route('knowledges.update', knowledge.id), { errorBag: 'updateKnowledge', preserveScroll: true });
    } else {
      form.post(route('knowledges.store'), { errorBag: 'createKnowledge' });
    }
  };

  return (
    <FormSection
      title={knowledge ? 'Knowledge base' : 'New knowledge base'}
      description={
        knowledge
          ? 'Its name and description tell your team (and you, later) what it holds; bots are given its passages, not these.'
          : 'Name it for what it holds: the menu, store policies, product manuals. Once it exists you add its sources: texts, questions and answers, documents and web pages.'
      }
      onSubmitted={save}
      actions={
        editable ? (
          <>
            <ActionMessage on={form.recentlySuccessful} className="me-3">
              Saved.
            </ActionMessage>
            <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
              {knowledge ? 'Save' : 'Create'}
            </PrimaryButton>
          </>
        ) : undefined
      }
    >
      <TextField
        label="Name"
        className="col-span-6 sm:col-span-4"
        {...fieldProps(form, 'name')}
        id="knowledge-name"
        disabled={!editable}
        isFocused={!knowledge}
        maxLength={255}
      />

      <TextAreaField
        label="Description (optional)"
        className="col-span-6"
        rows={3}
        {...fieldProps(form, 'description')}
        id="knowledge-description"
        disabled={!editable}
        maxLength={2000}
      />

      <div className="col-span-6 sm:col-span-4">
        <InputLabel htmlFor="knowledge-language" value="Language" />
        <Select
          id="knowledge-language"
          className="mt-1 block w-full"
          value={form.data.language}
          disabled={!editable}
          onChange={(event) => form.setData('language', event.target.value as KnowledgeLanguage)}
          aria-invalid={form.errors.language ? true : undefined}
          aria-describedby="knowledge-language-hint knowledge-language-error"
        >
          {languages.map((language) => (
            <option key={language.value} value={language.value}>
              {language.label}
            </option>
          ))}
        </Select>
        <p id="knowledge-language-hint" className="mt-1 text-xs text-gray-500">
          The language of most of its content. It drives full-text search stemming, so that “makanan” also finds “makan”
          and “ordering” finds “orders”; choose Other for mixed content.
        </p>
        <InputError id="knowledge-language-error" className="mt-2" message={form.errors.language} />
      </div>

      {knowledge ? (
        <EmbedderPanel knowledge={knowledge} canUpdate={can.update} />
      ) : (
        <p className="col-span-6 text-sm text-gray-500">
          Its passages will be indexed with <span className="font-medium text-gray-700">{defaultEmbedder}</span>.
        </p>
      )}
    </FormSection>
  );
}

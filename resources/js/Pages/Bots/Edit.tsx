import { useState } from 'react';
import { Head, Link, useForm } from '@inertiajs/react';
import ActionSection from '@/Components/ActionSection';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import {
  errorAt,
  sectionsWithErrors,
  toFormData,
  toPayload,
  type BotFormData,
  type FieldErrors,
  type SectionId,
  type SectionProps,
} from './Partials/bot-form';
import CreditCapSection from './Partials/CreditCapSection';
import DeleteBotForm from './Partials/DeleteBotForm';
import FormActions from './Partials/FormActions';
import HandoffSection from './Partials/HandoffSection';
import KnowledgeSection from './Partials/KnowledgeSection';
import MessagesSection from './Partials/MessagesSection';
import ModelSection from './Partials/ModelSection';
import PersonaSection from './Partials/PersonaSection';
import TestQuestionsSection from './Partials/TestQuestionsSection';
import VersionList from './Partials/VersionList';
import { shorten } from './Partials/format';
import type { BotEditProps } from './Partials/types';
import { useLiveBot } from './Partials/use-live-bot';

/**
 * Bots/Edit: the draft's settings in sections (persona, model, messages, knowledge, handoff), the
 * bot's monthly AI credit cap, and its test questions. They are one form: each section's Save
 * sends all of it (PUT bots.update) and says which sections have a message when the save fails.
 * Then the versions, restorable into the draft, and deleting the bot. Read-only for those who may
 * not change it.
 */
export default function Edit({
  bot,
  config,
  test_questions,
  versions,
  knowledges,
  options,
  ai,
  providers,
  can,
}: BotEditProps) {
  const editable = can.update;
  const known = new Set(knowledges.map((knowledge) => knowledge.id));
  const missing = config.knowledgeIds.filter((id) => !known.has(id)).length;
  const form = useForm<BotFormData>(() => {
    const data = toFormData(
      bot,
      config,
      test_questions,
      config.knowledgeIds.filter((id) => known.has(id)),
    );
    // A team server since removed: the bot answers with the platform's model, and the form says so.
    const { providerId } = data.config.model;
    return providerId !== null && !providers.some((provider) => provider.id === providerId)
      ? { ...data, config: { ...data.config, model: { ...data.config.model, providerId: null } } }
      : data;
  });
  const [savedFrom, setSavedFrom] = useState<SectionId | null>(null);
  const errors = form.errors as FieldErrors;
  const problems = sectionsWithErrors(errors);
  useLiveBot(bot.id, ['bot', 'versions']);

  const save = (section: SectionId) => {
    if (!editable) return;
    setSavedFrom(section);
    form.transform(toPayload);
    form.put(route('bots.update', bot.id), { preserveScroll: true });
  };

  const section = (id: SectionId): SectionProps => ({
    data: form.data,
    setConfig: (update) => form.setData((data) => ({ ...data, config: update(data.config) })),
    setField: (key, value) => form.setData((data) => ({ ...data, [key]: value })),
    error: (path) => errorAt(errors, path),
    editable,
    onSubmitted: () => save(id),
    actions: editable ? (
      <FormActions
        processing={form.processing}
        saved={form.recentlySuccessful && savedFrom === id}
        problems={savedFrom === id && !form.processing ? problems : []}
      />
    ) : undefined,
  });

  return (
    <>
      <Head title={`Edit ${bot.name}`} />
      <PageHeader title={shorten(bot.name, 60)}>
        <Link
          href={route('bots.show', bot.id)}
          className="ms-4 shrink-0 text-sm text-gray-600 underline hover:text-gray-900"
        >
          Back to the bot
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        {!editable && (
          <p className="mb-6 px-4 text-sm text-gray-600 sm:px-0">
            Your role in this team may read these settings; an owner, admin or editor changes them.
          </p>
        )}
        <div id="persona" className="scroll-mt-6">
          <PersonaSection {...section('persona')} options={options} />
        </div>
        <SectionBorder />
        <div id="model" className="mt-10 scroll-mt-6 sm:mt-0">
          <ModelSection {...section('model')} defaultModel={ai.default_model} providers={providers} />
        </div>
        <SectionBorder />
        <div id="messages" className="mt-10 scroll-mt-6 sm:mt-0">
          <MessagesSection {...section('messages')} />
        </div>
        <SectionBorder />
        <div id="knowledge" className="mt-10 scroll-mt-6 sm:mt-0">
          <KnowledgeSection {...section('knowledge')} knowledges={knowledges} options={options} missing={missing} />
        </div>
        <SectionBorder />
        <div id="handoff" className="mt-10 scroll-mt-6 sm:mt-0">
          <HandoffSection {...section('handoff')} />
        </div>
        <SectionBorder />
        <div id="credits" className="mt-10 scroll-mt-6 sm:mt-0">
          <CreditCapSection {...section('credits')} bot={bot} />
        </div>
        <SectionBorder />
        <div id="tests" className="mt-10 scroll-mt-6 sm:mt-0">
          <TestQuestionsSection {...section('tests')} />
        </div>

        <SectionBorder />
        <div className="mt-10 sm:mt-0">
          <ActionSection
            title="Versions"
            description="Each publish freezes the draft as a numbered version. Restoring one makes its settings the draft again; publish to make it live."
          >
            <VersionList bot={bot} versions={versions} canRestore={editable} />
          </ActionSection>
        </div>

        {can.delete && (
          <>
            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <DeleteBotForm bot={bot} />
            </div>
          </>
        )}
      </div>
    </>
  );
}

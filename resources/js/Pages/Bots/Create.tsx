import { Head, Link, useForm } from '@inertiajs/react';
import FormSection from '@/Components/FormSection';
import PrimaryButton from '@/Components/PrimaryButton';
import TextAreaField from '@/Components/TextAreaField';
import TextField from '@/Components/TextField';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import AvatarColorField from './Partials/AvatarColorField';
import KnowledgeField from './Partials/KnowledgeField';
import type { AvatarColor, BotCreateProps } from './Partials/types';

/**
 * Bots/Create: a name, a description, a colour and the knowledge it answers from; POST bots.store
 * makes it a draft with the default settings and opens its page, where it can be tried.
 */
export default function Create({ knowledges, options, ai }: BotCreateProps) {
  const form = useForm({
    name: '',
    description: '',
    avatar_color: (options.avatar_colors[0] ?? 'indigo') as AvatarColor,
    knowledge_ids: knowledges.length === 1 ? [knowledges[0].id] : ([] as number[]),
  });
  const errors = form.errors as Record<string, string | undefined>;

  return (
    <>
      <Head title="New bot" />
      <PageHeader title="New bot">
        <Link href={route('bots.index')} className="ms-4 shrink-0 text-sm text-gray-600 underline hover:text-gray-900">
          All bots
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <FormSection
          title="New bot"
          description={
            <>
              Name it the way customers will see it. It starts as a draft with friendly default instructions and replies
              written by <span className="font-medium text-gray-700">{ai.default_model}</span>; you try it, tune it and
              publish it from its page.
            </>
          }
          onSubmitted={() => form.post(route('bots.store'))}
          actions={
            <PrimaryButton className={form.processing ? 'opacity-25' : undefined} disabled={form.processing}>
              Create
            </PrimaryButton>
          }
        >
          <TextField
            id="bot-name"
            label="Name"
            className="col-span-6 sm:col-span-4"
            value={form.data.name}
            onChange={(value) => form.setData('name', value)}
            error={errors.name}
            maxLength={100}
            isFocused
            autoComplete="off"
          />

          <TextAreaField
            id="bot-description"
            label="Description (optional)"
            className="col-span-6"
            rows={2}
            value={form.data.description}
            onChange={(value) => form.setData('description', value)}
            error={errors.description}
            hint="For your team: what it is for and where it answers. Customers do not see it."
            maxLength={1000}
          />

          <AvatarColorField
            className="col-span-6"
            colors={options.avatar_colors}
            value={form.data.avatar_color}
            onChange={(color) => form.setData('avatar_color', color)}
            name={form.data.name}
            error={errors.avatar_color}
          />

          <KnowledgeField
            className="col-span-6"
            knowledges={knowledges}
            value={form.data.knowledge_ids}
            onChange={(ids) => form.setData('knowledge_ids', ids)}
            error={
              errors.knowledge_ids ?? Object.entries(errors).find(([key]) => key.startsWith('knowledge_ids.'))?.[1]
            }
          />
        </FormSection>
      </div>
    </>
  );
}

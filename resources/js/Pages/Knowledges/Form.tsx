import { Head, Link } from '@inertiajs/react';
import SectionBorder from '@/Components/SectionBorder';
import { PageHeader } from '@/Layouts/AppLayout';
import { route } from '@/lib/route';
import DeleteKnowledgeForm from './Partials/DeleteKnowledgeForm';
import KnowledgeSettingsForm from './Partials/KnowledgeSettingsForm';
import KnowledgeSources from './Partials/KnowledgeSources';
import TryQuestionPanel from './Partials/TryQuestionPanel';
import { shorten } from './Partials/format';
import type { KnowledgeFormProps } from './Partials/types';

/**
 * Knowledges/Form: a new knowledge base (its settings alone), or one that exists: its settings and
 * embedding model, adding sources, the sources live with their chunks, trying a question, and
 * deleting it; each as the role allows.
 */
export default function Form(props: KnowledgeFormProps) {
  const { knowledge, languages, defaultEmbedder, can } = props;
  const title = knowledge ? knowledge.name : 'New knowledge base';

  return (
    <>
      <Head title={title} />
      <PageHeader title={shorten(title, 60)}>
        <Link
          href={route('knowledges.index')}
          className="ms-4 shrink-0 text-sm text-gray-600 underline hover:text-gray-900"
        >
          All knowledge bases
        </Link>
      </PageHeader>
      <div className="mx-auto max-w-7xl py-10 sm:px-6 lg:px-8">
        <KnowledgeSettingsForm
          key={knowledge?.id ?? 'new'}
          knowledge={knowledge}
          languages={languages}
          defaultEmbedder={defaultEmbedder}
          can={can}
        />

        {knowledge && (
          <>
            <KnowledgeSources {...props} knowledge={knowledge} />

            <SectionBorder />
            <div className="mt-10 sm:mt-0">
              <TryQuestionPanel knowledge={knowledge} />
            </div>

            {can.delete && (
              <>
                <SectionBorder />
                <div className="mt-10 sm:mt-0">
                  <DeleteKnowledgeForm knowledge={knowledge} />
                </div>
              </>
            )}
          </>
        )}
      </div>
    </>
  );
}

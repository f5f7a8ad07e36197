import { Head } from '@inertiajs/react';
import type { LegalDocument } from '../../../../server/support/legal-documents';
import { formatDate } from '@/lib/dates';

/** A legal document rendered from the repository's markdown (trusted HTML from our own files). */
export default function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <>
      <Head title={document.title} />
      <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-16 lg:px-8">
        <article className="rounded-lg bg-white p-6 shadow-sm ring-1 ring-gray-100 sm:p-12">
          <header className="border-b border-gray-200 pb-6">
            <h1 className="text-3xl font-bold tracking-tight text-gray-900">{document.title}</h1>
            {document.updatedAt && <p className="mt-2 text-sm text-gray-500">Last updated {formatDate(document.updatedAt)}</p>}
          </header>
          <div
            className="prose prose-gray mt-8 max-w-none prose-h2:text-xl prose-a:text-indigo-600 prose-a:hover:text-indigo-500"
            dangerouslySetInnerHTML={{ __html: document.html }}
          />
        </article>
      </div>
    </>
  );
}

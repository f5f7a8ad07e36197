import DeleteSection from '@/Components/DeleteSection';
import { route } from '@/lib/route';
import type { Knowledge } from './types';

/** Deletes the knowledge base after a confirmation: DELETE knowledges.destroy, then the list. */
export default function DeleteKnowledgeForm({ knowledge }: { knowledge: Knowledge }) {
  return (
    <DeleteSection
      noun="knowledge base"
      name={knowledge.name}
      url={route('knowledges.destroy', knowledge.id)}
      description="Permanently delete this knowledge base."
    >
      Once a knowledge base is deleted, its sources, uploaded files and chunks are permanently deleted, and bots that
      use it no longer find its answers.
    </DeleteSection>
  );
}

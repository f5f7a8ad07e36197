import ActionSection from '@/Components/ActionSection';
import { PlanLimitLine, PlanLimitNotice } from '@/Components/PlanLimit';
import SectionBorder from '@/Components/SectionBorder';
import AddSourceForm, { ADD_SOURCE_DESCRIPTION } from './AddSourceForm';
import SourceList from './SourceList';
import type { Knowledge, KnowledgeFormProps } from './types';
import { useLiveSources } from './use-live-sources';

type KnowledgeSourcesProps = Omit<KnowledgeFormProps, 'knowledge' | 'defaultEmbedder'> & { knowledge: Knowledge };

const sourceNoun = { one: 'knowledge source', many: 'knowledge sources' };

/**
 * Adding sources (for those who may), with how many of the plan's knowledge sources the team uses,
 * or, once all are used, a notice in the form's place; then the sources, kept live from the
 * team's channel.
 */
export default function KnowledgeSources({
  knowledge,
  sources,
  source_list,
  languages,
  refreshSchedules,
  limits,
  limit,
  can,
  preview,
}: KnowledgeSourcesProps) {
  const live = useLiveSources(knowledge, sources);

  return (
    <>
      {can.update && (
        <>
          <SectionBorder />
          <div className="mt-10 sm:mt-0">
            {limit.reached ? (
              <ActionSection title="Add a source" description={ADD_SOURCE_DESCRIPTION}>
                <PlanLimitNotice limit={limit} noun={sourceNoun} />
                <p className="mt-3 text-sm text-gray-600">
                  Deleting a source you no longer need also makes room for a new one.
                </p>
              </ActionSection>
            ) : (
              <AddSourceForm
                knowledge={knowledge}
                limits={limits}
                refreshSchedules={refreshSchedules}
                usage={<PlanLimitLine limit={limit} noun={sourceNoun} note="across all knowledge bases" />}
              />
            )}
          </div>
        </>
      )}

      <SectionBorder />
      <div className="mt-10 sm:mt-0">
        <SourceList
          knowledge={knowledge}
          sources={live}
          list={source_list}
          languages={languages}
          refreshSchedules={refreshSchedules}
          limits={limits}
          can={can}
          preview={preview}
        />
      </div>
    </>
  );
}

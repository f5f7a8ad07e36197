import SectionBorder from '@/Components/SectionBorder';
import AddSourceForm from './AddSourceForm';
import SourceList from './SourceList';
import type { Knowledge, KnowledgeFormProps } from './types';
import { useLiveSources } from './use-live-sources';

type KnowledgeSourcesProps = Omit<KnowledgeFormProps, 'knowledge' | 'defaultEmbedder'> & { knowledge: Knowledge };

/** Adding sources (for those who may) and the sources, kept live from the team's channel. */
export default function KnowledgeSources({
  knowledge,
  sources,
  languages,
  refreshSchedules,
  limits,
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
            <AddSourceForm knowledge={knowledge} limits={limits} refreshSchedules={refreshSchedules} />
          </div>
        </>
      )}

      <SectionBorder />
      <div className="mt-10 sm:mt-0">
        <SourceList
          knowledge={knowledge}
          sources={live}
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

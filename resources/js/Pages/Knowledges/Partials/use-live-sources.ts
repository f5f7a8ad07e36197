import { useLayoutEffect, useRef, useState } from 'react';
import { router, usePage } from '@inertiajs/react';
import { useChannel } from '@/hooks/use-channel';
import { route } from '@/lib/route';
import type { Knowledge, KnowledgeChangedEvent, KnowledgeSourceUpdatedEvent, Source } from './types';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';

const time = (source: Pick<Source, 'updated_at'>) => (source.updated_at ? Date.parse(source.updated_at) : 0);

/** Which of the list's states (being read, failed, turned off) a source is in. */
const stateOf = (source: Pick<Source, 'working' | 'status' | 'enabled'>) =>
  `${source.working}:${source.status === 'error'}:${source.enabled}`;

/**
 * The knowledge base's sources as they are now: the `sources` prop, with each source replaced by
 * the newer state a `KnowledgeSourceUpdated` event brought (status, progress, result), so progress
 * moves without a request. A source added or deleted elsewhere (`KnowledgeChanged`), or one that
 * finished, failed or was turned off or on (the list's states and their counts), reloads the list;
 * the knowledge base deleted elsewhere leads back to the list of knowledge bases.
 */
export function useLiveSources(knowledge: Knowledge, sources: Source[]): Source[] {
  const teamId = usePage().props.auth.user?.current_team?.id ?? null;
  const [live, setLive] = useState<Record<number, KnowledgeSourceUpdatedEvent['source']>>({});
  // What the handlers compare with, as of the last event and render.
  const latest = useRef({ live, sources });
  useLayoutEffect(() => {
    latest.current.sources = sources;
  });
  // The team's count of sources changes with them (the plan's limit beside "Add a source"). One
  // reload at a time for every kind of change, so that an older answer never lands last.
  const reloadAll = useLiveReload(['knowledge', 'sources', 'source_list', 'limit']);
  const reloadSources = useThrottled(reloadAll, 500);

  useChannel(teamId === null ? null : `teams.${teamId}`, {
    events: {
      KnowledgeSourceUpdated: (event: KnowledgeSourceUpdatedEvent) => {
        if (event.knowledge_id !== knowledge.id) return;
        const seen = latest.current;
        const was = seen.live[event.source.id] ?? seen.sources.find((source) => source.id === event.source.id);
        seen.live = { ...seen.live, [event.source.id]: event.source };
        setLive(seen.live);
        if (was && stateOf(event.source) !== stateOf(was)) reloadSources();
      },
      KnowledgeChanged: (event: KnowledgeChangedEvent) => {
        if (event.knowledge_id !== knowledge.id) return;
        if (event.action === 'deleted') router.visit(route('knowledges.index'));
        else if (event.action === 'updated') reloadAll();
        else reloadSources();
      },
    },
  });

  return sources.map((source) => {
    const update = live[source.id];
    return update && time(update) >= time(source) ? { ...source, ...update } : source;
  });
}

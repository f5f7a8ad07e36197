import { useTeamPresence } from '@/hooks/use-team-presence';
import { cn } from '@/lib/cn';
import type { Agent } from './types';

const SHOWN = 5;

/**
 * "2 agents online" with their faces: the team's members who can take conversations and have
 * Kawan open right now, those marked away with an amber dot and counted apart. With nobody online, it says so: queued customers wait until someone
 * signs in (or the bot tells them the business hours).
 */
export default function OnlineAgents({ agents }: { agents: Agent[] }) {
  const members = useTeamPresence();
  const canAnswer = new Set(agents.map((agent) => agent.id));
  const away = new Set(agents.filter((agent) => agent.away).map((agent) => agent.id));
  const online = members.filter((member) => canAnswer.has(member.id)).sort((a, b) => a.name.localeCompare(b.name));
  const awayCount = online.filter((member) => away.has(member.id)).length;
  const names = online.map((member) => (away.has(member.id) ? `${member.name} (away)` : member.name)).join(', ');
  return (
    <div className="flex items-center gap-2 text-sm text-gray-600" title={names || undefined} data-online-agents>
      {online.length > 0 && (
        <span className="flex -space-x-2">
          {online.slice(0, SHOWN).map((member) => (
            <span key={member.id} className="relative">
              <img
                src={member.profile_photo_url}
                alt=""
                className="size-7 rounded-full object-cover ring-2 ring-white"
              />
              <span
                className={cn(
                  'absolute -end-0.5 -bottom-0.5 size-2.5 rounded-full ring-2 ring-white',
                  away.has(member.id) ? 'bg-amber-400' : 'bg-green-500',
                )}
              />
            </span>
          ))}
        </span>
      )}
      {online.length > SHOWN && <span className="text-xs text-gray-500">+{online.length - SHOWN}</span>}
      <span className="flex items-center gap-1.5">
        {online.length === 0 && <span className="size-2 rounded-full bg-gray-300" aria-hidden="true" />}
        {online.length === 0
          ? 'No agents online'
          : online.length === 1
            ? '1 agent online'
            : `${online.length} agents online`}
        {awayCount > 0 && <span className="text-gray-500">({awayCount} away)</span>}
        {online.length > 0 && <span className="sr-only">: {names}</span>}
      </span>
    </div>
  );
}

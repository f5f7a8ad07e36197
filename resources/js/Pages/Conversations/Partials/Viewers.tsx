import { usePresence } from '@/hooks/use-presence';

/** A member on the presence channel `conversations.{id}`. */
interface Viewer {
  id: number;
  name: string;
  profile_photo_url: string;
}

/** "Also viewing" with the faces of the other agents who have this conversation open. */
export default function Viewers({ conversationId, userId }: { conversationId: number; userId: number | null }) {
  const { members } = usePresence<Viewer>(`conversations.${conversationId}`);
  const others = members.filter((member) => member.id !== userId).sort((a, b) => a.name.localeCompare(b.name));
  if (others.length === 0) return null;
  const names = others.map((member) => member.name).join(', ');
  return (
    <div className="flex items-center gap-2 text-sm text-gray-600" aria-label={`Also viewing: ${names}`}>
      <span className="hidden sm:inline">Also viewing:</span>
      <span className="flex -space-x-2">
        {others.slice(0, 5).map((member) => (
          <img
            key={member.id}
            src={member.profile_photo_url}
            alt={member.name}
            title={member.name}
            className="size-7 rounded-full object-cover ring-2 ring-white"
          />
        ))}
      </span>
      {others.length > 5 && <span className="text-xs text-gray-500">+{others.length - 5}</span>}
    </div>
  );
}

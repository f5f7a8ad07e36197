import DeleteSection from '@/Components/DeleteSection';
import { route } from '@/lib/route';
import type { ChannelSummary } from './types';

/** Deletes the channel after a confirmation: DELETE channels.destroy, then the list. */
export default function DeleteChannelForm({ channel }: { channel: Pick<ChannelSummary, 'id' | 'name'> }) {
  return (
    <DeleteSection
      noun="channel"
      name={channel.name}
      url={route('channels.destroy', { channel: channel.id })}
      description="Disconnect and permanently delete this channel."
    >
      Once a channel is deleted, Kawan stops receiving and answering its messages and its credentials and event log are
      deleted. Its conversations stay in the inbox.
    </DeleteSection>
  );
}

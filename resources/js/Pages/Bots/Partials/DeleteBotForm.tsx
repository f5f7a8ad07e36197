import DeleteSection from '@/Components/DeleteSection';
import { route } from '@/lib/route';
import type { BotSummary } from './types';

/** Deletes the bot after a confirmation: DELETE bots.destroy, then the list. */
export default function DeleteBotForm({ bot }: { bot: BotSummary }) {
  return (
    <DeleteSection
      noun="bot"
      name={bot.name}
      url={route('bots.destroy', bot.id)}
      description="Permanently delete this bot."
    >
      Once a bot is deleted, its versions, test questions and recorded replies are deleted and it stops answering
      everywhere. Its knowledge bases stay.
    </DeleteSection>
  );
}

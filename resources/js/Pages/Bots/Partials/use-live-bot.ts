import { router, usePage } from '@inertiajs/react';
import { useChannel } from '@/hooks/use-channel';
import { route } from '@/lib/route';
import { useLiveReload } from '@/hooks/use-live-reload';
import { useThrottled } from '@/hooks/use-throttled';
import type { BotChangedEvent } from './types';

/**
 * Keeps a bot's page current: `BotChanged` for this bot on the team channel reloads `only` (at most
 * twice a second); the bot deleted elsewhere leads back to the list of bots.
 */
export function useLiveBot(botId: number, only: string[]): void {
  const teamId = usePage().props.auth.user?.current_team?.id ?? null;
  const reload = useThrottled(useLiveReload(only), 500);

  useChannel(teamId === null ? null : `teams.${teamId}`, {
    events: {
      BotChanged: (event: BotChangedEvent) => {
        if (event.bot_id !== botId) return;
        if (event.action === 'deleted') router.visit(route('bots.index'));
        else reload();
      },
    },
  });
}

import type { TeamAbilities } from '../../../server/domain/teams/team-policy';

interface Area {
  label: string;
  /** The area's index route. */
  route: string;
  /** Route names under which the item shows as the current page. */
  current: string;
  allowed: (can: TeamAbilities) => boolean;
}

export interface NavigationItem {
  label: string;
  href: string;
  current: string;
}

const areas: Area[] = [
  { label: 'Dashboard', route: 'dashboard', current: 'dashboard', allowed: () => true },
  {
    label: 'Conversations',
    route: 'conversations.index',
    current: 'conversations.*',
    allowed: (can) => can.viewConversations,
  },
  { label: 'Contacts', route: 'contacts.index', current: 'contacts.*', allowed: (can) => can.viewConversations },
  {
    label: 'Broadcasts',
    route: 'broadcasts.index',
    current: 'broadcasts.*',
    allowed: (can) => can.viewConversations,
  },
  { label: 'Bots', route: 'bots.index', current: 'bots.*', allowed: (can) => can.viewBots },
  { label: 'Knowledge', route: 'knowledges.index', current: 'knowledges.*', allowed: (can) => can.viewKnowledges },
  { label: 'Channels', route: 'channels.index', current: 'channels.*', allowed: (can) => can.viewChannels },
  { label: 'Reports', route: 'reports.index', current: 'reports.*', allowed: (can) => can.viewReports },
  { label: 'Billing', route: 'billing.index', current: 'billing.*', allowed: (can) => can.viewBilling },
];

/**
 * The main navigation: each area this deployment has (`urlOf` gives its URL, null when the route
 * does not exist) and the user's role in the current team may see (the policy's booleans,
 * `auth.user.current_team.can`). Without a current team, the dashboard alone.
 */
export function navigationFor(
  can: TeamAbilities | undefined,
  urlOf: (route: string) => string | null,
): NavigationItem[] {
  return areas.flatMap((area) => {
    const href = (can ? area.allowed(can) : area.route === 'dashboard') ? urlOf(area.route) : null;
    return href === null ? [] : [{ label: area.label, href, current: area.current }];
  });
}

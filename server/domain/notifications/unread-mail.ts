import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { Services } from '../../services';
import type { Database } from '../../db/client';
import { notifications, teams, users } from '../../db/schema/index';
import { teamMembershipRepository } from '../../db/repositories/team-membership-repository';
import type { MailContent, MailLink } from '../../support/mail/render';
import { teamPresenceChannel } from './channels';
import { mailCategoryOf, mailedTypes } from './mail-preferences';

/**
 * E-mail for what the bell said while nobody was looking (docs/decisions/015, addendum "unread
 * notifications e-mailed"). A conversation notification (given to someone, their customer writing,
 * a mention, waiting for a person) queues, for a person who asked for its kind, a job that runs
 * NOTIFICATION_MAIL_DELAY_MINUTES later. The job mails every notification of the kinds they asked
 * for that is still unread and not mailed yet, one mail for all of them: read in Kawan meanwhile
 * (opened, taken by a teammate), it is not mailed. Someone who has the team's Kawan open and is
 * available (not away) is not mailed about that team: the bell is in front of them.
 */
export const notificationMailJob = 'notification.mail';

/** How far back a mail looks: older unread notifications stay on the bell only. */
const lookBackMs = 24 * 60 * 60 * 1000;

/** A digest names this many notifications, then says how many more the bell has. */
export const digestLimit = 10;

type QueueServices = Pick<Services, 'db' | 'jobs' | 'config'>;
type MailServices = Pick<Services, 'db' | 'mailer' | 'broadcaster' | 'route' | 'config'>;

/**
 * After a notification was made for `userId`: when its type is one the person asked to be e-mailed
 * about, the mail job that looks at it after the delay. Inside a transaction, queued on its commit.
 */
export async function mailIfUnread(services: QueueServices, userId: number, type: string): Promise<void> {
  const category = mailCategoryOf(type);
  if (!category) return;
  const [user] = await services.db.select({ mail: users.mailNotifications }).from(users).where(eq(users.id, userId));
  if (!user?.mail.includes(category)) return;
  const startAfter = new Date(Date.now() + services.config.notifications.mailDelayMinutes * 60_000);
  await services.jobs.send(notificationMailJob, { userId }, { startAfter });
}

interface Pending {
  id: string;
  type: string;
  data: Record<string, unknown>;
  teamId: number | null;
}

/**
 * The mail job: one mail with every notification still due for `userId`, each marked mailed in
 * the same transaction (its rows locked, so that two jobs of the same person never mail one twice).
 * A mail server that refuses throws: nothing is marked, and the queue tries again. Returns how
 * many notifications the mail named (0: none sent).
 */
export async function mailUnread(services: MailServices, userId: number): Promise<number> {
  return services.db.transaction(async (tx) => {
    const [user] = await tx
      .select({ name: users.name, email: users.email, mail: users.mailNotifications, awaySince: users.awaySince })
      .from(users)
      .where(eq(users.id, userId));
    if (!user || user.mail.length === 0) return 0;
    const rows = await tx
      .select({ id: notifications.id, type: notifications.type, data: notifications.data })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          isNull(notifications.mailedAt),
          inArray(notifications.type, mailedTypes(user.mail)),
          gte(notifications.createdAt, new Date(Date.now() - lookBackMs)),
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .for('update', { skipLocked: true });
    const pending: Pending[] = rows.map((row) => ({ ...row, teamId: teamOf(row.data) }));
    const due = await notWatched(services, tx, userId, user.awaySince !== null, pending);
    if (due.length === 0) return 0;

    const teamNames = await namesOf(tx, due);
    await services.mailer.send(user.email, unreadMail(services, user.name, due, teamNames));
    await tx
      .update(notifications)
      .set({ mailedAt: new Date() })
      .where(
        inArray(
          notifications.id,
          due.map((notification) => notification.id),
        ),
      );
    return due.length;
  });
}

const teamOf = (data: Record<string, unknown>): number | null =>
  typeof data.team_id === 'number' && Number.isSafeInteger(data.team_id) ? data.team_id : null;

/**
 * The notifications to mail: of teams the person still belongs to (a conversation of a team they
 * left is not theirs to open), and not of a team whose Kawan they have open while available.
 */
async function notWatched(
  services: MailServices,
  db: Database,
  userId: number,
  away: boolean,
  pending: Pending[],
): Promise<Pending[]> {
  const memberships = teamMembershipRepository(db, userId);
  const teamIds = [...new Set(pending.map((notification) => notification.teamId))];
  const mailable = new Set<number | null>();
  for (const teamId of teamIds) {
    if (teamId !== null && !(await memberships.find(teamId))) continue;
    const watching =
      teamId !== null &&
      !away &&
      (await services.broadcaster.presentUserIds(teamPresenceChannel(teamId))).includes(userId);
    if (!watching) mailable.add(teamId);
  }
  return pending.filter((notification) => mailable.has(notification.teamId));
}

async function namesOf(db: Database, due: Pending[]): Promise<Map<number, string>> {
  const ids = [...new Set(due.flatMap((notification) => (notification.teamId === null ? [] : [notification.teamId])))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams).where(inArray(teams.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** A one-line subject for one notification, by its type. */
const subjects: Record<string, string> = {
  'conversation-assigned': 'A conversation was given to you',
  'conversation-unsnoozed': 'A conversation of yours is back from snooze',
  'conversation-mentioned': 'You were mentioned in a conversation',
  'conversation-replied': 'A customer wrote in your conversation',
  'conversation-queued': 'A conversation is waiting for a person',
};

/** The mail: one notification with its button, or several as a list of links. */
export function unreadMail(
  services: Pick<Services, 'route' | 'config'>,
  name: string,
  due: Pending[],
  teamNames: Map<number, string>,
): MailContent {
  const open = (notification: Pending) => services.route('notifications.open', { notification: notification.id });
  const message = (notification: Pending) => String(notification.data.message ?? '');
  const teamNamed = new Set(due.map((notification) => notification.teamId)).size > 1;
  const team = (notification: Pending) =>
    notification.teamId === null ? undefined : teamNames.get(notification.teamId);
  const inTeam = (notification: Pending) => {
    const named = team(notification);
    return teamNamed && named ? `${named}: ` : '';
  };
  const onlyTeam = teamNamed ? undefined : team(due[0]);
  const prefix = onlyTeam ? `[${onlyTeam}] ` : '';
  const minutes = services.config.notifications.mailDelayMinutes;
  const outro = [
    minutes > 0
      ? `You get this e-mail because ${due.length === 1 ? 'this was' : 'these were'} still unread on Kawan's bell ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} later.`
      : `You get this e-mail because you asked Kawan to e-mail you about ${due.length === 1 ? 'this' : 'these'}.`,
    `Choose what Kawan e-mails you about on your profile: ${new URL(services.route('profile.show'), `${services.config.app.url}/`).toString()}`,
  ];
  const greeting = `Hello ${name.split(/\s+/)[0] || name}!`;

  if (due.length === 1) {
    const [notification] = due;
    const action = typeof notification.data.action === 'string' ? notification.data.action : 'Open in Kawan';
    return {
      subject: `${prefix}${subjects[notification.type] ?? 'A notification you have not read'}`,
      greeting,
      lines: [message(notification), ...(onlyTeam ? [`Team: ${onlyTeam}.`] : [])],
      action: { text: action, url: open(notification) },
      outro,
    };
  }
  const listed: MailLink[] = due
    .slice(-digestLimit)
    .reverse()
    .map((notification) => ({
      text: `${inTeam(notification)}${message(notification)}`,
      url: open(notification),
      inline: true,
    }));
  const more = due.length - listed.length;
  return {
    subject: `${prefix}${due.length} notifications you have not read`,
    greeting,
    lines: [
      `You have ${due.length} notifications on Kawan's bell that you have not read, newest first:`,
      ...listed,
      ...(more > 0 ? [`And ${more} more on the bell.`] : []),
    ],
    outro,
  };
}

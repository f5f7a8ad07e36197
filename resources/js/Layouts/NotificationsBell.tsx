import { useEffect, useId, useState, type MouseEvent } from 'react';
import { Link, router, usePage } from '@inertiajs/react';
import type { NotificationPage, PresentedNotification } from '../../../server/presenters/notification-presenter';
import Icon from '@/Components/Icon';
import { useAlertSound } from '@/hooks/use-alert-sound';
import { useChannel } from '@/hooks/use-channel';
import { useDisclosure } from '@/hooks/use-disclosure';
import { cn } from '@/lib/cn';
import { showOnDesktop } from '@/lib/desktop-notifications';
import { fromNow } from '@/lib/dates';
import { requestJson } from '@/lib/json-request';
import { route } from '@/lib/route';

/** Only the bell's prop is asked for: the page around it stays as it is. */
const reloadNotifications = () => router.reload({ only: ['notifications'] });
const onlyNotifications = { only: ['notifications'], preserveScroll: true, preserveState: true, async: true };

/** A clock that ticks while `active`, so that relative times ("2 minutes ago") stay true. */
function useNow(active: boolean, everyMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs]);
  return now;
}

/**
 * The notifications bell of the navigation: the unread count, the newest notifications with
 * relative times, marking one or all read, older ones on demand. With `live` it listens on the
 * user's private channel (Echo's `.notification()`) and reloads only its own prop when one
 * arrives or another tab reads some; render one live bell per page.
 */
export default function NotificationsBell({
  live = false,
  align = 'right',
}: {
  live?: boolean;
  align?: 'left' | 'right';
}) {
  const { auth, notifications } = usePage().props;
  const { open, setOpen, root, panelId, buttonProps } = useDisclosure();
  const [older, setOlder] = useState<PresentedNotification[]>([]);
  const [nextPage, setNextPage] = useState<number | null>(2);
  const headingId = useId();
  const now = useNow(open);

  const play = useAlertSound();
  useChannel(live && auth.user ? `App.Models.User.${auth.user.id}` : null, {
    onNotification: (notification: { id?: string; type?: string; message?: string } | undefined) => {
      reloadNotifications();
      // While the tab is in the background, the system shows it too (when turned on in the profile).
      if (notification) showOnDesktop(notification, (id) => router.visit(route('notifications.open', id)));
      // A conversation waiting for a person beeps wherever the agent is (the inbox beeps itself);
      // one given to this agent, or its customer writing while it is not open, beeps everywhere.
      const waiting = notification?.type === 'conversation-queued' && !route().current('conversations.index');
      const theirs = notification?.type === 'conversation-assigned' || notification?.type === 'conversation-replied';
      if (waiting || theirs) play();
    },
    events: { NotificationsRead: reloadNotifications },
  });

  if (!auth.user || !notifications) return null;
  const unread = notifications.unread_count;
  const shownIds = new Set(notifications.recent.map((notification) => notification.id));
  const list = [...notifications.recent, ...older.filter((notification) => !shownIds.has(notification.id))];
  const canLoadOlder = nextPage !== null && (older.length > 0 || notifications.has_more);

  const markRead = (event: MouseEvent, notification: PresentedNotification) => {
    event.preventDefault();
    router.put(route('notifications.read', notification.id), {}, onlyNotifications);
    setOlder((items) =>
      items.map((item) => (item.id === notification.id ? { ...item, read_at: new Date().toISOString() } : item)),
    );
  };

  const markAllRead = () => {
    router.put(route('notifications.read-all'), {}, onlyNotifications);
    setOlder((items) => items.map((item) => ({ ...item, read_at: item.read_at ?? new Date().toISOString() })));
  };

  // Following a notification goes through the server, which reads it, makes its team the current
  // one (a conversation of another of the user's teams opens rather than being a 404) and redirects.
  const follow = () => setOpen(false);

  const loadOlder = async () => {
    if (nextPage === null) return;
    const page = await requestJson<NotificationPage>('GET', `${route('notifications.index')}?page=${nextPage}`);
    setOlder((items) => [...items, ...page.data]);
    setNextPage(page.next_page_url ? nextPage + 1 : null);
  };

  const label = unread === 0 ? 'Notifications' : `Notifications, ${unread} unread`;

  return (
    <div ref={root} className="relative">
      <button
        {...buttonProps}
        aria-label={label}
        className="relative inline-flex items-center rounded-full p-2 text-gray-400 transition hover:bg-gray-100 hover:text-gray-600 focus:bg-gray-100 focus:text-gray-600 focus:outline-hidden"
      >
        <Icon name="bell" className="size-6" />
        {unread > 0 && (
          <span
            data-testid="notifications-unread-count"
            className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs leading-5 font-semibold text-white"
            aria-hidden="true"
          >
            {unread > 9 ? '9+' : unread}
          </span>
        )}
      </button>

      {open && (
        <div
          id={panelId}
          role="region"
          aria-labelledby={headingId}
          className={cn(
            'absolute z-50 mt-2 w-80 rounded-md bg-white shadow-lg ring-1 ring-black/5 motion-safe:animate-pop-in sm:w-96',
            align === 'right' ? 'right-0 origin-top-right' : 'left-0 origin-top-left',
          )}
        >
          <div className="flex items-center justify-between border-b border-gray-100 px-4 py-3">
            <h2 id={headingId} className="text-sm font-semibold text-gray-800">
              Notifications
            </h2>
            {unread > 0 && (
              <button
                type="button"
                onClick={markAllRead}
                className="text-xs font-medium text-indigo-600 hover:text-indigo-800 focus:underline focus:outline-hidden"
              >
                Mark all as read
              </button>
            )}
          </div>

          {list.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-gray-500">You have no notifications yet.</p>
          ) : (
            <ul className="max-h-96 divide-y divide-gray-100 overflow-y-auto" aria-label="Notifications">
              {list.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  now={now}
                  onRead={markRead}
                  onFollow={follow}
                />
              ))}
            </ul>
          )}

          {canLoadOlder && (
            <div className="border-t border-gray-100 px-4 py-2 text-center">
              <button
                type="button"
                onClick={() => void loadOlder()}
                className="text-xs font-medium text-gray-600 hover:text-gray-900 focus:underline focus:outline-hidden"
              >
                Show older notifications
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}

function NotificationItem({
  notification,
  now,
  onRead,
  onFollow,
}: {
  notification: PresentedNotification;
  now: number;
  onRead: (event: MouseEvent, notification: PresentedNotification) => void;
  onFollow: () => void;
}) {
  const unread = notification.read_at === null;
  const { message, url, action } = notification.data;
  return (
    <li
      className={cn('flex gap-3 px-4 py-3', unread ? 'bg-indigo-50/60' : 'bg-white')}
      data-unread={unread || undefined}
    >
      <span
        className={cn('mt-1.5 size-2 shrink-0 rounded-full', unread ? 'bg-indigo-500' : 'bg-transparent')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1">
        <p className={cn('text-sm', unread ? 'font-medium text-gray-900' : 'text-gray-600')}>
          {unread && <span className="sr-only">Unread: </span>}
          {message ?? notification.type}
        </p>
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-gray-500">
          <time dateTime={notification.created_at} title={new Date(notification.created_at).toLocaleString()}>
            {fromNow(notification.created_at, Math.max(now, Date.parse(notification.created_at)))}
          </time>
          {url && (
            <Link
              href={route('notifications.open', notification.id)}
              onClick={onFollow}
              className="font-medium text-indigo-600 hover:text-indigo-800"
            >
              {action ?? 'View'}
            </Link>
          )}
          {unread && (
            <button
              type="button"
              onClick={(event) => onRead(event, notification)}
              className="font-medium text-gray-600 hover:text-gray-900 focus:underline focus:outline-hidden"
            >
              Mark as read
            </button>
          )}
        </div>
      </div>
    </li>
  );
}

import type { NotificationRow } from '../db/repositories/notification-repository';

/** A notification as the bell and the JSON list show it (Laravel's DatabaseNotification, picked). */
export interface PresentedNotification {
  id: string;
  type: string;
  data: { message?: string; url?: string; action?: string } & Record<string, unknown>;
  read_at: string | null;
  created_at: string;
}

/** The `notifications` shared prop: what the bell needs on every page. */
export interface NotificationsSummary {
  unread_count: number;
  recent: PresentedNotification[];
  /** Whether older notifications exist beyond `recent` (GET notifications.index?page=2). */
  has_more: boolean;
}

/** One page of GET /user/notifications (Laravel's simple pagination, plus the unread count). */
export interface NotificationPage {
  data: PresentedNotification[];
  current_page: number;
  per_page: number;
  next_page_url: string | null;
  prev_page_url: string | null;
  unread_count: number;
}

export function presentNotification(row: NotificationRow): PresentedNotification {
  return {
    id: row.id,
    type: row.type,
    data: row.data,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentNotificationPage(
  result: { rows: NotificationRow[]; page: number; hasMore: boolean; unreadCount: number },
  perPage: number,
  pageUrl: (page: number) => string,
): NotificationPage {
  return {
    data: result.rows.map(presentNotification),
    current_page: result.page,
    per_page: perPage,
    next_page_url: result.hasMore ? pageUrl(result.page + 1) : null,
    prev_page_url: result.page > 1 ? pageUrl(result.page - 1) : null,
    unread_count: result.unreadCount,
  };
}

export function presentNotificationsSummary(result: {
  rows: NotificationRow[];
  hasMore: boolean;
  unreadCount: number;
}): NotificationsSummary {
  return { unread_count: result.unreadCount, recent: result.rows.map(presentNotification), has_more: result.hasMore };
}

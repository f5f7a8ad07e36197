import { describe, expect, it } from 'vitest';
import { renderMail } from '../../../server/support/mail/render';
import {
  defaultMailCategories,
  mailCategoryOf,
  mailedTypes,
  mailPreferencesSchema,
} from '../../../server/domain/notifications/mail-preferences';
import { digestLimit, unreadMail } from '../../../server/domain/notifications/unread-mail';

const services = {
  route: (name: string, params?: Record<string, unknown>) =>
    name === 'notifications.open' ? `/user/notifications/${String(params?.notification)}/open` : '/user/profile',
  config: { app: { url: 'https://kawan.example' }, notifications: { mailDelayMinutes: 5 } },
} as unknown as Parameters<typeof unreadMail>[0];

const notification = (index: number, teamId = 1, type = 'conversation-queued') => ({
  id: `00000000-0000-7000-8000-${String(index).padStart(12, '0')}`,
  type,
  data: { message: `Conversation #${index} is waiting for a person.`, action: 'Open conversation', team_id: teamId },
  teamId,
});

describe('what each kind of notification is mailed under', () => {
  it('maps the conversation notifications to their kinds, and nothing else', () => {
    expect(mailCategoryOf('conversation-assigned')).toBe('assigned');
    expect(mailCategoryOf('conversation-unsnoozed')).toBe('assigned');
    expect(mailCategoryOf('conversation-mentioned')).toBe('mentioned');
    expect(mailCategoryOf('conversation-replied')).toBe('replies');
    expect(mailCategoryOf('conversation-queued')).toBe('waiting');
    expect(mailCategoryOf('team-invitation')).toBeUndefined();
    expect(mailedTypes(defaultMailCategories)).toEqual([
      'conversation-assigned',
      'conversation-unsnoozed',
      'conversation-replied',
      'conversation-mentioned',
    ]);
  });

  it('keeps each chosen kind once, in the list’s order', () => {
    expect(mailPreferencesSchema.parse({ mail: ['waiting', 'mentioned', 'waiting'] })).toEqual({
      mail: ['mentioned', 'waiting'],
    });
    expect(mailPreferencesSchema.safeParse({ mail: Array.from({ length: 5 }, () => 'assigned') }).success).toBe(false);
  });
});

describe('the unread mail', () => {
  it('names one notification with its button to open it, its team in the subject', () => {
    const mail = unreadMail(services, 'Budi Hartono', [notification(3)], new Map([[1, 'Kopi Senja']]));
    expect(mail.subject).toBe('[Kopi Senja] A conversation is waiting for a person');
    expect(mail.greeting).toBe('Hello Budi!');
    expect(mail.action).toEqual({
      text: 'Open conversation',
      url: '/user/notifications/00000000-0000-7000-8000-000000000003/open',
    });
    expect(mail.outro?.[0]).toBe("You get this e-mail because this was still unread on Kawan's bell 5 minutes later.");
  });

  it('lists several newest first as links, at most ten, with their teams when there are several', () => {
    const due = Array.from({ length: digestLimit + 2 }, (_, index) => notification(index + 1, index % 2 ? 2 : 1));
    const mail = unreadMail(
      services,
      'Budi',
      due,
      new Map([
        [1, 'Kopi Senja'],
        [2, 'Roti Bakar'],
      ]),
    );
    expect(mail.subject).toBe('12 notifications you have not read');
    expect(mail.action).toBeUndefined();
    const links = mail.lines.filter((line) => typeof line !== 'string');
    expect(links).toHaveLength(digestLimit);
    expect(links[0]).toEqual({
      text: 'Roti Bakar: Conversation #12 is waiting for a person.',
      url: '/user/notifications/00000000-0000-7000-8000-000000000012/open',
      inline: true,
    });
    expect(mail.lines.at(-1)).toBe('And 2 more on the bell.');

    // Rendered, the links are links in the text and the HTML, not buttons.
    const rendered = renderMail({ name: 'Kawan', url: 'https://kawan.example' }, mail);
    expect(rendered.text).toContain(
      'Roti Bakar: Conversation #12 is waiting for a person.: https://kawan.example/user/notifications/00000000-0000-7000-8000-000000000012/open',
    );
    expect(rendered.html).toContain(
      '<a href="https://kawan.example/user/notifications/00000000-0000-7000-8000-000000000012/open" style="color:#4f46e5">Roti Bakar: Conversation #12 is waiting for a person.</a>',
    );
    expect(rendered.html).not.toContain('having trouble clicking');
  });
});

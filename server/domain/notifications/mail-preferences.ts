import { z } from 'zod';

/**
 * What a person can ask Kawan to e-mail them about when they have not read it on the bell a few
 * minutes later (NOTIFICATION_MAIL_DELAY_MINUTES): the bell's conversation notifications, in four
 * kinds. Every notification still rings the bell at once; e-mail is for whoever is not looking.
 * Pure: the profile page lists them from its props.
 */
export const mailCategories = [
  {
    key: 'assigned',
    label: 'Conversations given to me',
    description: 'A teammate or automatic assignment gives you a conversation, or one of yours is back from snooze.',
    types: ['conversation-assigned', 'conversation-unsnoozed'],
  },
  {
    key: 'replies',
    label: 'Replies in my conversations',
    description: 'A customer writes in a conversation you have while you are not looking at it.',
    types: ['conversation-replied'],
  },
  {
    key: 'mentioned',
    label: 'Mentions',
    description: 'A teammate names you in an internal note.',
    types: ['conversation-mentioned'],
  },
  {
    key: 'waiting',
    label: 'Conversations waiting for a person',
    description: 'A customer asked for a person, or the bot handed over, and nobody has taken it yet.',
    types: ['conversation-queued'],
  },
] as const;

export type MailCategory = (typeof mailCategories)[number]['key'];

/** What a new account gets: its own conversations and mentions, not every waiting one of the team. */
export const defaultMailCategories: MailCategory[] = ['assigned', 'replies', 'mentioned'];

const categoryKeys = mailCategories.map((category) => category.key) as [MailCategory, ...MailCategory[]];

/** The category a notification type is mailed under, if any. */
export function mailCategoryOf(type: string): MailCategory | undefined {
  return mailCategories.find((category) => (category.types as readonly string[]).includes(type))?.key;
}

/** The notification types of these categories. */
export function mailedTypes(categories: readonly string[]): string[] {
  return mailCategories.filter((category) => categories.includes(category.key)).flatMap((category) => category.types);
}

/** PUT /user/notification-preferences: the categories chosen, each at most once, in the list's order. */
export const mailPreferencesSchema = z.object({
  mail: z
    .array(z.enum(categoryKeys, 'Choose from the listed notifications.'), {
      error: 'Choose from the listed notifications.',
    })
    .max(categoryKeys.length, 'Choose from the listed notifications.')
    .transform((chosen) => categoryKeys.filter((key) => chosen.includes(key))),
});

/** The error bag the profile's notifications form reads. */
export const mailPreferencesBag = 'updateNotificationPreferences';

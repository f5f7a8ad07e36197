// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import NotificationPreferencesForm, {
  type MailNotifications,
} from '@/Pages/Profile/Partials/NotificationPreferencesForm';
import { mailCategories } from '../../server/domain/notifications/mail-preferences';
import type { FormCall } from './support/fake-use-form';

// useForm as local state that records its submissions; route() names the route.
const fake = vi.hoisted(() => ({ calls: [] as FormCall[] }));

vi.mock('@inertiajs/react', async () => {
  const { fakeUseForm } = await import('./support/fake-use-form');
  return { useForm: fakeUseForm(fake.calls) };
});
vi.mock('@/lib/route', () => ({ route: (name: string) => `route:${name}` }));

afterEach(() => {
  cleanup();
  fake.calls.length = 0;
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const props = (chosen: string[], delayMinutes = 5): MailNotifications => ({
  options: mailCategories.map(({ key, label, description }) => ({ key, label, description })),
  chosen,
  delayMinutes,
});

describe('Profile/Show: notifications', () => {
  it('shows each kind with what it means, ticked as chosen, and says when mail goes out', () => {
    render(<NotificationPreferencesForm mailNotifications={props(['assigned', 'mentioned'])} />);
    expect(screen.getByText(/when you have not read it on the bell 5 minutes later/)).toBeTruthy();
    const given = screen.getByRole('checkbox', { name: 'Conversations given to me' }) as HTMLInputElement;
    expect(given.checked).toBe(true);
    expect(given.getAttribute('aria-describedby')).toBe('mail-assigned-description');
    expect((screen.getByRole('checkbox', { name: 'Mentions' }) as HTMLInputElement).checked).toBe(true);
    expect(
      (screen.getByRole('checkbox', { name: 'Conversations waiting for a person' }) as HTMLInputElement).checked,
    ).toBe(false);
  });

  it('saves the kinds ticked in its own error bag', () => {
    render(<NotificationPreferencesForm mailNotifications={props(['assigned', 'mentioned'])} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mentions' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Conversations waiting for a person' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(fake.calls).toEqual([
      {
        method: 'put',
        url: 'route:user-notification-preferences.update',
        data: { mail: ['assigned', 'waiting'] },
        options: { errorBag: 'updateNotificationPreferences', preserveScroll: true },
      },
    ]);
  });

  it('says mail goes out at once when there is no delay', () => {
    render(<NotificationPreferencesForm mailNotifications={props([], 0)} />);
    expect(screen.getByText(/as soon as it rings the bell/)).toBeTruthy();
  });

  it('turns on desktop notifications for this browser, asking it first, and off again', async () => {
    render(<NotificationPreferencesForm mailNotifications={props([])} />);
    expect(screen.getByTestId('desktop-notifications-state').textContent).toBe(
      'This browser cannot show notifications on your desktop.',
    );
    cleanup();

    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    vi.stubGlobal('Notification', { permission: 'default', requestPermission });
    render(<NotificationPreferencesForm mailNotifications={props([])} />);
    fireEvent.click(screen.getByRole('button', { name: 'Turn on desktop notifications' }));
    // The browser said yes (its permission is now granted).
    vi.stubGlobal('Notification', { permission: 'granted', requestPermission });
    await waitFor(() =>
      expect(screen.getByTestId('desktop-notifications-state').textContent).toBe(
        'On: the bell shows on your desktop while Kawan is in the background.',
      ),
    );
    expect(requestPermission).toHaveBeenCalledTimes(1);
    // Turning it off submits nothing: the choice is this browser's.
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(screen.getByTestId('desktop-notifications-state').textContent).toBe('Off on this browser.');
    expect(fake.calls).toEqual([]);
  });
});

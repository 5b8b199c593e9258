import type { Notification as AppNotification } from '@shiftline/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, type Replies, serveFetch } from './fakeFetch';
import { connectSocketEachTest, serverSends as serverPush } from './fakeSocket';
import { advance, notifyOnMicrotask } from './fakeTimers';
import { renderWithProviders } from './renderWithProviders';

vi.mock('socket.io-client', async () => (await import('./fakeSocket')).fakeSocketModule);

const { NotificationsBell } = await import('../src/features/notifications');
const { READ_AFTER_DISPLAY_MS } = await import('../src/features/notifications/constants');
// Loaded ahead, so the lazy toast shows without waiting on the module loader while the clock is fake.
await import('../src/features/notifications/components/NotificationToast');
await import('../src/features/notifications/components/NotificationsPopup');

function notification(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    type: 'general',
    status: 0,
    title: `Title ${id}`,
    message: `Message ${id}`,
    created_at: new Date(Date.now() - (100 - id) * 60_000).toISOString(),
    can_accept: false,
    free_shift_id: null,
    link: null,
    ...overrides,
  };
}

const LIST = {
  notifications: [notification(3), notification(2, { status: 1 }), notification(1)],
  unread: 2,
};

function setUp(replies: Replies = {}) {
  const fetch = serveFetch({
    'GET /api/notification/get_notifications': { status: 200, body: LIST },
    'POST /api/notification/set_read_status': { status: 200, body: { status: 'ok' } },
    'POST /api/notification/delete_notification/2': { status: 200, body: { status: 'ok' } },
    'POST /api/notification/delete_all_notifications': { status: 200, body: { status: 'ok' } },
    ...replies,
  });
  renderWithProviders(<NotificationsBell zone="America/Toronto" />, { path: '/schedule', showPath: true });
  return fetch;
}

/** With fake timers: lets the cache notify its screens and lazy parts load, without moving the clock. */
const flush = () => advance(0);

const unreadBadge = () => screen.getByTestId('notifications-unread');
const waitForCount = (count: number) => waitFor(() => expect(unreadBadge().dataset.count).toBe(String(count)));

async function openPopup() {
  fireEvent.click(screen.getByTestId('notifications-bell'));
  return screen.findByTestId('notifications-popup');
}

describe('NotificationsBell', { timeout: 20_000 }, () => {
  // Fake timers drive only the bell's own 3 s timers.
  notifyOnMicrotask();
  connectSocketEachTest();

  it('shows the unread count from the server', async () => {
    setUp();
    await waitForCount(2);
    expect(unreadBadge().textContent).toBe('2');
    expect(screen.getByTestId('notifications-bell').getAttribute('aria-label')).toBe('Notifications, 2 unread');
  });

  it('lists newest first and marks the shown unread ones read when the popup opens', async () => {
    const fetch = setUp();
    await waitForCount(2);
    const popup = await openPopup();
    const items = within(popup).getAllByTestId('notification-item');
    expect(items.map((item) => item.dataset.id)).toEqual(['3', '2', '1']);
    expect(items[0]?.textContent).toContain('Title 3');
    expect(items[0]?.textContent).toContain('Message 3');
    expect(items[0]?.textContent).toContain('ago');
    expect(callsTo(fetch, 'POST', '/api/notification/set_read_status')).toEqual([{ notifications: [3, 1] }]);
    await waitForCount(0);
    expect(items.map((item) => item.dataset.status)).toEqual(['1', '1', '1']);
  });

  it('bumps the count when a notification arrives live, and shows it as a toast', async () => {
    setUp();
    await waitForCount(2);
    serverPush('notification', notification(4, { title: 'New free shift' }));
    await waitForCount(3);
    expect((await screen.findByTestId('notification-toast')).textContent).toContain('New free shift');
    // A repeated event is the same notification.
    serverPush('notification', notification(4, { title: 'New free shift' }));
    expect(unreadBadge().dataset.count).toBe('3');
  });

  it('marks a notification arriving in the open popup read 3 s after it shows', async () => {
    const fetch = setUp();
    await waitForCount(2);
    const popup = await openPopup();
    await waitForCount(0);
    vi.useFakeTimers();
    serverPush('notification', notification(5));
    await flush();
    const item = within(popup).getAllByTestId('notification-item')[0] as HTMLElement;
    expect(item.dataset.id).toBe('5');
    expect(item.dataset.status).toBe('0');
    expect(unreadBadge().dataset.count).toBe('1');

    await advance(READ_AFTER_DISPLAY_MS - 1);
    expect(callsTo(fetch, 'POST', '/api/notification/set_read_status')).toEqual([{ notifications: [3, 1] }]);
    await advance(1);
    expect(callsTo(fetch, 'POST', '/api/notification/set_read_status')).toEqual([
      { notifications: [3, 1] },
      { notifications: [5] },
    ]);
    await flush();
    expect(item.dataset.status).toBe('1');
    expect(unreadBadge().dataset.count).toBe('0');
    expect(READ_AFTER_DISPLAY_MS).toBe(3000);
  });

  it('marks a toast read 3 s after it shows', async () => {
    const fetch = setUp();
    await waitForCount(2);
    vi.useFakeTimers();
    serverPush('notification', notification(6));
    await flush();
    expect(screen.getByTestId('notification-toast').dataset.id).toBe('6');
    await advance(READ_AFTER_DISPLAY_MS - 1);
    expect(callsTo(fetch, 'POST', '/api/notification/set_read_status')).toEqual([]);
    await advance(1);
    expect(callsTo(fetch, 'POST', '/api/notification/set_read_status')).toEqual([{ notifications: [6] }]);
    await flush();
    expect(unreadBadge().dataset.count).toBe('2');
  });

  it('opens an error modal with the server message when Accept is refused', async () => {
    const offer = notification(7, { type: 'free_shift', can_accept: true, free_shift_id: 11 });
    const fetch = setUp({
      'GET /api/notification/get_notifications': { status: 200, body: { notifications: [offer], unread: 1 } },
      'POST /api/notification/accept_notification/7': {
        status: 200,
        body: { status: 'error', message: 'All places in this shift are already taken.' },
      },
    });
    const popup = await openPopup();
    fireEvent.click(await within(popup).findByTestId('notification-accept'));
    const modal = await screen.findByTestId('notification-error');
    expect(modal.textContent).toContain('All places in this shift are already taken.');
    expect(callsTo(fetch, 'POST', '/api/notification/accept_notification/7')).toHaveLength(1);
  });

  it('shows the message of an HTTP error on Accept in the same modal', async () => {
    const offer = notification(7, { type: 'free_shift', can_accept: true, free_shift_id: 11 });
    setUp({
      'GET /api/notification/get_notifications': { status: 200, body: { notifications: [offer], unread: 1 } },
      'POST /api/notification/accept_notification/7': {
        status: 409,
        body: { error: { code: 'conflict', message: 'This shift overlaps one you already have.' } },
      },
    });
    const popup = await openPopup();
    fireEvent.click(await within(popup).findByTestId('notification-accept'));
    expect((await screen.findByTestId('notification-error')).textContent).toContain(
      'This shift overlaps one you already have.',
    );
  });

  it('accepts an offer and fetches the list again', async () => {
    const offer = notification(7, { type: 'free_shift', can_accept: true, free_shift_id: 11 });
    const fetch = setUp({
      'GET /api/notification/get_notifications': { status: 200, body: { notifications: [offer], unread: 1 } },
      'POST /api/notification/accept_notification/7': { status: 200, body: { status: 'ok', message: 'Shift added.' } },
    });
    const popup = await openPopup();
    fireEvent.click(await within(popup).findByTestId('notification-accept'));
    expect((await screen.findByTestId('notification-accepted')).textContent).toContain('Shift added.');
    expect(screen.queryByTestId('notification-error')).toBeNull();
    await waitFor(() => expect(callsTo(fetch, 'GET', '/api/notification/get_notifications')).toHaveLength(2));
  });

  it('offers Accept only on open free-shift offers', async () => {
    setUp({
      'GET /api/notification/get_notifications': {
        status: 200,
        body: {
          notifications: [
            notification(9, { type: 'free_shift', can_accept: false }),
            notification(8, { type: 'general', can_accept: true }),
          ],
          unread: 0,
        },
      },
    });
    const popup = await openPopup();
    await within(popup).findAllByTestId('notification-item');
    expect(within(popup).queryByTestId('notification-accept')).toBeNull();
  });

  it('deletes one notification and clears all', async () => {
    const fetch = setUp();
    const popup = await openPopup();
    const second = (await within(popup).findAllByTestId('notification-item'))[1] as HTMLElement;
    fireEvent.click(within(second).getByTestId('notification-delete'));
    await waitFor(() =>
      expect(
        within(popup)
          .getAllByTestId('notification-item')
          .map((item) => item.dataset.id),
      ).toEqual(['3', '1']),
    );
    expect(callsTo(fetch, 'POST', '/api/notification/delete_notification/2')).toHaveLength(1);

    fireEvent.click(within(popup).getByTestId('notifications-clear-all'));
    expect(await within(popup).findByTestId('notifications-empty')).toBeTruthy();
    expect(within(popup).queryAllByTestId('notification-item')).toHaveLength(0);
    expect(callsTo(fetch, 'POST', '/api/notification/delete_all_notifications')).toHaveLength(1);
  });

  describe('desktop notifications', () => {
    const shown: { title: string; options: NotificationOptions; onclick: (() => void) | null }[] = [];
    const requestPermission = vi.fn(async () => 'granted' as NotificationPermission);
    class FakeDesktopNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission = requestPermission;
      onclick: (() => void) | null = null;
      close = vi.fn();
      constructor(title: string, options: NotificationOptions) {
        shown.push(Object.assign(this, { title, options }) as never);
      }
    }

    beforeEach(() => {
      shown.length = 0;
      FakeDesktopNotification.permission = 'default';
      vi.stubGlobal('Notification', FakeDesktopNotification);
    });

    it('asks for permission on the first bell click only', async () => {
      setUp();
      await openPopup();
      fireEvent.keyDown(screen.getByTestId('notifications-popup'), { key: 'Escape' });
      fireEvent.click(screen.getByTestId('notifications-bell'));
      expect(requestPermission).toHaveBeenCalledTimes(1);
    });

    /** Desktop notifications allowed, and the bell showing its two unread. */
    async function setUpAllowed() {
      FakeDesktopNotification.permission = 'granted';
      vi.spyOn(window, 'focus').mockImplementation(() => undefined);
      setUp();
      await waitForCount(2);
    }

    it('shows one per new notification once allowed; a click opens /inquiries', async () => {
      await setUpAllowed();
      serverPush('notification', notification(12, { title: 'Shift approved', message: 'Mon 9 AM' }));
      await waitForCount(3);
      expect(shown).toHaveLength(1);
      expect(shown[0]?.title).toBe('Shift approved');
      expect(shown[0]?.options.body).toBe('Mon 9 AM');
      act(() => shown[0]?.onclick?.());
      expect(window.focus).toHaveBeenCalled();
      expect(screen.getByTestId('path').textContent).toBe('/inquiries');
    });

    it("opens the notification's own link when it has one, never another site", async () => {
      await setUpAllowed();
      serverPush('notification', notification(13, { type: 'vacation', link: '/schedule/days_off' }));
      serverPush('notification', notification(14, { link: '//evil.example/steal' }));
      await waitForCount(4);
      act(() => shown[0]?.onclick?.());
      expect(screen.getByTestId('path').textContent).toBe('/schedule/days_off');
      act(() => shown[1]?.onclick?.());
      expect(screen.getByTestId('path').textContent).toBe('/inquiries');
    });
  });
});

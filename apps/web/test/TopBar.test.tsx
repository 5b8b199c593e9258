import { ROLES, type Role } from '@shiftline/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TopBar } from '../src/app/topBar/TopBar';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';

// Written out from the spec rather than read from PERMISSIONS, so the table itself is under test.
const CAD_RATE_ROLES: Role[] = ['schedule_supervisor', 'administrator'];
const PROFILE_SETTINGS_ROLES: Role[] = ['schedule_supervisor', 'administrator', 'super_admin'];

function renderTopBar(role: Role) {
  renderWithProviders(<TopBar user={fakeUser(role)} onOpenNavigation={() => undefined} />, { showPath: true });
}

/** The menu's code loads when it is first opened, so it appears a moment after the click. */
async function openProfileMenu() {
  fireEvent.click(screen.getByTestId('profile-menu-button'));
  return screen.findByTestId('profile-menu');
}

describe('TopBar', () => {
  describe.each(ROLES)('for the %s role', (role) => {
    it(`${CAD_RATE_ROLES.includes(role) ? 'shows' : 'hides'} the CAD rate field`, () => {
      renderTopBar(role);
      expect(screen.queryByTestId('cad-rate') !== null).toBe(CAD_RATE_ROLES.includes(role));
    });

    it('shows the avatar, name and role', () => {
      renderTopBar(role);
      const user = screen.getByTestId('topbar-user');
      expect(user.textContent).toContain('Ada Byron');
      expect(user.textContent).toContain(fakeUser(role).role_name);
    });

    it(`offers ${PROFILE_SETTINGS_ROLES.includes(role) ? '' : 'no '}Profile Settings, and always Change Password and Sign out`, async () => {
      renderTopBar(role);
      const menu = await openProfileMenu();
      expect(within(menu).queryByTestId('menu-profile-settings') !== null).toBe(PROFILE_SETTINGS_ROLES.includes(role));
      expect(within(menu).getByTestId('menu-change-password')).toBeTruthy();
      expect(within(menu).getByTestId('menu-sign-out')).toBeTruthy();
    });
  });

  it('shows the profile details: group, rate (cents / 100), extension and time zone', async () => {
    renderTopBar('agent');
    const menu = await openProfileMenu();
    expect(menu.textContent).toContain('Blue Team');
    expect(menu.textContent).toContain('$17.25 / hour');
    expect(menu.textContent).toContain('1007');
    const zone = within(menu).getByTestId('timezone-select').querySelector('select') as HTMLSelectElement;
    expect(zone.value).toBe('America/Toronto');
    expect(zone.options).toHaveLength(13);
  });

  it.each([
    ['menu-change-password', '/profile/change_password'],
    ['menu-sign-out', '/logout'],
  ])('%s opens %s', async (item, path) => {
    renderTopBar('agent');
    fireEvent.click(within(await openProfileMenu()).getByTestId(item));
    expect(screen.getByTestId('path').textContent).toBe(path);
  });

  it('Profile Settings opens /profile/edit_profile', async () => {
    renderTopBar('administrator');
    fireEvent.click(within(await openProfileMenu()).getByTestId('menu-profile-settings'));
    expect(screen.getByTestId('path').textContent).toBe('/profile/edit_profile');
  });

  it('shows UTC and local time with the zone abbreviation, ticking every second', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-15T14:05:09Z'));
    renderTopBar('agent');
    expect(screen.getByTestId('clock-utc').textContent).toBe('14:05:09 UTC');
    expect(screen.getByTestId('clock-local').textContent).toBe('09:05:09 EST');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByTestId('clock-utc').textContent).toBe('14:05:10 UTC');
    expect(screen.getByTestId('clock-local').textContent).toBe('09:05:10 EST');
  });
});

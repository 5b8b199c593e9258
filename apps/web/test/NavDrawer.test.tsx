import { ROLES, type Role } from '@shiftline/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NavDrawer } from '../src/app/NavDrawer';
import { fakeUser } from './fakeUser';
import { renderWithProviders } from './renderWithProviders';

const AGENTS_PAGE_ROLES: Role[] = ROLES.filter((role) => role !== 'agent');

describe('NavDrawer', () => {
  it.each(ROLES)('lists the pages the %s role may open', (role) => {
    renderWithProviders(<NavDrawer user={fakeUser(role)} mobileOpen={false} onClose={() => undefined} />);
    expect(screen.getByTestId('nav-home').getAttribute('href')).toBe('/');
    expect(screen.getByTestId('nav-campaigns').getAttribute('href')).toBe('/companies/all_campaigns');
    expect(screen.queryByTestId('nav-agents') !== null).toBe(AGENTS_PAGE_ROLES.includes(role));
  });

  it('marks the current page', () => {
    renderWithProviders(<NavDrawer user={fakeUser('administrator')} mobileOpen={false} onClose={() => undefined} />, {
      path: '/agents',
    });
    expect(screen.getByTestId('nav-agents').classList.contains('Mui-selected')).toBe(true);
    expect(screen.getByTestId('nav-home').classList.contains('Mui-selected')).toBe(false);
  });

  describe('on a narrow screen', () => {
    afterEach(() => vi.unstubAllGlobals());
    const narrow = () =>
      vi.stubGlobal('matchMedia', (query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }));

    it('shows no links until opened', async () => {
      narrow();
      renderWithProviders(<NavDrawer user={fakeUser('agent')} mobileOpen={false} onClose={() => undefined} />);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(screen.queryByTestId('nav-home')).toBeNull();
    });

    // The slide-over's code loads on narrow screens only, so it appears a moment after the first render.
    it('opens as a slide-over that closes when a page is chosen', async () => {
      narrow();
      const onClose = vi.fn();
      renderWithProviders(<NavDrawer user={fakeUser('administrator')} mobileOpen onClose={onClose} />);
      const agents = await screen.findByTestId('nav-agents');
      expect(agents.getAttribute('href')).toBe('/agents');
      expect(screen.getByRole('presentation').querySelector('nav')).not.toBeNull();
      fireEvent.click(agents);
      expect(onClose).toHaveBeenCalled();
    });
  });
});

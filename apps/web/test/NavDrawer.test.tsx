import { ROLES, type Role } from '@shiftline/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});

import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Viewer } from '@postwise/shared/access';
import { TooltipProvider } from '../../../components/ui/tooltip';
import { useUserStore } from '../../../stores/user-store';
import { MobileNav } from './mobile-nav';
import { testUser } from '../../../test/users';

const user = testUser({
  email: 'shipper@example.com',
  role: { code: 'USER' },
  accountType: 'shipment',
  personal: { fullName: 'Sam Shipper' },
});

const viewer: Viewer = { role: 'USER', accountType: 'shipment' };

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderNav() {
  render(
    <MemoryRouter initialEntries={['/dashboard']}>
      <TooltipProvider>
        <MobileNav viewer={viewer} />
        <Routes>
          <Route path="*" element={<LocationProbe />} />
        </Routes>
      </TooltipProvider>
    </MemoryRouter>,
  );
}

const openMenu = () => fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));

describe('phone menu drawer', () => {
  beforeEach(() => {
    useUserStore.getState().login({ accessToken: 'token', user });
  });
  afterEach(() => {
    cleanup();
    useUserStore.getState().logout();
  });

  it('opens a dialog with the labelled sidebar of the role, and Escape closes it', () => {
    renderNav();
    expect(screen.queryByRole('dialog')).toBeNull();
    openMenu();
    const dialog = screen.getByRole('dialog', { name: 'Menu' });
    const nav = within(dialog).getByRole('navigation', { name: 'Main' });
    // Spec 2.4 for a USER with a shipment account, labels visible (not a rail of icons).
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels).toEqual([
      'Dashboard',
      'Shipments',
      'Pickups',
      'Address List',
      'Invoices',
      'Packages',
      'Account Settings',
      'Payment Methods',
    ]);
    for (const link of within(nav).getAllByRole('link')) {
      expect(link.querySelector('.sr-only')).toBeNull();
    }
    expect(within(dialog).getByRole('button', { name: 'Close menu' })).toBeTruthy();
    // Focus moves into the drawer.
    expect(dialog.contains(document.activeElement)).toBe(true);

    fireEvent.keyDown(document.activeElement ?? dialog, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('closes with the close button', () => {
    renderNav();
    openMenu();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close menu' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when a link is followed, and the page changes', () => {
    renderNav();
    openMenu();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('link', { name: 'Shipments' }));
    expect(screen.getByTestId('location').textContent).toBe('/shipments');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows who is signed in, with Change password and Log out', () => {
    renderNav();
    openMenu();
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Sam Shipper')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Change password' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(screen.getByTestId('location').textContent).toBe('/login');
    expect(useUserStore.getState().user).toBeNull();
  });
});

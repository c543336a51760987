import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { User } from '@postwise/shared/api-types';
import { ROUTES } from '@postwise/shared/routes';
import { useProfileStore } from '../../stores/profile-store';
import { useRegisterStore } from '../../stores/register-store';
import { useUserStore } from '../../stores/user-store';
import { RouteGuard } from './route-guard';
import { testUser } from '../../test/users';
import { bothProfilesActive, signOutFully } from '../../test/session';

const makeUser = testUser;

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

/** Every route of the shared table behind its guard, as the app mounts them. */
function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        {ROUTES.map((r) => (
          <Route
            key={r.id}
            path={r.path}
            element={
              <RouteGuard route={r}>
                <p>page {r.id}</p>
              </RouteGuard>
            }
          />
        ))}
      </Routes>
      <LocationProbe />
    </MemoryRouter>,
  );
  return screen.getByTestId('location').textContent;
}

function signIn(user: User) {
  useUserStore.getState().login({ accessToken: 'token', user });
}

const both = bothProfilesActive('p1');

beforeEach(signOutFully);
afterEach(cleanup);

describe('RouteGuard (spec 2.3)', () => {
  it('sends a logged-out visitor of a signed-in page to /login', () => {
    expect(renderAt('/dashboard')).toBe('/login');
    expect(screen.getByText('page login')).toBeTruthy();
  });

  it('shows the login page to a logged-out visitor', () => {
    expect(renderAt('/login')).toBe('/login');
    expect(screen.getByText('page login')).toBeTruthy();
  });

  it('sends a signed-in user from /login to /dashboard', () => {
    signIn(makeUser({ role: { code: 'SUPER_ADMIN' } }));
    expect(renderAt('/login')).toBe('/dashboard');
    expect(screen.getByText('page dashboard')).toBeTruthy();
  });

  it('sends a signed-in user from the other auth pages to /login, which then goes on to /dashboard', () => {
    signIn(makeUser({ role: { code: 'SUPER_ADMIN' } }));
    expect(renderAt('/forgot-password')).toBe('/dashboard');
  });

  it('sends a signed-in user from public pages to /dashboard', () => {
    signIn(makeUser({ role: { code: 'SUB_ADMIN' } }));
    expect(renderAt('/mailbox-pricing')).toBe('/dashboard');
  });

  it('lets anyone read the policy and terms page', () => {
    expect(renderAt('/policy-terms')).toBe('/policy-terms');
    signIn(makeUser({ role: { code: 'USER' }, accountType: 'mailbox' }));
    cleanup();
    expect(renderAt('/policy-terms')).toBe('/policy-terms');
  });

  it('redirects a role route to its redirect when the role does not match', () => {
    signIn(makeUser({ role: { code: 'USER' }, accountType: 'shipment' }));
    expect(renderAt('/sub-admins')).toBe('/dashboard');
  });

  it('opens a role route for the right role', () => {
    signIn(makeUser({ role: { code: 'SUPER_ADMIN' } }));
    expect(renderAt('/sub-admins')).toBe('/sub-admins');
    expect(screen.getByText('page sub-admins')).toBeTruthy();
  });

  it('opens customer pages for a USER and keeps admins out of them', () => {
    signIn(makeUser({ role: { code: 'USER' }, accountType: 'both', profile: 'p1' }));
    useProfileStore.getState().setProfile(both);
    expect(renderAt('/inbox')).toBe('/inbox');
    cleanup();
    useUserStore.getState().login({ accessToken: 't', user: makeUser({ role: { code: 'SUB_ADMIN' } }) });
    expect(renderAt('/inbox')).toBe('/dashboard');
  });

  it('requires isSuperSubAdmin for referred clients', () => {
    signIn(makeUser({ role: { code: 'SUB_ADMIN' }, isSuperSubAdmin: false }));
    expect(renderAt('/referred-clients')).toBe('/dashboard');
    cleanup();
    useUserStore.getState().setUser((u) => ({ ...u, isSuperSubAdmin: true }));
    expect(renderAt('/referred-clients')).toBe('/referred-clients');
  });

  it('keeps a SUB_ADMIN out of /configuration until the tab is unlocked', () => {
    signIn(makeUser({ role: { code: 'SUB_ADMIN' } }));
    expect(renderAt('/configuration/store')).toBe('/dashboard');
    cleanup();
    useUserStore.getState().setConfigurationUnlocked(true);
    expect(renderAt('/configuration/store')).toBe('/configuration/store');
  });

  it('sends onboarding screens to /register without a pending applicant', () => {
    expect(renderAt('/register/account-type')).toBe('/register');
    expect(screen.getByText('page register')).toBeTruthy();
  });

  it('opens onboarding screens with a pending applicant', () => {
    useRegisterStore.getState().setPending({ user: makeUser({ role: { code: 'USER' } }), type: 'register' });
    expect(renderAt('/register/account-info')).toBe('/register/account-info');
  });

  it('sends a signed-in user away from onboarding screens', () => {
    signIn(makeUser({ role: { code: 'USER' }, accountType: 'mailbox' }));
    expect(renderAt('/register/account-type')).toBe('/dashboard');
  });
});

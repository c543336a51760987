import { describe, expect, it } from 'vitest';
import type { Viewer } from '@postwise/shared/access';
import { isSidebarGroup, sidebarFor } from '@postwise/shared/sidebar';
import {
  DESKTOP,
  PHONE,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  type Locator,
  type Page,
  suiteBrowser,
} from './browser';

/** The sidebar entries a demo account must see (spec 2.4), as test ids in order. */
function expectedSidebar(viewer: Viewer): string[] {
  return sidebarFor(viewer).flatMap((e) =>
    isSidebarGroup(e)
      ? [`sidebar-group-${e.key}`, ...e.children.map((c) => `sidebar-item-${c.key}`)]
      : [`sidebar-item-${e.key}`],
  );
}

/** Waits for the drawer's slide-in to finish, so screenshots and boxes show where it rests. */
async function settled(el: Locator): Promise<void> {
  await el.evaluate((node) => Promise.all(node.getAnimations().map((a) => a.finished)));
}

async function visibleSidebar(page: Page): Promise<string[]> {
  const nav = page.getByTestId('sidebar');
  await nav.waitFor();
  return nav
    .locator('[data-testid^="sidebar-item-"], [data-testid^="sidebar-group-"]')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
}

const ACCOUNTS: { email: string; slug: string; viewer: Viewer; name: RegExp }[] = [
  {
    email: 'superadmin@example.com',
    slug: 'super-admin',
    viewer: { role: 'SUPER_ADMIN', accountType: null },
    name: /\w+ \w+/,
  },
  {
    email: 'subadmin@example.com',
    slug: 'super-sub-admin',
    viewer: { role: 'SUB_ADMIN', accountType: null, isSuperSubAdmin: true },
    name: /\w+ \w+/,
  },
  {
    email: 'reseller@example.com',
    slug: 'sub-admin',
    viewer: { role: 'SUB_ADMIN', accountType: null, isSuperSubAdmin: false },
    name: /\w+ \w+/,
  },
  {
    email: 'user@example.com',
    slug: 'user-both',
    viewer: { role: 'USER', accountType: 'both', currentProfile: 'mailbox' },
    name: /\w+ \w+/,
  },
  {
    email: 'shipper@example.com',
    slug: 'user-shipment',
    viewer: { role: 'USER', accountType: 'shipment' },
    name: /\w+ \w+/,
  },
];

describe('foundation: sign-in, shell, guards and error screens', () => {
  const suite = suiteBrowser();
  for (const account of ACCOUNTS) {
    it(`signs in ${account.email} and shows exactly the sidebar of spec 2.4`, async () => {
      const { context, page } = await newPage(suite.browser, DESKTOP);
      await login(page, account.email);
      await expect.poll(() => visibleSidebar(page)).toEqual(expectedSidebar(account.viewer));
      await expect.poll(() => page.getByTestId('user-name').textContent()).toMatch(account.name);
      await screenshot(page, `dashboard-${account.slug}-desktop`);
      await context.close();
    });
  }

  it('labels Invoices & Billing "Invoices" for a USER', async () => {
    const { context, page } = await newPage(suite.browser, DESKTOP);
    await login(page, 'shipper@example.com');
    await expect.poll(() => page.getByTestId('sidebar-item-invoices-billing').innerText()).toBe('Invoices');
    await context.close();
  });

  it('renders the dashboard at phone width with the 64 px icon rail', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'superadmin@example.com');
    const box = await page.getByTestId('sidebar').boundingBox();
    expect(box?.width).toBeLessThanOrEqual(64);
    await screenshot(page, 'dashboard-super-admin-phone');
    await context.close();
  });

  it('opens the labelled sidebar from "Open menu" at phone width, navigates and closes', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'user@example.com');
    // The rail stays; the menu button opens the full labelled sidebar of the role as a drawer.
    expect((await page.getByTestId('sidebar').boundingBox())?.width).toBeLessThanOrEqual(64);
    const switcher = page.getByTestId('profile-switcher');
    expect(await switcher.getAttribute('aria-label')).toMatch(/^Switch account, current: /);
    expect((await switcher.innerText()).trim()).not.toBe('');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await settled(drawer);
    const user: Viewer = { role: 'USER', accountType: 'both', currentProfile: 'mailbox' };
    const labels = sidebarFor(user).flatMap((e) => (isSidebarGroup(e) ? [] : [e.label]));
    for (const label of labels) {
      expect(await drawer.getByRole('link', { name: label, exact: true }).isVisible()).toBe(true);
    }
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'menu-drawer-user-phone');
    await drawer.getByRole('link', { name: 'Archive', exact: true }).click();
    await page.waitForURL('**/archive');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(true);
    // Escape closes it too.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await context.close();
  });

  it('opens the super admin menu drawer at phone width, and no menu button on desktop', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await login(page, 'superadmin@example.com');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    await settled(drawer);
    expect(await drawer.getByRole('link', { name: 'Analytics & Reports' }).isVisible()).toBe(true);
    expect(await drawer.getByRole('button', { name: 'Configuration' }).isVisible()).toBe(true);
    await screenshot(page, 'menu-drawer-super-admin-phone');
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await page.setViewportSize(DESKTOP);
    await expect.poll(() => page.getByRole('button', { name: 'Open menu' }).isVisible()).toBe(false);
    await context.close();
  });

  it('sends a logged-out visitor of a private page to login', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    await page.goto('/customers/42');
    await page.waitForURL('**/login');
    await context.close();
  });

  it('sends a signed-in user from login to the dashboard and from a public page to the dashboard', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'shipper@example.com');
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
    await page.goto('/about');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('sends a user away from a role route to its redirect', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'shipper@example.com');
    await page.goto('/sub-admins');
    await page.waitForURL('**/dashboard');
    await page.goto('/configuration/margin-discount');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('keeps a sub-admin out of /configuration until the tab is unlocked', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'reseller@example.com');
    await page.goto('/configuration/store');
    await page.waitForURL('**/dashboard');
    await context.close();
  });

  it('logs out from the top bar and forgets the session', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'superadmin@example.com');
    await page.getByTestId('logout-button').click();
    await page.waitForURL('**/login');
    await page.goto('/dashboard');
    await page.waitForURL('**/login');
    const stored = await page.evaluate(() => localStorage.getItem('user-storage'));
    expect(stored ?? '').not.toContain('accessToken":"');
    await context.close();
  });

  it('shows the not-found page for unknown paths, and Back goes one step back', async () => {
    for (const [viewport, slug] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page } = await newPage(suite.browser, viewport);
      await page.goto('/login');
      await page.goto('/this/page/does-not-exist');
      await expect.poll(() => page.getByText('Oops! Why are you here?').isVisible()).toBe(true);
      expect(await page.getByText('404').first().isVisible()).toBe(true);
      await screenshot(page, `not-found-${slug}`);
      await page.getByRole('button', { name: 'Back' }).click();
      await page.waitForURL('**/login');
      await context.close();
    }
  });

  it('validates the login form with the messages of spec 5', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto('/login');
    await expect.poll(() => page.title()).toContain('Login');
    expect(await page.getByRole('heading', { name: 'Get started with easy login' }).isVisible()).toBe(true);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('Email is required.').isVisible()).toBe(true);
    expect(await page.getByText('Password is required').isVisible()).toBe(true);
    await page.getByTestId('login-email').fill('not-an-email');
    await expect.poll(() => page.getByText('Email is invalid.').isVisible()).toBe(true);
    await context.close();
  });

  it('shows the server message for wrong credentials and stays on login', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto('/login');
    await page.getByTestId('login-email').fill('superadmin@example.com');
    await page.getByTestId('login-password').fill('wrong-password');
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByText('Invalid email or password').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('shows and hides the password', async () => {
    const { context, page } = await newPage(suite.browser);
    await page.goto('/login');
    const password = page.getByTestId('login-password');
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: /show password/i }).click();
    expect(await password.getAttribute('type')).toBe('text');
    await context.close();
  });

  it('has an accessible login page at desktop and phone width', async () => {
    for (const [viewport, slug] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'phone'],
    ] as const) {
      const { context, page } = await newPage(suite.browser, viewport);
      await page.goto('/login');
      await page.getByTestId('login-email').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `login-${slug}`);
      await context.close();
    }
  });

  it('answers index.html for a deep link on reload', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'user@example.com');
    await page.goto('/inbox');
    await page.reload();
    await expect.poll(() => page.getByTestId('sidebar').isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/inbox');
    await context.close();
  });
});

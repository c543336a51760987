import { describe, expect, it } from 'vitest';
import {
  baseURL,
  DESKTOP,
  PHONE,
  expectNoSeriousA11yViolations,
  login,
  newPage,
  screenshot,
  type Page,
  suiteBrowser,
} from './browser';

/** Every public page of spec 2.1/2.9 with a piece of content that proves it rendered. */
const PAGES = [
  { path: '/', slug: 'home', title: 'Home', heading: /Your mail,\s*anywhere/ },
  { path: '/help', slug: 'help', title: 'How We Can Help', heading: 'Your mailroom and shipping desk, run for you' },
  {
    path: '/mailbox-pricing',
    slug: 'mailbox-pricing',
    title: 'Mailbox Pricing',
    heading: 'Simple plans, every fee in plain sight',
  },
  { path: '/about', slug: 'about', title: 'About', heading: 'A mailroom you can trust, wherever you are' },
  { path: '/contact', slug: 'contact', title: 'Contact', heading: 'Talk to a real person' },
  { path: '/public/track', slug: 'track', title: 'Track Shipment', heading: 'Where is my parcel?' },
  { path: '/policy-terms', slug: 'policy-terms', title: 'Policy & Terms', heading: 'Policy & Terms' },
] as const;

const VIEWPORTS = [
  [DESKTOP, 'desktop'],
  [PHONE, 'phone'],
] as const;

async function visible(page: Page, text: string | RegExp): Promise<void> {
  await expect.poll(() => page.getByText(text).first().isVisible(), { timeout: 15_000 }).toBe(true);
}

async function h1(page: Page, name: string | RegExp) {
  const heading = page.getByRole('heading', { level: 1, name });
  await heading.waitFor({ timeout: 15_000 });
  return heading;
}

async function metaDescription(page: Page): Promise<string> {
  return (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
}

describe('public site (spec 2.9)', () => {
  const suite = suiteBrowser();
  for (const p of PAGES) {
    it(`renders ${p.path} with header, banner, footer, title and description, accessibly at both widths`, async () => {
      for (const [viewport, size] of VIEWPORTS) {
        const { context, page } = await newPage(suite.browser, viewport);
        await page.goto(p.path);
        expect(await (await h1(page, p.heading)).isVisible()).toBe(true);
        expect(await page.title()).toBe(`${p.title} | Postwise`);
        const description = await metaDescription(page);
        expect(description.length).toBeGreaterThan(60);
        expect(description).not.toContain('lorem');

        // Header (spec 2.9): desktop shows the links, the phone has a menu button.
        if (size === 'desktop') {
          const nav = page.getByRole('navigation', { name: 'Main', exact: true });
          for (const label of ['How We Can Help', 'Mailbox Pricing', 'About', 'Contact']) {
            expect(await nav.getByRole('link', { name: label }).isVisible()).toBe(true);
          }
          expect(await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).isVisible()).toBe(true);
          expect(await page.getByRole('banner').getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true);
        } else {
          expect(await page.getByTestId('mobile-menu-toggle').isVisible()).toBe(true);
        }
        // Call-to-action banner and footer on every page.
        expect(await page.getByTestId('cta-subscribe').isVisible()).toBe(true);
        const footer = page.getByRole('contentinfo');
        expect(await footer.getByTestId('copyright').innerText()).toContain(String(new Date().getFullYear()));
        expect(await footer.getByTestId('store-map-link').getAttribute('href')).toMatch(/^https:\/\/www\.google/);

        await page.waitForLoadState('networkidle');
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `public-${p.slug}-${size}`, { fullPage: true });
        await context.close();
      }
    });
  }

  it('never loads the signed-in shell code on a public page', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    const scripts: string[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(new URL(res.url()).pathname);
    });
    for (const p of PAGES) {
      await page.goto(p.path);
      await h1(page, p.heading);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((s) => /shell-layout|dashboard-page|sidebar/.test(s))).toEqual([]);
    await context.close();
  });

  it('sends a signed-in visitor from each logged-out page to the dashboard; Policy & Terms stays open', async () => {
    const { context, page } = await newPage(suite.browser);
    await login(page, 'user@example.com');
    for (const p of PAGES.filter((x) => x.path !== '/policy-terms')) {
      await page.goto(p.path);
      await page.waitForURL('**/dashboard');
    }
    await page.goto('/public/track?t_n=PW7342918560');
    await page.waitForURL('**/dashboard');
    await page.goto('/policy-terms');
    await h1(page, 'Policy & Terms');
    expect(new URL(page.url()).pathname).toBe('/policy-terms');
    await context.close();
  });

  it('opens and uses the mobile menu at phone width', async () => {
    const { context, page } = await newPage(suite.browser, PHONE);
    await page.goto('/');
    await h1(page, /Your mail/);
    expect(await page.getByRole('navigation', { name: 'Main', exact: true }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Main mobile' });
    await menu.waitFor();
    await screenshot(page, 'public-mobile-menu-phone');
    for (const label of ['How We Can Help', 'Mailbox Pricing', 'About', 'Contact', 'Sign in', 'Sign up']) {
      expect(await menu.getByRole('link', { name: label }).isVisible()).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Mailbox Pricing' }).click();
    await page.waitForURL('**/mailbox-pricing');
    await expect.poll(() => menu.isVisible()).toBe(false);
    await context.close();
  });

  describe('home', () => {
    it('has the hero actions, the feature grid and three four-star testimonials', async () => {
      const { context, page } = await newPage(suite.browser);
      await page.goto('/');
      await h1(page, /Your mail/);
      expect(await page.getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register');
      expect(await page.getByRole('link', { name: 'See how we can help' }).getAttribute('href')).toBe('/help');
      for (const feature of [
        'A real Los Angeles street address',
        'Mail and package scans',
        'Forwarding anywhere',
        'Hold for pickup',
        'Secure shredding',
        'Junk-mail filtering',
        'Package consolidation',
        'Pallet receiving and storage',
        'Shipping at 70%+ off',
      ]) {
        expect(await page.getByRole('heading', { name: feature }).isVisible()).toBe(true);
      }
      expect(await page.getByRole('img', { name: 'Rated 4 out of 5' }).count()).toBe(3);
      await context.close();
    });

    it('fills the FAQ accordion from GET faqs, opens an answer and loads more questions', async () => {
      const { context, page } = await newPage(suite.browser);
      await page.goto('/');
      const accordion = page.getByTestId('faq-accordion');
      await accordion.waitFor({ timeout: 15_000 });
      const triggers = accordion.getByRole('button');
      expect(await triggers.count()).toBe(6);
      const question = page.getByRole('button', { name: 'Is it a real street address or a P.O. box?' });
      expect(await question.getAttribute('aria-expanded')).toBe('false');
      await question.click();
      expect(await question.getAttribute('aria-expanded')).toBe('true');
      await visible(page, /real street address with your own PMB/);
      await page.getByRole('button', { name: 'Show more questions' }).click();
      await expect.poll(() => triggers.count()).toBe(12);
      expect(await page.getByRole('button', { name: 'Show more questions' }).count()).toBe(0);
      await visible(page, 'When is payment due, and what if I pay late?');
      await context.close();
    });
  });

  describe('mailbox pricing', () => {
    it('shows the plans of GET plans/home: cards in red, blue, orange, popular marked, Monthly/Annual, scan packages and fees', async () => {
      const { context, page } = await newPage(suite.browser);
      await page.goto('/mailbox-pricing');
      const cards = page.getByTestId('plan-card');
      await cards.first().waitFor({ timeout: 15_000 });
      expect(await cards.count()).toBe(3);
      expect(await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-color')))).toEqual([
        'red',
        'blue',
        'orange',
      ]);
      await visible(page, 'Starts with 30 scans');
      expect(await cards.filter({ hasText: 'Most popular' }).count()).toBe(1);
      expect(await cards.first().innerText()).toContain('$14.99');
      expect(await cards.first().innerText()).toContain('/ month');

      await page.getByRole('button', { name: 'Annual' }).click();
      expect(await page.getByRole('button', { name: 'Annual' }).getAttribute('aria-pressed')).toBe('true');
      await visible(page, '$149.90');
      expect(await cards.first().innerText()).toContain('/ year');
      await visible(page, 'Starts with 360 scans');
      await screenshot(page, 'public-mailbox-pricing-annual-desktop', { fullPage: true });

      const packages = page.getByTestId('scan-package');
      expect(await packages.count()).toBe(3);
      expect(await packages.first().innerText()).toMatch(/10 scans[\s\S]*\$5[\s\S]*never\s+expire/);

      const fees = page.getByRole('region', { name: 'Fees by plan' });
      for (const fee of ['Package receiving', 'Mail storage', 'Pallet storage', 'Late payment', 'Reinstatement']) {
        expect(await fees.getByRole('rowheader', { name: new RegExp(fee) }).count()).toBe(1);
      }
      expect(await fees.innerText()).toContain('$25.00');
      await context.close();
    });
  });

  describe('help', () => {
    it('scrolls to the app-download section when the query id is present', async () => {
      const { context, page } = await newPage(suite.browser, PHONE);
      await page.goto('/help?id=app');
      const section = page.getByTestId('app-download');
      await section.waitFor();
      await expect
        .poll(() => section.evaluate((el) => Math.round(el.getBoundingClientRect().top)), { timeout: 10_000 })
        .toBeLessThan(120);
      // No store listing is configured (VITE_APP_STORE_URL, VITE_PLAY_STORE_URL): how to install the web app instead.
      expect(await page.getByRole('link', { name: /App Store|Google Play/ }).count()).toBe(0);
      const instructions = page.getByTestId('install-instructions');
      expect(await instructions.innerText()).toContain('Add to Home Screen');
      expect(await instructions.innerText()).toContain('Install app');
      // What the visitor sees after the scroll (the viewport, not the whole page).
      await screenshot(page, 'public-help-app-download-phone');

      await context.close();

      // Without the query the page opens at the top (a fresh visit: no restored scroll position).
      const fresh = await newPage(suite.browser, PHONE);
      await fresh.page.goto('/help');
      await h1(fresh.page, 'Your mailroom and shipping desk, run for you');
      expect(await fresh.page.evaluate(() => window.scrollY)).toBe(0);
      await fresh.context.close();
    });
  });

  describe('contact', () => {
    it('validates with the spec 5 messages, sends the message to support and resets without a message', async () => {
      const { context, page } = await newPage(suite.browser);
      await page.goto('/contact');
      const form = page.getByTestId('contact-form');
      await form.waitFor();
      expect(await page.getByTestId('support-phone').innerText()).toMatch(/\(\d{3}\) \d{3}-\d{4}/);

      await form.getByRole('button', { name: 'Send message' }).click();
      await visible(page, 'Name is required');
      // An empty field is required, not invalid.
      await visible(page, 'Email is required');
      expect(await page.getByText('Invalid email address').count()).toBe(0);
      await visible(page, 'Message is required');

      await form.getByLabel('Name').fill('Avery Quinn');
      await form.getByLabel('Email').fill('avery@example');
      await expect.poll(() => page.getByText('Name is required').count()).toBe(0);
      await visible(page, 'Invalid email address');
      await form.getByLabel('Email').fill('avery.quinn@example.org');
      await form.getByLabel('Message').fill('Can I receive pallets at my Los Angeles mailbox? e2e');
      await expect.poll(() => page.getByText('Invalid email address').count()).toBe(0);
      await screenshot(page, 'public-contact-filled-desktop', { fullPage: true });
      await form.getByRole('button', { name: 'Send message' }).click();

      await expect.poll(() => form.getByLabel('Name').inputValue(), { timeout: 15_000 }).toBe('');
      expect(await form.getByLabel('Email').inputValue()).toBe('');
      expect(await form.getByLabel('Message').inputValue()).toBe('');
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: /sent|success/i })
          .count(),
      ).toBe(0);

      const outbox = await (await fetch(`${baseURL()}/api/v1/dev/outbox?to=support@postwise.local`)).json();
      const mail = (outbox.data as { subject: string; text: string }[]).find((m) => m.text.includes('e2e'));
      expect(mail?.subject).toBe('Contact form: Avery Quinn');
      await context.close();
    });
  });

  describe('subscribe dialog', () => {
    it("opens from the banner, shows the spec 5 messages, rejects a bad file and says 'Subscribed successfully'", async () => {
      const { context, page } = await newPage(suite.browser, PHONE);
      await page.goto('/about');
      await h1(page, /A mailroom you can trust/);
      await page.getByTestId('cta-subscribe').click();
      const dialog = page.getByRole('dialog', { name: 'Subscribe to our newsletter' });
      await dialog.waitFor();

      await dialog.getByTestId('subscribe-submit').click();
      await visible(page, 'Name is required');
      await visible(page, 'Email is required');
      expect(await page.getByText('Invalid email address').count()).toBe(0);
      await visible(page, 'Phone number is required');

      await dialog.getByLabel('Name').fill('Morgan Lee');
      await dialog.getByLabel('Email').fill('morgan.lee@example.org');
      await dialog.getByLabel('Phone').fill('21355501261');
      await visible(page, 'Phone number cannot exceed 10 digits');
      await dialog.getByLabel('Phone').fill('2135550126');
      await expect.poll(() => page.getByText('Phone number cannot exceed 10 digits').count()).toBe(0);

      await dialog
        .getByLabel('Attachment (optional)')
        .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
      await visible(page, 'File must be an image or a PDF');
      await dialog.getByRole('button', { name: 'Remove notes.txt' }).click();
      await expect.poll(() => page.getByText('File must be an image or a PDF').count()).toBe(0);
      const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
      await dialog
        .getByLabel('Attachment (optional)')
        .setInputFiles({ name: 'card.pdf', mimeType: 'application/pdf', buffer: pdf });
      // The styled picker: a "Choose file"/"Change file" button and the chosen file's name.
      expect(await dialog.getByTestId('subscribe-file-name').innerText()).toBe('card.pdf');
      expect(await dialog.getByRole('button', { name: /Change file/ }).isVisible()).toBe(true);
      await screenshot(page, 'public-subscribe-dialog-phone');

      await dialog.getByTestId('subscribe-submit').click();
      await visible(page, 'Subscribed successfully');
      await expect.poll(() => dialog.isVisible()).toBe(false);

      // The same address again is welcome: the same answer.
      await page.getByTestId('cta-subscribe').click();
      await dialog.waitFor();
      expect(await dialog.getByLabel('Name').inputValue()).toBe('');
      await dialog.getByLabel('Name').fill('Morgan Lee');
      await dialog.getByLabel('Email').fill('MORGAN.LEE@example.org');
      await dialog.getByLabel('Phone').fill('2135550127');
      await dialog.getByTestId('subscribe-submit').click();
      await expect.poll(() => dialog.isVisible(), { timeout: 15_000 }).toBe(false);
      await context.close();
    });

    it('is accessible at desktop width', async () => {
      const { context, page } = await newPage(suite.browser);
      await page.goto('/');
      await h1(page, /Your mail/);
      await page.getByTestId('cta-subscribe').click();
      await page.getByRole('dialog').waitFor();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'public-subscribe-dialog-desktop');
      await page.keyboard.press('Escape');
      await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
      await context.close();
    });
  });

  describe('track shipment', () => {
    it("asks for a number, requires one, and prefills from ?t_n= to show a found shipment's timeline", async () => {
      const { context, page } = await newPage(suite.browser);
      await page.goto('/public/track');
      await visible(page, 'Please enter tracking number');
      // The Track button sits level with its input.
      const input = await page.getByTestId('tracking-input').boundingBox();
      const button = await page.getByTestId('tracking-submit').boundingBox();
      expect(Math.abs((input?.y ?? 0) - (button?.y ?? 99))).toBeLessThanOrEqual(1);
      expect(Math.abs((input?.height ?? 0) - (button?.height ?? 99))).toBeLessThanOrEqual(1);
      await page.getByTestId('tracking-submit').click();
      await visible(page, 'Tracking number is required.');
      await visible(page, /more than 80%/);

      await page.goto('/public/track?t_n=PW7342918560');
      await expect.poll(() => page.getByTestId('tracking-input').inputValue()).toBe('PW7342918560');
      const timeline = page.getByTestId('tracking-timeline');
      await timeline.waitFor({ timeout: 15_000 });
      const steps = await timeline.getByRole('listitem').allInnerTexts();
      expect(steps).toHaveLength(6);
      expect(steps[0]).toMatch(/^Delivered/);
      expect(steps[0]).toContain('Austin, US');
      expect(steps.at(-1)).toMatch(/^Shipment information sent to FedEx/);
      const result = page.getByTestId('tracking-result');
      expect(await result.innerText()).toContain('FedEx Ground');
      // By number alone: the places, no names or streets; delivered, so no expected delivery.
      expect(await page.getByTestId('tracking-status').innerText()).toBe('Delivered');
      expect(await page.getByTestId('tracking-to').innerText()).toContain('Austin, TX, US');
      expect(await page.getByTestId('tracking-from').innerText()).toContain('Los Angeles, CA, US');
      expect(await result.innerText()).not.toContain('Marcus Bell');
      expect(await result.innerText()).not.toContain('Cesar Chavez');
      expect(await result.innerText()).not.toContain('Expected delivery');
      expect(await result.innerText()).not.toContain('By end of day');
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, 'public-track-result-desktop', { fullPage: true });
      // The origin's ZIP code is not the destination's: nothing more is shown.
      await page.getByTestId('tracking-zip-input').fill('90021');
      await page.getByTestId('tracking-zip-submit').click();
      await visible(page, 'That ZIP code does not match the destination.');
      expect(await result.innerText()).not.toContain('Marcus Bell');
      await page.getByTestId('tracking-zip-input').fill('78702');
      await page.getByTestId('tracking-zip-submit').click();
      await expect.poll(() => page.getByTestId('tracking-to').innerText()).toContain('Marcus Bell');
      expect(await page.getByTestId('tracking-to').innerText()).toContain('2207 E Cesar Chavez St');
      expect(await result.innerText()).not.toContain('5125550131');
      expect(await page.getByTestId('tracking-zip-form').count()).toBe(0);
      await screenshot(page, 'public-track-result-full-desktop', { fullPage: true });
      await context.close();
    });

    it('shows carrier-two events and a shipment without events', async () => {
      const { context, page } = await newPage(suite.browser, PHONE);
      await page.goto('/public/track?t_n=PW5519073824');
      const timeline = page.getByTestId('tracking-timeline');
      await timeline.waitFor({ timeout: 15_000 });
      expect((await timeline.getByRole('listitem').allInnerTexts())[0]).toMatch(/^Arrived at facility[\s\S]*Seattle/);
      await screenshot(page, 'public-track-result-phone', { fullPage: true });

      await page.getByTestId('tracking-input').fill('PW9087162435');
      await page.getByTestId('tracking-submit').click();
      await visible(page, 'No tracking information available.');
      expect(await page.getByTestId('tracking-result').innerText()).toContain('USPS Priority Mail');
      expect(new URL(page.url()).searchParams.get('t_n')).toBe('PW9087162435');
      await context.close();
    });

    it("says 'Shipment not found' for an unknown number and clears it when the input changes", async () => {
      const { context, page } = await newPage(suite.browser, PHONE);
      await page.goto('/public/track');
      await page.getByTestId('tracking-input').fill('PW0000000000');
      await page.getByTestId('tracking-submit').click();
      await visible(page, 'Shipment not found');
      await screenshot(page, 'public-track-not-found-phone');
      await page.getByTestId('tracking-input').fill('PW000000000');
      await expect.poll(() => page.getByText('Shipment not found').count()).toBe(0);
      await visible(page, 'Please enter tracking number');
      await context.close();
    });
  });
});

import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { MapPin, Menu, Phone, X } from 'lucide-react';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { Logo } from '../../components/brand/logo';
import { InstallAppButton } from '../../components/install-app-button';
import { Button } from '../../components/ui/button';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/utils';
import { CtaBanner } from '../../features/public/components/cta-banner';
import { STORE, STORE_MAP_URL, SUPPORT_PHONE } from '../../features/public/lib/company';
import { HomeLogoLink } from '../../components/brand/home-logo-link';

/** Header links of spec 2.9. */
const NAV = [
  { to: '/help', label: 'How We Can Help' },
  { to: '/mailbox-pricing', label: 'Mailbox Pricing' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

const FOOTER_GROUPS = [
  {
    title: 'Product',
    links: [
      { to: '/mailbox-pricing', label: 'Mailbox Pricing' },
      { to: '/help', label: 'How We Can Help' },
      { to: '/public/track', label: 'Track Shipment' },
      { to: '/help?id=app-download', label: 'Mobile apps' },
    ],
  },
  {
    title: 'Company',
    links: [
      { to: '/about', label: 'About' },
      { to: '/contact', label: 'Contact' },
      { to: '/policy-terms', label: 'Policy & Terms' },
      { to: '/register', label: 'Sign up' },
    ],
  },
];

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/', label: 'Facebook' },
  { href: 'https://www.instagram.com/', label: 'Instagram' },
  { href: 'https://x.com/', label: 'X' },
  { href: 'https://www.linkedin.com/', label: 'LinkedIn' },
];

function navClass({ isActive }: { isActive: boolean }) {
  return cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors hover:bg-muted hover:text-primary',
    isActive ? 'text-primary underline decoration-2 underline-offset-8 decoration-orange-bright' : 'text-foreground',
  );
}

/** Sign in and Sign up, in the header's bar and again at the foot of the mobile menu. */
function AccountLinks({ signInVariant }: { signInVariant: 'ghost' | 'outline' }) {
  return (
    <>
      <Button asChild variant={signInVariant}>
        <Link to="/login">Sign in</Link>
      </Button>
      <Button asChild variant="orange">
        <Link to="/register">Sign up</Link>
      </Button>
    </>
  );
}

function PublicHeader() {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  // Prerendered: the menu button does nothing until React has taken over the page.
  const hydrated = useHydrated();
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur">
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <HomeLogoLink className="inline-flex rounded-md" />
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={navClass}>
              {item.label}
            </NavLink>
          ))}
        </nav>
        <div className="hidden items-center gap-2 lg:flex">
          <InstallAppButton variant="ghost" />
          <AccountLinks signInVariant="ghost" />
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="lg:hidden"
          aria-label={open ? 'Close menu' : 'Open menu'}
          aria-expanded={open}
          aria-controls="public-mobile-menu"
          onClick={() => setOpen((v) => !v)}
          disabled={!hydrated}
          data-testid="mobile-menu-toggle"
        >
          {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        </Button>
      </div>
      {open ? (
        <div id="public-mobile-menu" className="border-t bg-background shadow-lg lg:hidden">
          <nav aria-label="Main mobile" className="mx-auto grid max-w-6xl gap-1 px-4 py-3 sm:px-6">
            {NAV.map((item) => (
              <NavLink key={item.to} to={item.to} className={({ isActive }) => cn(navClass({ isActive }), 'py-3')}>
                {item.label}
              </NavLink>
            ))}
            <InstallAppButton className="mt-2 w-full" />
            <div className="mt-2 grid grid-cols-2 gap-2 border-t pt-3">
              <AccountLinks signInVariant="outline" />
            </div>
          </nav>
        </div>
      ) : null}
    </header>
  );
}

function PublicFooter() {
  return (
    <footer className="bg-navy-950 text-navy-200">
      <div className="mx-auto grid w-full max-w-6xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="col-span-2 grid content-start gap-4 lg:col-span-1">
          <Logo tone="light" />
          <p className="max-w-xs text-sm leading-6">
            A private virtual mailbox with a real Los Angeles street address, plus shipping at 70% or more off carrier
            postage.
          </p>
          <address className="grid gap-2 text-sm not-italic">
            <span>
              {STORE.name}
              <br />
              {STORE.street}, {STORE.city}, {STORE.state} {STORE.zip}
            </span>
            <a href={SUPPORT_PHONE.href} className="inline-flex items-center gap-2 hover:text-white hover:underline">
              <Phone aria-hidden="true" className="size-4 text-orange-bright" />
              {SUPPORT_PHONE.display}
            </a>
          </address>
          <a
            href={STORE_MAP_URL}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-2 text-sm font-medium text-white hover:underline"
            data-testid="store-map-link"
          >
            <MapPin aria-hidden="true" className="size-4 text-orange-bright" />
            Find our store on the map
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <div key={group.title} className="grid content-start gap-3">
            <h2 className="text-sm font-semibold text-white">{group.title}</h2>
            <ul className="grid gap-2 text-sm">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className="grid content-start gap-3">
          <h2 className="text-sm font-semibold text-white">Follow us</h2>
          <ul className="grid gap-2 text-sm">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:text-white hover:underline"
                >
                  {link.label}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        {/* The year comes from the build in prerendered HTML; after New Year the browser's may differ until the
            next build, which is not a reason to discard the prerendered page. */}
        <p
          className="mx-auto w-full max-w-6xl px-4 py-5 text-xs sm:px-6"
          data-testid="copyright"
          suppressHydrationWarning
        >
          © {new Date().getFullYear()} {PRODUCT_NAME}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

/** Header, call-to-action banner and footer of spec 2.9 around the marketing pages. */
export function PublicLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <PublicHeader />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
        <CtaBanner />
      </main>
      <PublicFooter />
    </div>
  );
}

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTES, type RouteDef, type RouteLayout } from '@postwise/shared/routes';
import { FullPageLoader } from '../components/full-page-loader';
import type { RouteHandle } from './route-handle';
import { RouteErrorScreen } from './route-error';
import { RootLayout } from './root-layout';

type LazyComponent = () => Promise<{ Component: ComponentType }>;

/**
 * The public and sign-in pages, by route id of packages/shared/src/routes.ts; each is its own chunk. The signed-in
 * and onboarding pages are listed in app-pages.ts, loaded with the first of them: their hundred loaders would
 * otherwise weigh on every public page's first load. A route no page is built for renders the "not available
 * yet" page inside its real layout and guard.
 */
const PUBLIC_PAGES: Partial<Record<string, LazyComponent>> = {
  login: () => import('../features/auth/pages/login-page').then((m) => ({ Component: m.LoginPage })),
  register: () => import('../features/auth/pages/register-page').then((m) => ({ Component: m.RegisterPage })),
  verify: () => import('../features/auth/pages/verify-page').then((m) => ({ Component: m.VerifyPage })),
  'forgot-password': () =>
    import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  'reset-password': () =>
    import('../features/auth/pages/reset-password-page').then((m) => ({ Component: m.ResetPasswordPage })),
  home: () => import('../features/public/pages/home-page').then((m) => ({ Component: m.HomePage })),
  about: () => import('../features/public/pages/about-page').then((m) => ({ Component: m.AboutPage })),
  contact: () => import('../features/public/pages/contact-page').then((m) => ({ Component: m.ContactPage })),
  'mailbox-pricing': () =>
    import('../features/public/pages/mailbox-pricing-page').then((m) => ({ Component: m.MailboxPricingPage })),
  help: () => import('../features/public/pages/help-page').then((m) => ({ Component: m.HelpPage })),
  track: () => import('../features/public/pages/track-page').then((m) => ({ Component: m.TrackPage })),
  'policy-terms': () =>
    import('../features/public/pages/policy-terms-page').then((m) => ({ Component: m.PolicyTermsPage })),
};

const notAvailable: LazyComponent = () =>
  import('./routes/not-available-page').then((m) => ({ Component: m.NotAvailablePage }));

/** Layouts load lazily too, so public pages never pull the signed-in shell. */
const LAYOUTS: Record<RouteLayout, LazyComponent> = {
  public: () => import('./layouts/public-layout').then((m) => ({ Component: m.PublicLayout })),
  auth: () => import('./layouts/auth-layout').then((m) => ({ Component: m.AuthLayout })),
  bare: () => import('./layouts/bare-layout').then((m) => ({ Component: m.BareLayout })),
  shell: () => import('./layouts/shell-layout').then((m) => ({ Component: m.ShellLayout })),
};

function pageRoute(def: RouteDef): RouteObject {
  const handle: RouteHandle = { route: def };
  const lazy: LazyComponent =
    def.layout === 'public' || def.layout === 'auth'
      ? (PUBLIC_PAGES[def.id] ?? notAvailable)
      : () => import('./app-pages').then(({ APP_PAGES }) => (APP_PAGES[def.id] ?? notAvailable)());
  return { id: def.id, path: def.path, handle, lazy };
}

/** One route per entry of the shared table, grouped under its layout; anything else is not found. */
export function buildRoutes(routes: readonly RouteDef[] = ROUTES): RouteObject[] {
  const layouts: RouteLayout[] = ['public', 'auth', 'bare', 'shell'];
  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RouteErrorScreen />,
      hydrateFallbackElement: <FullPageLoader />,
      children: [
        ...layouts.map((layout): RouteObject => ({
          id: `layout-${layout}`,
          lazy: LAYOUTS[layout],
          children: routes.filter((r) => r.layout === layout).map(pageRoute),
        })),
        // Development only, outside the shared route table: the page itself says "not available" in production.
        {
          id: 'dev-outbox',
          path: '/dev/outbox',
          lazy: () =>
            Promise.all([import('../features/dev-outbox/pages/dev-outbox-page'), import('../lib/query-provider')]).then(
              ([{ DevOutboxPage }, { QueryProvider }]) => ({
                Component: () => (
                  <QueryProvider>
                    <DevOutboxPage />
                  </QueryProvider>
                ),
              }),
            ),
        },
        {
          id: 'not-found',
          path: '*',
          lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundPage })),
        },
      ],
    },
  ];
}

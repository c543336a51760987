import { effectiveAccounts } from '@postwise/shared/access';
import { isSidebarGroup, sidebarFor, type SidebarItem } from '@postwise/shared/sidebar';
import type { RoleCode } from '@postwise/shared/roles';
import { PurchaseConfirmation } from '../../../components/payments/purchase-confirmation';
import { CreateShipmentButton } from '../../../components/shipping/create-shipment-button';
import { PageHeader } from '../../../components/ui/page-header';
import { useUserStore } from '../../../stores/user-store';
import { useViewer } from '../../../stores/viewer';
import { MailboxAddressCard } from '../components/mailbox-address-card';
import { QuickQuoteCard } from '../components/quick-quote-card';
import { SectionCard } from '../components/section-card';
import { ShippingOverview } from '../components/shipping-overview';
import { SubAdminOverview } from '../components/sub-admin-overview';
import { SuperAdminOverview } from '../components/super-admin-overview';

/** What each section holds, in a sentence; keyed by the sidebar keys of packages/shared/src/sidebar.ts. */
const DESCRIPTIONS: Record<string, string> = {
  inbox: 'New mail scans waiting for your decision.',
  archive: 'Mail you have kept for later.',
  trash: 'Mail you have discarded.',
  customers: 'Customer accounts, their profiles and mailboxes.',
  'referred-clients': 'Clients who signed up through your invitation.',
  'sub-admins': 'Resellers, their stores and plans.',
  shipments: 'Labels, tracking and shipment history.',
  'shipping-requests': 'Shipping-cost analyses and quotes to handle.',
  pickups: 'Carrier pickups you have scheduled.',
  mailbox: 'Mailboxes and their receiving labels.',
  'mailbox-requests': 'Scan, forward, pickup and shred requests.',
  'address-list': 'Saved sender and receiver addresses.',
  'analytics-reports': 'Volume, revenue and usage reports.',
  'my-invoices': 'Invoices billed to your reseller account.',
  'invoices-billing': 'Invoices, payments and transactions.',
  payouts: 'Earnings paid out to you.',
  packages: 'Saved package sizes for faster shipping.',
  'account-settings': 'Your personal, mailbox and security details.',
  'payment-methods': 'Cards used for subscriptions and shipping.',
  faqs: 'Questions and answers shown on the public site.',
};

const ROLE_INTRO: Record<RoleCode, string> = {
  SUPER_ADMIN: 'Run the whole platform: customers, resellers, shipping and billing.',
  SUB_ADMIN: 'Look after your customers, mailboxes, plans and payouts.',
  USER: 'Everything for your mail and shipments in one place.',
};

/**
 * The dashboard's heading. Spec 2 names no greeting, and "Welcome back" is wrong on the very first sign-in (the
 * dashboard cannot tell a first visit from a return), so it says "Welcome" every time.
 */
export function dashboardGreeting(firstName: string): string {
  return `Welcome, ${firstName}`;
}

/**
 * The dashboard. A customer's home: the mailbox address with its figures (mailbox holders), their shipments,
 * savings and a quick quote (whoever can ship, the super admin too), then one card per section of the sidebar.
 * The sub-admin and super-admin keep their live overviews below the sections.
 */
export function DashboardPage() {
  const viewer = useViewer();
  const user = useUserStore((s) => s.user);
  if (!viewer || !user) return null;

  const sections = sidebarFor(viewer).filter(
    (entry): entry is SidebarItem => !isSidebarGroup(entry) && entry.key !== 'dashboard',
  );
  const firstName = user.personal.firstName?.trim() || user.personal.fullName?.trim() || 'there';
  const isMailboxHolder = viewer.role === 'USER' && effectiveAccounts(viewer).includes('mailbox');
  const canShip =
    viewer.role === 'SUPER_ADMIN' || (viewer.role === 'USER' && effectiveAccounts(viewer).includes('shipment'));

  return (
    <div className="grid gap-8">
      <PageHeader
        title={dashboardGreeting(firstName)}
        description={ROLE_INTRO[viewer.role]}
        actions={canShip ? <CreateShipmentButton /> : undefined}
      />

      <PurchaseConfirmation />

      {/* Admins' live figures come first: they are what an operator opens the dashboard for. */}
      {viewer.role === 'USER' ? null : (
        <section aria-labelledby="dashboard-activity" className="grid gap-4">
          <h2 id="dashboard-activity" className="text-lg font-semibold">
            Activity at a glance
          </h2>
          {viewer.role === 'SUB_ADMIN' ? <SubAdminOverview /> : <SuperAdminOverview />}
        </section>
      )}

      {isMailboxHolder ? (
        <section aria-label="Your mailbox" className="grid">
          <MailboxAddressCard />
        </section>
      ) : null}

      {canShip ? (
        <section
          aria-label="Your shipping"
          className="grid items-start gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]"
        >
          <ShippingOverview />
          <QuickQuoteCard />
        </section>
      ) : null}

      <section aria-labelledby="dashboard-sections" className="grid gap-4">
        <h2 id="dashboard-sections" className="text-lg font-semibold">
          Your sections
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {sections.map((s) => (
            <li key={s.key} className="grid">
              <SectionCard
                label={s.label}
                path={s.path}
                icon={s.icon}
                description={DESCRIPTIONS[s.key] ?? 'Open this section.'}
              />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

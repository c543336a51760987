import { matchesAudience, type Audience, type Viewer } from './access';
import { CAPABILITIES, type CapabilityName } from './capabilities';

/** Icon names are lucide-react component names; the web maps them to components. */
export interface SidebarItem {
  key: string;
  label: string;
  path: string;
  icon: string;
  /** The capability of capabilities.ts that shows the item. */
  capability: CapabilityName;
  /** Its audience, read from the table. */
  audience: readonly Audience[];
}

export interface SidebarGroup {
  key: string;
  label: string;
  icon: string;
  children: readonly SidebarItem[];
}

export type SidebarEntry = SidebarItem | SidebarGroup;

export function isSidebarGroup(entry: SidebarEntry): entry is SidebarGroup {
  return 'children' in entry;
}

type ItemDef = Omit<SidebarItem, 'audience'>;
type GroupDef = Omit<SidebarGroup, 'children'> & { children: readonly ItemDef[] };

/** An item shows to its capability's audience. The Configuration gate is not applied here: the group asks for
 * the unlock when it is opened (spec 2.4), and the pages behind it check it. */
function item(def: ItemDef): SidebarItem {
  return { ...def, audience: CAPABILITIES[def.capability].audience };
}

const DEFS: readonly (ItemDef | GroupDef)[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: 'LayoutDashboard', capability: 'account.self' },
  { key: 'inbox', label: 'Inbox', path: '/inbox', icon: 'Inbox', capability: 'mail.read' },
  { key: 'archive', label: 'Archive', path: '/archive', icon: 'Archive', capability: 'mail.read' },
  { key: 'trash', label: 'Trash', path: '/trash', icon: 'Trash2', capability: 'mail.read' },
  { key: 'customers', label: 'Customers', path: '/customers', icon: 'Users', capability: 'customers.read' },
  {
    key: 'referred-clients',
    label: 'Referred Clients',
    path: '/referred-clients',
    icon: 'UserPlus',
    capability: 'referred-clients.read',
  },
  { key: 'sub-admins', label: 'Sub Admins', path: '/sub-admins', icon: 'ShieldCheck', capability: 'sub-admins.read' },
  { key: 'shipments', label: 'Shipments', path: '/shipments', icon: 'Truck', capability: 'shipments.read' },
  {
    key: 'shipping-requests',
    label: 'Shipping Requests',
    path: '/shipping-requests',
    icon: 'ClipboardList',
    capability: 'shipping-requests.read',
  },
  { key: 'pickups', label: 'Pickups', path: '/pickups', icon: 'PackageCheck', capability: 'shipments.read' },
  { key: 'mailbox', label: 'Mailbox', path: '/mailbox', icon: 'Mailbox', capability: 'mailbox.admin' },
  {
    key: 'mailbox-requests',
    label: 'Mailbox Requests',
    path: '/mailbox-requests',
    icon: 'MailQuestion',
    capability: 'mailbox.admin',
  },
  {
    key: 'address-list',
    label: 'Address List',
    path: '/address-list',
    icon: 'BookUser',
    capability: 'shipments.read',
  },
  {
    key: 'analytics-reports',
    label: 'Analytics & Reports',
    path: '/analytics-reports',
    icon: 'ChartColumn',
    capability: 'analytics.read',
  },
  {
    key: 'my-invoices',
    label: 'My Invoices',
    path: '/my-invoices',
    icon: 'ReceiptText',
    capability: 'invoices.sub-admin',
  },
  {
    key: 'invoices-billing',
    label: 'Invoices & Billing',
    path: '/invoices-billing',
    icon: 'FileText',
    capability: 'invoices.read',
  },
  { key: 'payouts', label: 'Payouts', path: '/payouts', icon: 'Wallet', capability: 'payouts.read' },
  {
    key: 'configuration',
    label: 'Configuration',
    icon: 'Settings',
    children: [
      {
        key: 'customer-plans',
        label: 'Customer Plans',
        path: '/configuration/customer-plans',
        icon: 'BadgeDollarSign',
        capability: 'configuration.customer-plans',
      },
      {
        key: 'sub-admin-plans',
        label: 'Sub Admin Plans',
        path: '/configuration/sub-admin-plans',
        icon: 'Layers',
        capability: 'configuration.sub-admin-plans',
      },
      {
        key: 'store',
        label: 'Store',
        path: '/configuration/store',
        icon: 'Store',
        capability: 'configuration.stores',
      },
      {
        key: 'margin-discount',
        label: 'Margin & Discount',
        path: '/configuration/margin-discount',
        icon: 'Percent',
        capability: 'configuration.margin-discount',
      },
      {
        key: 'policy-terms',
        label: 'Policy & Terms',
        path: '/configuration/policy-terms',
        icon: 'ScrollText',
        capability: 'configuration.policy-terms',
      },
      {
        key: 'account-setting',
        label: 'Account Setting',
        path: '/configuration/account-setting',
        icon: 'UserCog',
        capability: 'configuration.account-setting',
      },
      {
        key: 'setting',
        label: 'Setting',
        path: '/configuration/setting',
        icon: 'SlidersHorizontal',
        capability: 'configuration.setting',
      },
    ],
  },
  { key: 'packages', label: 'Packages', path: '/packages', icon: 'Package', capability: 'packages.read' },
  {
    key: 'account-settings',
    label: 'Account Settings',
    path: '/account-settings',
    icon: 'UserCog',
    capability: 'customer.pages',
  },
  {
    key: 'payment-methods',
    label: 'Payment Methods',
    path: '/payment-methods',
    icon: 'CreditCard',
    capability: 'payment-methods.own',
  },
  { key: 'faqs', label: 'FAQs', path: '/faqs', icon: 'CircleHelp', capability: 'faqs.manage' },
  // Not in spec 2.4: the super admin's view of the job queue (what failed for good, and Retry).
  { key: 'jobs', label: 'Jobs', path: '/jobs', icon: 'ListRestart', capability: 'jobs.manage' },
];

/** The sidebar of spec 2.4, in its order. */
export const SIDEBAR: readonly SidebarEntry[] = DEFS.map((d) =>
  'children' in d ? { ...d, children: d.children.map(item) } : item(d),
);

/** The label a viewer sees: a USER sees 'Invoices' for Invoices & Billing (spec 2.4). */
function labelFor(item: SidebarItem, viewer: Viewer): string {
  if (item.key === 'invoices-billing' && viewer.role === 'USER') return 'Invoices';
  return item.label;
}

/**
 * The sidebar a viewer sees. A group is kept only when at least one child is allowed
 * (spec 2.4), with just the allowed children.
 */
export function sidebarFor(viewer: Viewer): SidebarEntry[] {
  const visible: SidebarEntry[] = [];
  for (const entry of SIDEBAR) {
    if (isSidebarGroup(entry)) {
      const children = entry.children
        .filter((c) => matchesAudience(viewer, c.audience))
        .map((c) => ({ ...c, label: labelFor(c, viewer) }));
      if (children.length > 0) visible.push({ ...entry, children });
    } else if (matchesAudience(viewer, entry.audience)) {
      visible.push({ ...entry, label: labelFor(entry, viewer) });
    }
  }
  return visible;
}

/** Flat list of visible labels in order (groups contribute their label, then children's). */
export function sidebarLabels(viewer: Viewer): string[] {
  return sidebarFor(viewer).flatMap((e) =>
    isSidebarGroup(e) ? [e.label, ...e.children.map((c) => c.label)] : [e.label],
  );
}

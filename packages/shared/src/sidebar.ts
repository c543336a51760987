import { matchesAudience, ALL_ROLES, type Audience, type Viewer } from './access';

/** Icon names are lucide-react component names; the web maps them to components. */
export interface SidebarItem {
  key: string;
  label: string;
  path: string;
  icon: string;
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

const SUPER_ADMIN: Audience = { role: 'SUPER_ADMIN' };
const SUB_ADMIN: Audience = { role: 'SUB_ADMIN' };
const USER: Audience = { role: 'USER' };
const USER_MAILBOX: Audience = { role: 'USER', account: 'mailbox' };
const USER_SHIPMENT: Audience = { role: 'USER', account: 'shipment' };

/** The sidebar of spec 2.4, in its order. */
export const SIDEBAR: readonly SidebarEntry[] = [
  { key: 'dashboard', label: 'Dashboard', path: '/dashboard', icon: 'LayoutDashboard', audience: ALL_ROLES },
  { key: 'inbox', label: 'Inbox', path: '/inbox', icon: 'Inbox', audience: [USER_MAILBOX] },
  { key: 'archive', label: 'Archive', path: '/archive', icon: 'Archive', audience: [USER_MAILBOX] },
  { key: 'trash', label: 'Trash', path: '/trash', icon: 'Trash2', audience: [USER_MAILBOX] },
  { key: 'customers', label: 'Customers', path: '/customers', icon: 'Users', audience: [SUPER_ADMIN, SUB_ADMIN] },
  {
    key: 'referred-clients',
    label: 'Referred Clients',
    path: '/referred-clients',
    icon: 'UserPlus',
    audience: [{ role: 'SUB_ADMIN', superSubAdmin: true }],
  },
  { key: 'sub-admins', label: 'Sub Admins', path: '/sub-admins', icon: 'ShieldCheck', audience: [SUPER_ADMIN] },
  { key: 'shipments', label: 'Shipments', path: '/shipments', icon: 'Truck', audience: [SUPER_ADMIN, USER_SHIPMENT] },
  {
    key: 'shipping-requests',
    label: 'Shipping Requests',
    path: '/shipping-requests',
    icon: 'ClipboardList',
    audience: [SUPER_ADMIN],
  },
  { key: 'pickups', label: 'Pickups', path: '/pickups', icon: 'PackageCheck', audience: [SUPER_ADMIN, USER_SHIPMENT] },
  { key: 'mailbox', label: 'Mailbox', path: '/mailbox', icon: 'Mailbox', audience: [SUPER_ADMIN, SUB_ADMIN] },
  {
    key: 'mailbox-requests',
    label: 'Mailbox Requests',
    path: '/mailbox-requests',
    icon: 'MailQuestion',
    audience: [SUPER_ADMIN, SUB_ADMIN],
  },
  {
    key: 'address-list',
    label: 'Address List',
    path: '/address-list',
    icon: 'BookUser',
    audience: [SUPER_ADMIN, USER_SHIPMENT],
  },
  {
    key: 'analytics-reports',
    label: 'Analytics & Reports',
    path: '/analytics-reports',
    icon: 'ChartColumn',
    audience: [SUPER_ADMIN],
  },
  { key: 'my-invoices', label: 'My Invoices', path: '/my-invoices', icon: 'ReceiptText', audience: [SUB_ADMIN] },
  {
    key: 'invoices-billing',
    label: 'Invoices & Billing',
    path: '/invoices-billing',
    icon: 'FileText',
    audience: [SUPER_ADMIN, SUB_ADMIN, USER],
  },
  { key: 'payouts', label: 'Payouts', path: '/payouts', icon: 'Wallet', audience: [SUB_ADMIN] },
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
        audience: [SUPER_ADMIN, SUB_ADMIN],
      },
      {
        key: 'sub-admin-plans',
        label: 'Sub Admin Plans',
        path: '/configuration/sub-admin-plans',
        icon: 'Layers',
        audience: [SUPER_ADMIN],
      },
      {
        key: 'store',
        label: 'Store',
        path: '/configuration/store',
        icon: 'Store',
        audience: [SUPER_ADMIN, SUB_ADMIN],
      },
      {
        key: 'margin-discount',
        label: 'Margin & Discount',
        path: '/configuration/margin-discount',
        icon: 'Percent',
        audience: [SUPER_ADMIN],
      },
      {
        key: 'policy-terms',
        label: 'Policy & Terms',
        path: '/configuration/policy-terms',
        icon: 'ScrollText',
        audience: [SUB_ADMIN],
      },
      {
        key: 'account-setting',
        label: 'Account Setting',
        path: '/configuration/account-setting',
        icon: 'UserCog',
        audience: [SUB_ADMIN],
      },
      {
        key: 'setting',
        label: 'Setting',
        path: '/configuration/setting',
        icon: 'SlidersHorizontal',
        audience: [SUB_ADMIN],
      },
    ],
  },
  { key: 'packages', label: 'Packages', path: '/packages', icon: 'Package', audience: [USER_SHIPMENT] },
  { key: 'account-settings', label: 'Account Settings', path: '/account-settings', icon: 'UserCog', audience: [USER] },
  {
    key: 'payment-methods',
    label: 'Payment Methods',
    path: '/payment-methods',
    icon: 'CreditCard',
    audience: [SUB_ADMIN, USER],
  },
  { key: 'faqs', label: 'FAQs', path: '/faqs', icon: 'CircleHelp', audience: [SUPER_ADMIN] },
];

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

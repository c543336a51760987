import { describe, expect, it } from 'vitest';
import type { Viewer } from './access';
import { isSidebarGroup, sidebarFor, sidebarLabels } from './sidebar';

const superAdmin: Viewer = { role: 'SUPER_ADMIN', accountType: null };
const subAdmin: Viewer = { role: 'SUB_ADMIN', accountType: null, isSuperSubAdmin: false };
const superSubAdmin: Viewer = { role: 'SUB_ADMIN', accountType: null, isSuperSubAdmin: true };
const mailboxUser: Viewer = { role: 'USER', accountType: 'mailbox' };
const shipmentUser: Viewer = { role: 'USER', accountType: 'shipment' };
const bothUser: Viewer = { role: 'USER', accountType: 'both' };

describe('sidebar of spec 2.4', () => {
  it('gives the super admin every platform item and the Configuration group with its four children', () => {
    expect(sidebarLabels(superAdmin)).toEqual([
      'Dashboard',
      'Customers',
      'Sub Admins',
      'Shipments',
      'Shipping Requests',
      'Pickups',
      'Mailbox',
      'Mailbox Requests',
      'Address List',
      'Analytics & Reports',
      'Invoices & Billing',
      'Configuration',
      'Customer Plans',
      'Sub Admin Plans',
      'Store',
      'Margin & Discount',
      'FAQs',
      'Jobs',
    ]);
  });

  it('gives a sub-admin their reseller items, without Referred Clients unless flagged', () => {
    expect(sidebarLabels(subAdmin)).toEqual([
      'Dashboard',
      'Customers',
      'Mailbox',
      'Mailbox Requests',
      'My Invoices',
      'Invoices & Billing',
      'Payouts',
      'Configuration',
      'Customer Plans',
      'Store',
      'Policy & Terms',
      'Account Setting',
      'Setting',
      'Payment Methods',
    ]);
  });

  it('shows Referred Clients to a sub-admin flagged isSuperSubAdmin, right after Customers', () => {
    const labels = sidebarLabels(superSubAdmin);
    expect(labels.indexOf('Referred Clients')).toBe(labels.indexOf('Customers') + 1);
    expect(sidebarLabels(superAdmin)).not.toContain('Referred Clients');
  });

  it('gives a mailbox user Inbox, Archive and Trash and calls Invoices & Billing "Invoices"', () => {
    expect(sidebarLabels(mailboxUser)).toEqual([
      'Dashboard',
      'Inbox',
      'Archive',
      'Trash',
      'Invoices',
      'Account Settings',
      'Payment Methods',
    ]);
  });

  it('gives a shipment user shipments, pickups, address list and packages, and no Configuration group', () => {
    expect(sidebarLabels(shipmentUser)).toEqual([
      'Dashboard',
      'Shipments',
      'Pickups',
      'Address List',
      'Invoices',
      'Packages',
      'Account Settings',
      'Payment Methods',
    ]);
  });

  it('gives a user holding both profiles the items of both until a current profile narrows it', () => {
    const all = sidebarLabels(bothUser);
    for (const label of ['Inbox', 'Archive', 'Trash', 'Shipments', 'Pickups', 'Address List', 'Packages']) {
      expect(all).toContain(label);
    }
    const asMailbox = sidebarLabels({ ...bothUser, currentProfile: 'mailbox' });
    expect(asMailbox).toContain('Inbox');
    expect(asMailbox).not.toContain('Shipments');
    const asShipment = sidebarLabels({ ...bothUser, currentProfile: 'shipment' });
    expect(asShipment).toContain('Shipments');
    expect(asShipment).not.toContain('Inbox');
  });

  it('keeps a group only with its allowed children', () => {
    const group = sidebarFor(subAdmin).find(isSidebarGroup);
    expect(group?.children.map((c) => c.path)).toEqual([
      '/configuration/customer-plans',
      '/configuration/store',
      '/configuration/policy-terms',
      '/configuration/account-setting',
      '/configuration/setting',
    ]);
    expect(sidebarFor(mailboxUser).some(isSidebarGroup)).toBe(false);
  });

  it('links every visible item to its route', () => {
    const paths = sidebarFor(superAdmin).flatMap((e) => (isSidebarGroup(e) ? e.children.map((c) => c.path) : [e.path]));
    expect(paths).toContain('/analytics-reports');
    expect(paths).toContain('/configuration/margin-discount');
  });
});

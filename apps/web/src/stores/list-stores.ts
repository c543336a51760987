import { createListStore } from './create-list-store';

/** An entity of a paged list; every entity has an id (spec 3). */
export interface ListEntity {
  id: string;
  [key: string]: unknown;
}

/**
 * The list stores of spec 3. Features narrow the entity type when they are built; creating them all here
 * keeps the logout reset complete from day one.
 */
export const listStores = {
  customers: createListStore<ListEntity>('customers'),
  subAdmins: createListStore<ListEntity>('sub-admins'),
  shipments: createListStore<ListEntity>('shipments'),
  shippingRequests: createListStore<ListEntity>('shipping-requests'),
  mailboxRequests: createListStore<ListEntity>('mailbox-requests'),
  mailbox: createListStore<ListEntity>('mailbox'),
  invoiceBilling: createListStore<ListEntity>('invoice-billing'),
  myInvoices: createListStore<ListEntity>('my-invoices'),
  userMarginDiscount: createListStore<ListEntity>('user-margin-discount'),
  addresses: createListStore<ListEntity>('addresses'),
  packages: createListStore<ListEntity>('packages'),
  configurationStore: createListStore<ListEntity>('configuration-store'),
  plans: createListStore<ListEntity>('plans'),
  label: createListStore<ListEntity>('label'),
  inbox: createListStore<ListEntity>('inbox'),
  archive: createListStore<ListEntity>('archive'),
  trash: createListStore<ListEntity>('trash'),
  pickup: createListStore<ListEntity>('pickup'),
  referredClients: createListStore<ListEntity>('referred-clients'),
  notifications: createListStore<ListEntity>('notifications'),
  faqs: createListStore<ListEntity>('faqs'),
} as const;

/**
 * Facts the public pages state about the service, kept in one place so a copy change is one edit.
 * The store is where every customer's mailbox lives: a real Los Angeles street address, with the customer's own
 * PMB number (spec 9). It is the platform's own default store (the super admin's store in the demo data, see
 * apps/api/src/demo/administration.ts); keep the two in step. The phone number is in the 555-01xx block reserved for fiction until the real line exists.
 */
export const STORE = {
  name: 'Postwise Wilshire',
  street: '3600 Wilshire Blvd',
  city: 'Los Angeles',
  state: 'CA',
  zip: '90010',
  examplePmb: 'PMB 1042',
  hours: [
    { days: 'Monday to Friday', time: '9:00 am – 6:00 pm' },
    { days: 'Saturday', time: '10:00 am – 2:00 pm' },
  ],
} as const;

export const STORE_ADDRESS_LINE = `${STORE.street}, ${STORE.city}, ${STORE.state} ${STORE.zip}`;

/** The store on a map (opens the visitor's map service; nothing is embedded or fetched by the page). */
export const STORE_MAP_URL = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(STORE_ADDRESS_LINE)}`;

export const SUPPORT_PHONE = { display: '(213) 555-0126', href: 'tel:+12135550126' } as const;

/**
 * The mobile apps (spec 1). Store listings of native apps, when they exist: set at build time (`VITE_APP_STORE_URL`,
 * `VITE_PLAY_STORE_URL`). Without them the site shows how to install the web app instead of store buttons.
 */
export const APP_LINKS: { appStore: string | null; googlePlay: string | null } = {
  appStore: storeUrl(import.meta.env.VITE_APP_STORE_URL),
  googlePlay: storeUrl(import.meta.env.VITE_PLAY_STORE_URL),
};

function storeUrl(value: unknown): string | null {
  return typeof value === 'string' && /^https:\/\//.test(value) ? value : null;
}

/** Spec 1 and 9: what we advertise. */
export const SHIPPING_DISCOUNT = '70%';
export const TRACKING_SAVINGS = '80%';
/** Spec 9: names per mailbox plan (defined with the plan card lines in lib). */
export { NAMES_PER_PLAN } from '../../../lib/plan-features';

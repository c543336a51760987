/**
 * Public and guest pages prerendered at build time (docs/decisions/011-prerendering-compression-caching.md): what a logged-out
 * visitor sees before any data arrives. Pages whose first screen depends on a link's token or on what the
 * visitor typed on an earlier screen (verify, reset-password) stay client-rendered.
 *
 * Plain data: the prerender, the sitemap and the build's chunk grouping (scripts/chunk-groups.ts) read it too.
 */
export const PRERENDERED_ROUTE_IDS = [
  'home',
  'about',
  'contact',
  'mailbox-pricing',
  'help',
  'track',
  'policy-terms',
  'login',
  'register',
  'forgot-password',
] as const;

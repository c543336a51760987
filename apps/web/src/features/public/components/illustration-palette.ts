/**
 * The colours of the public pages' inline SVG illustrations (docs/design.md: nothing fetched). Each illustration is a
 * module of its own, so a page downloads only the one it shows. Decorative only: each is aria-hidden and the text
 * next to it says what it shows.
 */
export const NAVY = '#1e2a78';
export const NAVY_DARK = '#131b4d';
export const NAVY_SOFT = '#eceffc';
export const ORANGE = '#f97316';
export const ORANGE_DARK = '#c2410c';
export const ORANGE_SOFT = '#ffe3cf';
export const GREEN = '#15803d';
export const GREEN_SOFT = '#d9f2e3';
export const LINE = '#c9cfdc';

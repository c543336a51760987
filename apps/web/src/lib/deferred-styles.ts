/**
 * Prerendered public pages inline the CSS their markup uses and load the full stylesheet as `media="print"` with
 * `data-beasties-media` (scripts/prerender.ts), so it never blocks the first paint. This switches it on as the app
 * starts, before any screen the inline CSS does not cover can render. Done here rather than by an inline script,
 * which the CSP forbids.
 */
export function applyDeferredStylesheets(doc: Document = document): void {
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[data-beasties-media]')) {
    link.media = link.getAttribute('data-beasties-media') || 'all';
    link.removeAttribute('data-beasties-media');
  }
}

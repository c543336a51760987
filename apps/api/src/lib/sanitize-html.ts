import { createRequire } from 'node:module';

// xss is CommonJS whose named exports Node's ESM loader cannot see; require() reads them as typed.
const require = createRequire(import.meta.url);
const { FilterXSS, friendlyAttrValue, getDefaultWhiteList, safeAttrValue } = require('xss') as typeof import('xss');

// Formatting, lists, links, tables and images; no media, maps, forms, frames, scripts or styles.
const allowList = { ...getDefaultWhiteList() };
for (const tag of ['audio', 'video', 'area', 'font', 'center']) delete allowList[tag];
// No author-written rel: links that open a new tab get rel="noopener noreferrer" from us (see sanitizeHtml).
allowList.a = ['href', 'title', 'target'];

const SAFE_LINK = /^(https?:|mailto:|tel:|#)/i;
// Same-site images only (no tracking pixels or remote content in the platform's pages), or inline raster data.
const SAFE_IMAGE = /^data:image\/(png|jpeg|gif|webp);base64,/i;

/**
 * The URL as a browser reads it: entities decoded, and tabs, line breaks and other control characters gone
 * (browsers drop them anywhere in a URL, so `/\t/evil.example` is `//evil.example`).
 */
function browserUrl(value: string): string {
  // eslint-disable-next-line no-control-regex
  return friendlyAttrValue(value).replace(/[\u0000-\u0020\u007f]+/g, '');
}

/** A path on this site: one leading slash, not `//host` and not `/\host` (browsers read `\` as `/`). */
function isSitePath(url: string): boolean {
  return url.startsWith('/') && url[1] !== '/' && url[1] !== '\\';
}

function isSafeUrl(tag: string, name: string, value: string): boolean {
  const url = browserUrl(value);
  if (tag === 'img' && name === 'src') return isSitePath(url) || SAFE_IMAGE.test(url);
  return SAFE_LINK.test(url) || isSitePath(url);
}

const SRC_ATTR = /\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

const filter = new FilterXSS({
  allowList,
  // Tags outside the list are dropped (their text stays); script and style lose their content too.
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'svg', 'math'],
  allowCommentTag: false,
  css: false,
  safeAttrValue(tag, name, value, cssFilter) {
    const cleaned = safeAttrValue(tag, name, value, cssFilter);
    if (name === 'href' || name === 'src') {
      // Links: web, mail and phone, fragments and same-site paths, never protocol-relative (`//host`, `/\host`,
      // `\\host`) or javascript:/data:/vbscript:. Images: same-site or inline data only.
      return isSafeUrl(tag, name, value) ? cleaned : '';
    }
    if (name === 'target') return cleaned === '_blank' ? '_blank' : '';
    return cleaned;
  },
  onTag(tag, html, options) {
    // An image whose source is not allowed goes entirely (an empty src would still be an <img>).
    if (tag === 'img' && !options.isClosing) {
      const src = html.match(SRC_ATTR);
      if (!src || !isSafeUrl('img', 'src', src[1] ?? src[2] ?? src[3] ?? '')) return '';
    }
    // Never a rewritten copy of `html`: a string returned here replaces the tag unfiltered (attributes and all).
    return undefined;
  },
});

/**
 * Sanitizes rich HTML written by an account (Policy & Terms) before it is stored and again before it is
 * served: scripts, event handlers, styles, javascript:/data: links, protocol-relative links and remote images
 * never survive.
 */
export function sanitizeHtml(html: string): string {
  // The filter writes every kept attribute as name="value" (value escaped), so its own `target="_blank"` is the
  // only form left to find: each such link gets rel="noopener noreferrer" and cannot reach back to this page.
  return filter
    .process(html ?? '')
    .replace(/<a\s[^>]*\btarget="_blank"[^>]*>/gi, (tag) => tag.replace(/>$/, ' rel="noopener noreferrer">'))
    .trim();
}

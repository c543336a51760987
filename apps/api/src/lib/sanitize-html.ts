import { createRequire } from 'node:module';

// xss is CommonJS whose named exports Node's ESM loader cannot see; require() reads them as typed.
const require = createRequire(import.meta.url);
const { FilterXSS, getDefaultWhiteList, safeAttrValue } = require('xss') as typeof import('xss');

// Formatting, lists, links, tables and images; no media, maps, forms, frames, scripts or styles.
const allowList = { ...getDefaultWhiteList() };
for (const tag of ['audio', 'video', 'area', 'font', 'center']) delete allowList[tag];
allowList.a = ['href', 'title', 'target', 'rel'];

const SAFE_URL = /^(https?:|mailto:|tel:|#|\/(?!\/))/i;

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
      // Only web, mail and phone links, same-site paths and fragments: no javascript:, data: or vbscript:.
      return SAFE_URL.test(cleaned.trim()) ? cleaned : '';
    }
    if (name === 'target') return cleaned === '_blank' ? '_blank' : '';
    return cleaned;
  },
  onTag(tag, html, options) {
    // A link that opens a new tab must not hand the opener to the other site.
    if (tag === 'a' && !options.isClosing && /\starget\s*=\s*"?_blank/i.test(html) && !/\srel=/i.test(html)) {
      return html.replace(/>$/, ' rel="noopener noreferrer">');
    }
    return undefined;
  },
});

/**
 * Sanitizes rich HTML written by an account (Policy & Terms) before it is stored and again before it is
 * served: scripts, event handlers, styles and javascript:/data: URLs never survive.
 */
export function sanitizeHtml(html: string): string {
  return filter.process(html ?? '').trim();
}

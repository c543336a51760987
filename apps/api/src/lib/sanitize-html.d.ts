/**
 * Sanitizes rich HTML written by an account (Policy & Terms) before it is stored and again before it is
 * served: scripts, event handlers, styles, javascript:/data: links, protocol-relative links and remote images
 * never survive.
 */
export declare function sanitizeHtml(html: string): string;

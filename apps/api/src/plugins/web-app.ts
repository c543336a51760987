import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ApiFailure } from '@postwise/shared/api-types';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { API_ERROR_CODES } from '../lib/errors';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';

const NO_CACHE = 'no-cache';
// Vite fingerprints everything under /assets, so those files never change under the same name.
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Any casing: `/API/v1/x` is a mistyped API call, never a screen. */
function isApiPath(urlPath: string): boolean {
  const path = urlPath.toLowerCase();
  return path === '/api' || path.startsWith('/api/');
}

/** A path whose last segment has an extension asks for a file, not a screen: a miss is a 404, not the SPA. */
function looksLikeFile(urlPath: string): boolean {
  return /\.[a-z0-9]+$/i.test(urlPath.split('/').pop() ?? '');
}

/**
 * The service worker script: its own response headers set the worker's policy (the CSP), as a document's do, and
 * it must be revalidated on every visit so an update is found (docs/decisions, "installable web app").
 */
const SERVICE_WORKER = 'sw.js';

/** Files the browser runs or renders as a page: they keep the document policy (CSP, framing, referrer...). */
function isDocument(relative: string): boolean {
  return relative.endsWith('.html') || relative === SERVICE_WORKER;
}

/**
 * Only the headers a static file needs: a hashed asset never revalidates (no ETag, Last-Modified) and is never
 * logged (no request id), and a script, stylesheet, font or image carries no document policy. A public page's
 * ten or so scripts each went out with about 1 KB of headers before.
 */
function trimStaticHeaders(reply: FastifyReply, relative: string): void {
  if (relative.startsWith('assets/')) {
    reply.removeHeader('etag');
    reply.removeHeader('last-modified');
    reply.removeHeader('x-request-id');
    // Small scripts and styles are never fetched in ranges; and built files are public by nature, so the
    // cross-origin read protection that guards API answers protects nothing here.
    reply.removeHeader('accept-ranges');
    reply.removeHeader('cross-origin-resource-policy');
  }
  if (!isDocument(relative)) for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
}

/** The prerendered pages of a build: `<path>/index.html` files (home is the top index.html), outside /assets. */
export function prerenderedPaths(webDistDir: string): string[] {
  const found: string[] = [];
  const walk = (dir: string, urlPath: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && entry.name !== 'assets') walk(path.join(dir, entry.name), `${urlPath}${entry.name}/`);
      else if (entry.name === 'index.html') found.push(urlPath === '/' ? '/' : urlPath.slice(0, -1));
    }
  };
  walk(webDistDir, '/');
  return found.sort();
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** sitemap.xml of the prerendered public pages; the protocol wants absolute URLs, so they start with PUBLIC_URL. */
export function sitemapXml(publicUrl: string, paths: readonly string[]): string {
  const origin = publicUrl.replace(/\/+$/, '');
  const urls = paths.map((p) => `  <url><loc>${escapeXml(`${origin}${p}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** robots.txt: crawl the site, not the API or the development tools; where the sitemap is. */
export function robotsTxt(publicUrl: string): string {
  const origin = publicUrl.replace(/\/+$/, '');
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /dev/',
    'Allow: /',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

/** Generated once at start; crawlers may keep them for an hour. */
const CRAWLER_FILE_CACHE = 'public, max-age=3600';

export interface WebAppOptions {
  webDistDir: string;
  /** PUBLIC_URL: the origin the sitemap's and robots.txt's absolute addresses start with. */
  publicUrl?: string;
}

/**
 * Serves the built SPA (when WEB_DIST_DIR holds one): the public pages' prerendered HTML at their paths, and
 * the empty shell (spa.html) for every other screen path, so deep links like /inbox survive a reload.
 * Files go out precompressed; hashed assets are cached for a year, HTML is revalidated on every visit.
 * Unknown /api paths get the JSON 404 envelope.
 */
export const webApp = fp<WebAppOptions>(
  async (app, { webDistDir, publicUrl = app.config.publicUrl }) => {
    const hasSpa = existsSync(path.join(webDistDir, 'index.html'));
    // The build writes the empty shell to spa.html and the prerendered home page to index.html; an older
    // build without prerendering has only index.html.
    const spaShell = existsSync(path.join(webDistDir, 'spa.html')) ? 'spa.html' : 'index.html';
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: webDistDir,
        prefix: '/',
        // The build stores a .br and a .gz next to each file; the best one the browser accepts goes out as is.
        preCompressed: true,
        // A prerendered page is <path>/index.html: /about is answered with about/index.html, no redirect.
        redirect: false,
        cacheControl: false,
        setHeaders(reply, filePath) {
          // The stored .br/.gz copy's path: the headers depend on the file it stands for.
          const relative = path
            .relative(webDistDir, filePath)
            .split(path.sep)
            .join('/')
            .replace(/\.(br|gz)$/, '');
          reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
          trimStaticHeaders(reply, relative);
        },
      });
      const sitemap = sitemapXml(publicUrl, prerenderedPaths(webDistDir));
      const robots = robotsTxt(publicUrl);
      app.get('/sitemap.xml', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', CRAWLER_FILE_CACHE).type('application/xml; charset=utf-8').send(sitemap),
      );
      app.get('/robots.txt', { schema: { hide: true } }, (_request, reply) =>
        reply.header('cache-control', CRAWLER_FILE_CACHE).type('text/plain; charset=utf-8').send(robots),
      );
    } else {
      app.log.warn({ webDistDir }, 'web app not built: only the API is served (run npm run build)');
    }

    app.setNotFoundHandler((request, reply) => {
      const urlPath = request.url.split('?')[0] ?? '/';
      const isRead = request.method === 'GET' || request.method === 'HEAD';
      if (hasSpa && isRead && !isApiPath(urlPath) && !looksLikeFile(urlPath)) {
        return reply.header('cache-control', NO_CACHE).type('text/html').sendFile(spaShell);
      }
      const body: ApiFailure = {
        isSuccess: false,
        message: `Route ${request.method} ${urlPath} not found`,
        code: API_ERROR_CODES.NOT_FOUND,
      };
      return reply.code(404).send(body);
    });
  },
  { name: 'web-app', dependencies: ['app-context'] },
);

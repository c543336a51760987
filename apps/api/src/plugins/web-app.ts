import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { ApiFailure } from '@postwise/shared/api-types';
import fp from 'fastify-plugin';
import { API_ERROR_CODES } from '../lib/errors';

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

export interface WebAppOptions {
  webDistDir: string;
}

/**
 * Serves the built SPA (when WEB_DIST_DIR holds one): the public pages' prerendered HTML at their paths, and
 * the empty shell (spa.html) for every other screen path, so deep links like /inbox survive a reload.
 * Files go out precompressed; hashed assets are cached for a year, HTML is revalidated on every visit.
 * Unknown /api paths get the JSON 404 envelope.
 */
export const webApp = fp<WebAppOptions>(
  async (app, { webDistDir }) => {
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
          const relative = path.relative(webDistDir, filePath).split(path.sep).join('/');
          reply.header('cache-control', relative.startsWith('assets/') ? IMMUTABLE : NO_CACHE);
        },
      });
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
  { name: 'web-app' },
);

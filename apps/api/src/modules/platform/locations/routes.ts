import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { LOCATION_LISTS } from './build-lists';
import { preferredEncoding } from './preferred-encoding';
import { locationList } from './service';

const LIST_ITEMS = {
  countries: z.object({ name: z.string() }),
  states: z.object({ name: z.string(), country_name: z.string() }),
  cities: z.object({ name: z.string(), state_name: z.string() }),
} as const;

// The dataset changes only with a package upgrade; a day of caching plus the ETag keeps reloads cheap.
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/**
 * /json/countries.json, /json/states.json, /json/cities.json (spec 3, 7): lists built and compressed once by
 * `npm run build`; each request picks the brotli, gzip or plain copy the client accepts.
 */
export const locationsRoutes: FastifyPluginAsync = async (app) => {
  for (const list of LOCATION_LISTS) {
    app.get(
      `/json/${list}.json`,
      {
        schema: {
          tags: ['locations'],
          summary: `Location list: ${list}`,
          description: 'A plain JSON array (not the envelope), cached for a day and revalidated by ETag.',
          response: {
            // The body is sent pre-serialized (and pre-compressed): these schemas only document it.
            200: {
              description: `Every ${list.replace(/s$/, '').replace(/ie$/, 'y')} of the list`,
              content: { 'application/json': { schema: z.array(LIST_ITEMS[list]) } },
            },
            304: z.null().meta({ description: 'Not modified: the copy the client holds (If-None-Match) is current' }),
          },
        },
      },
      async (request, reply) => {
        const file = locationList(list);
        reply
          .header('cache-control', CACHE_CONTROL)
          .header('etag', file.etag)
          .header('vary', 'accept-encoding')
          .type('application/json; charset=utf-8');
        if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
        const encoding = preferredEncoding(request.headers['accept-encoding']);
        if (encoding === 'br') return reply.header('content-encoding', 'br').send(file.br);
        if (encoding === 'gzip') return reply.header('content-encoding', 'gzip').send(file.gzip);
        return reply.send(file.json);
      },
    );
  }
};

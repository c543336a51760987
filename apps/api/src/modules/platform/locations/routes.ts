import type { FastifyPluginAsync } from 'fastify';
import { LOCATION_LISTS } from './build-lists';
import { preferredEncoding } from './preferred-encoding';
import { locationList } from './service';

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
          description:
            list === 'countries'
              ? 'Array of { name }'
              : list === 'states'
                ? 'Array of { name, country_name }'
                : 'Array of { name, state_name }',
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

import type { FastifyPluginAsync } from 'fastify';
import { type LocationList, locationList } from './service';

// The dataset changes only with a package upgrade; a day of caching plus the ETag keeps reloads cheap.
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800';

/** /json/countries.json, /json/states.json, /json/cities.json (spec 3, 7): static lists, gzip when accepted. */
export const locationsRoutes: FastifyPluginAsync = async (app) => {
  for (const list of ['countries', 'states', 'cities'] as const satisfies readonly LocationList[]) {
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
        const { json, gzip, etag } = await locationList(list);
        reply
          .header('cache-control', CACHE_CONTROL)
          .header('etag', etag)
          .header('vary', 'accept-encoding')
          .type('application/json; charset=utf-8');
        if (request.headers['if-none-match'] === etag) return reply.code(304).send();
        const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        if (acceptsGzip) return reply.header('content-encoding', 'gzip').send(gzip);
        return reply.send(json);
      },
    );
  }
};

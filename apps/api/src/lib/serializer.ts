import { isDeepStrictEqual } from 'node:util';
import fastJson, { type Schema } from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isPageSchema } from './envelope';

type ZodSerializerRoute = Parameters<typeof zodSerializerCompiler>[0];

/**
 * `anyOf: [X, { type: 'null' }]` (zod's nullable) as `X` with `null` among its types: the compiled serializer
 * writes such a field directly instead of trying each branch at run time.
 */
function simplifyNullable(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplifyNullable);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplifyNullable(value);
  const anyOf = out.anyOf as Record<string, unknown>[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((branch) => branch.type === 'null' && Object.keys(branch).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !('anyOf' in other) && !('oneOf' in other)) {
      const { anyOf: _anyOf, ...rest } = out;
      return { ...rest, ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * The response serializer: zod encodes and checks every answer against its route's schema, except the paged lists
 * (`pageSchema`), whose answers are written by fast-json-stringify compiled from the same schema (only the
 * declared fields, like zod's encode). On a list page of wide rows, zod's encode was about a tenth of the API's
 * CPU (docs/benchmarks.md). Outside production each paged answer is also encoded by zod, which still rejects an
 * answer off its schema, and the two writings must agree: a schema the compiled serializer reads differently fails
 * the tests that reach it.
 */
export function responseSerializer(options: { checkAgainstZod: boolean }): FastifySerializerCompiler<unknown> {
  return (route) => {
    const zodWrite = zodSerializerCompiler(route as ZodSerializerRoute);
    if (!isPageSchema(route.schema)) return zodWrite;
    const jsonSchema = simplifyNullable(
      z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }),
    ) as Schema;
    const write = fastJson(jsonSchema);
    if (!options.checkAgainstZod) return (data) => write(data);
    return (data) => {
      const checked = zodWrite(data);
      const written = write(data);
      if (!isDeepStrictEqual(JSON.parse(written), JSON.parse(checked))) {
        throw new Error(`The compiled serializer of ${route.method} ${route.url} wrote ${written}, zod ${checked}`);
      }
      return written;
    };
  };
}

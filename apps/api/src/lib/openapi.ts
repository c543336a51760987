import { z } from 'zod';

/**
 * Route-schema helpers for what the OpenAPI document cannot learn from a zod schema: answers that are files or
 * streams, and request bodies a handler reads itself (multipart). The document is assembled in
 * plugins/openapi.ts; these only describe.
 */

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Request bodies the handler reads itself (multipart parts, or JSON parsed by the handler), by content type.
     * Documented only: Fastify does not validate them (a `body` schema would reject a multipart request).
     */
    documentedBody?: Record<string, z.ZodType>;
  }
}

/** A file part of a multipart body. */
export function filePart(description: string) {
  return z.string().meta({ format: 'binary', description });
}

/**
 * A `multipart/form-data` body with text fields and file parts, for `schema.documentedBody`.
 * Text fields are strings on the wire whatever the handler parses them to.
 */
export function multipartBody(shape: z.ZodRawShape, description?: string) {
  const schema = z.object(shape);
  return { 'multipart/form-data': description ? schema.meta({ description }) : schema };
}

/**
 * An answer that is not the JSON envelope (a PDF, CSV, ZIP, image, event stream), for `schema.response`.
 * Fastify sends buffers, streams and strings as they are, so the schema only documents the content types.
 */
export function fileAnswer(description: string, contentTypes: readonly string[]) {
  return {
    description,
    content: Object.fromEntries(
      contentTypes.map((type) => [
        type,
        // z.any(): the handler sends a Buffer, stream or string; the meta is what the document shows.
        { schema: z.any().meta(type.startsWith('text/') ? { type: 'string' } : { type: 'string', format: 'binary' }) },
      ]),
    ),
  };
}

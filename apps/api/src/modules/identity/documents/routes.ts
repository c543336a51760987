import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { extensionOf } from '../../../integrations/storage/upload-check';
import { failures } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';
import { actorOf } from '../access/authentication';
import { requireAudience } from '../access/authorization';
import { readDocument } from './service';

export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/documents/:documentId/file',
    {
      onRequest: [requireAudience('account.self')],
      schema: {
        tags: ['documents'],
        summary: 'The file of an uploaded ID (owner, super admin, or the responsible sub-admin only)',
        description:
          'Streams the stored file with the content type detected at upload. Never public: every read checks who is asking.',
        security: [{ accessToken: [] }],
        params: z.object({ documentId: z.uuid('Document id is invalid.') }),
        response: {
          200: fileAnswer('The file as uploaded (image or PDF)', [
            'image/jpeg',
            'image/png',
            'image/webp',
            'image/gif',
            'application/pdf',
          ]),
          ...failures(401, 403, 404, 422),
        },
      },
    },
    async (request, reply) => {
      const { row, file } = await readDocument(app.db, app.storage, actorOf(request), request.params.documentId);
      const ext = extensionOf(row.contentType);
      return (
        reply
          .header('content-type', row.contentType)
          .header('content-length', String(file.body.length))
          .header('content-disposition', `inline; filename="${row.kind}.${ext}"`)
          // Opened in a tab, the file can run nothing and reach nothing of the app.
          .header('content-security-policy', "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'")
          .send(file.body)
      );
    },
  );
};

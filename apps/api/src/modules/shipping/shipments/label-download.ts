import { z } from 'zod';
import { failures } from '../../../lib/envelope';
import { fileAnswer } from '../../../lib/openapi';

/**
 * The query and answers of every route that downloads a 4×6 label (a shipment's, a mail forward's): PDF by default,
 * or ZPL for thermal printers.
 */
export const labelDownloadSchema = {
  querystring: z.object({
    format: z.enum(['pdf', 'zpl'], { error: "Format must be 'pdf' or 'zpl'" }).default('pdf'),
  }),
  response: {
    200: fileAnswer('The label: PDF, or ZPL with format=zpl', ['application/pdf', 'application/zpl']),
    ...failures(401, 403, 404, 409, 422, 503),
  },
};

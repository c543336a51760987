import type { Notification } from '@postwise/shared/mail-api';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';

export const notificationSchema = z
  .object({
    id: z.string(),
    kind: z.enum([
      'new_mail',
      'scan_ready',
      'request_completed',
      'quote_changed',
      'fees_soon',
      'shipment_update',
      'pickup_locked',
      'invoice_due',
    ]),
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    mailItemId: z.string().nullable(),
    readAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });

const checks: [Same<z.output<typeof notificationSchema>, Notification>] = [true];
void checks;

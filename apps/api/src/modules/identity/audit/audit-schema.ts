import type { AuditEntry } from '@postwise/shared/admin';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';
import { userRefSchema } from '../users/managed-user-schema';

export const auditEntrySchema = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: userRefSchema.nullable(),
    actingAs: userRefSchema.nullable(),
    targetType: z.string().nullable(),
    targetId: z.string().nullable(),
    details: z.record(z.string(), z.unknown()).nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEntry' });

const matches: Same<z.output<typeof auditEntrySchema>, AuditEntry> = true;
void matches;

import type { PageQuery } from '@postwise/shared/schemas/paging';
import { desc, eq } from 'drizzle-orm';
import { paged } from '../../../db/paging';
import { users, type Actor } from '../../identity';
import { scanForms } from '../schema/scan-forms';
import { seesAllShipments, shownCustomer } from '../shipments/shipper-access';
import { type ScanFormContext, toScanFormDto } from './scan-form-records';

/**
 * GET shipments/scan-forms: the caller's SCAN forms (the super admin: everyone's, each with its customer), newest
 * first, paged in SQL on scan_forms_user_created_at_idx / scan_forms_created_at_idx.
 */
export function listScanForms(ctx: ScanFormContext, actor: Actor, page: PageQuery) {
  const all = seesAllShipments(actor);
  const where = all ? undefined : eq(scanForms.userId, actor.userId);
  return paged({
    page,
    rows: (limit, offset) =>
      ctx.db
        .select({ form: scanForms, fullName: users.fullName, email: users.email })
        .from(scanForms)
        .leftJoin(users, eq(users.id, scanForms.userId))
        .where(where)
        .orderBy(desc(scanForms.createdAt), desc(scanForms.id))
        .limit(limit)
        .offset(offset),
    count: () => ctx.db.$count(scanForms, where),
    map: ({ form, fullName, email }) => toScanFormDto(form, shownCustomer(actor, form.userId, fullName, email)),
  });
}

import { SCAN_FORM_MESSAGES } from '@postwise/shared/schemas/scan-forms';
import { eq } from 'drizzle-orm';
import { appError, conflict } from '../../../lib/errors';
import type { Actor } from '../../identity';
import { scanForms } from '../schema/scan-forms';
import { resumeScanForm } from './create-scan-form';
import { findVisibleScanForm, type ScanFormContext, scanFormFileKey } from './scan-form-records';

const UNAVAILABLE = "The carrier's SCAN form cannot be fetched right now. Please try again in a minute.";

/**
 * GET shipments/scan-forms/{id}/file: the form's PDF from file storage, or, when the carrier was still making it
 * (or storing it failed), fetched from the carrier now and kept; a form whose request stopped before the carrier
 * answered is asked for now. 409 while the carrier has not made it yet.
 */
export async function scanFormFile(ctx: ScanFormContext, actor: Actor, id: string) {
  let row = await findVisibleScanForm(ctx.db, actor, id);
  if (!row.providerFormId) {
    // The request that started it stopped before the carrier answered: asking now finishes it.
    await resumeScanForm(ctx, row, null);
    row = await findVisibleScanForm(ctx.db, actor, id);
  }
  if (row.fileKey) {
    const stored = await ctx.storage.get(row.fileKey);
    if (stored) return { row, body: stored.body };
  }
  if (!row.providerFormId) throw conflict(SCAN_FORM_MESSAGES.stillCreating);
  const adapter = await ctx.carriers.byProvider(ctx.db, row.provider);
  if (!adapter) throw appError('SERVICE_UNAVAILABLE', UNAVAILABLE);
  let pdf: Buffer | null;
  try {
    pdf = await adapter.scanFormFile(row.providerFormId);
  } catch (err) {
    ctx.log.warn({ err, scanFormId: row.id }, 'SCAN form fetch failed');
    throw appError('SERVICE_UNAVAILABLE', UNAVAILABLE);
  }
  if (!pdf) throw conflict(SCAN_FORM_MESSAGES.stillCreating);
  const key = scanFormFileKey(row.id);
  await ctx.storage.put(key, pdf, 'application/pdf');
  await ctx.db.update(scanForms).set({ fileKey: key, status: 'created' }).where(eq(scanForms.id, row.id));
  return { row, body: pdf };
}

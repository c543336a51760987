import { createHash } from 'node:crypto';
import {
  type CreateScanFormInput,
  SCAN_FORM_MAX_LABELS,
  SCAN_FORM_MESSAGES,
  type ScanFormDto,
} from '@postwise/shared/schemas/scan-forms';
import type { ShipmentCustomerDto } from '@postwise/shared/schemas/shipping-dto';
import { and, desc, eq, inArray, lt } from 'drizzle-orm';
import { CarrierError } from '../../../integrations/carriers/carrier-adapter';
import { appError, notFound, validationFailed } from '../../../lib/errors';
import { users, type Actor } from '../../identity';
import { type ScanFormRow, scanForms, scanFormShipments } from '../schema/scan-forms';
import { type ShipmentRow, shipments } from '../schema/shipments';
import { parcelTrackingNumbersOf, SHIPMENT_NOT_FOUND_MESSAGE } from '../shipments/shipment-records';
import { seesAllShipments } from '../shipments/shipper-access';
import { eligibleRows, NOT_SHIPPABLE } from './eligible-shipments';
import {
  addressKeyOf,
  dayOf,
  SCAN_FORM_CARRIER,
  type ScanFormContext,
  scanFormFileKey,
  toScanFormDto,
} from './scan-form-records';

/** How long a request that started asking the carrier is left alone before a retry may ask again (it crashed). */
const CLAIM_MS = 2 * 60_000;

const isUniqueViolation = (e: unknown) => {
  const err = e as { code?: string; cause?: { code?: string } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
};

/** The same labels asked for again are the same request, whatever their order. */
const requestKeyOf = (ids: string[]) =>
  createHash('sha256')
    .update([...ids].sort().join(','))
    .digest('hex');

export interface CreatedScanForm {
  form: ScanFormDto;
  /** False when an earlier identical request had made it: the answer is that form (no second one). */
  created: boolean;
}

async function customerOf(ctx: ScanFormContext, actor: Actor, userId: string | null) {
  if (!seesAllShipments(actor) || !userId) return null;
  const [u] = await ctx.db
    .select({ fullName: users.fullName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return u ? { id: userId, fullName: u.fullName ?? '', email: u.email } : null;
}

/** What a form's labels must be: USPS, bought and not voided, of the chosen day, from one place, of one account. */
function checkLabels(rows: ShipmentRow[], date: string) {
  if (rows.length > SCAN_FORM_MAX_LABELS) throw validationFailed(SCAN_FORM_MESSAGES.tooMany);
  if (rows.some((s) => s.carrier !== SCAN_FORM_CARRIER)) throw validationFailed(SCAN_FORM_MESSAGES.notUsps);
  if (
    rows.some(
      (s) =>
        (NOT_SHIPPABLE as readonly string[]).includes(s.status) ||
        !s.carrierTrackingNumber ||
        !s.provider ||
        s.voidedAt,
    )
  ) {
    throw validationFailed(SCAN_FORM_MESSAGES.notBought);
  }
  if (rows.some((s) => dayOf(s.createdAt) !== date)) throw validationFailed(SCAN_FORM_MESSAGES.otherDay);
  const keys = new Set(rows.map((s) => addressKeyOf(s.userId, s.sender)));
  // Labels of two accounts never share a form either: their key differs by owner.
  if (keys.size > 1) throw validationFailed(SCAN_FORM_MESSAGES.otherAddress);
  // The carrier account that sold the labels makes the form (the sandbox cannot put EasyPost's labels on one).
  if (new Set(rows.map((s) => s.provider)).size > 1) throw validationFailed(SCAN_FORM_MESSAGES.otherAccount);
}

/** The labels a request names, as the caller may see them; another customer's are not found. */
async function chosenLabels(ctx: ScanFormContext, actor: Actor, input: CreateScanFormInput): Promise<ShipmentRow[]> {
  if (input.shipmentIds?.length) {
    const ids = [...new Set(input.shipmentIds)];
    const rows = await ctx.db
      .select()
      .from(shipments)
      .where(
        seesAllShipments(actor)
          ? inArray(shipments.id, ids)
          : and(inArray(shipments.id, ids), eq(shipments.userId, actor.userId)),
      );
    if (rows.length !== ids.length) throw notFound(SHIPMENT_NOT_FOUND_MESSAGE);
    return rows;
  }
  const rows = await eligibleRows(ctx.db, actor, input.date);
  return rows.map((r) => r.shipment).filter((s) => addressKeyOf(s.userId, s.sender) === input.addressKey);
}

/**
 * POST shipments/scan-forms: the SCAN form of a day's USPS labels from one address. The form's row and its claim
 * on each label (scan_form_shipments: a label on one form only) are committed first; the carrier is asked after,
 * with no transaction open, and its answer recorded. The same request again answers the form it made.
 */
export async function createScanForm(
  ctx: ScanFormContext,
  actor: Actor,
  input: CreateScanFormInput,
): Promise<CreatedScanForm> {
  const labels = await chosenLabels(ctx, actor, input);
  if (labels.length === 0) {
    // Nothing waits from that address: a retry of a request that made its form gets that form back.
    const [earlier] = await ctx.db
      .select()
      .from(scanForms)
      .where(
        and(
          eq(scanForms.addressKey, input.addressKey ?? ''),
          eq(scanForms.shipDate, input.date),
          ...(seesAllShipments(actor) ? [] : [eq(scanForms.userId, actor.userId)]),
        ),
      )
      .orderBy(desc(scanForms.createdAt))
      .limit(1);
    if (earlier)
      return { form: await resumeScanForm(ctx, earlier, await customerOf(ctx, actor, earlier.userId)), created: false };
    throw validationFailed(SCAN_FORM_MESSAGES.noneWaiting);
  }
  checkLabels(labels, input.date);
  const owner = labels[0]!.userId;
  const requestKey = requestKeyOf(labels.map((s) => s.id));
  const customer = await customerOf(ctx, actor, owner);

  const byRequest = async () =>
    (
      await ctx.db
        .select()
        .from(scanForms)
        .where(and(eq(scanForms.requestKey, requestKey), owner ? eq(scanForms.userId, owner) : undefined))
    )[0];

  let row = await byRequest();
  if (!row) {
    const onForm = await ctx.db
      .select({ id: scanFormShipments.shipmentId })
      .from(scanFormShipments)
      .where(
        inArray(
          scanFormShipments.shipmentId,
          labels.map((s) => s.id),
        ),
      )
      .limit(1);
    if (onForm.length) throw validationFailed(SCAN_FORM_MESSAGES.alreadyOnForm);
    try {
      row = await ctx.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(scanForms)
          .values({
            userId: owner,
            carrier: SCAN_FORM_CARRIER,
            provider: labels[0]!.provider!,
            fromAddress: labels[0]!.sender,
            addressKey: addressKeyOf(owner, labels[0]!.sender),
            shipDate: input.date,
            trackingNumbers: labels.flatMap(parcelTrackingNumbersOf),
            shipmentIds: labels.map((s) => s.id),
            packageCount: labels.reduce((n, s) => n + parcelTrackingNumbersOf(s).length, 0),
            requestKey,
            claimedAt: ctx.now(),
            createdAt: ctx.now(),
          })
          .returning();
        await tx.insert(scanFormShipments).values(labels.map((s) => ({ shipmentId: s.id, scanFormId: inserted!.id })));
        return inserted!;
      });
      return { form: await askCarrier(ctx, row, labels, customer), created: true };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // A concurrent identical request got there first (its form is answered below), or another form took a label.
      row = await byRequest();
      if (!row) throw validationFailed(SCAN_FORM_MESSAGES.alreadyOnForm);
    }
  }
  // An identical request made (or is making) this form.
  return { form: await resumeScanForm(ctx, row, customer), created: false };
}

/**
 * A form an earlier request made or started: answered as it stands, unless that request stopped before the carrier
 * answered (still `creating` with no carrier id after CLAIM_MS, e.g. the process crashed): then this one claims it
 * and asks the carrier for it. A request still within CLAIM_MS is left alone, so the carrier is asked once.
 */
export async function resumeScanForm(
  ctx: ScanFormContext,
  row: ScanFormRow,
  customer: ShipmentCustomerDto | null,
): Promise<ScanFormDto> {
  if (row.status === 'created' || row.providerFormId) return toScanFormDto(row, customer);
  const stale = new Date(ctx.now().getTime() - CLAIM_MS);
  const [reclaimed] = await ctx.db
    .update(scanForms)
    .set({ claimedAt: ctx.now() })
    .where(and(eq(scanForms.id, row.id), lt(scanForms.claimedAt, stale)))
    .returning();
  if (!reclaimed) return toScanFormDto(row, customer);
  const labels = await ctx.db.select().from(shipments).where(inArray(shipments.id, reclaimed.shipmentIds));
  // The carrier is given the labels in the order the form lists them.
  labels.sort((a, b) => reclaimed.shipmentIds.indexOf(a.id) - reclaimed.shipmentIds.indexOf(b.id));
  return askCarrier(ctx, reclaimed, labels, customer);
}

/**
 * Asks the carrier that sold the labels for the form (no transaction open), keeps its PDF in file storage and
 * records the answer. A refusal releases the labels (the claimed row is deleted) and answers the carrier's reason.
 */
async function askCarrier(
  ctx: ScanFormContext,
  row: ScanFormRow,
  labels: ShipmentRow[],
  customer: ShipmentCustomerDto | null,
): Promise<ScanFormDto> {
  const release = () => ctx.db.delete(scanForms).where(eq(scanForms.id, row.id));
  const adapter = await ctx.carriers.byProvider(ctx.db, row.provider);
  if (!adapter) {
    await release();
    throw appError('SERVICE_UNAVAILABLE', 'SCAN forms from this carrier account are not available right now.');
  }
  let made;
  try {
    made = await adapter.createScanForm({
      carrier: row.carrier,
      fromAddress: {
        ...row.fromAddress,
        companyName: row.fromAddress.companyName ?? null,
        line2: row.fromAddress.line2 ?? null,
        phone: row.fromAddress.phone ?? null,
        email: row.fromAddress.email ?? null,
      },
      shipDate: row.shipDate,
      providerShipmentIds: labels.map((s) => s.providerShipmentId).filter((id): id is string => !!id),
      trackingNumbers: row.trackingNumbers,
    });
  } catch (err) {
    await release();
    if (err instanceof CarrierError) throw validationFailed(err.message);
    throw err;
  }
  let fileKey: string | null = null;
  if (made.pdf) {
    try {
      await ctx.storage.put(scanFormFileKey(row.id), made.pdf, 'application/pdf');
      fileKey = scanFormFileKey(row.id);
    } catch (err) {
      // The carrier keeps the form: the download fetches it again.
      ctx.log.warn({ err, scanFormId: row.id }, 'SCAN form file not stored; fetched on download');
    }
  }
  const [updated] = await ctx.db
    .update(scanForms)
    .set({
      providerFormId: made.providerFormId,
      status: fileKey || made.status === 'created' ? 'created' : 'creating',
      fileKey,
      trackingNumbers: made.trackingNumbers.length ? made.trackingNumbers : row.trackingNumbers,
    })
    .where(eq(scanForms.id, row.id))
    .returning();
  return toScanFormDto(updated!, customer);
}

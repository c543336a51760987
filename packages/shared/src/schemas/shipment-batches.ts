import { z } from 'zod';
import { PACKAGE_TYPES, PAYMENT_CHOICES } from './shipping';

/**
 * Batches: many labels from one CSV (POST shipments/batches, form field `media`). Each row is checked with the
 * wizard's own schemas (addresses, package) and rated with its service choice; the valid rows are bought in one
 * action, one ledger charge per row.
 */

export const BATCH_MAX_ROWS = 500;
export const BATCH_MAX_BYTES = 1024 * 1024;

/** The row's service choice: the cheapest rate, or the one that arrives first. */
export const BATCH_SERVICES = ['cheapest', 'fastest'] as const;
export type BatchService = (typeof BATCH_SERVICES)[number];

/** The template's columns, in order: the receiver, the parcel, the service choice and the customer's reference. */
export const BATCH_COLUMNS = [
  'receiverName',
  'receiverCompany',
  'receiverLine1',
  'receiverLine2',
  'receiverCity',
  'receiverState',
  'receiverZipCode',
  'receiverCountry',
  'receiverPhone',
  'receiverEmail',
  'packageType',
  'length',
  'width',
  'height',
  'dimensionUnit',
  'weight',
  'weightUnit',
  'service',
  'reference',
] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];
export const BATCH_REQUIRED_COLUMNS = [
  'receiverName',
  'receiverLine1',
  'receiverCity',
  'receiverZipCode',
  'length',
  'width',
  'height',
  'weight',
] as const satisfies readonly BatchColumn[];

/** The template to download: the header and one example row. */
export const BATCH_TEMPLATE =
  `${BATCH_COLUMNS.join(',')}\r\n` +
  `Marcus Bell,,2207 E Cesar Chavez St,,Austin,TX,78702,US,5125550148,,${PACKAGE_TYPES[0]},10,8,4,in,2.5,lb,cheapest,ORDER-1001\r\n`;

export const BATCH_MESSAGES = {
  fileRequired: 'Attach the CSV file in the media field',
  tooLarge: `The CSV must be ${BATCH_MAX_BYTES / (1024 * 1024)} MB or smaller`,
  empty: 'The CSV has no shipment rows',
  tooManyRows: `The CSV has more than ${BATCH_MAX_ROWS} shipment rows: split it into smaller files`,
  missingColumns: (columns: readonly string[]) =>
    `The CSV has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''} (download the template)`,
  noSender: 'Add a sender address to your address list (or choose one) before uploading a batch',
  senderNotFound: 'Sender address not found',
  service: "Service must be 'cheapest' or 'fastest'",
  international: 'Batches ship within the US; use Create shipment for an international parcel (customs form)',
  noRate: 'No carrier service fits this parcel: ask for a shipping request instead',
  notFound: 'Batch not found',
  notReady: 'The batch is still being rated: wait until every row has its rate',
  nothingToBuy: 'The batch has no valid row to buy',
} as const;

export const BATCH_STATUSES = ['rating', 'ready', 'purchasing', 'completed'] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];
export const BATCH_ROW_STATUSES = ['pending', 'valid', 'invalid', 'bought', 'failed'] as const;
export type BatchRowStatus = (typeof BATCH_ROW_STATUSES)[number];

export const purchaseBatchSchema = z.object({
  payment: z.enum(PAYMENT_CHOICES, { error: "Payment must be 'card' or 'later'" }).default('card'),
});
export type PurchaseBatchInput = z.input<typeof purchaseBatchSchema>;

export const batchCountsSchema = z.object({
  rows: z.number().int(),
  /** Not rated yet. */
  pending: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  bought: z.number().int(),
  failed: z.number().int(),
});
export type BatchCounts = z.infer<typeof batchCountsSchema>;

export const batchSummaryDtoSchema = z
  .object({
    id: z.string(),
    status: z.enum(BATCH_STATUSES),
    fileName: z.string().nullable(),
    sender: z.object({ name: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }),
    counts: batchCountsSchema,
    /** What the valid rows cost together (the rows to buy), and what the bought ones cost. */
    totalCents: z.number().int(),
    boughtCents: z.number().int(),
    payment: z.enum(PAYMENT_CHOICES).nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'ShipmentBatchSummary' });
export type BatchSummaryDto = z.infer<typeof batchSummaryDtoSchema>;

export const batchRowDtoSchema = z
  .object({
    id: z.string(),
    /** The row's number in the file as a spreadsheet shows it: the header is row 1. */
    row: z.number().int(),
    status: z.enum(BATCH_ROW_STATUSES),
    reference: z.string().nullable(),
    service: z.enum(BATCH_SERVICES).nullable(),
    receiver: z
      .object({ name: z.string(), city: z.string(), state: z.string(), zipCode: z.string(), country: z.string() })
      .nullable(),
    /** A message per CSV column (invalid rows). */
    errors: z.record(z.string(), z.string()),
    /** Why a bought row failed. */
    message: z.string().nullable(),
    carrier: z.string().nullable(),
    carrierService: z.string().nullable(),
    priceCents: z.number().int().nullable(),
    expectedDeliveryDate: z.string().nullable(),
    shipmentId: z.string().nullable(),
    trackingNumber: z.string().nullable(),
  })
  .meta({ id: 'ShipmentBatchRow' });
export type BatchRowDto = z.infer<typeof batchRowDtoSchema>;

export const batchDtoSchema = batchSummaryDtoSchema
  .extend({ rows: z.array(batchRowDtoSchema) })
  .meta({ id: 'ShipmentBatch' });
export type BatchDto = z.infer<typeof batchDtoSchema>;

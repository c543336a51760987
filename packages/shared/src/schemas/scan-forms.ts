import { z } from 'zod';
import { shipmentCustomerDtoSchema } from './shipping-dto';

/**
 * SCAN forms (USPS PS Form 5630 manifests): one barcode the carrier scans to accept every label of a day from one
 * address. The request and answers of shipments/scan-forms, shared by the API routes and the web client.
 */

export const SCAN_FORM_MESSAGES = {
  date: 'Date must be a date (YYYY-MM-DD)',
  nothingChosen: 'Choose the labels for the SCAN form',
  tooMany: 'A SCAN form takes at most 1000 labels',
  notUsps: 'SCAN forms are for USPS labels only',
  otherAddress: 'All labels on a SCAN form must ship from the same address',
  otherDay: 'All labels on a SCAN form must be from the chosen day',
  otherAccount: 'All labels on a SCAN form must be bought through one carrier account',
  notBought: 'Only bought labels that are not voided can go on a SCAN form',
  alreadyOnForm: 'A label is already on another SCAN form',
  noneWaiting: 'No labels from this address are waiting for a SCAN form on that day',
  notFound: 'SCAN form not found',
  stillCreating: 'The carrier is still making this SCAN form. Try again in a minute.',
} as const;

/** At most this many labels per form (EasyPost and USPS take large manifests; a day's page stays usable). */
export const SCAN_FORM_MAX_LABELS = 1000;

const dateSchema = z.iso.date(SCAN_FORM_MESSAGES.date);

export const scanFormEligibleQuerySchema = z.object({ date: dateSchema });

/** POST shipments/scan-forms: the day's labels of one from address (addressKey), or the labels chosen by id. */
export const createScanFormSchema = z
  .object({
    date: dateSchema,
    addressKey: z.string().trim().min(1).max(100).optional(),
    shipmentIds: z.array(z.uuid('Shipment not found')).max(SCAN_FORM_MAX_LABELS, SCAN_FORM_MESSAGES.tooMany).optional(),
  })
  .refine((v) => !!v.addressKey || (v.shipmentIds?.length ?? 0) > 0, {
    message: SCAN_FORM_MESSAGES.nothingChosen,
    path: ['shipmentIds'],
  });
export type CreateScanFormInput = z.infer<typeof createScanFormSchema>;

/** A from address as the labels print it. */
export const scanFormAddressSchema = z
  .object({
    name: z.string(),
    companyName: z.string().nullish(),
    line1: z.string(),
    line2: z.string().nullish(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'ScanFormAddress' });

export const scanFormDtoSchema = z
  .object({
    id: z.string(),
    carrier: z.string(),
    fromAddress: scanFormAddressSchema,
    /** YYYY-MM-DD. */
    shipDate: z.string(),
    /** `creating` while the carrier still draws the form; `created` once its PDF can be downloaded. */
    status: z.enum(['creating', 'created']),
    trackingNumbers: z.array(z.string()),
    shipmentIds: z.array(z.string()),
    packageCount: z.number().int(),
    createdAt: z.string(),
    /** Whose form: on the super admin's list only. */
    customer: shipmentCustomerDtoSchema.nullable(),
  })
  .meta({ id: 'ScanForm' });
export type ScanFormDto = z.infer<typeof scanFormDtoSchema>;

export const scanFormEligibleShipmentSchema = z
  .object({
    id: z.string(),
    uniqueId: z.string(),
    trackingNumbers: z.array(z.string()),
    service: z.string(),
    receiverName: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'ScanFormEligibleShipment' });

/** The day's labels from one address that are on no form yet: one SCAN form can take them all. */
export const scanFormEligibleGroupSchema = z
  .object({
    addressKey: z.string(),
    carrier: z.string(),
    fromAddress: scanFormAddressSchema,
    packageCount: z.number().int(),
    shipments: z.array(scanFormEligibleShipmentSchema),
    customer: shipmentCustomerDtoSchema.nullable(),
  })
  .meta({ id: 'ScanFormEligibleGroup' });
export type ScanFormEligibleGroupDto = z.infer<typeof scanFormEligibleGroupSchema>;

export const scanFormEligibleDtoSchema = z
  .object({ date: z.string(), groups: z.array(scanFormEligibleGroupSchema) })
  .meta({ id: 'ScanFormEligible' });
export type ScanFormEligibleDto = z.infer<typeof scanFormEligibleDtoSchema>;

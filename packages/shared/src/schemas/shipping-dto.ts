import { z } from 'zod';
import { quickQuoteRateSchema } from '../shipping/quick-quote';
import { SHIPMENT_STATUSES } from '../shipping/lifecycle';
import { addressExample } from './shipping';

/**
 * What the shipping API answers (response schemas of the routes, and the web app's types). Money is integer cents.
 */

export const addressDtoSchema = z
  .object({
    name: z.string(),
    companyName: z.string().nullable(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    zipCode: z.string(),
    country: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({
    id: 'ShippingAddress',
    examples: [
      {
        name: 'Marcus Bell',
        companyName: null,
        line1: '2207 E Cesar Chavez St',
        line2: null,
        city: 'Austin',
        state: 'TX',
        zipCode: '78702',
        country: 'US',
        phone: '5125550199',
        email: null,
      },
    ],
  });
export type AddressDto = z.infer<typeof addressDtoSchema>;

export const savedAddressDtoSchema = addressDtoSchema
  .extend({ id: z.string(), isDefault: z.boolean(), createdAt: z.string(), updatedAt: z.string() })
  .meta({
    id: 'SavedAddress',
    examples: [
      {
        id: '6f1d2c4e-8a0b-4c1e-9f3a-2b7d5e8c1a90',
        ...addressExample,
        isDefault: true,
        createdAt: '2026-03-02T17:04:11.000Z',
        updatedAt: '2026-03-02T17:04:11.000Z',
      },
    ],
  });
export type SavedAddressDto = z.infer<typeof savedAddressDtoSchema>;

const dimensionDto = z.object({
  unit: z.enum(['in', 'cm']),
  length: z.number(),
  width: z.number(),
  height: z.number(),
});

export const packageDtoSchema = z
  .object({
    packageType: z.string(),
    dimension: dimensionDto,
    weight: z.number(),
    weightUnits: z.enum(['lb', 'kg', 'oz', 'g']),
    numberOfPackages: z.number().int(),
    insuranceDeclared: z.number().int().nullable(),
    contentDescription: z.string().nullable(),
    trackingNumber: z.string().nullable(),
  })
  .meta({ id: 'Package' });
export type PackageDto = z.infer<typeof packageDtoSchema>;

export const packagePresetDtoSchema = packageDtoSchema
  .omit({ trackingNumber: true })
  .extend({ id: z.string(), name: z.string(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'PackagePreset' });
export type PackagePresetDto = z.infer<typeof packagePresetDtoSchema>;

/** Cost, markup, discount and what was earned (price - cost): shown to the super admin only (margin reporting). */
export const marginBreakdownDtoSchema = z
  .object({
    costCents: z.number().int(),
    markupCents: z.number().int(),
    discountCents: z.number().int(),
    marginCents: z.number().int(),
  })
  .meta({ id: 'MarginBreakdown' });

/** Whose shipment or pickup it is: shown to the super admin only. */
export const shipmentCustomerDtoSchema = z
  .object({ id: z.string(), fullName: z.string(), email: z.string() })
  .meta({ id: 'ShipmentCustomer' });
export type ShipmentCustomerDto = z.infer<typeof shipmentCustomerDtoSchema>;

/** A rate of a shipment's quote: the quick quote's rate, with what buying it needs and what it adds. */
export const shippingRateDtoSchema = quickQuoteRateSchema
  .extend({
    /** The rateId to buy (valid until the quote's expiresAt). */
    id: z.string(),
    /** The insurance of the declared values (0 when none is declared), charged with the label on top of the price. */
    insuranceCents: z.number().int(),
    /** With an arrive-by preference: whether this rate arrives by then. */
    arrivesInTime: z.boolean().nullable(),
    margin: marginBreakdownDtoSchema.nullable(),
  })
  .meta({ id: 'ShippingRate' });
export type ShippingRateDto = z.infer<typeof shippingRateDtoSchema>;

export const quoteResultDtoSchema = z
  .object({
    quoteId: z.string(),
    expiresAt: z.string(),
    rates: z.array(shippingRateDtoSchema),
    /** No automatic rate fits (pallet, oversize, unreachable): offer a shipping request. */
    needsShippingRequest: z.boolean(),
    /**
     * Ship now, pay later: the credit limit set for the customer and what is left of it after open invoices and
     * sales in flight. A rate whose price is above availableCents cannot be paid later.
     */
    payLater: z.object({ creditLimitCents: z.number().int(), availableCents: z.number().int() }),
    /**
     * The carrier's spelling of the sender or receiver address when its verification corrected it (EasyPost):
     * the rates are for the address as typed; the customer may accept the correction and quote again.
     */
    addressCorrections: z.object({ sender: addressDtoSchema.nullable(), receiver: addressDtoSchema.nullable() }),
  })
  .meta({ id: 'QuoteResult' });
export type QuoteResultDto = z.infer<typeof quoteResultDtoSchema>;

export const shipmentStatusSchema = z.enum(SHIPMENT_STATUSES);

const shipmentFields = z.object({
  id: z.string(),
  uniqueId: z.string(),
  status: shipmentStatusSchema,
  carrier: z.string(),
  service: z.string(),
  trackingNumber: z.string().nullable(),
  sender: addressDtoSchema,
  receiver: addressDtoSchema,
  packages: z.array(packageDtoSchema),
  shipmentDetails: z.object({
    service: z.string(),
    deliveryDate: z.string().nullable(),
    deliveryTime: z.string().nullable(),
    category: z.string().nullable(),
  }),
  priceCents: z.number().int().nullable(),
  retailCents: z.number().int().nullable(),
  savingCents: z.number().int().nullable(),
  savingPercent: z.number().int().nullable(),
  /** The insurance bought with the label (0 when no value was declared); charged on top of priceCents. */
  insuranceCents: z.number().int(),
  payLater: z.boolean(),
  invoiceId: z.string().nullable(),
  voidedAt: z.string().nullable(),
  refundTo: z.enum(['credit', 'card']).nullable(),
  refundCents: z.number().int().nullable(),
  createdAt: z.string(),
  /** Super admin only: whose shipment (id, name and e-mail), and the margin of it. */
  userId: z.string().nullable(),
  customer: shipmentCustomerDtoSchema.nullable(),
  margin: marginBreakdownDtoSchema.nullable(),
});

export const shipmentDtoSchema = shipmentFields
  .extend({
    /** Every parcel's carrier tracking number (one label page each); the first is `trackingNumber`. */
    trackingNumbers: z.array(z.string()),
    /** The declared value insured with the label, in cents; null when none was insured. */
    insuredCents: z.number().int().nullable(),
    /** The shipment this one is the return label of; null for an outbound shipment. */
    returnOfShipmentId: z.string().nullable(),
  })
  .meta({ id: 'Shipment' });
export type ShipmentDto = z.infer<typeof shipmentDtoSchema>;

/**
 * A row of GET shipments: what the list shows, without the sender, the packages and the service details (the
 * partial and full details carry them): a page of ten is about 5 KB instead of 12.
 */
export const shipmentListItemDtoSchema = shipmentFields
  .omit({ sender: true, packages: true, shipmentDetails: true })
  .meta({
    id: 'ShipmentListItem',
    examples: [
      {
        id: '0b9e4f7a-3c21-4d8e-a6f5-7e2b1c9d4a63',
        uniqueId: 'PW7342918560',
        status: 'in_transit',
        carrier: 'USPS',
        service: 'Priority Mail',
        trackingNumber: '9400111202555842761234',
        receiver: {
          name: 'Marcus Bell',
          companyName: null,
          line1: '2207 E Cesar Chavez St',
          line2: null,
          city: 'Austin',
          state: 'TX',
          zipCode: '78702',
          country: 'US',
          phone: null,
          email: null,
        },
        priceCents: 1045,
        retailCents: 1385,
        savingCents: 340,
        savingPercent: 25,
        insuranceCents: 0,
        payLater: false,
        invoiceId: null,
        voidedAt: null,
        refundTo: null,
        refundCents: null,
        createdAt: '2026-03-04T15:20:00.000Z',
        userId: null,
        customer: null,
        margin: null,
      },
    ],
  });
export type ShipmentListItemDto = z.infer<typeof shipmentListItemDtoSchema>;

export const timelineEventDtoSchema = z.object({
  occurredAt: z.string().nullable(),
  description: z.string(),
  city: z.string().nullable(),
  country: z.string().nullable(),
  location: z.string().nullable(),
});

export const shipmentFullDtoSchema = shipmentDtoSchema
  .extend({
    customs: z.array(
      z.object({
        description: z.string(),
        hsCode: z.string(),
        quantity: z.number().int(),
        valueCents: z.number().int(),
        originCountry: z.string(),
        /** The line's weight in ounces; null when the parcel's weight was shared between the lines. */
        weightOz: z.number().nullable(),
      }),
    ),
    preferences: z.record(z.string(), z.unknown()).nullable(),
    timeline: z.array(timelineEventDtoSchema),
    charges: z.array(
      z.object({
        id: z.string(),
        kind: z.string(),
        status: z.string(),
        amountCents: z.number().int(),
        createdAt: z.string(),
      }),
    ),
    labels: z.object({
      pdf: z.string().nullable(),
      zpl: z.string().nullable(),
      /** The customs form (CN22/CN23 or commercial invoice) of an international label; null otherwise. */
      customsForm: z.string().nullable(),
    }),
  })
  .meta({ id: 'ShipmentFull' });
export type ShipmentFullDto = z.infer<typeof shipmentFullDtoSchema>;

/** One line of the home's recent shipments: enough for the badge, carrier, receiver and tracking number. */
export const shipmentSummaryItemDtoSchema = shipmentFields
  .pick({ id: true, uniqueId: true, status: true, carrier: true, service: true, trackingNumber: true })
  .extend({
    receiverName: z.string(),
    receiverCity: z.string(),
    receiverState: z.string(),
    priceCents: z.number().int().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ShipmentSummaryItem' });
export type ShipmentSummaryItemDto = z.infer<typeof shipmentSummaryItemDtoSchema>;

/**
 * GET shipments/summary, the caller's own shipping at a glance (home page): how many labels were bought and not
 * voided or cancelled, what they saved against the carriers' list prices and what they cost, and the last five.
 */
export const shipmentSummaryDtoSchema = z
  .object({
    count: z.number().int(),
    savingsCents: z.number().int(),
    spentCents: z.number().int(),
    recent: z.array(shipmentSummaryItemDtoSchema),
  })
  .meta({ id: 'ShipmentSummary' });
export type ShipmentSummaryDto = z.infer<typeof shipmentSummaryDtoSchema>;

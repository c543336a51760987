import type { TrackingResult } from '@postwise/shared/public-tracking';
import { z } from 'zod';
import type { Same } from '../../../lib/type-checks';

const partySchema = z.object({
  name: z.string(),
  companyName: z.string().nullable(),
  address: z.object({
    line1: z.string(),
    city: z.string(),
    zipCode: z.string(),
    state: z.string(),
    country: z.string(),
  }),
});

const placeSchema = z.object({ city: z.string(), state: z.string(), country: z.string() });

const carrierOneEventSchema = z.object({
  gmtDate: z.string(),
  gmtTime: z.string().nullable().optional(),
  status: z.object({ description: z.string().nullable().optional() }).nullable().optional(),
  location: z
    .object({
      address: z
        .object({ country: z.string().nullable().optional(), city: z.string().nullable().optional() })
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});

const carrierTwoEventSchema = z.object({
  date: z.string(),
  eventDescription: z.string().nullable().optional(),
  derivedStatus: z.string().nullable().optional(),
  scanLocation: z
    .object({ countryName: z.string().nullable().optional(), city: z.string().nullable().optional() })
    .nullable()
    .optional(),
});

/** The public tracking result of spec 3; the response schema also strips anything not listed here. */
export const trackingResultSchema = z
  .object({
    uniqueId: z.string(),
    access: z.enum(['public', 'full']),
    logistics: z.object({ carrier: z.string() }),
    status: z.object({ code: z.string(), description: z.string() }),
    shipmentDetails: z.object({
      service: z.string(),
      deliveryDate: z.string().nullable(),
      deliveryTime: z.string().nullable(),
      category: z.string().nullable(),
    }),
    deliveredAt: z.string().nullable(),
    origin: placeSchema,
    destination: placeSchema,
    sender: partySchema.nullable(),
    receiver: partySchema.nullable(),
    packages: z.array(
      z.object({
        packageType: z.string(),
        dimension: z.object({ unit: z.string(), length: z.number(), width: z.number(), height: z.number() }).nullable(),
        weight: z.number().nullable(),
        weightUnits: z.string().nullable(),
        numberOfPackages: z.number().int(),
        trackingNumber: z.string().nullable(),
      }),
    ),
    tracking: z.object({
      details: z.object({ scanEvents: z.array(z.union([carrierOneEventSchema, carrierTwoEventSchema])) }),
    }),
  })
  .meta({ id: 'TrackingResult' });

// The route's schema and the shared type must describe the same answer.
const _sameShape: Same<z.infer<typeof trackingResultSchema>, TrackingResult> = true;
void _sameShape;

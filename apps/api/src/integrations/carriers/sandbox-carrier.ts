import { randomBytes, randomInt } from 'node:crypto';
import type { ShipmentStatus } from '@postwise/shared/shipping/lifecycle';
import { billableWeightLb } from '@postwise/shared/shipping/weight';
import type { CarrierOneScanEvent, CarrierTwoScanEvent, ScanEvent } from '@postwise/shared/tracking';
import {
  type CarrierAdapter,
  type CarrierRate,
  CarrierError,
  type PickupRequest,
  type PurchasedLabel,
  type CarrierScanForm,
  type RateRequest,
  type ScanFormRequest,
  type ServiceCategory,
  type TrackInput,
  type TrackingSnapshot,
} from './carrier-adapter';
import type { ProviderRecordStore } from '../payments/payment-provider';
import { renderSampleScanForm } from './sample-scan-form';
import {
  addBusinessDays,
  parcelsFit,
  retailForParcel,
  SANDBOX_CARRIERS,
  type SandboxCarrier,
  transitDaysFor,
  zoneFor,
} from './sandbox-rates';

const SIGNATURE_RETAIL_CENTS = 650;
const SATURDAY_RETAIL_CENTS = 1600;
const HOUR = 3_600_000;

function digits(n: number): string {
  let s = '';
  while (s.length < n) s += randomInt(0, 10).toString();
  return s;
}

/** Tracking numbers in each carrier's familiar format, so screens and search look real. */
export function sandboxTrackingNumber(carrier: string): string {
  if (carrier === 'UPS') return `1Z${randomBytes(3).toString('hex').toUpperCase()}03${digits(8)}`;
  if (carrier === 'USPS') return `9400${digits(18)}`;
  return digits(12);
}

function carrierByName(name: string): SandboxCarrier {
  const carrier = SANDBOX_CARRIERS.find((c) => c.name === name);
  if (!carrier) throw new CarrierError(`Unknown sandbox carrier ${name}`);
  return carrier;
}

interface SimulatedStep {
  at: Date;
  status: ShipmentStatus;
  description: string;
  derivedStatus: string;
  city: string;
}

/**
 * The embedded carrier (default, no keys): rates by zone and billable weight for three well-known carriers,
 * labels with carrier-shaped tracking numbers, and tracking that moves through the lifecycle on the app clock,
 * answering each carrier's own event shape (spec 3: FedEx carrier one, UPS and USPS carrier two).
 */
export class SandboxCarrierAdapter implements CarrierAdapter {
  readonly provider = 'sandbox';

  /** Labels bought in this process by reference (the store, when given, keeps them across restarts). */
  private readonly bought = new Map<string, PurchasedLabel>();

  constructor(
    private readonly now: () => Date,
    private readonly store?: ProviderRecordStore,
  ) {}

  async rates(request: RateRequest): Promise<CarrierRate[]> {
    if (!parcelsFit(request.packages)) return [];
    const international = request.receiver.country !== 'US';
    const zone = zoneFor(request.sender.zipCode, request.receiver.zipCode, international);
    const categories: ServiceCategory[] = international ? ['International'] : ['Ground', '2-Day', 'Overnight'];
    const rates: CarrierRate[] = [];
    for (const carrier of SANDBOX_CARRIERS) {
      for (const category of categories) {
        const service = carrier.services[category];
        if (!service) continue;
        let retail = 0;
        for (const p of request.packages) {
          retail += retailForParcel(category, zone, billableWeightLb(p)) * p.numberOfPackages;
        }
        retail = Math.round(retail * carrier.retailFactor);
        if (request.preferences.signature) retail += SIGNATURE_RETAIL_CENTS;
        const saturday = request.preferences.saturdayDelivery && category !== 'Ground';
        if (saturday) retail += SATURDAY_RETAIL_CENTS;
        const transitDays = transitDaysFor(category, zone);
        rates.push({
          provider: this.provider,
          carrier: carrier.name,
          service,
          category,
          retailCents: retail,
          costCents: Math.round(retail * (1 - carrier.discount)),
          transitDays,
          deliveryDate: addBusinessDays(request.shipDate, transitDays, saturday).toISOString().slice(0, 10),
          providerRef: {},
        });
      }
    }
    return rates;
  }

  async buyLabel(rate: CarrierRate, request?: RateRequest, reference?: string): Promise<PurchasedLabel> {
    carrierByName(rate.carrier);
    // A tracking number per parcel, as a carrier gives one per label.
    const parcels = Math.max(1, request?.packages.reduce((n, p) => n + p.numberOfPackages, 0) ?? 1);
    const parcelTrackingNumbers = Array.from({ length: parcels }, () => sandboxTrackingNumber(rate.carrier));
    const label: PurchasedLabel = {
      trackingNumber: parcelTrackingNumbers[0]!,
      parcelTrackingNumbers,
      providerShipmentId: `sbx_shp_${randomBytes(8).toString('hex')}`,
      costCents: rate.costCents,
    };
    if (!reference) return label;
    // One label per reference, like a carrier's idempotent purchase: a repeated reference answers the first.
    const earlier = this.bought.get(reference);
    if (earlier) return earlier;
    const recorded = this.store
      ? ((
          await this.store.put(
            'label',
            reference,
            { carrier: rate.carrier, service: rate.service, costCents: rate.costCents },
            { ...label },
          )
        ).response as unknown as PurchasedLabel)
      : label;
    this.bought.set(reference, recorded);
    return recorded;
  }

  async findLabel(_rate: CarrierRate, reference: string): Promise<PurchasedLabel | null> {
    const here = this.bought.get(reference);
    if (here || !this.store) return here ?? null;
    return ((await this.store.get('label', reference))?.response as unknown as PurchasedLabel | undefined) ?? null;
  }

  async voidLabel(input?: { providerShipmentId: string }): Promise<boolean> {
    if (this.store && input?.providerShipmentId) {
      await this.store.put('void', input.providerShipmentId, {}, { voided: true });
    }
    return true;
  }

  /** The lifecycle as it stands at the app clock's now. */
  async track(input: TrackInput): Promise<TrackingSnapshot> {
    const carrier = carrierByName(input.carrier);
    const steps = this.simulate(input).filter((s) => s.at.getTime() <= this.now().getTime());
    const countryName = (code: string) => (code === 'US' ? 'United States' : code);
    const events: ScanEvent[] = steps.map((s) => {
      const country = s.city === input.receiver.city ? input.receiver.country : input.sender.country;
      if (carrier.eventShape === 'one') {
        const iso = s.at.toISOString();
        const event: CarrierOneScanEvent = {
          gmtDate: iso.slice(0, 10).replaceAll('-', ''),
          gmtTime: iso.slice(11, 19),
          status: { description: s.description },
          location: { address: { city: s.city, country } },
        };
        return event;
      }
      const event: CarrierTwoScanEvent = {
        date: s.at.toISOString(),
        eventDescription: s.description,
        derivedStatus: s.derivedStatus,
        scanLocation: { city: s.city, countryName: countryName(country) },
      };
      return event;
    });
    return { status: steps.at(-1)?.status ?? 'label_created', events };
  }

  private simulate(input: TrackInput): SimulatedStep[] {
    const t0 = input.labelCreatedAt.getTime();
    const due = input.deliveryDate ? Date.parse(`${input.deliveryDate}T00:00:00Z`) : t0 + 3 * 24 * HOUR;
    const from = input.sender.city;
    const to = input.receiver.city;
    const departed = t0 + 14 * HOUR;
    const outForDelivery = Math.max(due + 13 * HOUR, departed + 2 * HOUR);
    const arrived = departed + (outForDelivery - departed) / 2;
    const steps: SimulatedStep[] = [
      {
        at: new Date(t0),
        status: 'label_created',
        description: `Shipment information sent to ${input.carrier}`,
        derivedStatus: 'LabelCreated',
        city: from,
      },
      {
        at: new Date(t0 + 6 * HOUR),
        status: 'in_transit',
        description: 'Picked up',
        derivedStatus: 'InTransit',
        city: from,
      },
      {
        at: new Date(departed),
        status: 'in_transit',
        description: `Departed ${input.carrier} facility`,
        derivedStatus: 'InTransit',
        city: from,
      },
      {
        at: new Date(arrived),
        status: 'in_transit',
        description: 'Arrived at facility',
        derivedStatus: 'InTransit',
        city: to,
      },
    ];
    // A receiver the sandbox cannot reach shows how exceptions look (demo data and tests use it).
    if (/undeliverable/i.test(input.receiver.line1)) {
      steps.push({
        at: new Date(outForDelivery),
        status: 'exception',
        description: 'Delivery exception: address not found',
        derivedStatus: 'Exception',
        city: to,
      });
      return steps;
    }
    steps.push(
      {
        at: new Date(outForDelivery),
        status: 'out_for_delivery',
        description: 'Out for delivery',
        derivedStatus: 'OutForDelivery',
        city: to,
      },
      {
        at: new Date(outForDelivery + 6 * HOUR),
        status: 'delivered',
        description: 'Delivered',
        derivedStatus: 'Delivered',
        city: to,
      },
    );
    return steps;
  }

  async schedulePickup(request: PickupRequest): Promise<{ confirmation: string; providerPickupId: string }> {
    carrierByName(request.carrier);
    return {
      confirmation: `PU${digits(8)}`,
      providerPickupId: `sbx_pickup_${randomBytes(8).toString('hex')}`,
    };
  }

  async cancelPickup(): Promise<void> {}

  /** A sample SCAN form drawn at once (no carrier will scan it): USPS only, as the real forms are. */
  async createScanForm(request: ScanFormRequest): Promise<CarrierScanForm> {
    if (request.carrier !== 'USPS') throw new CarrierError('SCAN forms are for USPS labels only');
    if (request.trackingNumbers.length === 0) throw new CarrierError('A SCAN form needs at least one label');
    const providerFormId = `sbx_sf_${randomBytes(8).toString('hex')}`;
    const pdf = await renderSampleScanForm({
      formId: providerFormId,
      carrier: request.carrier,
      fromAddress: request.fromAddress,
      shipDate: request.shipDate,
      trackingNumbers: request.trackingNumbers,
    });
    return { providerFormId, status: 'created', trackingNumbers: request.trackingNumbers, pdf };
  }

  /** The sample form is answered with its creation and kept by the product; there is nothing to fetch later. */
  async scanFormFile(): Promise<Buffer | null> {
    return null;
  }

  async testConnection(): Promise<{ ok: boolean; message: string }> {
    return { ok: true, message: 'Sandbox carrier is built in and always available.' };
  }
}

import EasyPostClient from '@easypost/api';
import type { ShipmentStatus } from '@postwise/shared/shipping/lifecycle';
import { toInches, toPounds } from '@postwise/shared/shipping/weight';
import type { Address, Package } from '@postwise/shared/schemas/shipping';
import type { CarrierTwoScanEvent } from '@postwise/shared/tracking';
import {
  type AddressVerification,
  type CarrierAdapter,
  CarrierError,
  type CarrierRate,
  type CarrierScanForm,
  type LabelFiles,
  type PickupRequest,
  type PurchasedLabel,
  type RateRequest,
  type ScanFormRequest,
  type ServiceCategory,
  type TrackInput,
  type TrackingSnapshot,
} from './carrier-adapter';
import { downloadLabelFile, joinZpl, mergePdfs } from './label-files';
import { addBusinessDays } from './sandbox-rates';

/** The parts of EasyPost's documented objects we read (https://docs.easypost.com/docs). */
interface EpRate {
  id: string;
  carrier: string;
  service: string;
  rate: string;
  retail_rate?: string | null;
  list_rate?: string | null;
  delivery_days?: number | null;
  delivery_date?: string | null;
  shipment_id: string;
}
interface EpShipment {
  id: string;
  rates?: EpRate[];
  tracking_code?: string | null;
  selected_rate?: EpRate | null;
  refund_status?: string | null;
  postage_label?: { label_url?: string; label_pdf_url?: string | null; label_zpl_url?: string | null } | null;
  /** The insured value bought with the label, in dollars ("100.00"). */
  insurance?: string | null;
  /** What EasyPost charged besides postage (InsuranceFee, LabelFee...), in dollars. */
  fees?: { type?: string; amount?: string | null; charged?: boolean }[];
  /** Documents the carrier made with the label: a commercial invoice or CN22/CN23 for customs. */
  forms?: { form_type?: string; form_url?: string | null }[];
}
export interface EpTracker {
  status: string;
  tracking_details?: {
    datetime: string;
    message?: string | null;
    status?: string | null;
    tracking_location?: { city?: string | null; country?: string | null } | null;
  }[];
}
interface EpAddress {
  street1?: string | null;
  street2?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
  country?: string | null;
  verifications?: {
    delivery?: { success: boolean; errors?: { code?: string; field?: string; message?: string }[] } | null;
  } | null;
}
interface EpPickup {
  id: string;
  confirmation?: string | null;
  pickup_rates?: { carrier: string; service: string }[];
}

/** An EasyPost ScanForm: `creating` until the carrier has drawn it, then `created` with its PDF at form_url. */
interface EpScanForm {
  id: string;
  status?: string | null;
  message?: string | null;
  form_url?: string | null;
  tracking_codes?: string[] | null;
}

/** EasyPost's shipments carry one parcel: more parcels are more shipments, so this caps one purchase. */
export const EASYPOST_MAX_PARCELS = 10;

const cents = (amount: string | null | undefined) => (amount ? Math.round(Number(amount) * 100) : null);

/** The parcels of a request, one per copy of each package row, in order: EasyPost rates and buys each. */
export function parcelsOf<P extends Package>(packages: readonly P[]): P[] {
  return packages.flatMap((p) => Array.from({ length: p.numberOfPackages }, () => p));
}

/** The customs documents EasyPost may attach to a bought shipment. */
const CUSTOMS_FORM_TYPES = new Set(['commercial_invoice', 'cn22', 'cn23', 'customs_form']);

/** What a purchase bought, read off EasyPost's bought shipments (one per parcel). */
function labelOf(bought: EpShipment[]): PurchasedLabel {
  const insuranceFees = bought.reduce(
    (sum, s) =>
      sum + (s.fees ?? []).filter((f) => f.type === 'InsuranceFee').reduce((n, f) => n + (cents(f.amount) ?? 0), 0),
    0,
  );
  const insured = bought.reduce((sum, s) => sum + (cents(s.insurance) ?? 0), 0);
  return {
    trackingNumber: bought[0]!.tracking_code ?? '',
    parcelTrackingNumbers: bought.map((s) => s.tracking_code ?? ''),
    providerShipmentId: bought.map((s) => s.id).join(','),
    costCents: bought.reduce((sum, s) => sum + (cents(s.selected_rate?.rate) ?? 0), 0) + insuranceFees,
    insuredCents: insured > 0 ? insured : null,
  };
}

function toEpAddress(a: Address) {
  return {
    name: a.name,
    company: a.companyName ?? undefined,
    street1: a.line1,
    street2: a.line2 ?? undefined,
    city: a.city,
    state: a.state || undefined,
    zip: a.zipCode,
    country: a.country,
    phone: a.phone ?? undefined,
    email: a.email ?? undefined,
  };
}

const sameText = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? '').trim().replace(/\s+/g, ' ').toUpperCase() === (b ?? '').trim().replace(/\s+/g, ' ').toUpperCase();

/**
 * The carrier's spelling of an address, or null when it says the same thing (case, spacing and an added ZIP+4 do
 * not count as a correction).
 */
export function correctionOf(typed: Address, ep: EpAddress): Address | null {
  const corrected: Address = {
    ...typed,
    line1: ep.street1?.trim() || typed.line1,
    line2: ep.street2?.trim() || null,
    city: ep.city?.trim() || typed.city,
    state: ep.state?.trim() || typed.state,
    zipCode: ep.zip?.trim() || typed.zipCode,
    country: ep.country?.trim().toUpperCase() || typed.country,
  };
  const same =
    sameText(typed.line1, corrected.line1) &&
    sameText(typed.line2, corrected.line2) &&
    sameText(typed.city, corrected.city) &&
    sameText(typed.state, corrected.state) &&
    sameText(typed.country, corrected.country) &&
    sameText(typed.zipCode.slice(0, 5), corrected.zipCode.slice(0, 5));
  return same ? null : corrected;
}

/** EasyPost parcels are inches and ounces. */
export function toEpParcel(p: Package) {
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    length: round1(toInches(p.dimension.length, p.dimension.unit)),
    width: round1(toInches(p.dimension.width, p.dimension.unit)),
    height: round1(toInches(p.dimension.height, p.dimension.unit)),
    weight: round1(toPounds(p.weight, p.weightUnits) * 16),
  };
}

export function categoryOf(service: string, international: boolean): ServiceCategory {
  if (international) return 'International';
  if (/overnight|next.?day|express|early/i.test(service)) return 'Overnight';
  if (/2.?day|second|2nd|priority/i.test(service)) return '2-Day';
  return 'Ground';
}

/** An EasyPost Tracker (polled, or in a tracker.updated webhook) as our tracking snapshot (carrier two's events). */
export function snapshotFromTracker(tracker: EpTracker): TrackingSnapshot {
  const events: CarrierTwoScanEvent[] = (tracker.tracking_details ?? []).map((d) => ({
    date: d.datetime,
    eventDescription: d.message ?? null,
    derivedStatus: d.status ? (DERIVED[d.status] ?? d.status) : null,
    scanLocation: { city: d.tracking_location?.city ?? null, countryName: d.tracking_location?.country ?? null },
  }));
  return { status: statusFromEasyPost(tracker.status), events };
}

/** EasyPost tracker statuses → our lifecycle. */
export function statusFromEasyPost(status: string): ShipmentStatus {
  switch (status) {
    case 'pre_transit':
    case 'unknown':
      return 'label_created';
    case 'out_for_delivery':
      return 'out_for_delivery';
    case 'delivered':
      return 'delivered';
    case 'failure':
    case 'return_to_sender':
    case 'error':
    case 'cancelled':
    case 'available_for_pickup':
      return 'exception';
    default:
      return 'in_transit';
  }
}

const DERIVED: Record<string, string> = {
  pre_transit: 'LabelCreated',
  in_transit: 'InTransit',
  out_for_delivery: 'OutForDelivery',
  delivered: 'Delivered',
  failure: 'Exception',
  return_to_sender: 'Exception',
};

/**
 * Real carriers through EasyPost's official SDK. Several parcels become several EasyPost shipments rated together
 * (one rate per carrier service, summed); buying buys each with that service. Tracking details are answered in
 * the carrier-two event shape of spec 3.
 */
export class EasyPostCarrierAdapter implements CarrierAdapter {
  readonly provider = 'easypost';
  private readonly client: InstanceType<typeof EasyPostClient>;

  constructor(
    apiKey: string,
    private readonly now: () => Date,
    options: { baseUrl?: string; timeoutMs?: number } = {},
  ) {
    this.client = new EasyPostClient(apiKey, {
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
      timeout: options.timeoutMs ?? 20_000,
    });
  }

  private async call<T>(run: () => Promise<unknown>): Promise<T> {
    try {
      return (await run()) as T;
    } catch (err) {
      const message = (err as { message?: string }).message ?? 'EasyPost request failed';
      throw new CarrierError(`EasyPost: ${message}`);
    }
  }

  async rates(request: RateRequest): Promise<CarrierRate[]> {
    const parcels = parcelsOf(request.packages);
    if (parcels.length > EASYPOST_MAX_PARCELS) return [];
    const international = request.receiver.country !== 'US';
    // 4×6 is what thermal printers and the PDF download expect; the carrier renders its own label at that size.
    const options: Record<string, unknown> = { label_size: '4x6' };
    if (request.preferences.signature) options.delivery_confirmation = 'SIGNATURE';
    if (request.preferences.saturdayDelivery) options.saturday_delivery = true;
    const customs = international
      ? {
          contents_type: 'merchandise',
          customs_certify: true,
          customs_signer: request.sender.name,
          customs_items: request.customs.map((c) => ({
            description: c.description,
            quantity: c.quantity,
            value: c.valueCents / 100,
            hs_tariff_number: c.hsCode,
            origin_country: c.originCountry,
            // Ounces: the line's own weight, or the first parcel's shared equally between the lines.
            weight: c.weightOz ?? Math.max(0.1, toEpParcel(parcels[0]!).weight / Math.max(1, request.customs.length)),
          })),
        }
      : undefined;
    const shipments: EpShipment[] = [];
    for (const parcel of parcels) {
      shipments.push(
        await this.call<EpShipment>(() =>
          this.client.Shipment.create({
            from_address: toEpAddress(request.sender),
            to_address: toEpAddress(request.receiver),
            parcel: toEpParcel(parcel),
            options,
            ...(request.isReturn ? { is_return: true } : {}),
            ...(customs ? { customs_info: customs } : {}),
          } as never),
        ),
      );
    }
    // A service is offered only when every parcel's shipment has it.
    const key = (r: EpRate) => `${r.carrier}|${r.service}`;
    const common = (shipments[0]?.rates ?? [])
      .map(key)
      .filter((k) => shipments.every((s) => s.rates?.some((r) => key(r) === k)));
    return common.map((k) => {
      const picked = shipments.map((s) => s.rates!.find((r) => key(r) === k)!);
      const first = picked[0]!;
      const costCents = picked.reduce((sum, r) => sum + (cents(r.rate) ?? 0), 0);
      const retailCents = picked.reduce(
        (sum, r) => sum + (cents(r.retail_rate) ?? cents(r.list_rate) ?? cents(r.rate) ?? 0),
        0,
      );
      const transitDays = first.delivery_days ?? (international ? 6 : 5);
      return {
        provider: this.provider,
        carrier: first.carrier,
        service: first.service,
        category: categoryOf(first.service, international),
        retailCents,
        costCents,
        transitDays,
        deliveryDate:
          first.delivery_date?.slice(0, 10) ??
          addBusinessDays(request.shipDate, transitDays, request.preferences.saturdayDelivery)
            .toISOString()
            .slice(0, 10),
        providerRef: { rates: JSON.stringify(picked.map((r) => ({ shipmentId: r.shipment_id, rateId: r.id }))) },
      };
    });
  }

  /**
   * Buys each parcel's shipment with the chosen service, and with each parcel its declared value insured by the
   * carrier (EasyPost insurance, bought with the label): one tracking number and label page per parcel.
   */
  async buyLabel(rate: CarrierRate, request?: RateRequest): Promise<PurchasedLabel> {
    const parts = JSON.parse(rate.providerRef.rates ?? '[]') as { shipmentId: string; rateId: string }[];
    if (parts.length === 0) throw new CarrierError('EasyPost: the rate has no shipment to buy');
    const parcels = request ? parcelsOf(request.packages) : [];
    const bought: EpShipment[] = [];
    for (const [i, part] of parts.entries()) {
      const declared = parcels[i]?.insuranceDeclared ?? 0;
      const insurance = declared > 0 ? (declared / 100).toFixed(2) : null;
      bought.push(
        await this.call<EpShipment>(() =>
          this.client.Shipment.buy(part.shipmentId, part.rateId, insurance as unknown as number),
        ),
      );
    }
    return labelOf(bought);
  }

  async findLabel(rate: CarrierRate): Promise<PurchasedLabel | null> {
    // The rate names the shipments it was quoted on; a bought one carries its tracking code and selected rate.
    const parts = JSON.parse(rate.providerRef.rates ?? '[]') as { shipmentId: string; rateId: string }[];
    if (parts.length === 0) return null;
    const found: EpShipment[] = [];
    for (const part of parts) {
      found.push(await this.call<EpShipment>(() => this.client.Shipment.retrieve(part.shipmentId)));
    }
    // Only the parcels actually bought: voiding one that was never bought would be refused.
    const bought = found.filter((s) => s.tracking_code || s.postage_label);
    if (bought.length === 0) return null;
    return labelOf(bought);
  }

  /** The customs documents EasyPost attached to the parcels' shipments, merged into one PDF (null: none). */
  async customsForm(providerShipmentId: string): Promise<Buffer | null> {
    const files: Buffer[] = [];
    for (const id of providerShipmentId.split(',').filter(Boolean)) {
      const shipment = await this.call<EpShipment>(() => this.client.Shipment.retrieve(id));
      for (const form of shipment.forms ?? []) {
        if (!form.form_url || !CUSTOMS_FORM_TYPES.has(form.form_type ?? '')) continue;
        files.push(await downloadLabelFile(form.form_url, 'pdf'));
      }
    }
    return files.length ? mergePdfs(files) : null;
  }

  /**
   * The carrier's label of every parcel, converted by EasyPost to PDF and to ZPL (GET shipments/{id}/label with
   * file_format) and downloaded from the URLs it answers: one PDF with a page per parcel, one ZPL stream.
   */
  async labelFiles(providerShipmentId: string): Promise<LabelFiles> {
    const ids = providerShipmentId.split(',').filter(Boolean);
    if (ids.length === 0) throw new CarrierError('EasyPost: the label has no shipment');
    const pdfs: Buffer[] = [];
    const zpls: Buffer[] = [];
    for (const id of ids) {
      const asPdf = await this.call<EpShipment>(() => this.client.Shipment.convertLabelFormat(id, 'PDF'));
      pdfs.push(await downloadLabelFile(asPdf.postage_label?.label_pdf_url, 'pdf'));
      const asZpl = await this.call<EpShipment>(() => this.client.Shipment.convertLabelFormat(id, 'ZPL'));
      zpls.push(await downloadLabelFile(asZpl.postage_label?.label_zpl_url, 'zpl'));
    }
    return { pdf: await mergePdfs(pdfs), zpl: joinZpl(zpls) };
  }

  /** EasyPost's delivery verification (Address.create with verify): deliverable or not, and its correction. */
  async verifyAddress(address: Address): Promise<AddressVerification> {
    const ep = await this.call<EpAddress>(() =>
      this.client.Address.create({ ...toEpAddress(address), verify: true } as never),
    );
    const delivery = ep.verifications?.delivery;
    // No verdict (a country EasyPost does not verify): nothing to say either way.
    if (!delivery) return { deliverable: true, corrected: null, messages: [] };
    if (!delivery.success) {
      const messages = (delivery.errors ?? []).map((e) => e.message).filter((m): m is string => !!m);
      return { deliverable: false, corrected: null, messages: messages.length ? messages : ['Address not found'] };
    }
    return { deliverable: true, corrected: correctionOf(address, ep), messages: [] };
  }

  async voidLabel(input: { providerShipmentId: string }): Promise<boolean> {
    let all = true;
    for (const id of input.providerShipmentId.split(',').filter(Boolean)) {
      const refunded = await this.call<EpShipment>(() => this.client.Shipment.refund(id));
      // submitted or refunded: EasyPost has taken the request; rejected/not_applicable: it has not.
      all &&= refunded.refund_status === 'submitted' || refunded.refund_status === 'refunded';
    }
    return all;
  }

  async track(input: TrackInput): Promise<TrackingSnapshot> {
    const tracker = await this.call<EpTracker>(() =>
      this.client.Tracker.create({ tracking_code: input.trackingNumber, carrier: input.carrier }),
    );
    return snapshotFromTracker(tracker);
  }

  /**
   * Books the carrier's pickup of every parcel: one parcel's shipment is named itself; several go into an EasyPost
   * batch, and the pickup is booked for the batch.
   */
  async schedulePickup(request: PickupRequest): Promise<{ confirmation: string; providerPickupId: string }> {
    const shipmentIds = request.providerShipmentIds.flatMap((ids) => ids.split(',')).filter(Boolean);
    if (shipmentIds.length === 0) throw new CarrierError('EasyPost pickups need a shipment bought through EasyPost');
    const what =
      shipmentIds.length === 1
        ? { shipment: { id: shipmentIds[0] } }
        : {
            batch: {
              id: (
                await this.call<{ id: string }>(() =>
                  this.client.Batch.create({ shipments: shipmentIds.map((id) => ({ id })) } as never),
                )
              ).id,
            },
          };
    const pickup = await this.call<EpPickup>(() =>
      this.client.Pickup.create({
        address: toEpAddress(request.address),
        ...what,
        reference: `${request.packageCount} ${request.packageCount === 1 ? 'package' : 'packages'}`,
        min_datetime: `${request.date}T${request.windowStart}:00`,
        max_datetime: `${request.date}T${request.windowEnd}:00`,
        is_account_address: false,
        instructions: request.instructions ?? undefined,
      } as never),
    );
    const rate = pickup.pickup_rates?.find((r) => r.carrier === request.carrier) ?? pickup.pickup_rates?.[0];
    if (!rate) throw new CarrierError(`EasyPost: ${request.carrier} offers no pickup for this address`);
    const bought = await this.call<EpPickup>(() => this.client.Pickup.buy(pickup.id, rate.carrier, rate.service));
    return { confirmation: bought.confirmation ?? bought.id, providerPickupId: bought.id };
  }

  async cancelPickup(providerPickupId: string): Promise<void> {
    await this.call(() => this.client.Pickup.cancel(providerPickupId));
  }

  /**
   * EasyPost's ScanForm of the parcels' shipments (POST scan_forms). Its PDF is downloaded from form_url when the
   * form is ready; a form still `creating` answers no PDF, and scanFormFile fetches it later.
   */
  async createScanForm(request: ScanFormRequest): Promise<CarrierScanForm> {
    const ids = request.providerShipmentIds.flatMap((id) => id.split(',')).filter(Boolean);
    if (ids.length === 0) throw new CarrierError('EasyPost SCAN forms need labels bought through EasyPost');
    const form = await this.call<EpScanForm>(() =>
      this.client.ScanForm.create({ shipments: ids.map((id) => ({ id })) } as never),
    );
    return this.scanFormOf(form, request.trackingNumbers);
  }

  async scanFormFile(providerFormId: string): Promise<Buffer | null> {
    const form = await this.call<EpScanForm>(() => this.client.ScanForm.retrieve(providerFormId));
    return (await this.scanFormOf(form, [])).pdf;
  }

  private async scanFormOf(form: EpScanForm, trackingNumbers: string[]): Promise<CarrierScanForm> {
    if (form.status === 'failed') throw new CarrierError(`EasyPost: ${form.message ?? 'the SCAN form failed'}`);
    const ready = form.status !== 'creating' && !!form.form_url;
    return {
      providerFormId: form.id,
      status: ready ? 'created' : 'creating',
      trackingNumbers: form.tracking_codes?.length ? form.tracking_codes : trackingNumbers,
      pdf: ready ? await downloadLabelFile(form.form_url, 'pdf') : null,
    };
  }

  async testConnection(): Promise<{ ok: boolean; message: string }> {
    try {
      await this.call(() => this.client.CarrierAccount.all());
      return { ok: true, message: 'Connected to EasyPost.' };
    } catch (err) {
      return { ok: false, message: (err as Error).message };
    }
  }

  /** For tests: the clock this adapter plans ship dates with. */
  get clock(): () => Date {
    return this.now;
  }
}

import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../lib/pdf';

/** A request the fake received: method, path under /v2, its query, and the JSON body the SDK sent. */
export interface FakeCall {
  method: string;
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

interface FakeAnswer {
  status: number;
  body?: unknown;
  /** A file instead of JSON (the label files EasyPost's URLs point at). */
  file?: { contentType: string; bytes: Buffer };
}

/** The text the fake's label files carry, so a test can tell the carrier's label from the product's drawing. */
export const FAKE_LABEL_MARK = 'EASYPOST FAKE CARRIER LABEL';

/** A one-page PDF saying `text` (uncompressed, so tests can read it). */
function fakePdf(text: string, size: [number, number]): Promise<Buffer> {
  const doc = new PDFDocument({ size, margin: 12, compress: false });
  const done = pdfBytes(doc);
  doc.font('Courier').fontSize(10).text(text);
  doc.end();
  return done;
}

/** A 4×6 PDF page naming the tracking code. */
export function fakeLabelPdf(trackingCode: string): Promise<Buffer> {
  return fakePdf(`${FAKE_LABEL_MARK} ${trackingCode}`, [288, 432]);
}

/** The text the fake's SCAN forms begin with, followed by the form id and every tracking code on it. */
export const FAKE_SCAN_FORM_MARK = 'EASYPOST FAKE SCAN FORM';

/** The text of the fake's customs forms (a commercial invoice per parcel's shipment). */
export const FAKE_CUSTOMS_MARK = 'EASYPOST FAKE COMMERCIAL INVOICE';

export function fakeLabelZpl(trackingCode: string): string {
  return `^XA^FO50,50^A0N,30,30^FD${FAKE_LABEL_MARK} ${trackingCode}^FS^XZ`;
}

/**
 * A local stand-in for api.easypost.com/v2 answering the documented shapes of the calls our adapter makes
 * (shipments create/buy/refund, label conversion to PDF and ZPL with the files behind its URLs, address
 * verification, trackers, pickups create/buy/cancel, SCAN forms with their PDFs, carrier accounts), so the official SDK is exercised end to end over HTTP. Rates are derived from the parcel weight so tests can check the mapping.
 */
export class EasyPostFake {
  readonly calls: FakeCall[] = [];
  private server: Server | undefined;
  private seq = 0;
  /** The next tracker answer (tests set it). */
  tracker: Record<string, unknown> = { status: 'in_transit', tracking_details: [] };
  /** When set, the next request answers this HTTP status with an EasyPost error. */
  failNext: number | null = null;
  refundStatus = 'submitted';
  /** Shipments created, by id, as the SDK sent them (customs_info decides whether a customs form comes with it). */
  readonly created = new Map<string, Record<string, unknown>>();
  /** Batches created (pickups of several parcels are booked for a batch), by id: their shipment ids. */
  readonly batches = new Map<string, string[]>();
  /** Shipments bought, by id: buying one twice is refused, and GET shipments/{id} shows the label. */
  readonly bought = new Map<string, Record<string, unknown>>();
  /** The rates quoted, by id: buying one sells that rate's carrier and service. */
  private readonly rates = new Map<string, { carrier: string; service: string }>();
  /** SCAN forms made, by id: their shipment ids and tracking codes (a shipment goes on one form only). */
  readonly scanForms = new Map<string, { shipmentIds: string[]; trackingCodes: string[] }>();
  /** When true, new SCAN forms answer `creating` with no form_url (the carrier still draws them). */
  scanFormsPending = false;
  /** When true, label conversions answer 500 (the carrier's label cannot be had right now). */
  failLabels = false;
  private baseUrl = '';

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body, file }) => {
          if (file) {
            res.writeHead(status, { 'content-type': file.contentType, 'content-length': file.bytes.length });
            res.end(file.bytes);
            return;
          }
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        },
        () => {
          res.writeHead(500);
          res.end();
        },
      );
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return `${this.baseUrl}/v2/`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private id(prefix: string) {
    return `${prefix}_${(++this.seq).toString().padStart(8, '0')}`;
  }

  private rateId(carrier: string, service: string) {
    const id = this.id('rate');
    this.rates.set(id, { carrier, service });
    return id;
  }

  /** Where EasyPost keeps a bought shipment's label files (its own storage, read without the API key). */
  private labelUrl(shipmentId: string, ext: 'png' | 'pdf' | 'zpl') {
    return `${this.baseUrl}/files/postage_label/${shipmentId}.${ext}`;
  }

  /** EasyPost's insurance fee of a value in dollars, as the fake charges it: 0.5 %, at least $0.50. */
  static insuranceFee(dollars: number): number {
    return Math.max(0.5, Math.round(dollars * 0.5) / 100);
  }

  /**
   * Address.create with verify, as EasyPost answers it: the address in the carrier's spelling (upper case, street
   * suffixes abbreviated, ZIP+4 added) with verifications.delivery. A street naming "Nowhere" is not found.
   */
  private verifiedAddress(body: Record<string, unknown>) {
    const a = body.address as Record<string, string | undefined>;
    const base = { id: this.id('adr'), object: 'Address', ...a };
    if (!body.verify) return base;
    if (/nowhere/i.test(a.street1 ?? '')) {
      return {
        ...base,
        verifications: {
          delivery: {
            success: false,
            errors: [{ code: 'E.ADDRESS.NOT_FOUND', field: 'address', message: 'Address not found' }],
            details: null,
          },
        },
      };
    }
    const abbreviate = (v: string | undefined) =>
      (v ?? '')
        .toUpperCase()
        .replace(/\bSTREET\b/g, 'ST')
        .replace(/\bAVENUE\b/g, 'AVE')
        .replace(/\bROAD\b/g, 'RD');
    return {
      ...base,
      street1: abbreviate(a.street1),
      street2: a.street2 ? abbreviate(a.street2) : null,
      city: (a.city ?? '').toUpperCase(),
      state: (a.state ?? '').toUpperCase(),
      zip: a.country === 'US' && /^\d{5}$/.test(a.zip ?? '') ? `${a.zip}-1234` : a.zip,
      verifications: { delivery: { success: true, errors: [], details: { latitude: 0, longitude: 0 } } },
    };
  }

  /** A ScanForm as EasyPost answers it (created with its PDF's URL, or still creating without one). */
  private scanFormOf(id: string, pending = false) {
    const form = this.scanForms.get(id)!;
    return {
      id,
      object: 'ScanForm',
      status: pending ? 'creating' : 'created',
      message: null,
      tracking_codes: form.trackingCodes,
      form_url: pending ? null : `${this.baseUrl}/files/scan_form/${id}.pdf`,
      form_file_type: pending ? null : 'application/pdf',
    };
  }

  /**
   * POST scan_forms as EasyPost checks it: every shipment known and bought, USPS, from one address, and on no other
   * form; otherwise a 422 with EasyPost's kind of error code.
   */
  private createScanForm(body: Record<string, unknown>): FakeAnswer {
    const listed = ((body.scan_form as { shipments?: { id: string }[] })?.shipments ?? []).map((s) => s.id);
    const refuse = (code: string, message: string) => ({ status: 422, body: { error: { code, message, errors: [] } } });
    if (listed.length === 0) return refuse('SCAN_FORM.SHIPMENTS.MISSING', 'No shipments were given');
    const unknown = listed.find((id) => !this.bought.has(id));
    if (unknown) return refuse('SCAN_FORM.SHIPMENT.INVALID', `Shipment ${unknown} has no postage label`);
    const carriers = new Set(listed.map((id) => (this.bought.get(id)!.selected_rate as { carrier: string }).carrier));
    if (carriers.size > 1 || !carriers.has('USPS')) {
      return refuse('SCAN_FORM.CARRIER.INVALID', 'SCAN forms can only be created for USPS shipments');
    }
    const fromOf = (id: string) => JSON.stringify(this.created.get(id)?.from_address ?? null);
    if (new Set(listed.map(fromOf)).size > 1) {
      return refuse('SCAN_FORM.ADDRESS.MISMATCH', 'All shipments must have the same from address');
    }
    const onForm = listed.find((id) => [...this.scanForms.values()].some((f) => f.shipmentIds.includes(id)));
    if (onForm) return refuse('SCAN_FORM.SHIPMENT.EXISTS', `Shipment ${onForm} is already on a SCAN form`);
    const id = this.id('sf');
    this.scanForms.set(id, {
      shipmentIds: listed,
      trackingCodes: listed.map((s) => String(this.bought.get(s)!.tracking_code)),
    });
    return { status: 201, body: this.scanFormOf(id, this.scanFormsPending) };
  }

  private async handle(req: IncomingMessage): Promise<FakeAnswer> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const url = new URL(req.url ?? '/', 'http://fake');
    const query = Object.fromEntries(url.searchParams);
    let f: RegExpExecArray | null;
    if (req.method === 'GET' && (f = /^\/files\/postage_label\/(shp_\d+)\.(pdf|zpl)$/.exec(url.pathname))) {
      this.calls.push({ method: 'GET', path: url.pathname, query, body });
      const shipment = this.bought.get(f[1]!);
      if (!shipment) return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such file' } } };
      const code = String(shipment.tracking_code);
      return f[2] === 'pdf'
        ? { status: 200, file: { contentType: 'application/pdf', bytes: await fakeLabelPdf(code) } }
        : { status: 200, file: { contentType: 'application/zpl', bytes: Buffer.from(fakeLabelZpl(code)) } };
    }
    if (req.method === 'GET' && (f = /^\/files\/forms\/(shp_\d+)\.pdf$/.exec(url.pathname))) {
      this.calls.push({ method: 'GET', path: url.pathname, query, body });
      if (!this.bought.has(f[1]!))
        return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such file' } } };
      const doc = await fakeLabelPdf(`${FAKE_CUSTOMS_MARK} ${f[1]}`);
      return { status: 200, file: { contentType: 'application/pdf', bytes: doc } };
    }
    if (req.method === 'GET' && (f = /^\/files\/scan_form\/(sf_\d+)\.pdf$/.exec(url.pathname))) {
      this.calls.push({ method: 'GET', path: url.pathname, query, body });
      const form = this.scanForms.get(f[1]!);
      if (!form) return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such file' } } };
      const doc = await fakePdf(`${FAKE_SCAN_FORM_MARK} ${f[1]} ${form.trackingCodes.join(' ')}`, [612, 792]);
      return { status: 200, file: { contentType: 'application/pdf', bytes: doc } };
    }
    const path = url.pathname.replace(/^\/v2\//, '');
    this.calls.push({ method: req.method ?? 'GET', path, query, body });
    if (!req.headers.authorization)
      return { status: 401, body: { error: { code: 'APIKEY.REQUIRED', message: 'API key required' } } };
    if (this.failNext) {
      const status = this.failNext;
      this.failNext = null;
      return {
        status,
        body: { error: { code: 'SHIPMENT.INVALID_PARAMS', message: 'Unable to create shipment', errors: [] } },
      };
    }
    let m: RegExpExecArray | null;
    if (req.method === 'POST' && path === 'shipments') {
      const shipment = body.shipment as { parcel: { weight: number } };
      const id = this.id('shp');
      this.created.set(id, body.shipment as Record<string, unknown>);
      const oz = shipment.parcel.weight;
      const rate = (carrier: string, service: string, base: number, days: number) => ({
        id: this.rateId(carrier, service),
        object: 'Rate',
        carrier,
        service,
        rate: (base + oz * 0.05).toFixed(2),
        retail_rate: ((base + oz * 0.05) * 4).toFixed(2),
        list_rate: ((base + oz * 0.05) * 3).toFixed(2),
        currency: 'USD',
        delivery_days: days,
        delivery_date: null,
        shipment_id: id,
      });
      return {
        status: 201,
        body: {
          id,
          object: 'Shipment',
          mode: 'test',
          rates: [
            rate('USPS', 'GroundAdvantage', 5, 4),
            rate('USPS', 'Express', 25, 1),
            rate('UPS', '2ndDayAir', 18, 2),
          ],
          tracking_code: null,
          selected_rate: null,
        },
      };
    }
    if (req.method === 'POST' && (m = /^shipments\/(shp_\d+)\/buy$/.exec(path))) {
      const rateId = (body.rate as { id: string }).id;
      if (this.bought.has(m[1]!)) {
        return { status: 422, body: { error: { code: 'SHIPMENT.POSTAGE.EXISTS', message: 'Postage already exists' } } };
      }
      // Insurance bought with the label (documented: the `insurance` parameter of buy, in dollars).
      const insured = body.insurance ? Number(body.insurance) : 0;
      const customs = !!this.created.get(m[1]!)?.customs_info;
      const bought = {
        id: m[1],
        object: 'Shipment',
        tracking_code: `EZ${m[1]!.slice(4)}`,
        selected_rate: {
          id: rateId,
          rate: '7.15',
          ...(this.rates.get(rateId) ?? { carrier: 'USPS', service: 'GroundAdvantage' }),
        },
        postage_label: { label_url: this.labelUrl(m[1]!, 'png'), label_file_type: 'image/png', label_size: '4x6' },
        insurance: insured > 0 ? insured.toFixed(2) : null,
        fees: [
          { object: 'Fee', type: 'LabelFee', amount: '0.00000', charged: true, refunded: false },
          { object: 'Fee', type: 'PostageFee', amount: '7.15000', charged: true, refunded: false },
          ...(insured > 0
            ? [
                {
                  object: 'Fee',
                  type: 'InsuranceFee',
                  amount: EasyPostFake.insuranceFee(insured).toFixed(5),
                  charged: true,
                  refunded: false,
                },
              ]
            : []),
        ],
        forms: customs
          ? [{ object: 'Form', form_type: 'commercial_invoice', form_url: `${this.baseUrl}/files/forms/${m[1]}.pdf` }]
          : [],
      };
      this.bought.set(m[1]!, bought);
      return { status: 200, body: bought };
    }
    if (req.method === 'GET' && (m = /^shipments\/(shp_\d+)$/.exec(path))) {
      return {
        status: 200,
        body: this.bought.get(m[1]!) ?? { id: m[1], object: 'Shipment', tracking_code: null, postage_label: null },
      };
    }
    if (req.method === 'GET' && (m = /^shipments\/(shp_\d+)\/label$/.exec(path))) {
      // Converts the bought label (documented: GET shipments/{id}/label?file_format=PDF|ZPL|EPL2) and answers
      // the shipment with the new format's URL beside the ones converted before.
      const shipment = this.bought.get(m[1]!);
      if (!shipment) {
        return { status: 422, body: { error: { code: 'SHIPMENT.POSTAGE.MISSING', message: 'No postage label' } } };
      }
      if (this.failLabels) {
        return { status: 500, body: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'Label conversion failed' } } };
      }
      const format = (query.file_format ?? '').toUpperCase();
      if (format !== 'PDF' && format !== 'ZPL') {
        return { status: 422, body: { error: { code: 'LABEL.FORMAT.INVALID', message: 'Unsupported format' } } };
      }
      const label = shipment.postage_label as Record<string, unknown>;
      label[format === 'PDF' ? 'label_pdf_url' : 'label_zpl_url'] = this.labelUrl(
        m[1]!,
        format === 'PDF' ? 'pdf' : 'zpl',
      );
      return { status: 200, body: shipment };
    }
    if (req.method === 'POST' && (m = /^shipments\/(shp_\d+)\/refund$/.exec(path))) {
      return { status: 200, body: { id: m[1], object: 'Shipment', refund_status: this.refundStatus } };
    }
    if (req.method === 'POST' && path === 'trackers') {
      return { status: 201, body: { id: this.id('trk'), object: 'Tracker', ...this.tracker } };
    }
    if (req.method === 'POST' && path === 'batches') {
      const id = this.id('batch');
      const listed = ((body.batch as { shipments?: { id: string }[] })?.shipments ?? []).map((s) => s.id);
      this.batches.set(id, listed);
      return {
        status: 201,
        body: {
          id,
          object: 'Batch',
          state: 'created',
          num_shipments: listed.length,
          shipments: listed.map((i) => ({ id: i })),
        },
      };
    }
    if (req.method === 'POST' && path === 'scan_forms') return this.createScanForm(body);
    if (req.method === 'GET' && (m = /^scan_forms\/(sf_\d+)$/.exec(path))) {
      if (!this.scanForms.has(m[1]!)) {
        return {
          status: 404,
          body: { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.' } },
        };
      }
      return { status: 200, body: this.scanFormOf(m[1]!) };
    }
    if (req.method === 'POST' && path === 'pickups') {
      return {
        status: 201,
        body: {
          id: this.id('pickup'),
          object: 'Pickup',
          pickup_rates: [{ carrier: 'USPS', service: 'NextDay', rate: '0.00' }],
        },
      };
    }
    if (req.method === 'POST' && (m = /^pickups\/(pickup_\d+)\/buy$/.exec(path))) {
      return { status: 200, body: { id: m[1], object: 'Pickup', status: 'scheduled', confirmation: 'WTC12345678' } };
    }
    if (req.method === 'POST' && (m = /^pickups\/(pickup_\d+)\/cancel$/.exec(path))) {
      return { status: 200, body: { id: m[1], object: 'Pickup', status: 'canceled' } };
    }
    if (req.method === 'POST' && path === 'addresses') {
      return { status: 201, body: this.verifiedAddress(body) };
    }
    if (req.method === 'GET' && path === 'carrier_accounts') {
      return { status: 200, body: [] };
    }
    return {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.' } },
    };
  }
}

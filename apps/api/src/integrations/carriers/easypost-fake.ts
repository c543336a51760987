import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PDFDocument from 'pdfkit';

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

/** A 4×6 PDF page naming the tracking code (uncompressed, so tests can read its text). */
export function fakeLabelPdf(trackingCode: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: [288, 432], margin: 12, compress: false });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Courier').fontSize(10).text(`${FAKE_LABEL_MARK} ${trackingCode}`);
  doc.end();
  return done;
}

export function fakeLabelZpl(trackingCode: string): string {
  return `^XA^FO50,50^A0N,30,30^FD${FAKE_LABEL_MARK} ${trackingCode}^FS^XZ`;
}

/**
 * A local stand-in for api.easypost.com/v2 answering the documented shapes of the calls our adapter makes
 * (shipments create/buy/refund, label conversion to PDF and ZPL with the files behind its URLs, address
 * verification, trackers, pickups create/buy/cancel, carrier accounts), so the official SDK is exercised end to end over HTTP. Rates are derived from the parcel weight so tests can check the mapping.
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
  /** Shipments bought, by id: buying one twice is refused, and GET shipments/{id} shows the label. */
  readonly bought = new Map<string, Record<string, unknown>>();
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

  /** Where EasyPost keeps a bought shipment's label files (its own storage, read without the API key). */
  private labelUrl(shipmentId: string, ext: 'png' | 'pdf' | 'zpl') {
    return `${this.baseUrl}/files/postage_label/${shipmentId}.${ext}`;
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
      const oz = shipment.parcel.weight;
      const rate = (carrier: string, service: string, base: number, days: number) => ({
        id: this.id('rate'),
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
      const bought = {
        id: m[1],
        object: 'Shipment',
        tracking_code: `EZ${m[1]!.slice(4)}`,
        selected_rate: { id: rateId, rate: '7.15', carrier: 'USPS', service: 'GroundAdvantage' },
        postage_label: { label_url: this.labelUrl(m[1]!, 'png'), label_file_type: 'image/png', label_size: '4x6' },
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

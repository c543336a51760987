import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the fake received: method, path under /v2, and the JSON body the SDK sent. */
export interface FakeCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for api.easypost.com/v2 answering the documented shapes of the calls our adapter makes
 * (shipments create/buy/refund, trackers, pickups create/buy/cancel, carrier accounts), so the official SDK
 * is exercised end to end over HTTP. Rates are derived from the parcel weight so tests can check the mapping.
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

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      void this.handle(req).then(
        ({ status, body }) => {
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
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v2/`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private id(prefix: string) {
    return `${prefix}_${(++this.seq).toString().padStart(8, '0')}`;
  }

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    const path = (req.url ?? '').replace(/^\/v2\//, '').split('?')[0]!;
    this.calls.push({ method: req.method ?? 'GET', path, body });
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
        postage_label: { label_url: 'https://example.invalid/label.png' },
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
    if (req.method === 'GET' && path === 'carrier_accounts') {
      return { status: 200, body: [] };
    }
    return {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'The requested resource could not be found.' } },
    };
  }
}

import { formatCents } from '@postwise/shared/plans';
import type { FastifyBaseLogger } from 'fastify';
import PDFDocument from 'pdfkit';
import type { CarrierAdapter } from '../../../integrations/carriers/carrier-adapter';
import type { FileStorage } from '../../../integrations/storage/file-storage';
import { appError } from '../../../lib/errors';
import type { ShipmentRow } from '../schema/shipments';
import type { CarrierLabelContext } from './carrier-label';
import { addressLines } from '../../../integrations/carriers/address-lines';
import { SAMPLE_LABEL_TEXT } from './label';
import { pdfBytes } from '../../../lib/pdf';

export const CUSTOMS_FORM_UNAVAILABLE =
  "The carrier's customs form cannot be fetched right now. Please try again in a minute.";
export const NO_CUSTOMS_FORM = 'This shipment has no customs form: it needs none.';

/** Where a shipment's customs form lives, beside its label files. */
export const customsFormKey = (shipmentId: string) => `shipment-labels/${shipmentId}/customs-form.pdf`;

/**
 * A CN22 serves a parcel declared up to 300 SDR (about $400); above that the declaration is a CN23 (UPU
 * Convention, Article 20). The sample says which one a carrier would print.
 */
const CN22_LIMIT_CENTS = 40_000;

/**
 * Fetches the carrier's customs form and keeps it in storage (network and storage only: never inside a database
 * transaction). Answers whether a form was kept: false for a provider with none to give.
 */
export async function storeCustomsForm(
  storage: FileStorage,
  adapter: CarrierAdapter,
  shipmentId: string,
  providerShipmentId: string,
): Promise<boolean> {
  if (!adapter.customsForm) return false;
  const form = await adapter.customsForm(providerShipmentId);
  if (!form) return false;
  await storage.put(customsFormKey(shipmentId), form, 'application/pdf');
  return true;
}

/**
 * The customs form of an international shipment: the carrier's (from storage, or fetched now and kept), or, for a
 * shipment no carrier issued postage for (the sandbox), the product's sample declaration marked not valid. 409
 * when the shipment has no customs lines; 503 when the carrier's form exists but cannot be had right now.
 */
export async function customsFormFile(ctx: CarrierLabelContext, row: ShipmentRow): Promise<Buffer> {
  if (row.customs.length === 0) throw appError('CONFLICT', NO_CUSTOMS_FORM);
  const stored = await ctx.storage.get(customsFormKey(row.id));
  if (stored) return stored.body;
  const adapter = row.provider ? await ctx.carriers.byProvider(ctx.db, row.provider) : null;
  if (row.provider === 'easypost' && !adapter) throw appError('SERVICE_UNAVAILABLE', CUSTOMS_FORM_UNAVAILABLE);
  if (adapter?.customsForm && row.providerShipmentId) {
    let kept: boolean;
    try {
      kept = await storeCustomsForm(ctx.storage, adapter, row.id, row.providerShipmentId);
    } catch (err) {
      ctx.log.warn({ err, shipmentId: row.id }, 'customs form fetch failed');
      throw appError('SERVICE_UNAVAILABLE', CUSTOMS_FORM_UNAVAILABLE);
    }
    const fetched = kept ? await ctx.storage.get(customsFormKey(row.id)) : null;
    if (fetched) return fetched.body;
  }
  return renderCustomsFormPdf(row);
}

/** The carrier's customs form fetched with the purchase; a failure is logged and the download fetches it later. */
export async function fetchCustomsFormWithLabel(
  storage: FileStorage,
  adapter: CarrierAdapter,
  shipmentId: string,
  providerShipmentId: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    await storeCustomsForm(storage, adapter, shipmentId, providerShipmentId);
  } catch (err) {
    log.warn({ err, shipmentId }, 'customs form not fetched with the purchase; fetched on download');
  }
}

/** The product's sample customs declaration (CN22 or CN23) of a sandbox shipment, marked not valid. */
export function renderCustomsFormPdf(row: ShipmentRow): Promise<Buffer> {
  const totalCents = row.customs.reduce((s, c) => s + c.valueCents, 0);
  const form = totalCents <= CN22_LIMIT_CENTS ? 'CN 22' : 'CN 23';
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: 48,
    compress: false,
    info: { Title: `Sample customs declaration ${form} ${row.uniqueId} (not valid)` },
  });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(18).text(`Customs declaration ${form}`);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`${row.carrier} ${row.shipmentDetails.service} · tracking ${row.carrierTrackingNumber ?? ''}`)
    .text(`Ref ${row.uniqueId} · Category of item: Merchandise`)
    .moveDown();
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(9).text('From', 48, top);
  doc.font('Helvetica').text(addressLines(row.sender).join('\n'), 48, top + 12, { width: 240 });
  doc.font('Helvetica-Bold').text('To', 320, top);
  doc.font('Helvetica').text(addressLines(row.receiver).join('\n'), 320, top + 12, { width: 240 });
  doc.y = top + 100;
  const columns = [
    { title: 'Description of contents', x: 48, width: 160 },
    { title: 'Qty', x: 210, width: 30 },
    { title: 'Weight (oz)', x: 245, width: 55 },
    { title: 'HS tariff number', x: 305, width: 80 },
    { title: 'Origin', x: 390, width: 40 },
    { title: 'Value (USD)', x: 435, width: 80 },
  ];
  let y = doc.y;
  doc.font('Helvetica-Bold');
  for (const c of columns) doc.text(c.title, c.x, y, { width: c.width });
  y += 16;
  doc.font('Helvetica');
  for (const line of row.customs) {
    const cells = [
      line.description,
      String(line.quantity),
      line.weightOz ? String(line.weightOz) : '',
      line.hsCode,
      line.originCountry,
      formatCents(line.valueCents, { alwaysDecimals: true }),
    ];
    cells.forEach((text, i) => doc.text(text, columns[i]!.x, y, { width: columns[i]!.width }));
    y += 16;
  }
  doc.font('Helvetica-Bold').text('Total value', 305, y + 4, { width: 125 });
  doc.text(formatCents(totalCents, { alwaysDecimals: true }), 435, y + 4, { width: 80 });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(
      `I certify that the particulars given in this customs declaration are correct. Signed: ${row.sender.name}`,
      48,
      y + 36,
      { width: 460 },
    );
  // The same mark as the sample label, across the page.
  doc.save();
  doc.rotate(-35, { origin: [306, 396] });
  doc.fillColor('#b91c1c').fillOpacity(0.5).font('Helvetica-Bold').fontSize(40);
  doc.text(SAMPLE_LABEL_TEXT, 306 - doc.widthOfString(SAMPLE_LABEL_TEXT) / 2, 376, { lineBreak: false });
  doc.restore();
  doc.end();
  return done;
}

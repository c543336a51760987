import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { ShipmentRow } from '../schema/shipments';
import { parcelTrackingNumbersOf } from './shipment-records';
import { addressLines } from '../../../integrations/carriers/address-lines';
import { pdfBytes } from '../../../lib/pdf';

/** 4×6 inches at 72 points per inch. */
const WIDTH = 288;
const HEIGHT = 432;

/**
 * What the product's own drawing says across itself: it is drawn for sandbox shipments (and freight booked by hand),
 * which no carrier has paid postage for. A real carrier's label is served from storage instead (carrier-label.ts).
 */
export const SAMPLE_LABEL_TEXT = 'SAMPLE — NOT VALID POSTAGE';

/** One page of the label per parcel: its tracking number and which parcel it is. */
interface ParcelPage {
  tracking: string;
  /** "Parcel 1 of 2 · 3 lb" */
  caption: string;
}

function parcelPages(row: ShipmentRow): ParcelPage[] {
  const parcels = row.packages.flatMap((p) => Array.from({ length: p.numberOfPackages }, () => p));
  const numbers = parcelTrackingNumbersOf(row);
  const count = Math.max(1, parcels.length);
  // Freight booked by hand carries one number for the whole consignment: one page.
  const pages = numbers.length > 1 ? count : 1;
  return Array.from({ length: pages }, (_, i) => {
    const parcel = parcels[i];
    const weight = parcel ? ` · ${parcel.weight} ${parcel.weightUnits}` : '';
    return {
      tracking: numbers[i] ?? row.carrierTrackingNumber ?? row.uniqueId,
      caption: pages > 1 ? `Parcel ${i + 1} of ${pages}${weight}` : `${count} pkg${weight}`,
    };
  });
}

/** A Code 128 barcode of the tracking number as PNG (bwip-js renders it; scanners read it). */
export function barcodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 3, height: 18, includetext: false });
}

/** The sample mark, corner to corner over everything else, as large as the diagonal allows. */
function drawSampleMark(doc: PDFKit.PDFDocument) {
  const angle = (Math.atan2(HEIGHT, WIDTH) * 180) / Math.PI;
  const diagonal = Math.hypot(WIDTH, HEIGHT) - 100;
  doc.font('Helvetica-Bold').fontSize(10);
  const size = Math.min(40, (10 * diagonal) / doc.widthOfString(SAMPLE_LABEL_TEXT));
  doc.fontSize(size);
  const width = doc.widthOfString(SAMPLE_LABEL_TEXT);
  doc.save();
  doc.rotate(-angle, { origin: [WIDTH / 2, HEIGHT / 2] });
  doc.fillColor('#b91c1c').fillOpacity(0.55);
  doc.text(SAMPLE_LABEL_TEXT, WIDTH / 2 - width / 2, HEIGHT / 2 - size / 2, { lineBreak: false });
  doc.restore();
}

/** The product's 4×6 sample label as a PDF, a page per parcel (sandbox shipments: no real postage; see SAMPLE_LABEL_TEXT). */
export async function renderLabelPdf(row: ShipmentRow): Promise<Buffer> {
  // Uncompressed text: a label is a few kilobytes either way, and what it says stays readable to tools and tests.
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: 12,
    compress: false,
    autoFirstPage: false,
    info: { Title: `Sample label ${row.uniqueId} (not valid postage)` },
  });
  const done = pdfBytes(doc);
  for (const page of parcelPages(row)) {
    doc.addPage({ size: [WIDTH, HEIGHT], margin: 12 });
    await drawLabelPage(doc, row, page);
  }
  doc.end();
  return done;
}

async function drawLabelPage(doc: PDFKit.PDFDocument, row: ShipmentRow, page: ParcelPage) {
  const barcode = await barcodePng(page.tracking);
  doc.font('Helvetica-Bold').fontSize(16).text(row.carrier, 12, 12);
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(row.shipmentDetails.service || row.carrierService || '', 12, 32);
  doc.fontSize(8).text(page.caption, 150, 14, { width: 126, align: 'right' });
  doc
    .moveTo(12, 48)
    .lineTo(WIDTH - 12, 48)
    .stroke();
  doc.font('Helvetica-Bold').fontSize(7).text('FROM', 12, 54);
  doc.font('Helvetica').fontSize(8).text(addressLines(row.sender).join('\n'), 12, 63, { width: 260 });
  doc
    .moveTo(12, 130)
    .lineTo(WIDTH - 12, 130)
    .stroke();
  doc.font('Helvetica-Bold').fontSize(8).text('SHIP TO', 12, 136);
  doc.fontSize(12).text(addressLines(row.receiver).join('\n'), 24, 148, { width: 250 });
  doc
    .moveTo(12, 262)
    .lineTo(WIDTH - 12, 262)
    .stroke();
  doc.image(barcode, 24, 272, { width: WIDTH - 48, height: 80 });
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(page.tracking, 12, 358, { width: WIDTH - 24, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Ref ${row.uniqueId}`, 12, 378, { width: WIDTH - 24, align: 'center' });
  drawSampleMark(doc);
}

function zplText(value: string): string {
  // ZPL treats ^ and ~ as commands; field text must not contain them.
  return value.replace(/[\^~]/g, ' ');
}

/** The same sample label in ZPL II for 203 dpi thermal printers (812 × 1218 dots), a label per parcel, the mark along its length. */
export function renderLabelZpl(row: ShipmentRow): string {
  return parcelPages(row)
    .map((page) => zplPage(row, page))
    .join('\n');
}

function zplPage(row: ShipmentRow, page: ParcelPage): string {
  const field = (x: number, y: number, size: number, text: string) =>
    `^FO${x},${y}^A0N,${size},${size}^FD${zplText(text)}^FS`;
  const out = ['^XA', '^CI28', '^PW812', '^LL1218'];
  out.push(field(30, 30, 50, row.carrier), field(30, 90, 30, row.shipmentDetails.service || row.carrierService || ''));
  out.push(field(480, 40, 24, page.caption));
  out.push('^FO30,135^GB752,3,3^FS', field(30, 150, 22, 'FROM'));
  addressLines(row.sender).forEach((l, i) => out.push(field(30, 180 + i * 26, 24, l)));
  out.push('^FO30,360^GB752,3,3^FS', field(30, 375, 26, 'SHIP TO'));
  addressLines(row.receiver).forEach((l, i) => out.push(field(60, 410 + i * 40, 36, l)));
  out.push('^FO30,700^GB752,3,3^FS');
  out.push(`^FO60,730^BY3^BCN,220,N,N,N^FD${zplText(page.tracking)}^FS`);
  out.push(field(60, 970, 36, page.tracking), field(60, 1020, 24, `Ref ${row.uniqueId}`));
  // Printed last, reversed over what lies under it, rotated to run down the middle of the label.
  out.push(`^FO350,40^A0R,64,58^FR^FD${zplText(SAMPLE_LABEL_TEXT)}^FS`);
  out.push('^XZ');
  return out.join('\n');
}

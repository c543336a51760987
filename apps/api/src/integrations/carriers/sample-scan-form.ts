import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { Address } from '@postwise/shared/schemas/shipping';
import { pdfBytes } from '../../lib/pdf';
import { addressLines } from './address-lines';

/** US Letter at 72 points per inch: the size USPS prints its PS Form 5630. */
const WIDTH = 612;
const HEIGHT = 792;
const MARGIN = 48;

/** The title of the sandbox's form; like the sample labels it says SAMPLE, since no carrier will scan it. */
export const SAMPLE_SCAN_FORM_TITLE = 'USPS SCAN Form (PS Form 5630-style) — SAMPLE';
export const SAMPLE_SCAN_FORM_MARK = 'SAMPLE — NOT A VALID SCAN FORM';

export interface SampleScanForm {
  formId: string;
  carrier: string;
  fromAddress: Address;
  shipDate: string;
  trackingNumbers: string[];
}

/** The sample mark across the page under the text, as the sample labels carry theirs, kept inside the margins. */
function drawMark(doc: PDFKit.PDFDocument) {
  const angle = 35;
  const room = (WIDTH - 2 * MARGIN) / Math.cos((angle * Math.PI) / 180);
  doc.font('Helvetica-Bold').fontSize(10);
  const size = Math.min(40, (10 * room) / doc.widthOfString(SAMPLE_SCAN_FORM_MARK));
  doc.save();
  doc.rotate(-angle, { origin: [WIDTH / 2, HEIGHT / 2] });
  doc.fontSize(size).fillColor('#b91c1c').fillOpacity(0.18);
  const width = doc.widthOfString(SAMPLE_SCAN_FORM_MARK);
  doc.text(SAMPLE_SCAN_FORM_MARK, WIDTH / 2 - width / 2, HEIGHT / 2 - size / 2, { lineBreak: false });
  doc.restore();
  doc.fillColor('black').fillOpacity(1);
}

/**
 * The sandbox carrier's SCAN form: a Letter page in the manner of USPS's PS Form 5630 (from address, date, count,
 * a barcode of the form and every tracking number), marked SAMPLE since no postage was paid. Text stays
 * uncompressed so tools and tests can read what it lists; more numbers than a page holds continue on the next.
 */
export async function renderSampleScanForm(form: SampleScanForm): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [WIDTH, HEIGHT],
    margin: MARGIN,
    compress: false,
    autoFirstPage: false,
    info: { Title: `${SAMPLE_SCAN_FORM_TITLE} ${form.formId}` },
  });
  const done = pdfBytes(doc);
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: form.formId,
    scale: 3,
    height: 14,
    includetext: false,
  });
  const count = form.trackingNumbers.length;

  doc.addPage();
  drawMark(doc);
  doc.font('Helvetica-Bold').fontSize(18).text(SAMPLE_SCAN_FORM_TITLE, MARGIN, MARGIN);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text('Shipment Confirmation Acceptance Notice: one scan accepts every package listed below.', MARGIN, 74);
  doc.image(barcode, WIDTH - MARGIN - 220, 100, { width: 220, height: 48 });
  doc.fontSize(9).text(form.formId, WIDTH - MARGIN - 220, 152, { width: 220, align: 'center' });

  doc.font('Helvetica-Bold').fontSize(9).text('FROM', MARGIN, 100);
  doc.font('Helvetica').fontSize(10).text(addressLines(form.fromAddress).join('\n'), MARGIN, 112, { width: 280 });
  doc.font('Helvetica-Bold').fontSize(9).text('CARRIER', MARGIN, 200);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(form.carrier, MARGIN + 90, 200);
  doc.font('Helvetica-Bold').fontSize(9).text('SHIP DATE', MARGIN, 216);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(form.shipDate, MARGIN + 90, 216);
  doc.font('Helvetica-Bold').fontSize(9).text('PACKAGES', MARGIN, 232);
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(`${count} ${count === 1 ? 'package' : 'packages'}`, MARGIN + 90, 232);
  doc
    .moveTo(MARGIN, 256)
    .lineTo(WIDTH - MARGIN, 256)
    .stroke();
  doc.font('Helvetica-Bold').fontSize(9).text('TRACKING NUMBERS', MARGIN, 264);

  // Two columns of numbers; a new page (with the mark) when both are full.
  const rowHeight = 14;
  const columnWidth = (WIDTH - 2 * MARGIN) / 2;
  let top = 282;
  let row = 0;
  let column = 0;
  const rowsPerColumn = () => Math.floor((HEIGHT - MARGIN - top) / rowHeight);
  doc.font('Courier').fontSize(9);
  form.trackingNumbers.forEach((number, i) => {
    if (row >= rowsPerColumn()) {
      row = 0;
      column += 1;
      if (column > 1) {
        doc.addPage();
        drawMark(doc);
        doc.font('Courier').fontSize(9);
        top = MARGIN;
        column = 0;
      }
    }
    doc.text(`${String(i + 1).padStart(3, ' ')}. ${number}`, MARGIN + column * columnWidth, top + row * rowHeight, {
      lineBreak: false,
    });
    row += 1;
  });
  doc.end();
  return done;
}

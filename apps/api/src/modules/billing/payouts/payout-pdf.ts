import { PRODUCT_NAME } from '@postwise/shared/constants';
import PDFDocument from 'pdfkit';
import { formatMicro } from './payout-math';
import { CATEGORY_LABELS, type PayoutDto, type PayoutLineDto, statementTerms } from './service';
import { pdfBytes } from '../../../lib/pdf';

const NAVY = '#1e1b4b';
const MUTED = '#64748b';

/** The payout statement as an A4 PDF (same library and look as the invoice PDF). */
export async function renderPayoutPdf(payout: PayoutDto, lines: PayoutLineDto[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Payout ${payout.periodStart}`, Author: PRODUCT_NAME, Subject: 'Payout statement' },
  });
  const done = pdfBytes(doc);
  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(22).text(PRODUCT_NAME, left, 50);
  doc.font('Helvetica-Bold').fontSize(16).text('PAYOUT STATEMENT', left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
  doc.text(`${payout.periodStart} – ${payout.periodEnd}`, left, 75, { width, align: 'right' });
  doc.text(`Status: ${payout.status.toUpperCase()}`, { width, align: 'right' });
  if (payout.reference) doc.text(`Reference: ${payout.reference}`, { width, align: 'right' });
  doc.moveDown();
  doc.text(`Payee: ${payout.subAdmin.fullName || payout.subAdmin.email} (${payout.subAdmin.email})`, left);
  doc.moveDown();

  for (const category of Object.keys(CATEGORY_LABELS) as (keyof typeof CATEGORY_LABELS)[]) {
    const group = lines.filter((l) => l.category === category);
    if (group.length === 0) continue;
    doc.font('Helvetica-Bold').fillColor(NAVY).text(CATEGORY_LABELS[category], left);
    doc.font('Helvetica').fillColor('#0f172a').fontSize(9);
    for (const l of group) {
      const y = doc.y;
      doc.text(`${l.occurredAt.slice(0, 10)}  ${l.description}`, left, y, { width: width - 90 });
      doc.text(formatMicro(l.amountMicro), left + width - 90, y, { width: 90, align: 'right' });
    }
    doc.fontSize(10).moveDown(0.5);
  }
  doc.moveDown();
  // Each term printed, so the statement reconciles on its face: the terms add up to the payout exactly.
  for (const term of statementTerms(payout)) {
    const y = doc.y;
    doc.font(term.label === 'Payout' ? 'Helvetica-Bold' : 'Helvetica').text(term.label, left, y);
    doc.text(formatMicro(term.micro), left, y, { width, align: 'right' });
  }
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text(
      'Provider fees are what the card processor kept on each charge. A payout is paid in whole cents; a fraction ' +
        'of a cent (or a negative balance after refunds) is carried to the next period.',
      left,
    );
  doc.end();
  return done;
}

import type { Invoice, Transaction } from '@postwise/shared/billing';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { formatCents } from '@postwise/shared/plans';
import PDFDocument from 'pdfkit';

const NAVY = '#1e1b4b';
const MUTED = '#64748b';

function day(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

const money = (cents: number) => formatCents(cents, { alwaysDecimals: true });

/** The invoice as an A4 PDF (pdfkit's built-in Helvetica: no font files, nothing fetched). */
export function renderInvoicePdf(invoice: Invoice, payments: Transaction[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 50,
      info: { Title: `Invoice ${invoice.number}`, Author: PRODUCT_NAME, Subject: invoice.planName ?? 'Invoice' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const left = doc.page.margins.left;
    const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(22).text(PRODUCT_NAME, left, 50);
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor(MUTED)
      .text('Private mailbox and discounted shipping · Los Angeles, California');
    doc.font('Helvetica-Bold').fontSize(18).fillColor(NAVY).text('INVOICE', left, 50, { width, align: 'right' });
    doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
    doc.text(invoice.number, left, 75, { width, align: 'right' });
    doc.text(`Status: ${invoice.status.toUpperCase()}`, { width, align: 'right' });

    let y = 130;
    doc.font('Helvetica-Bold').fontSize(10).text('Billed to', left, y);
    doc.font('Helvetica').text(invoice.user.fullName || invoice.user.email, left, y + 14);
    doc.fillColor(MUTED).text(invoice.user.email, left, y + 28);
    doc
      .fillColor('#0f172a')
      .font('Helvetica-Bold')
      .text('Issued by', left + width / 2, y);
    doc.font('Helvetica').text(invoice.issuer?.fullName || PRODUCT_NAME, left + width / 2, y + 14);
    if (invoice.issuer?.email) doc.fillColor(MUTED).text(invoice.issuer.email, left + width / 2, y + 28);

    y = 190;
    doc.fillColor('#0f172a');
    const facts: [string, string][] = [
      ['Issued', day(invoice.createdAt)],
      ['Due', day(invoice.dueAt)],
      ['Paid', day(invoice.paidAt)],
    ];
    if (invoice.periodStart) facts.push(['Period', `${day(invoice.periodStart)} – ${day(invoice.periodEnd)}`]);
    facts.forEach(([label, value], i) => {
      doc.font('Helvetica-Bold').text(label, left + i * (width / facts.length), y, { width: width / facts.length });
      doc.font('Helvetica').text(value, left + i * (width / facts.length), y + 14, { width: width / facts.length });
    });

    y = 240;
    doc.rect(left, y, width, 22).fill('#eef2ff');
    doc.fillColor(NAVY).font('Helvetica-Bold').fontSize(10);
    doc.text('Description', left + 8, y + 6);
    doc.text('Qty', left + width * 0.6, y + 6, { width: 40, align: 'right' });
    doc.text('Unit', left + width * 0.7, y + 6, { width: 60, align: 'right' });
    doc.text('Amount', left + width - 88, y + 6, { width: 80, align: 'right' });
    y += 30;
    doc.font('Helvetica').fillColor('#0f172a');
    for (const line of invoice.lines) {
      doc.text(line.description, left + 8, y, { width: width * 0.55 });
      doc.text(String(line.quantity), left + width * 0.6, y, { width: 40, align: 'right' });
      doc.text(money(line.unitAmountCents), left + width * 0.7, y, { width: 60, align: 'right' });
      doc.text(money(line.amountCents), left + width - 88, y, { width: 80, align: 'right' });
      y += 22;
    }
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#e2e8f0')
      .stroke();
    y += 10;
    doc.text('Subtotal', left + width * 0.6, y, { width: width * 0.4 - 98, align: 'right' });
    doc.text(money(invoice.subtotalCents), left + width - 88, y, { width: 80, align: 'right' });
    y += 18;
    doc.font('Helvetica-Bold').text(`Total (${invoice.currency.toUpperCase()})`, left + width * 0.6, y, {
      width: width * 0.4 - 98,
      align: 'right',
    });
    doc.text(money(invoice.totalCents), left + width - 88, y, { width: 80, align: 'right' });

    if (payments.length) {
      y += 40;
      doc.font('Helvetica-Bold').fillColor(NAVY).text('Payments', left, y);
      y += 16;
      doc.font('Helvetica').fillColor('#0f172a');
      for (const p of payments) {
        const card = p.card ? `${p.card.brand} •••• ${p.card.last4}` : '—';
        doc.text(
          `${day(p.createdAt)}   ${card}   ${p.status}${p.failureMessage ? ` (${p.failureMessage})` : ''}`,
          left,
          y,
          {
            width: width - 90,
          },
        );
        doc.text(money(p.amountCents), left + width - 88, y, { width: 80, align: 'right' });
        y += 16;
      }
    }

    doc
      .fontSize(8)
      .fillColor(MUTED)
      .text(
        'Payment is due within 14 days; late and reinstatement fees apply after that. No proration and no refunds.',
        left,
        doc.page.height - 80,
        { width, align: 'center' },
      );
    doc.end();
  });
}

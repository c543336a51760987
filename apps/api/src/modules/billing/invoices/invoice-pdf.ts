import type { Invoice, Transaction } from '@postwise/shared/billing';
import { PRODUCT_NAME } from '@postwise/shared/constants';
import { formatCents } from '@postwise/shared/plans';
import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../../lib/pdf';

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
export async function renderInvoicePdf(invoice: Invoice, payments: Transaction[]): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `Invoice ${invoice.number}`, Author: PRODUCT_NAME, Subject: invoice.planName ?? 'Invoice' },
  });
  const done = pdfBytes(doc);

  const left = doc.page.margins.left;
  const width = doc.page.width - doc.page.margins.left - doc.page.margins.right;

  // The issuing business (the platform's company or the reseller's store), never a staff member.
  const issuer = invoice.issuedBy ?? { name: PRODUCT_NAME, addressLines: [], email: '', phone: null };
  doc
    .fillColor(NAVY)
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(issuer.name, left, 50, { width: width * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED);
  for (const line of [...issuer.addressLines, issuer.email, issuer.phone ?? ''].filter(Boolean)) {
    doc.text(line, left, undefined, { width: width * 0.6 });
  }
  doc.font('Helvetica-Bold').fontSize(18).fillColor(NAVY).text('INVOICE', left, 50, { width, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('#0f172a');
  doc.text(invoice.number, left, 75, { width, align: 'right' });
  const status = invoice.overdue ? 'OVERDUE' : invoice.status === 'open' ? 'DUE' : invoice.status.toUpperCase();
  doc
    .fillColor(invoice.overdue ? '#b91c1c' : '#0f172a')
    .text(`Status: ${status}`, { width, align: 'right' })
    .fillColor('#0f172a');

  let y = 150;
  const payer = invoice.billedTo ?? {
    name: invoice.user.fullName || invoice.user.email,
    company: null,
    email: invoice.user.email,
    addressLines: [],
  };
  doc.font('Helvetica-Bold').fontSize(10).text('Billed to', left, y);
  doc.font('Helvetica').text(payer.company ?? payer.name, left, y + 14, { width: width / 2 - 10 });
  if (payer.company) doc.text(`Attn: ${payer.name}`, left, undefined, { width: width / 2 - 10 });
  doc.fillColor(MUTED);
  for (const line of [...payer.addressLines, payer.email]) doc.text(line, left, undefined, { width: width / 2 - 10 });
  doc.fillColor('#0f172a');
  const billedEnd = doc.y;
  if (invoice.payment) {
    doc.font('Helvetica-Bold').text('Payment', left + width / 2, y);
    doc.font('Helvetica').text(`Paid ${day(invoice.payment.paidAt)}`, left + width / 2, y + 14);
    doc.text(invoice.payment.method, left + width / 2, undefined, { width: width / 2 });
  }

  y = Math.max(billedEnd, doc.y) + 16;
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

  y += 50;
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
    const next = doc.y;
    doc.text(String(line.quantity), left + width * 0.6, y, { width: 40, align: 'right' });
    doc.text(money(line.unitAmountCents), left + width * 0.7, y, { width: 60, align: 'right' });
    doc.text(money(line.amountCents), left + width - 88, y, { width: 80, align: 'right' });
    y = Math.max(next, y + 14) + 8;
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

  // What the reader needs to know about payment: how it was paid, or when it is (or was) due.
  const footer =
    invoice.status === 'paid' && invoice.payment
      ? `Paid on ${day(invoice.payment.paidAt)} with ${invoice.payment.method}. Thank you.`
      : invoice.status === 'void'
        ? 'This invoice is void: nothing is owed.'
        : invoice.overdue
          ? `Overdue: payment was due on ${day(invoice.dueAt)}. Late and reinstatement fees apply.`
          : `Payment is due by ${day(invoice.dueAt)}; late and reinstatement fees apply after that.`;
  doc
    .fontSize(8)
    .fillColor(MUTED)
    .text(footer, left, doc.page.height - 80, { width, align: 'center', lineBreak: false });
  doc.end();
  return done;
}

import type { Actor } from '../../identity';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { MailContext } from './mail-context';
import { loadItemDto, loadVisibleItem } from './mail-records';

/** What the Code 128 barcode encodes: the PMB number and the item number, e.g. "1003-M1000042". */
export function labelBarcodeText(pmbNumber: number, itemNumber: number): string {
  return `${pmbNumber}-M${itemNumber}`;
}

/**
 * The internal label stuck on a received item (operators of its store): PMB and item number as a Code 128
 * barcode, with the box holder's PMB, kind, sender and date in text. PNG for label printers, PDF (4 x 2 in) for
 * office printers.
 */
export async function printLabel(
  ctx: MailContext,
  me: Actor,
  itemId: string,
  format: 'png' | 'pdf',
): Promise<{ body: Buffer; contentType: string }> {
  await loadVisibleItem(ctx.db, me, itemId);
  const item = await loadItemDto(ctx.db, itemId, ctx.now(), ctx.photoLinks);
  const pmbNumber = Number(item.pmb.replace(/\D/g, ''));
  const text = labelBarcodeText(pmbNumber, item.number);
  const png = await bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: 3,
    height: 14,
    includetext: true,
    textxalign: 'center',
  });
  if (format === 'png') return { body: png, contentType: 'image/png' };

  const doc = new PDFDocument({ size: [288, 144], margin: 10, info: { Title: `Label ${text}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(16).text(item.pmb, 10, 10);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`M-${item.number} · ${item.kind.replace('_', ' ')} · ${item.sender}`.slice(0, 70), 10, 30)
    .text(new Date(item.receivedAt).toISOString().slice(0, 10), 10, 41);
  doc.image(png, 10, 56, { fit: [268, 80], align: 'center' });
  doc.end();
  return { body: await done, contentType: 'application/pdf' };
}

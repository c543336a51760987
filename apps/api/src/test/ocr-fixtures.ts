import { PDFDocument, StandardFonts } from 'pdf-lib';
import { pdfPages } from '../integrations/ocr/text-recognition';

/** A US Letter page with `lines` of text drawn on it (a text layer, as a PDF made by a program has). */
export async function textPdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([612, 792]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, index) => {
    page.drawText(line, { x: 72, y: 700 - index * 30, size: index === 0 ? 22 : 14, font });
  });
  return Buffer.from(await doc.save());
}

/** The same page as a picture (PNG, 200 dpi, grayscale): what a phone photo or a scanner gives, no text layer. */
export async function textPng(lines: string[]): Promise<Buffer> {
  const [page] = await pdfPages(await textPdf(lines), 1);
  return page!.png;
}

/** A scanned page: a PDF holding only the page's picture, so its words can only be read by OCR. */
export async function scannedPdf(lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(await textPng(lines));
  const page = doc.addPage([612, 792]);
  page.drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await doc.save());
}

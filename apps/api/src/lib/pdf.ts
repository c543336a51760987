/**
 * The bytes of a pdfkit document once it ends; a stream error rejects. Take it before drawing (pdfkit streams the
 * document as it is drawn), then call doc.end().
 */
export function pdfBytes(doc: PDFKit.PDFDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

import { PDFDocument } from 'pdf-lib';
import { CarrierError } from './carrier-adapter';

/** A label file is a few kilobytes; anything far larger is not a label. */
const MAX_LABEL_BYTES = 5 * 1024 * 1024;

/**
 * Downloads a label file from the URL a carrier answered (EasyPost keeps them in its own storage, read without the
 * API key). Refuses a non-http(s) URL, an error answer, an empty or oversized body, and a "PDF" that is not one.
 */
export async function downloadLabelFile(
  url: string | null | undefined,
  kind: 'pdf' | 'zpl',
  timeoutMs = 20_000,
): Promise<Buffer> {
  if (!url || !/^https?:\/\//i.test(url)) throw new CarrierError(`The carrier gave no ${kind.toUpperCase()} label`);
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch {
    throw new CarrierError(`The carrier's ${kind.toUpperCase()} label could not be downloaded`);
  }
  if (!res.ok) throw new CarrierError(`The carrier's ${kind.toUpperCase()} label answered ${res.status}`);
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > MAX_LABEL_BYTES) throw new CarrierError('The carrier label is too large');
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length === 0 || bytes.length > MAX_LABEL_BYTES)
    throw new CarrierError('The carrier label is empty or too large');
  if (kind === 'pdf' && bytes.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new CarrierError('The carrier label is not a PDF');
  }
  return bytes;
}

/** One PDF with every page of the given PDFs, in order (one label page per parcel). */
export async function mergePdfs(files: Buffer[]): Promise<Buffer> {
  if (files.length === 1) return files[0]!;
  const out = await PDFDocument.create();
  for (const file of files) {
    const doc = await PDFDocument.load(file);
    const pages = await out.copyPages(doc, doc.getPageIndices());
    for (const page of pages) out.addPage(page);
  }
  return Buffer.from(await out.save());
}

/** ZPL labels one after the other: a printer prints each ^XA…^XZ block as its own label. */
export function joinZpl(files: Buffer[]): Buffer {
  return Buffer.from(files.map((f) => f.toString('utf8').trim()).join('\n') + '\n', 'utf8');
}

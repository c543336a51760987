import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type * as MuPdf from 'mupdf';
import sharp from 'sharp';
import Tesseract from 'tesseract.js';

/**
 * Text recognition (OCR) of envelope photos and contents scans, on this machine: tesseract.js (Tesseract compiled
 * to WebAssembly, in a worker thread) with the English model of the `@tesseract.js-data/eng` package, and PDF
 * pages rendered by MuPDF (WebAssembly). Nothing is downloaded at run time: the model is read from node_modules
 * and the cache is off, so a machine without internet reads text the same.
 */
export interface TextRecognizer {
  /** The words of one image (JPEG, PNG, WebP or GIF), as lines; '' when it holds none. */
  recognizeImage(image: Buffer): Promise<string>;
  /** The words of a PDF's first `MAX_PDF_PAGES` pages: a page's own text layer where it has one, else read by OCR. */
  recognizePdf(pdf: Buffer): Promise<string>;
  /** Ends the worker thread (the next call starts a new one). */
  close(): Promise<void>;
}

/** The file is not an image or PDF its decoder can open: reading it again would not help. */
export class UnreadableFileError extends Error {
  constructor(what: string, cause: unknown) {
    super(`The ${what} could not be opened: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'UnreadableFileError';
  }
}

/** A scan longer than this is searchable by its first pages only (a letter is one to three). */
export const MAX_PDF_PAGES = 10;
/** Pages are rendered at this resolution: Tesseract reads print best at 200–300 dpi. */
const RENDER_DPI = 200;
/** Longest side an image is read at: a phone photo of an envelope is reduced to this (faster, no less legible). */
const MAX_IMAGE_SIDE = 2400;
/** A page whose own text layer has at least this many letters is not read by OCR. */
const TEXT_LAYER_MIN_CHARS = 20;
/** An idle worker is ended after this long, giving back its memory (about 100 MB). */
const IDLE_MS = 60_000;

const require = createRequire(import.meta.url);

/**
 * The English model shipped in `@tesseract.js-data/eng`: the "best_int" LSTM model, the one tesseract.js itself
 * uses for the LSTM engine (smaller and as accurate as the legacy-capable one).
 */
function englishModelPath(): string {
  return join(dirname(require.resolve('@tesseract.js-data/eng/package.json')), '4.0.0_best_int');
}

/** Control characters never belong to read text (and the search highlight's markers are two of them). */
export function cleanRecognisedText(text: string): string {
  // Every C0 control but tab and newline, and DEL.
  const controls = [...text].filter((c) => {
    const code = c.charCodeAt(0);
    return (code < 0x20 && c !== '\t' && c !== '\n') || code === 0x7f;
  });
  let cleaned = text;
  for (const c of new Set(controls)) cleaned = cleaned.split(c).join(' ');
  return cleaned
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An image as an upright grayscale PNG no larger than MAX_IMAGE_SIDE, which Tesseract reads fastest. */
async function preparedImage(image: Buffer): Promise<Buffer> {
  try {
    return await sharp(image, { limitInputPixels: 50_000_000, animated: false })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .grayscale()
      .png({ compressionLevel: 1 })
      .toBuffer();
  } catch (err) {
    throw new UnreadableFileError('image', err);
  }
}

/**
 * Opens a PDF with MuPDF (one it cannot open throws UnreadableFileError), runs `use` on it and frees it afterwards.
 * MuPDF is loaded on first use: the WebAssembly module costs start-up time and memory an API without scans never needs.
 */
async function withPdfDocument<T>(
  pdf: Buffer,
  use: (mupdf: typeof MuPdf, document: MuPdf.Document) => T | Promise<T>,
): Promise<T> {
  const mupdf = await import('mupdf');
  let document: MuPdf.Document;
  try {
    document = mupdf.Document.openDocument(pdf, 'application/pdf');
  } catch (err) {
    throw new UnreadableFileError('PDF', err);
  }
  try {
    return await use(mupdf, document);
  } finally {
    document.destroy();
  }
}

/**
 * One page of a PDF drawn `widthPx` pixels wide (its height in proportion), as PNG: the preview of a contents scan.
 * MuPDF, like pdfPages: the one module that opens PDFs.
 */
export function renderPdfPage(pdf: Buffer, widthPx: number, pageIndex = 0): Promise<Buffer> {
  return withPdfDocument(pdf, (mupdf, document) => {
    if (pageIndex >= document.countPages()) throw new UnreadableFileError('PDF', new Error('The page does not exist'));
    const page = document.loadPage(pageIndex);
    try {
      const [x0, , x1] = page.getBounds();
      const scale = widthPx / Math.max(1, x1 - x0);
      const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, true);
      try {
        return Buffer.from(pixmap.asPNG());
      } finally {
        pixmap.destroy();
      }
    } finally {
      page.destroy();
    }
  });
}

/** The rendered pages of a PDF (PNG) and the text layer of each, for its first `maxPages` pages. */
export function pdfPages(pdf: Buffer, maxPages = MAX_PDF_PAGES): Promise<{ text: string; png: Buffer }[]> {
  return withPdfDocument(pdf, (mupdf, document) => {
    const pages: { text: string; png: Buffer }[] = [];
    const count = Math.min(document.countPages(), maxPages);
    for (let index = 0; index < count; index++) {
      const page = document.loadPage(index);
      try {
        const structured = page.toStructuredText('preserve-whitespace');
        const text = structured.asText();
        structured.destroy();
        const scale = RENDER_DPI / 72;
        const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceGray, false, true);
        pages.push({ text, png: Buffer.from(pixmap.asPNG()) });
        pixmap.destroy();
      } finally {
        page.destroy();
      }
    }
    return pages;
  });
}

export interface TesseractRecognizerOptions {
  /** A writable folder tesseract.js may use; nothing is cached there (the model is read from node_modules). */
  cachePath?: string;
  idleMs?: number;
}

/**
 * One Tesseract worker thread (one core), started on first use and ended when idle. Calls run one at a time in
 * the order they came, so the job queue's batch never runs several recognitions side by side on a shared machine.
 */
export function tesseractRecognizer(options: TesseractRecognizerOptions = {}): TextRecognizer {
  const cachePath = options.cachePath ?? join(tmpdir(), 'postwise-ocr');
  const idleMs = options.idleMs ?? IDLE_MS;
  let worker: Promise<Tesseract.Worker> | undefined;
  let idle: NodeJS.Timeout | undefined;
  let queue: Promise<unknown> = Promise.resolve();

  const startWorker = () => {
    mkdirSync(cachePath, { recursive: true });
    return Tesseract.createWorker('eng', Tesseract.OEM.LSTM_ONLY, {
      langPath: englishModelPath(),
      gzip: true,
      cachePath,
      cacheMethod: 'none',
    });
  };

  const end = async () => {
    clearTimeout(idle);
    const running = worker;
    worker = undefined;
    if (running) await (await running).terminate();
  };

  /** Runs `work` after every earlier call, on the (started) worker; the idle clock restarts after it. */
  function serial<T>(work: (w: Tesseract.Worker) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      clearTimeout(idle);
      worker ??= startWorker();
      const started = worker;
      try {
        return await work(await started);
      } catch (err) {
        // A worker that failed to start (or crashed) is not kept: the next call starts a new one.
        if (worker === started) worker = undefined;
        throw err;
      } finally {
        idle = setTimeout(() => {
          queue = queue.then(end).catch(() => undefined);
        }, idleMs);
        idle.unref();
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const read = (png: Buffer) => serial(async (w) => (await w.recognize(png)).data.text);

  return {
    async recognizeImage(image) {
      return cleanRecognisedText(await read(await preparedImage(image)));
    },
    async recognizePdf(pdf) {
      const texts: string[] = [];
      for (const page of await pdfPages(pdf)) {
        const own = page.text.replace(/\s+/g, '');
        texts.push(own.length >= TEXT_LAYER_MIN_CHARS ? page.text : await read(page.png));
      }
      return cleanRecognisedText(texts.join('\n\n'));
    },
    close: () => {
      const closing = queue.then(end);
      queue = closing.catch(() => undefined);
      return closing;
    },
  };
}

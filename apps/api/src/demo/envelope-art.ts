import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Resvg, type ResvgRenderOptions } from '@resvg/resvg-js';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { MailItemKind } from '@postwise/shared/mail';
import { pdfBytes } from '../lib/pdf';

/**
 * Demo envelope and label photos, drawn at seed time as SVG and rasterised to PNG with resvg (prebuilt binaries
 * in its npm packages, system fonts when present), so the demo never ships stock images.
 */

// Loading two known font files is about twice as fast as scanning every system font for each image.
const DEJAVU = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
];
const FONT: ResvgRenderOptions['font'] = DEJAVU.every((f) => existsSync(f))
  ? { loadSystemFonts: false, fontFiles: DEJAVU, defaultFontFamily: 'DejaVu Sans' }
  : { loadSystemFonts: true };

function esc(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const PAPER: Record<MailItemKind, { fill: string; edge: string; w: number; h: number }> = {
  letter: { fill: '#fbfaf7', edge: '#d6d3cc', w: 720, h: 400 },
  large_envelope: { fill: '#e8cf9c', edge: '#c7a96d', w: 720, h: 520 },
  package: { fill: '#c9a27a', edge: '#9c7651', w: 720, h: 540 },
  pallet: { fill: '#b88c5e', edge: '#7d5a36', w: 720, h: 540 },
};

export interface EnvelopeArt {
  kind: MailItemKind;
  sender: string;
  senderLines: string[];
  recipientLines: string[];
  trackingNumber?: string | null;
  carrier?: string | null;
}

function textLines(lines: string[], x: number, y: number, size: number, weight = 'normal'): string {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${y + i * (size + 6)}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${size}" font-weight="${i === 0 ? 'bold' : weight}" fill="#1f2937">${esc(line)}</text>`,
    )
    .join('');
}

async function barcodeSvg(text: string): Promise<string> {
  const svg = bwipjs.toSVG({ bcid: 'code128', text, height: 12, includetext: false, scale: 2 });
  return svg.replace(/^<\?xml[^>]*>/, '');
}

export async function envelopePng(art: EnvelopeArt): Promise<Buffer> {
  const p = PAPER[art.kind];
  const parts: string[] = [
    `<rect x="6" y="6" width="${p.w - 12}" height="${p.h - 12}" rx="10" fill="${p.fill}" stroke="${p.edge}" stroke-width="4"/>`,
  ];
  if (art.kind === 'letter' || art.kind === 'large_envelope') {
    parts.push(textLines(art.senderLines, 36, 56, 18));
    // Stamp with a postmark.
    parts.push(
      `<rect x="${p.w - 130}" y="30" width="90" height="104" fill="#fff" stroke="#9ca3af" stroke-dasharray="4 3"/>`,
      `<rect x="${p.w - 122}" y="38" width="74" height="88" fill="#2563eb" opacity="0.8"/>`,
      `<text x="${p.w - 85}" y="92" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="22" fill="#fff" font-weight="bold">USA</text>`,
      `<circle cx="${p.w - 170}" cy="82" r="38" fill="none" stroke="#374151" stroke-width="2" opacity="0.6"/>`,
      `<text x="${p.w - 170}" y="87" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="11" fill="#374151" opacity="0.7">LOS ANGELES</text>`,
    );
    parts.push(textLines(art.recipientLines, Math.round(p.w * 0.3), Math.round(p.h * 0.55), 22));
  } else {
    // Tape across the box, then a shipping label with the carrier's barcode.
    parts.push(`<rect x="0" y="${p.h / 2 - 30}" width="${p.w}" height="60" fill="#d9bd8f" opacity="0.7"/>`);
    const lx = 150;
    const ly = 70;
    parts.push(`<rect x="${lx}" y="${ly}" width="420" height="400" fill="#ffffff" stroke="#111827" stroke-width="3"/>`);
    parts.push(
      `<rect x="${lx}" y="${ly}" width="420" height="44" fill="#111827"/>`,
      `<text x="${lx + 16}" y="${ly + 30}" font-family="DejaVu Sans, sans-serif" font-size="22" font-weight="bold" fill="#fff">${esc((art.carrier ?? 'GROUND').toUpperCase())}</text>`,
    );
    parts.push(textLines(['FROM:', ...art.senderLines], lx + 16, ly + 72, 14));
    parts.push(textLines(['SHIP TO:', ...art.recipientLines], lx + 16, ly + 170, 17));
    if (art.trackingNumber) {
      const code = await barcodeSvg(art.trackingNumber);
      parts.push(
        `<svg x="${lx + 30}" y="${ly + 290}" width="360" height="70" preserveAspectRatio="none" viewBox="${/viewBox="([^"]+)"/.exec(code)?.[1] ?? '0 0 100 30'}">${code.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '')}</svg>`,
      );
      parts.push(textLines([art.trackingNumber], lx + 80, ly + 382, 14));
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${p.w}" height="${p.h}" viewBox="0 0 ${p.w} ${p.h}"><rect width="100%" height="100%" fill="#e5e7eb"/>${parts.join('')}</svg>`;
  return rasterise(svg);
}

// Rendering is the slow part of the seed (it runs at every start of the embedded default and in every API test),
// and the same drawing always gives the same PNG: rendered images are kept in a cache under the temp directory.
const CACHE_DIR = path.join(tmpdir(), 'postwise-envelope-cache');

function rasterise(svg: string): Buffer {
  const file = path.join(CACHE_DIR, `${createHash('sha256').update(svg).digest('hex')}.png`);
  try {
    return readFileSync(file);
  } catch {
    // Not rendered yet.
  }
  const png = Buffer.from(new Resvg(svg, { font: FONT, fitTo: { mode: 'width', value: 560 } }).render().asPng());
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    // Written aside then renamed: a concurrent seed never reads a half-written file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, png);
    renameSync(partial, file);
  } catch {
    // A read-only temp directory only costs the next seed a render.
  }
  return png;
}

/** The opened contents of a scanned letter, as the store's scanner would produce it. */
export function contentsPdf(title: string, from: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 60, info: { Title: title } });
  const done = pdfBytes(doc);
  doc.font('Helvetica-Bold').fontSize(18).text(from);
  doc.moveDown().font('Helvetica').fontSize(12).text(title);
  doc.moveDown();
  for (const line of lines) doc.text(line).moveDown(0.5);
  doc.end();
  return done;
}

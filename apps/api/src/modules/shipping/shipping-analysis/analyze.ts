import type { Readable } from 'node:stream';
import { analysisRowSchema } from '@postwise/shared/schemas/shipping';
import { billableWeightLb } from '@postwise/shared/shipping/weight';
import { zoneBetween } from '@postwise/shared/shipping/zones';
import type { AnalysisReportDto, AnalysisRowDto } from '@postwise/shared/shipping-api';
import Papa from 'papaparse';
import type { Db } from '../../../db/client';
import type { SandboxCarrierAdapter } from '../../../integrations/carriers/sandbox-carrier';
import { validationFailed } from '../../../lib/errors';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { priceRatesWith } from '../shipments/create-quote';
import { loadMarginRules } from '../shipments/margins';

/** A report covers this many rows; a longer file is cut there (the report says so). */
export const MAX_ANALYSIS_ROWS = 5000;

/** One row of the report, and the report: the shapes the API answers (shared with the web app). */
export type AnalysisRowResult = AnalysisRowDto;
export type AnalysisReport = AnalysisReportDto;

export interface AnalysisContext {
  db: Db;
  sandbox: SandboxCarrierAdapter;
  now: () => Date;
}

const EMPTY_PREFS = { priority: 'cheapest' as const, arriveBy: null, signature: false, saturdayDelivery: false };

/** Our cheapest ground-class price for one past shipment, compared with what they paid. */
async function analyzeRow(
  ctx: AnalysisContext,
  index: number,
  raw: unknown,
  rules: Awaited<ReturnType<typeof pricer>>,
) {
  const parsed = analysisRowSchema.safeParse(raw);
  const base: AnalysisRowResult = {
    row: index,
    fromZip: null,
    toZip: null,
    zone: null,
    billableWeightLb: null,
    paidCents: null,
    ourPriceCents: null,
    retailCents: null,
    savingCents: null,
    carrier: null,
    service: null,
    error: null,
  };
  if (!parsed.success) return { ...base, error: parsed.error.issues[0]?.message ?? 'Invalid row' };
  const r = parsed.data;
  const parcel = {
    packageType: 'Box' as const,
    dimension: { unit: r.dimensionUnit, length: r.length, width: r.width, height: r.height },
    weight: r.weight,
    weightUnits: r.weightUnits,
    numberOfPackages: 1,
    insuranceDeclared: null,
    contentDescription: null,
    trackingNumber: null,
  };
  const zip = (z: string) => z.slice(0, 5);
  const address = (zipCode: string) => ({
    name: 'Analysis',
    companyName: null,
    line1: '-',
    line2: null,
    city: '-',
    state: '',
    zipCode,
    country: 'US',
    phone: null,
    email: null,
  });
  const rates = await ctx.sandbox.rates({
    sender: address(zip(r.fromZip)),
    receiver: address(zip(r.toZip)),
    packages: [parcel],
    customs: [],
    preferences: EMPTY_PREFS,
    shipDate: ctx.now(),
  });
  const priced = await rules(rates);
  const best = priced.sort((a, b) => a.priceCents - b.priceCents)[0];
  const paidCents = r.paid === undefined ? null : Math.round(r.paid * 100);
  return {
    ...base,
    fromZip: r.fromZip,
    toZip: r.toZip,
    zone: zoneBetween(r.fromZip, r.toZip),
    billableWeightLb: billableWeightLb(parcel),
    paidCents,
    ourPriceCents: best?.priceCents ?? null,
    retailCents: best?.retailCents ?? null,
    savingCents: best && paidCents !== null ? paidCents - best.priceCents : null,
    carrier: best?.carrier ?? null,
    service: best?.service ?? null,
    error: best ? null : 'No rate fits this parcel (too large or heavy): ask for a custom quote',
  };
}

/** Platform markups (and the signed-in customer's discount) read once for the whole report. */
async function pricer(db: Db, userId: string | null) {
  const rules = await loadMarginRules(db, userId);
  return async (rates: Parameters<typeof priceRatesWith>[1]) => priceRatesWith(rules, rates, null);
}

/**
 * Work on an upload runs in slices of at most this many milliseconds, each followed by a turn of the event loop:
 * a 5 MB CSV is thousands of rows, and rows whose every await resolves at once (an embedded database, a
 * computed rate) would otherwise run back to back and hold timers and every other request until the last one.
 */
const SLICE_MS = 10;

function summarize(rows: AnalysisRowResult[], truncated: boolean): AnalysisReport {
  let paid = 0;
  let ours = 0;
  for (const r of rows) {
    // Only rows with both prices count: a row without what they paid cannot show a saving.
    if (r.paidCents !== null && r.ourPriceCents !== null) {
      paid += r.paidCents;
      ours += r.ourPriceCents;
    }
  }
  const saving = paid - ours;
  return {
    rows,
    rowCount: rows.length,
    errorCount: rows.filter((r) => r.error).length,
    truncated,
    totals: {
      paidCents: paid,
      ourPriceCents: ours,
      savingCents: saving,
      savingPercent: paid > 0 ? Math.floor((saving * 100) / paid) : 0,
    },
  };
}

export async function analyzeSingle(
  ctx: AnalysisContext,
  userId: string | null,
  input: unknown,
): Promise<AnalysisReport> {
  const rules = await pricer(ctx.db, userId);
  const row = await analyzeRow(ctx, 1, input, rules);
  if (row.error && row.fromZip === null) throw validationFailed(row.error);
  return summarize([row], false);
}

/** Yields to the event loop once the current slice of work has run SLICE_MS (see there). */
export function sliceClock(): () => Promise<void> {
  let sliceStart = performance.now();
  return async () => {
    if (performance.now() - sliceStart < SLICE_MS) return;
    await nextTurn();
    sliceStart = performance.now();
  };
}

/**
 * The success envelope of a report as JSON text, written row by row in slices: a report of thousands of rows is
 * megabytes of JSON, which one JSON.stringify (or a schema-checked serializer) would write in one blocking go.
 */
export async function reportJson(report: AnalysisReport): Promise<string> {
  const { rows, ...rest } = report;
  const pause = sliceClock();
  const parts: string[] = [];
  for (const row of rows) {
    parts.push(JSON.stringify(row));
    await pause();
  }
  return `{"isSuccess":true,"data":{"rows":[${parts.join(',')}],${JSON.stringify(rest).slice(1)}}`;
}

/** Streams a CSV (papaparse on the upload stream): rows are priced as they arrive, never the whole file in memory. */
export async function analyzeCsv(ctx: AnalysisContext, userId: string | null, file: Readable): Promise<AnalysisReport> {
  const rules = await pricer(ctx.db, userId);
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (h: string) => h.trim(),
  });
  file.pipe(parser);
  const rows: AnalysisRowResult[] = [];
  let truncated = false;
  const pause = sliceClock();
  for await (const record of parser as AsyncIterable<Record<string, string>>) {
    if (rows.length >= MAX_ANALYSIS_ROWS) {
      truncated = true;
      file.unpipe(parser);
      file.resume();
      break;
    }
    rows.push(await analyzeRow(ctx, rows.length + 1, record, rules));
    await pause();
  }
  if (rows.length === 0) throw validationFailed('The CSV has no rows', { media: 'The CSV has no rows' });
  return summarize(rows, truncated);
}

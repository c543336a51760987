import {
  BATCH_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_MESSAGES,
  BATCH_REQUIRED_COLUMNS,
  BATCH_SERVICES,
  type BatchColumn,
  type BatchService,
} from '@postwise/shared/schemas/shipment-batches';
import { findUnsafeText } from '@postwise/shared/schemas/safe-text';
import {
  type Address,
  DIMENSION_UNITS,
  PACKAGE_TYPES,
  quoteRequestSchema,
  type QuoteRequestInput,
  WEIGHT_UNITS,
} from '@postwise/shared/schemas/shipping';
import Papa from 'papaparse';
import { validationFailed } from '../../../lib/errors';

/** Header spellings people use for each column (compared lower-case, letters and digits only). */
const HEADER_ALIASES: Record<BatchColumn, readonly string[]> = {
  receiverName: ['receivername', 'name', 'recipient', 'recipientname', 'toname'],
  receiverCompany: ['receivercompany', 'company', 'companyname', 'tocompany'],
  receiverLine1: ['receiverline1', 'line1', 'address1', 'addressline1', 'street', 'toaddress1'],
  receiverLine2: ['receiverline2', 'line2', 'address2', 'addressline2', 'toaddress2'],
  receiverCity: ['receivercity', 'city', 'tocity'],
  receiverState: ['receiverstate', 'state', 'tostate'],
  receiverZipCode: ['receiverzipcode', 'receiverzip', 'zip', 'zipcode', 'postalcode', 'tozip'],
  receiverCountry: ['receivercountry', 'country', 'tocountry'],
  receiverPhone: ['receiverphone', 'phone', 'tophone'],
  receiverEmail: ['receiveremail', 'email', 'toemail'],
  packageType: ['packagetype', 'package'],
  length: ['length'],
  width: ['width'],
  height: ['height'],
  dimensionUnit: ['dimensionunit', 'dimensionunits', 'sizeunit'],
  weight: ['weight'],
  weightUnit: ['weightunit', 'weightunits'],
  service: ['service', 'servicechoice', 'priority'],
  reference: ['reference', 'ref', 'ordernumber', 'order'],
};
const COLUMN_BY_HEADER = new Map(
  BATCH_COLUMNS.flatMap((column) => HEADER_ALIASES[column].map((alias) => [alias, column] as const)),
);
const columnOf = (header: string) => COLUMN_BY_HEADER.get(header.toLowerCase().replace(/[^a-z0-9]/g, ''));

/** Where each field of the quote request came from in the file, so a message names the column to correct. */
const COLUMN_BY_PATH: Record<string, BatchColumn> = {
  'receiver.name': 'receiverName',
  'receiver.companyName': 'receiverCompany',
  'receiver.line1': 'receiverLine1',
  'receiver.line2': 'receiverLine2',
  'receiver.city': 'receiverCity',
  'receiver.state': 'receiverState',
  'receiver.zipCode': 'receiverZipCode',
  'receiver.country': 'receiverCountry',
  'receiver.phone': 'receiverPhone',
  'receiver.email': 'receiverEmail',
  'packages.0.packageType': 'packageType',
  'packages.0.dimension.unit': 'dimensionUnit',
  'packages.0.dimension.length': 'length',
  'packages.0.dimension.width': 'width',
  'packages.0.dimension.height': 'height',
  'packages.0.weight': 'weight',
  'packages.0.weightUnits': 'weightUnit',
  customs: 'receiverCountry',
};

/** A column for a field path of the quote request (or of a carrier's verdict, e.g. `receiver.line1`). */
export function columnOfPath(path: string): string {
  return COLUMN_BY_PATH[path] ?? (path.startsWith('sender') ? 'sender' : path || 'row');
}

export interface BatchCsvRow {
  /** The row's number in the file as a spreadsheet shows it: the header is row 1. */
  row: number;
  reference: string | null;
  service: BatchService | null;
  /** The quote request, when every field passed the wizard's schemas; then `errors` is empty. */
  request: QuoteRequestInput | null;
  receiver: QuoteRequestInput['receiver'] | null;
  /** A message per CSV column. */
  errors: Record<string, string>;
}

/** Matches a choice whatever its case ("box" is Box); unknown text is kept so the schema names it. */
function choice<T extends string>(options: readonly T[], value: string | undefined, fallback: T): string {
  const text = value?.trim() ?? '';
  if (!text) return fallback;
  return options.find((o) => o.toLowerCase() === text.toLowerCase()) ?? text;
}

/** One row's cells read into a quote request from `sender`, checked with the wizard's schema. */
export function readBatchRow(
  row: number,
  values: Partial<Record<BatchColumn, string>>,
  sender: Address,
  problem: string | null = null,
): BatchCsvRow {
  const reference = values.reference?.trim().slice(0, 100) || null;
  const base = { row, reference, service: null, request: null, receiver: null };
  if (problem) return { ...base, errors: { row: problem } };
  const unsafe = findUnsafeText(values);
  if (unsafe) return { ...base, errors: { [unsafe.path || 'row']: unsafe.message } };

  const errors: Record<string, string> = {};
  const serviceText = values.service?.trim().toLowerCase() || 'cheapest';
  const service = BATCH_SERVICES.find((s) => s === serviceText) ?? null;
  if (!service) errors.service = BATCH_MESSAGES.service;

  const receiver = {
    name: values.receiverName ?? '',
    companyName: values.receiverCompany || null,
    line1: values.receiverLine1 ?? '',
    line2: values.receiverLine2 || null,
    city: values.receiverCity ?? '',
    state: values.receiverState ?? '',
    zipCode: values.receiverZipCode ?? '',
    country: (values.receiverCountry?.trim() || 'US').toUpperCase(),
    phone: values.receiverPhone || null,
    email: values.receiverEmail || null,
  };
  const request: QuoteRequestInput = {
    sender,
    receiver,
    packages: [
      {
        packageType: choice(
          PACKAGE_TYPES,
          values.packageType,
          'Box',
        ) as QuoteRequestInput['packages'][number]['packageType'],
        dimension: {
          unit: choice(DIMENSION_UNITS, values.dimensionUnit, 'in') as 'in',
          length: values.length ?? '',
          width: values.width ?? '',
          height: values.height ?? '',
        },
        weight: values.weight ?? '',
        weightUnits: choice(WEIGHT_UNITS, values.weightUnit, 'lb') as 'lb',
      },
    ],
    preferences: { priority: service ?? 'cheapest' },
  };
  const parsed = quoteRequestSchema.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.map(String).join('.');
      const column = columnOfPath(path);
      errors[column] ??= path === 'customs' ? BATCH_MESSAGES.international : issue.message;
    }
  }
  if (Object.keys(errors).length) return { ...base, service, receiver, errors };
  return { row, reference, service, request, receiver, errors };
}

/**
 * Reads the batch CSV with papaparse: a header row naming the columns (template names or common spellings, any
 * order; unknown columns ignored), then one shipment per row; blank rows are skipped. Refuses the whole file (422)
 * without a required column, without rows, or with more than BATCH_MAX_ROWS rows.
 */
export function readBatchCsv(text: string, sender: Address): BatchCsvRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const [header, ...records] = parsed.data;
  if (!header || header.every((cell) => !cell.trim())) {
    throw validationFailed(BATCH_MESSAGES.empty, { media: BATCH_MESSAGES.empty });
  }
  const columns = header.map(columnOf);
  const missing = BATCH_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) {
    const message = BATCH_MESSAGES.missingColumns(missing);
    throw validationFailed(message, { media: message });
  }
  const problems = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.type === 'Quotes' && error.row !== undefined) problems.set(error.row, error.message);
  }
  const rows: { row: number; values: Partial<Record<BatchColumn, string>>; problem: string | null }[] = [];
  records.forEach((cells, index) => {
    if (cells.every((cell) => !cell.trim())) return;
    const values: Partial<Record<BatchColumn, string>> = {};
    cells.forEach((cell, i) => {
      const column = columns[i];
      // The first column of a name wins when a file repeats it.
      if (column && values[column] === undefined) values[column] = cell;
    });
    rows.push({ row: index + 2, values, problem: problems.get(index + 1) ?? null });
  });
  if (rows.length === 0) throw validationFailed(BATCH_MESSAGES.empty, { media: BATCH_MESSAGES.empty });
  if (rows.length > BATCH_MAX_ROWS) {
    throw validationFailed(BATCH_MESSAGES.tooManyRows, { media: BATCH_MESSAGES.tooManyRows });
  }
  return rows.map((r) => readBatchRow(r.row, r.values, sender, r.problem));
}

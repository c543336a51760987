import {
  ADDRESS_IMPORT_COLUMNS,
  ADDRESS_IMPORT_MAX_ROWS,
  ADDRESS_IMPORT_MESSAGES,
  ADDRESS_IMPORT_REQUIRED_COLUMNS,
  type AddressImportColumn,
  type AddressImportResult,
} from '@postwise/shared/schemas/address-import';
import { findUnsafeText } from '@postwise/shared/schemas/safe-text';
import { savedAddressSchema } from '@postwise/shared/schemas/shipping';
import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import type { Db } from '../../../db/client';
import { validationFailed } from '../../../lib/errors';
import { addresses } from '../schema/shipping';

/** Header spellings people use for each column (compared lower-case, letters and digits only). */
const HEADER_ALIASES: Record<AddressImportColumn, readonly string[]> = {
  name: ['name', 'fullname', 'contactname'],
  companyName: ['companyname', 'company', 'organization', 'business'],
  line1: ['line1', 'addressline1', 'address1', 'address', 'street'],
  line2: ['line2', 'addressline2', 'address2', 'suite', 'apt'],
  city: ['city', 'town'],
  state: ['state', 'province', 'region', 'statecode'],
  zipCode: ['zipcode', 'zip', 'postalcode', 'postcode'],
  country: ['country', 'countrycode'],
  phone: ['phone', 'phonenumber', 'telephone'],
  email: ['email', 'emailaddress'],
};
const COLUMN_BY_HEADER = new Map(
  ADDRESS_IMPORT_COLUMNS.flatMap((column) => HEADER_ALIASES[column].map((alias) => [alias, column] as const)),
);

function columnOf(header: string): AddressImportColumn | undefined {
  return COLUMN_BY_HEADER.get(header.toLowerCase().replace(/[^a-z0-9]/g, ''));
}

interface CsvRow {
  /** The row's number in the file as a spreadsheet shows it: the header is row 1. */
  row: number;
  values: Partial<Record<AddressImportColumn, string>>;
  /** The CSV itself is broken on this row (e.g. an unclosed quote). */
  problem: string | null;
}

/**
 * Reads the address CSV with papaparse: a header row naming the columns (template names or common spellings, any
 * order; unknown columns ignored), then one address per row. Blank rows are skipped. Refuses the whole file (422)
 * when it is not CSV, lacks a required column, has no address or more than ADDRESS_IMPORT_MAX_ROWS.
 */
export function readAddressCsv(text: string): CsvRow[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: false });
  const [header, ...records] = parsed.data;
  if (!header || header.every((cell) => !cell.trim())) {
    throw validationFailed(ADDRESS_IMPORT_MESSAGES.empty, { media: ADDRESS_IMPORT_MESSAGES.empty });
  }
  const columns = header.map(columnOf);
  const missing = ADDRESS_IMPORT_REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length) {
    const message = ADDRESS_IMPORT_MESSAGES.missingColumns(missing);
    throw validationFailed(message, { media: message });
  }
  const problems = new Map<number, string>();
  for (const error of parsed.errors) {
    if (error.type === 'Quotes' && error.row !== undefined) problems.set(error.row, error.message);
  }

  const rows: CsvRow[] = [];
  records.forEach((cells, index) => {
    if (cells.every((cell) => !cell.trim())) return;
    const values: CsvRow['values'] = {};
    cells.forEach((cell, i) => {
      const column = columns[i];
      // The first column of a name wins when a file repeats it.
      if (column && values[column] === undefined) values[column] = cell;
    });
    rows.push({ row: index + 2, values, problem: problems.get(index + 1) ?? null });
  });
  if (rows.length === 0)
    throw validationFailed(ADDRESS_IMPORT_MESSAGES.empty, { media: ADDRESS_IMPORT_MESSAGES.empty });
  if (rows.length > ADDRESS_IMPORT_MAX_ROWS) {
    throw validationFailed(ADDRESS_IMPORT_MESSAGES.tooManyRows, { media: ADDRESS_IMPORT_MESSAGES.tooManyRows });
  }
  return rows;
}

/** Each field's first message, by field name. */
function fieldErrors(issues: readonly { path: PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? 'row')] ??= issue.message;
  return errors;
}

/**
 * POST addresses/import: every row checked with the address form's own schema (the same messages as the form);
 * the valid ones saved in one transaction, the others answered with their row number and a message per field.
 * Like adding one by one, the first address of an empty book becomes the default sender; no import changes an
 * existing default.
 */
export async function importAddresses(db: Db, userId: string, csv: string, now: Date): Promise<AddressImportResult> {
  const rows = readAddressCsv(csv);
  const valid: (typeof addresses.$inferInsert)[] = [];
  const failed: AddressImportResult['failed'] = [];
  for (const { row, values, problem } of rows) {
    const name = values.name?.trim() || null;
    if (problem) {
      failed.push({ row, name, errors: { row: problem } });
      continue;
    }
    const unsafe = findUnsafeText(values);
    if (unsafe) {
      failed.push({ row, name, errors: { [unsafe.path || 'row']: unsafe.message } });
      continue;
    }
    const result = savedAddressSchema.safeParse({
      name: values.name ?? '',
      companyName: values.companyName,
      line1: values.line1 ?? '',
      line2: values.line2,
      city: values.city ?? '',
      state: values.state ?? '',
      zipCode: values.zipCode ?? '',
      country: values.country ?? '',
      phone: values.phone,
      email: values.email,
      isDefault: false,
    });
    if (!result.success) {
      failed.push({ row, name, errors: fieldErrors(result.error.issues) });
      continue;
    }
    const { isDefault: _isDefault, ...address } = result.data;
    // A millisecond apart in file order, so the list (newest first) shows them as if added one by one.
    const at = new Date(now.getTime() + valid.length);
    valid.push({ ...address, userId, isDefault: false, createdAt: at, updatedAt: at });
  }

  if (valid.length) {
    await db.transaction(async (tx) => {
      const empty = (await tx.$count(addresses, eq(addresses.userId, userId))) === 0;
      if (empty) valid[0]!.isDefault = true;
      await tx.insert(addresses).values(valid);
    });
  }
  return { rowCount: rows.length, importedCount: valid.length, failed };
}

import Papa from 'papaparse';

/** A cell: text, a number (written as is), or empty. */
export type CsvCell = string | number | null | undefined;

/**
 * Text that a spreadsheet would run as a formula: a leading =, +, -, @, tab or carriage return (OWASP's list).
 * A plain decimal number ("-12.50") is a number, not a formula, and stays as it is so it sums.
 */
const FORMULA_START = /^(?!-?\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/**
 * The one CSV writer of the product (papaparse's unparse): RFC 4180 quoting, and every text cell a spreadsheet
 * would take for a formula neutralised with a leading apostrophe (escapeFormulae), so a store or customer named
 * `=HYPERLINK(...)` reaches an export as text. Numbers stay numeric. Lines end with \n, the last one too.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  if (rows.length === 0) return '';
  const body = Papa.unparse(
    rows.map((r) => r.map((c) => (c === null || c === undefined ? '' : c))),
    { escapeFormulae: FORMULA_START, newline: '\n', header: false },
  );
  return `${body}\n`;
}

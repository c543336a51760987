import { z } from 'zod';

/** Address-book import from a CSV (POST addresses/import, form field `media`): limits, columns, answer. */

export const ADDRESS_IMPORT_MAX_ROWS = 500;
export const ADDRESS_IMPORT_MAX_BYTES = 1024 * 1024;

/** The template's columns, in order; the address fields of the address form. */
export const ADDRESS_IMPORT_COLUMNS = [
  'name',
  'companyName',
  'line1',
  'line2',
  'city',
  'state',
  'zipCode',
  'country',
  'phone',
  'email',
] as const;
export type AddressImportColumn = (typeof ADDRESS_IMPORT_COLUMNS)[number];
export const ADDRESS_IMPORT_REQUIRED_COLUMNS = ['name', 'line1', 'city', 'zipCode', 'country'] as const;

/** The template to download: the header and one example row. */
export const ADDRESS_IMPORT_TEMPLATE =
  `${ADDRESS_IMPORT_COLUMNS.join(',')}\r\n` +
  'Sofia Ramirez,Ramirez Ceramics,1855 Industrial St,Unit 4,Los Angeles,CA,90021,US,2135550147,sofia@example.com\r\n';

export const ADDRESS_IMPORT_MESSAGES = {
  fileRequired: 'Attach the CSV file in the media field',
  tooLarge: `The CSV must be ${ADDRESS_IMPORT_MAX_BYTES / (1024 * 1024)} MB or smaller`,
  empty: 'The CSV has no address rows',
  tooManyRows: `The CSV has more than ${ADDRESS_IMPORT_MAX_ROWS} address rows: split it into smaller files`,
  missingColumns: (columns: readonly string[]) =>
    `The CSV has no ${columns.join(', ')} column${columns.length > 1 ? 's' : ''} (download the template)`,
  notCsv: 'The file is not a readable CSV',
} as const;

export const addressImportResultSchema = z
  .object({
    /** Data rows read (the header not counted). */
    rowCount: z.number().int(),
    importedCount: z.number().int(),
    /** Each refused row: its number in the file (the header is row 1) and a message per field. */
    failed: z.array(
      z.object({
        row: z.number().int(),
        name: z.string().nullable(),
        errors: z.record(z.string(), z.string()),
      }),
    ),
  })
  .meta({
    id: 'AddressImportResult',
    examples: [
      {
        rowCount: 3,
        importedCount: 2,
        failed: [
          { row: 3, name: 'Marcus Bell', errors: { zipCode: 'Zip Code must be 5 digits or ZIP+4 (12345-6789).' } },
        ],
      },
    ],
  });
export type AddressImportResult = z.infer<typeof addressImportResultSchema>;

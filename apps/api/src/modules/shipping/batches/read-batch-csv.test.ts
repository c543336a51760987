import {
  BATCH_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_MESSAGES,
  BATCH_TEMPLATE,
} from '@postwise/shared/schemas/shipment-batches';
import { addressSchema } from '@postwise/shared/schemas/shipping';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../lib/errors';
import { DEMO_SENDER } from '../../../test/shipping-kit';
import { readBatchCsv } from './read-batch-csv';

const sender = addressSchema.parse(DEMO_SENDER);

function refusal(csv: string): string {
  try {
    readBatchCsv(csv, sender);
  } catch (err) {
    if (isAppError(err)) return err.message;
    throw err;
  }
  throw new Error('the file was accepted');
}

describe('readBatchCsv', () => {
  it('reads the template into one quote request from the sender, cheapest, with its reference', () => {
    const [row] = readBatchCsv(BATCH_TEMPLATE, sender);
    expect(row).toMatchObject({ row: 2, reference: 'ORDER-1001', service: 'cheapest', errors: {} });
    expect(row!.request).toMatchObject({
      sender,
      receiver: { name: 'Marcus Bell', state: 'TX', zipCode: '78702', country: 'US' },
      packages: [{ packageType: 'Box', dimension: { unit: 'in', length: '10' }, weight: '2.5', weightUnits: 'lb' }],
      preferences: { priority: 'cheapest' },
    });
  });

  it('takes columns in any order and common spellings, choices in any case, and skips blank rows', () => {
    const csv =
      'Weight,Zip,Name,Address1,City,State,Length,Width,Height,Service,Package Type,Weight Unit\n\n' +
      '12,10001,Ann Lee,5 W 5th St,New York,ny,6,6,6,FASTEST,envelope,OZ\n';
    const [row] = readBatchCsv(csv, sender);
    expect(row).toMatchObject({ row: 3, service: 'fastest', errors: {} });
    expect(row!.request!.packages[0]).toMatchObject({ packageType: 'Envelope', weightUnits: 'oz' });
  });

  it('answers a message per column, named as in the file, with the row number', () => {
    const csv = [
      BATCH_COLUMNS.join(','),
      'Bo,,1 Main St,,Springfield,IL,10001,US,123,not-an-email,Crate,10,8,4,in,-1,lb,someday,R1',
      'Cy,,1 Main St,,Toronto,ON,M5V 2T6,CA,,,Box,10,8,4,in,1,lb,cheapest,R2',
    ].join('\n');
    const [first, second] = readBatchCsv(csv, sender);
    expect(first).toMatchObject({ row: 2, request: null, reference: 'R1' });
    expect(first!.errors).toMatchObject({
      receiverPhone: expect.any(String),
      receiverEmail: expect.any(String),
      packageType: 'Package type is required',
      weight: 'Weight must be greater than 0',
      service: BATCH_MESSAGES.service,
    });
    expect(second).toMatchObject({ row: 3, errors: { receiverCountry: BATCH_MESSAGES.international } });
  });

  it('refuses the whole file without a required column, without rows or over the row limit', () => {
    expect(refusal('receiverName,receiverLine1\nA,B')).toBe(
      BATCH_MESSAGES.missingColumns(['receiverCity', 'receiverZipCode', 'length', 'width', 'height', 'weight']),
    );
    expect(refusal(`${BATCH_COLUMNS.join(',')}\n,,\n`)).toBe(BATCH_MESSAGES.empty);
    const row = BATCH_TEMPLATE.split('\r\n')[1]!;
    expect(refusal([BATCH_COLUMNS.join(','), ...Array(BATCH_MAX_ROWS + 1).fill(row)].join('\n'))).toBe(
      BATCH_MESSAGES.tooManyRows,
    );
    expect(readBatchCsv([BATCH_COLUMNS.join(','), ...Array(BATCH_MAX_ROWS).fill(row)].join('\n'), sender)).toHaveLength(
      BATCH_MAX_ROWS,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { toFormData } from './form-data';

function entries(form: FormData): [string, FormDataEntryValue][] {
  return [...form.entries()];
}

describe('toFormData (spec 7 multipart)', () => {
  it('flattens nested objects with dotted keys', () => {
    const form = toFormData({ userId: 'u1', personal: { firstName: 'Ada', address: { city: 'Los Angeles' } } });
    expect(entries(form)).toEqual([
      ['userId', 'u1'],
      ['personal.firstName', 'Ada'],
      ['personal.address.city', 'Los Angeles'],
    ]);
  });

  it('flattens arrays with indexed keys, including arrays of objects', () => {
    const form = toFormData({ tags: ['a', 'b'], items: [{ name: 'x' }, { name: 'y', qty: 2 }] });
    expect(entries(form)).toEqual([
      ['tags[0]', 'a'],
      ['tags[1]', 'b'],
      ['items[0].name', 'x'],
      ['items[1].name', 'y'],
      ['items[1].qty', '2'],
    ]);
  });

  it('appends files as files and keeps their names', () => {
    const file = new File(['%PDF'], 'court-order.pdf', { type: 'application/pdf' });
    const form = toFormData({ courtOrder: { file } });
    const value = form.get('courtOrder.file');
    expect(value).toBeInstanceOf(File);
    expect((value as File).name).toBe('court-order.pdf');
  });

  it('leaves out null and undefined, and writes booleans, numbers and dates as text', () => {
    const form = toFormData({
      a: null,
      b: undefined,
      isCourtProtected: false,
      count: 0,
      at: new Date('2024-01-02T03:04:05.000Z'),
    });
    expect(entries(form)).toEqual([
      ['isCourtProtected', 'false'],
      ['count', '0'],
      ['at', '2024-01-02T03:04:05.000Z'],
    ]);
  });
});
